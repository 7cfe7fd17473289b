/**
 * No network from servers by default (docs/configuration.md, "No network"). A JavaScript project whose package.json
 * names dependencies that are not installed makes TypeScript's automatic type acquisition run `npm install
 * types-registry` and `npm install @types/…`. A fake `npm` first on the servers' PATH records every call (so the
 * test itself never downloads): with `allowNetwork: true` it is called — the control that proves the watch sees
 * it — and by default neither the fake nor any other downloader runs.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspManager } from '../../src/lsp/manager.js';
import type { LspConfig } from '../../src/lsp/config.js';
import { describeWithServer } from '../helpers/require-server.js';
import { isDownloader, watchServerChildren } from './child-watch.js';
import { at, eventually, removeDir } from './support.js';

const MAIN = 'const _ = require("lodash");\nconst express = require("express");\n_.map([1], (x) => x);\n';

let base = '';
let fakeBin = '';
let marker = '';

function project(name: string): string {
  const root = join(base, name);
  mkdirSync(root);
  writeFileSync(
    join(root, 'package.json'),
    '{"name":"x","dependencies":{"lodash":"4.17.21","express":"*"}}\n',
  );
  writeFileSync(join(root, 'index.js'), MAIN);
  return root;
}

function config(server: string, allowNetwork: boolean): Partial<LspConfig> {
  const env = { PATH: `${fakeBin}:${process.env.PATH ?? ''}`, XDG_CACHE_HOME: join(base, `cache-${server}`) };
  return { allowNetwork, languages: { javascript: { server, env } } };
}

async function session(root: string, cfg: Partial<LspConfig>): Promise<{ found: string[]; calls: boolean }> {
  const watch = watchServerChildren();
  const manager = new LspManager({ workspaceRoot: root, config: cfg });
  try {
    const file = join(root, 'index.js');
    const hover = await manager.sessionFor(file).hover(file, MAIN, at(MAIN, '_.<|>map'));
    expect(hover.result).not.toBeNull();
    // Type acquisition starts right after the project loads; give it the time the control needs to show it.
    await eventually(() => existsSync(marker));
    return { found: watch.stop(), calls: existsSync(marker) };
  } finally {
    await manager.closeAll();
  }
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'locus-no-network-'));
  fakeBin = join(base, 'bin');
  marker = join(base, 'npm-called');
  mkdirSync(fakeBin);
  const fake = `#!/bin/sh\necho "$@" >> "${marker}"\nsleep 1\nexit 1\n`;
  for (const name of ['npm', 'npx', 'pip', 'pip3', 'yarn', 'pnpm']) {
    writeFileSync(join(fakeBin, name), fake);
    chmodSync(join(fakeBin, name), 0o755);
  }
});
afterAll(() => removeDir(base));

describe('downloader detection', () => {
  it('knows package managers and downloading go subcommands from local ones', () => {
    expect(isDownloader(['node', '/usr/bin/npm', 'install', 'types-registry@latest'])).toBe(true);
    expect(isDownloader(['npm install @types/lodash@latest'])).toBe(true);
    expect(isDownloader(['/usr/bin/pip3', 'install', 'x'])).toBe(true);
    expect(isDownloader(['go', 'mod', 'download'])).toBe(true);
    expect(isDownloader(['go', 'mod', 'tidy'], ['GOPROXY=off'])).toBe(false);
    expect(isDownloader(['/usr/lib/go-1.19/bin/go', 'list', '-json'])).toBe(false);
    expect(isDownloader(['/usr/bin/node', '/x/node_modules/pyright/langserver.index.js'])).toBe(false);
    expect(isDownloader(['/usr/bin/cargo', 'metadata', '--format-version', '1'])).toBe(true);
    expect(isDownloader(['/usr/bin/cargo', 'metadata'], ['CARGO_NET_OFFLINE=true'])).toBe(false);
    expect(isDownloader(['cargo', 'metadata', '--offline'])).toBe(false);
    expect(isDownloader(['/root/.cargo/bin/rustup', 'component', 'add', 'rust-src'])).toBe(true);
    expect(isDownloader(['rustup', 'component', 'add', 'rust-src'], ['RUSTUP_TOOLCHAIN=/usr'])).toBe(false);
  });
});

describeWithServer('typescript', 'TypeScript 7: no type acquisition unless allowNetwork', () => {
  it('runs npm for type acquisition when allowNetwork is true (the control)', async () => {
    const result = await session(project('ts7-allowed'), config('typescript', true));
    expect(result.calls).toBe(true);
    expect(result.found.length).toBeGreaterThan(0);
    expect(readFileSync(marker, 'utf8')).toMatch(/install/);
    removeDir(marker);
  });

  it('runs no downloader by default', async () => {
    const result = await session(project('ts7-default'), config('typescript', false));
    expect(result.found).toEqual([]);
    expect(result.calls).toBe(false);
  });
});

describeWithServer('typescript-classic', 'typescript-language-server: no type acquisition by default', () => {
  it('runs no downloader by default', async () => {
    const result = await session(project('tsls-default'), config('typescript-classic', false));
    expect(result.found).toEqual([]);
    expect(result.calls).toBe(false);
  });
});
