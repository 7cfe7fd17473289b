/**
 * PHP through intelephense, started with no configuration line when it is installed (docs/languages.md, "Servers
 * found when installed"), on a real package: Debian's php-psr-log (`/usr/share/php/Psr/Log`, copied to a temp
 * folder). `.ci/run` installs both; without them the suite skips loudly (CI fails). Against the real server.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer, missingServerFails } from '../helpers/require-server.js';

const PSR_LOG = '/usr/share/php/Psr/Log';

describeWithServer('intelephense', 'PHP through intelephense: php-psr-log', () => {
  let root: string;
  let locus: Locus;
  let missing: string | undefined;
  beforeAll(() => {
    if (!existsSync(PSR_LOG)) {
      missing = `${PSR_LOG} is missing: apt-get install php-psr-log`;
      if (missingServerFails()) throw new Error(missing);
      console.warn(`\n⚠️  SKIPPING the PHP tests: ${missing}\n`);
      return;
    }
    root = mkdtempSync(path.join(tmpdir(), 'locus-php-'));
    cpSync(PSR_LOG, root, { recursive: true });
    locus = createLocus({ root });
  });
  afterAll(async () => {
    await locus?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('references of an interface method: its implementation and the call, complete', async (context) => {
    if (missing) context.skip(missing);
    const result = await locus.references('LoggerInterface.php:Psr.Log.LoggerInterface.info');
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    expect(result.incomplete_reason).toBeUndefined();
    const files = result.files.map((f) => f.file_path);
    expect(files).toEqual(expect.arrayContaining(['AbstractLogger.php', 'Test/LoggerInterfaceTest.php']));
  });

  it('definition of a base class lands on its name, not on its doc comment', async (context) => {
    if (missing) context.skip(missing);
    const result = await locus.definition('NullLogger.php@extends <|>AbstractLogger');
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const [target] = result.targets;
    expect(target?.file_path).toBe('AbstractLogger.php');
    expect(target?.locate).toContain('AbstractLogger.php:Psr.Log.AbstractLogger');
  });

  it('hover on a class shows its documentation', async (context) => {
    if (missing) context.skip(missing);
    const result = await locus.hover('NullLogger.php@extends <|>AbstractLogger');
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    expect(result.contents).toContain('simple Logger implementation');
  });
});
