/**
 * Reverse positioning on real code nobody here wrote: for identifiers across installed package
 * sources and the machine's Python standard library, `locate(describe(p)) == p` through the public
 * locator (files, tree-sitter outlines and all).
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/core/line-index.js';
import { tokenize } from '../../src/locate/tokens.js';
import { createLocator, type Locator } from '../../src/ops/locating/locator.js';

const REPO = path.resolve(import.meta.dirname, '../..');

function pythonStdlib(): string | undefined {
  try {
    return execFileSync('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return undefined;
  }
}

const stdlib = pythonStdlib();
const FILES: { name: string; source: string }[] = [
  { name: 'connection.js', source: path.join(REPO, 'node_modules/vscode-jsonrpc/lib/common/connection.js') },
  {
    name: 'protocol.d.ts',
    source: path.join(REPO, 'node_modules/vscode-languageserver-protocol/lib/common/protocol.d.ts'),
  },
  ...(stdlib && existsSync(path.join(stdlib, 'argparse.py'))
    ? [{ name: 'argparse.py', source: path.join(stdlib, 'argparse.py') }]
    : []),
];
if (FILES.length < 3) console.warn('⚠️  No Python standard library found: the Python round trip is skipped.');

/** At most this many identifiers per file, spread evenly (deterministic). */
const SAMPLE = 600;

describe('describe → locate round trip on real code', () => {
  let root: string;
  let locator: Locator;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'locus-real-'));
    for (const file of FILES) copyFileSync(file.source, path.join(root, file.name));
    locator = createLocator({ root });
  });
  afterAll(async () => {
    await locator.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(FILES.map((f) => f.name))('%s', async (name) => {
    const text = readFileSync(path.join(root, name), 'utf8').replace(/^\uFEFF/, '');
    const lines = new LineIndex(text);
    const words = tokenize(text).filter((t) => t.kind === 'word');
    const stride = Math.max(1, Math.floor(words.length / SAMPLE));
    const failures: string[] = [];
    let checked = 0;
    for (let i = 0; i < words.length; i += stride) {
      const token = words[i];
      if (!token) continue;
      for (const offset of [token.start, token.start + Math.floor(token.text.length / 2), token.end]) {
        const position = lines.toPosition(offset);
        const described = await locator.describe(name, { position });
        checked++;
        if (!described.ok || !described.exact) {
          failures.push(`${name}:${position.line + 1}:${position.character + 1} not described exactly`);
          continue;
        }
        const located = await locator.locate(described.locate);
        if (
          !located.ok ||
          located.position.line !== position.line ||
          located.position.character !== position.character
        ) {
          failures.push(
            `${described.locate} → ${located.ok ? located.display : located.error.code}, wanted ${position.line + 1}:${position.character + 1}`,
          );
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
