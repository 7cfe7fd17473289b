/**
 * The rust-analyzer adapter without the server: finding the binary past rustup proxies, the toolchain it is told to
 * use, Cargo workspace roots, the refusal of an untrusted cargo config, and which adapter a `command` gets.
 */
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LspManager } from '../../src/lsp/manager.js';
import type { Session } from '../../src/lsp/session.js';
import { rustAnalyzerAdapter } from '../../src/lsp/servers/rust.js';
import { refuseUntrustedCargoConfig, rustProjectRoot } from '../../src/lsp/servers/rust-project.js';
import { isRustupProxy, realToolOnPath } from '../../src/lsp/servers/resolve.js';
import { removeDir } from './support.js';

let base = '';
const savedPath = process.env.PATH;

/** Writes an executable shell script. */
function script(path: string, body: string): string {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** A folder of files, created under the test's base. */
function tree(name: string, files: Record<string, string>): string {
  const root = join(base, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'locus-rust-adapter-'));
});
afterEach(() => {
  process.env.PATH = savedPath;
});
afterAll(() => removeDir(base));

describe('finding rust-analyzer past rustup proxies', () => {
  /** A rustup whose `which` knows no rust-analyzer (the state of ~/.cargo/bin on this machine). */
  function proxyDir(name: string, whichAnswer?: string): string {
    const dir = join(base, name);
    mkdirSync(dir);
    const rustup = script(
      join(dir, 'rustup'),
      whichAnswer === undefined
        ? `echo "error: unknown binary '$2' in toolchain 'stable'" >&2; exit 1`
        : `echo "${whichAnswer}"`,
    );
    symlinkSync(rustup, join(dir, 'rust-analyzer'));
    return dir;
  }

  it('skips a proxy whose toolchain lacks the tool and finds the next real binary on PATH', () => {
    const proxies = proxyDir('proxy-empty');
    const real = join(base, 'real-bin');
    mkdirSync(real);
    const binary = script(join(real, 'rust-analyzer'), 'exit 0');
    process.env.PATH = [proxies, real].join(delimiter);
    expect(isRustupProxy(join(proxies, 'rust-analyzer'))).toBe(true);
    expect(isRustupProxy(binary)).toBe(false);
    expect(realToolOnPath('rust-analyzer')).toEqual({
      path: binary,
      skippedProxies: [join(proxies, 'rust-analyzer')],
    });
    expect(rustAnalyzerAdapter.resolve()).toEqual({ command: binary, args: [] });
  });

  it('uses the binary a proxy stands for when its toolchain has the tool', () => {
    const toolchain = join(base, 'toolchain-with-ra', 'bin');
    mkdirSync(toolchain, { recursive: true });
    const binary = script(join(toolchain, 'rust-analyzer'), 'exit 0');
    process.env.PATH = proxyDir('proxy-full', binary);
    expect(realToolOnPath('rust-analyzer').path).toBe(binary);
  });

  it('names the skipped proxy and the install command when nothing works', () => {
    const proxies = proxyDir('proxy-only');
    process.env.PATH = proxies;
    expect(() => rustAnalyzerAdapter.resolve()).toThrow(
      expect.objectContaining({
        code: 'SERVER_NOT_INSTALLED',
        message: expect.stringContaining(`${join(proxies, 'rust-analyzer')} is a rustup proxy`),
        hint: expect.stringContaining(
          'apt-get install -y --no-install-recommends rust-web-analyzer cargo-web',
        ),
      }),
    );
  });
});

describe('the toolchain rust-analyzer is told to use', () => {
  it('is the one beside it, also for rustup proxies (RUSTUP_TOOLCHAIN), with no rustc wrappers', () => {
    const bin = join(base, 'toolchain', 'bin');
    mkdirSync(bin, { recursive: true });
    for (const tool of ['rust-analyzer', 'cargo', 'rustc', 'rustfmt']) script(join(bin, tool), 'exit 0');
    const env = rustAnalyzerAdapter.environment?.(join(bin, 'rust-analyzer'));
    expect(env).toEqual({
      CARGO: join(bin, 'cargo'),
      RUSTC: join(bin, 'rustc'),
      RUSTFMT: join(bin, 'rustfmt'),
      RUSTUP_TOOLCHAIN: join(base, 'toolchain'),
      RUSTC_WRAPPER: '',
      RUSTC_WORKSPACE_WRAPPER: '',
    });
  });
});

describe('project roots', () => {
  it('a member crate is served from its Cargo workspace; a lone crate from its own folder', () => {
    const root = tree('roots', {
      'ws/Cargo.toml': '[workspace]\nmembers = ["a"]\n',
      'ws/a/Cargo.toml': '[package]\nname = "a"\n',
      'ws/a/src/lib.rs': '',
      'lone/Cargo.toml': '[package]\nname = "lone"\n',
      'lone/src/main.rs': '',
      'json/rust-project.json': '{}',
      'json/src/lib.rs': '',
    });
    expect(rustProjectRoot(join(root, 'ws/a/src/lib.rs'), root)).toBe(join(root, 'ws'));
    expect(rustProjectRoot(join(root, 'lone/src/main.rs'), root)).toBe(join(root, 'lone'));
    expect(rustProjectRoot(join(root, 'json/src/lib.rs'), root)).toBe(join(root, 'json'));
  });
});

describe('an untrusted cargo config', () => {
  it('refuses to start rust-analyzer when .cargo/config.toml applies to the project, naming the file', () => {
    const root = tree('cargo-config', {
      '.cargo/config.toml': '[env]\nLD_PRELOAD = "./evil.so"\n',
      'crate/Cargo.toml': '[package]\nname = "c"\n',
    });
    expect(() => refuseUntrustedCargoConfig(join(root, 'crate'), 'rust-analyzer')).toThrow(
      expect.objectContaining({
        code: 'SERVER_FAILED',
        message: expect.stringContaining(join(root, '.cargo/config.toml')),
        details: expect.objectContaining({ kind: 'untrusted' }),
      }),
    );
    const clean = tree('no-cargo-config', { 'Cargo.toml': '[package]\nname = "c"\n' });
    expect(() => refuseUntrustedCargoConfig(clean, 'rust-analyzer')).not.toThrow();
  });
});

describe('which adapter a command gets', () => {
  const files = { 'Cargo.toml': '[package]\nname = "x"\n', 'src/lib.rs': '', 'm.py': '', 'a.c': '' };

  it.each([
    ['rust', 'src/lib.rs', 'rust-analyzer', 'rust-analyzer'],
    ['rust', 'src/lib.rs', '/opt/ra/rust-analyzer', 'rust-analyzer'],
    ['c', 'a.c', 'clangd-19', 'clangd'],
    ['python', 'm.py', 'basedpyright-langserver', 'pyright'],
    ['python', 'm.py', 'pylsp', 'configured:python'],
    ['c', 'a.c', 'ccls', 'configured:c'],
    ['rust', 'src/lib.rs', '/tmp/some-other-server', 'configured:rust'],
  ])('%s (%s) with command %s → %s', (language, file, command, adapter) => {
    const root = tree(`route-${language}-${command.replace(/\W/g, '_')}`, files);
    const manager = new LspManager({
      workspaceRoot: root,
      config: { languages: { [language]: { command } } },
    });
    expect((manager.forFile(join(root, file)) as Session).adapter.id).toBe(adapter);
  });

  it('a recipe brings its readiness and markers; an unknown command the generic rule', () => {
    const root = tree('route-recipes', { 'sub/compile_commands.json': '[]', 'sub/a.c': '', 'm.py': '' });
    const manager = new LspManager({
      workspaceRoot: root,
      config: { languages: { c: { command: 'ccls' }, python: { command: 'my-python-server' } } },
    });
    const ccls = manager.forFile(join(root, 'sub/a.c')) as Session;
    expect(ccls.root).toBe(join(root, 'sub'));
    expect(ccls.adapter.readiness).toEqual([{ kind: 'progress', title: /index/i }]);
    const generic = manager.forFile(join(root, 'm.py')) as Session;
    expect(generic.adapter.readiness).toEqual([{ kind: 'settled', quietMs: expect.any(Number) }]);
  });
});
