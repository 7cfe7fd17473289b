/**
 * No network from servers by default (docs/configuration.md, "No network"). A JavaScript project whose package.json
 * names dependencies that are not installed makes TypeScript's automatic type acquisition run `npm install
 * types-registry` and `npm install @types/…`. A fake `npm` first on the servers' PATH records every call (the real
 * npm that typescript-language-server finds by itself runs offline, so the test never downloads): with
 * `allowNetwork: true` a downloader runs — the control that proves the watch sees it — and by default none does.
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

/** The file the fake package managers of `tag` ('allowed' or 'default') append their arguments to. */
const marker = (tag: string): string => join(base, `npm-called-${tag}`);
/** The cache folder of `tag`'s server: also what tells its processes apart from the other session's. */
const cacheOf = (tag: string): string => join(base, `cache-${tag}`);

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

function config(server: string, allowNetwork: boolean, tag: string): Partial<LspConfig> {
  const bin = join(base, `bin-${tag}`);
  mkdirSync(bin, { recursive: true });
  const fake = `#!/bin/sh\necho "$@" >> "${marker(tag)}"\nsleep 1\nexit 1\n`;
  for (const name of ['npm', 'npx', 'pip', 'pip3', 'yarn', 'pnpm']) {
    writeFileSync(join(bin, name), fake);
    chmodSync(join(bin, name), 0o755);
  }
  const env: Record<string, string> = {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    XDG_CACHE_HOME: cacheOf(tag),
  };
  // typescript-language-server finds the real npm by its own path: in the control it must fail, not download.
  if (allowNetwork) env.npm_config_offline = 'true';
  return { allowNetwork, languages: { javascript: { server, env } } };
}

/** Starts a session on `root` and hovers in it; resolves to when the hover answered (the project is loaded). */
async function open(
  root: string,
  cfg: Partial<LspConfig>,
): Promise<{ manager: LspManager; loadedAt: number }> {
  const manager = new LspManager({ workspaceRoot: root, config: cfg });
  const file = join(root, 'index.js');
  const hover = await manager.sessionFor(file).hover(file, MAIN, at(MAIN, '_.<|>map'));
  expect(hover.result).not.toBeNull();
  return { manager, loadedAt: Date.now() };
}

/**
 * The control (`allowNetwork: true`) and the default run side by side, so both see the same machine load. Type
 * acquisition starts right after a project loads: the control shows how long that takes here and now, and the default
 * is watched for three times as long (at least 5 s) after its own load. A downloader that does not start in that window
 * is not seen — a negative can only be watched for a while; waiting the full cap of `eventually` made this file
 * take six minutes.
 */
async function sideBySide(server: string): Promise<{ control: string[]; found: string[]; calls: boolean }> {
  const [allowedTag, defaultTag] = [`${server}-allowed`, `${server}-default`];
  const watchOf = (tag: string) =>
    watchServerChildren((env) => env.includes(`XDG_CACHE_HOME=${cacheOf(tag)}`));
  const [watchAllowed, watchDefault] = [watchOf(allowedTag), watchOf(defaultTag)];
  const opened = await Promise.all([
    open(project(allowedTag), config(server, true, allowedTag)),
    open(project(defaultTag), config(server, false, defaultTag)),
  ]);
  try {
    const [allowed, byDefault] = opened;
    const shown = await eventually(() => existsSync(marker(allowedTag)) || watchAllowed.seen().length > 0);
    if (!shown) return { control: watchAllowed.stop(), found: watchDefault.stop(), calls: false };
    const window = Math.max(5_000, 3 * (Date.now() - allowed.loadedAt));
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, byDefault.loadedAt + window - Date.now())),
    );
    return {
      control: watchAllowed.stop(),
      found: watchDefault.stop(),
      calls: existsSync(marker(defaultTag)),
    };
  } finally {
    await Promise.all(opened.map((o) => o.manager.closeAll()));
  }
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'locus-no-network-'));
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
  it('runs npm for type acquisition only when allowNetwork is true', async () => {
    const result = await sideBySide('typescript');
    // The control: with allowNetwork the fake npm is called, so the watch would have seen a downloader.
    expect(result.control.length).toBeGreaterThan(0);
    expect(readFileSync(marker('typescript-allowed'), 'utf8')).toMatch(/install/);
    expect(result.found).toEqual([]);
    expect(result.calls).toBe(false);
  });
});

describeWithServer('typescript-classic', 'typescript-language-server: no type acquisition by default', () => {
  it('runs npm for type acquisition only when allowNetwork is true', async () => {
    const result = await sideBySide('typescript-classic');
    expect(result.control.length).toBeGreaterThan(0);
    expect(result.found).toEqual([]);
    expect(result.calls).toBe(false);
  });
});
