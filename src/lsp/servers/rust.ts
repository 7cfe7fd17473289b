/**
 * rust-analyzer for Rust (Debian's `rust-web-analyzer` at /usr/bin/rust-analyzer, or a rustup toolchain's). It
 * loads the crate after `initialize` (sysroot, `cargo metadata`, crate graph), and requests sent meanwhile answer
 * empty, so readiness is its `experimental/serverStatus` notification with `quiescent: true` (sent to clients that
 * declare `experimental.serverStatusNotification`), which also says when it goes back to loading (a changed
 * `Cargo.toml`). Kept offline and from running the repository's code: no `cargo check` on save, no build scripts
 * and no proc macros unless the workspace is trusted, cargo offline, cargo and rustc wrappers off, the cargo,
 * rustc and rustfmt of its own toolchain (never a rustup proxy, which would read the workspace's
 * `rust-toolchain.toml`), and no start at all in an untrusted workspace with a cargo config (rust-project.ts).
 * A file changed or created on disk is opened with its text rather than only reported: rust-analyzer hands
 * `didChangeWatchedFiles` to its file loader thread, and a request that arrives before the loader's answer is
 * served from the old text (seen on a busy machine: a definition one line off after an out-of-band edit).
 */
import { dirname, join } from 'node:path';
import { lspLanguageId } from '../languages.js';
import type { ServerAdapter } from './adapter.js';
import { refuseUntrustedCargoConfig, RUST_MARKERS, rustProjectRoot } from './rust-project.js';
import { isRustupProxy, notInstalled, realToolOnPath } from './resolve.js';
import { fileFacts } from '../../workspace/files.js';

const INSTALL =
  'apt-get install -y --no-install-recommends rust-web-analyzer cargo-web (Debian 12), or rustup component add rust-analyzer';

/** Settings that hold everywhere (rust-analyzer reads them as initializationOptions and as its settings section). */
const DEFAULTS = {
  checkOnSave: false,
  // `cargo.autoreload` stays on although it costs two more `cargo metadata` rounds at start (3 s on a small crate):
  // its first crate graph is built before the files are read and misses a crate whose root file is not open
  // (base64's src/lib.rs when src/encode.rs is asked about), until that reload.
  cargo: { buildScripts: { enable: false } },
  procMacro: { enable: false },
};

/** What a trusted workspace gets on top: its build scripts and proc macros run. */
const TRUSTED = { cargo: { buildScripts: { enable: true } }, procMacro: { enable: true } };

/** rust-analyzer. */
export const rustAnalyzerAdapter: ServerAdapter = {
  id: 'rust-analyzer',
  name: 'rust-analyzer',
  languages: ['rust'],
  commands: ['rust-analyzer'],
  projectMarkers: RUST_MARKERS,
  opensChangedFiles: true,
  settlesChangesAtOnce: true,
  projectRoot: rustProjectRoot,
  installHint: INSTALL,
  args: [],
  readiness: [
    {
      kind: 'status',
      method: 'experimental/serverStatus',
      ready: (params) => (params as { quiescent?: unknown } | null)?.quiescent as boolean | undefined,
      problem: statusProblem,
    },
  ],
  initializationOptions: DEFAULTS,
  settings: { 'rust-analyzer': DEFAULTS },
  trusted: { initializationOptions: TRUSTED, settings: { 'rust-analyzer': TRUSTED } },
  offline: { env: { CARGO_NET_OFFLINE: 'true', RUSTUP_AUTO_INSTALL: '0' } },
  orphanBehaviour: 'exits when its stdin closes',
  languageId: lspLanguageId,
  extraCapabilities: () => ({ experimental: { serverStatusNotification: true } }),
  resolve() {
    const found = realToolOnPath('rust-analyzer');
    if (found.path !== undefined) return { command: found.path, args: [] };
    const skipped = found.skippedProxies.length
      ? ` (${found.skippedProxies.join(', ')} ${found.skippedProxies.length > 1 ? 'are rustup proxies' : 'is a rustup proxy'} whose toolchain has no rust-analyzer)`
      : '';
    throw notInstalled(this.name, `\`rust-analyzer\` on PATH${skipped}`, INSTALL);
  },
  environment: toolchainEnvironment,
  async prepare({ root, trusted }) {
    if (!trusted) refuseUntrustedCargoConfig(root, 'rust-analyzer');
    return [];
  },
};

/**
 * The first thing a non-ok `experimental/serverStatus` says is wrong ("Workspace … has sysroot errors: can't load
 * standard library").
 */
function statusProblem(params: unknown): string | undefined {
  const { health, message } = (params ?? {}) as { health?: unknown; message?: unknown };
  if (health === 'ok' || typeof message !== 'string') return undefined;
  return message.trim().split('\n')[0]?.trim().slice(0, 200) || undefined;
}

/**
 * The cargo, rustc and rustfmt rust-analyzer runs: those beside it (its own toolchain: /usr/bin for Debian's, the
 * toolchain folder for rustup's), else the real ones on PATH; and no rustc wrappers from a cargo config. Some of
 * its calls go through the rustup proxies in `~/.cargo/bin` all the same (it looks there first), so
 * `RUSTUP_TOOLCHAIN` names that toolchain's folder: the proxies then run it, whatever `rust-toolchain.toml` the
 * workspace has, and the `rustup component add rust-src` it tries when the standard library's sources are missing
 * fails at once ("toolchain does not support components") instead of downloading.
 */
function toolchainEnvironment(executable: string): Record<string, string> {
  const env: Record<string, string> = { RUSTC_WRAPPER: '', RUSTC_WORKSPACE_WRAPPER: '' };
  for (const tool of ['cargo', 'rustc', 'rustfmt']) {
    const beside = join(dirname(executable), tool);
    const path =
      fileFacts(beside)?.isFile === true && !isRustupProxy(beside) ? beside : realToolOnPath(tool).path;
    if (path !== undefined) env[tool.toUpperCase()] = path;
  }
  const toolchain = env.CARGO === undefined ? undefined : dirname(dirname(env.CARGO));
  if (toolchain !== undefined && fileFacts(join(toolchain, 'bin', 'rustc'))?.isFile === true)
    env.RUSTUP_TOOLCHAIN = toolchain;
  return env;
}
