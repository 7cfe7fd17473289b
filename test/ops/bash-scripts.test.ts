/**
 * bash-language-server reads in the background only the files its `globPattern` names (default: `.sh`, `.inc`,
 * `.bash`, `.command`). Locus adds the extension-less scripts it recognises (a shebang, a modeline), so definition
 * and references reach them, and leaves out other extension-less files, which the server would read as bash
 * (docs/languages.md, "Bash: the server's files"). Against the real server.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/bash/scripts');

describeWithServer('bash', 'bash-language-server sees the extension-less scripts Locus recognises', () => {
  let root: string;
  let locus: Locus;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'locus-bash-scripts-'));
    cpSync(FIXTURE, root, { recursive: true });
    locus = createLocus({ root });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const key = (ref: { file_path: string; position: { line: number; character: number } }) =>
    `${ref.file_path}:${ref.position.line}:${ref.position.character}`;
  async function place(locate: string): Promise<string> {
    const result = await locus.locate(locate);
    if (!result.ok) throw new Error(`fixture locate ${locate} failed: ${result.error.message}`);
    return key(result);
  }

  it('references from the library include the shebang script and the modeline script, not NOTES', async () => {
    const result = await locus.references('lib/deploy.sh:deploy_target');
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const found = result.files.flatMap((file) => file.references.map(key));
    expect(found).toContain(await place('lib/deploy.sh@<|>deploy_target() {'));
    expect(found).toContain(await place('bin/deploy@<|>deploy_target production'));
    expect(found).toContain(await place('completions/deployctl@<|>deploy_target "$1"'));
    expect(result.files.map((file) => file.file_path)).not.toContain('NOTES');
    expect(result.possibly_incomplete ?? false).toBe(false);
  });

  it('definition from a script that does not source the library: by name from the index, and said so', async () => {
    const result = await locus.definition('completions/deployctl:_deployctl@<|>deploy_target');
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    expect(result.targets.map(key)).toEqual([await place('lib/deploy.sh@<|>deploy_target() {')]);
    expect(result.notes?.join(' ')).toMatch(
      /found no definition: it follows only the files this one sources/,
    );
    expect(result.cursor.symbol).toMatchObject({ name: 'deploy_target', role: 'call' });
  });
});
