/**
 * The LSP layer: real language servers behind a typed, UTF-16 API for `src/ops`.
 *
 * ```ts
 * const lsp = new LspManager({ workspaceRoot });           // reads locus.config.json (see config.ts)
 * const session = lsp.forFile(absPath);                    // undefined: no server for this language
 * const { result, possiblyIncomplete, timing } = await session.references(absPath, text, position);
 * await lsp.documentChanged(absPath, newText);             // after Locus wrote a file
 * await lsp.notifyFilesChanged([{ path, kind: 'changed' }]); // files changed on disk by others
 * await lsp.closeAll();                                    // full shutdown ladder, every process gone
 * ```
 *
 * Servers: TypeScript/JavaScript → TS 7 native (`typescript`), or typescript-language-server (`typescript-classic`);
 * Python → pyright; Go → gopls; C/C++ → clangd; Bash → bash-language-server; Rust → rust-analyzer. Any other server
 * by `command` (servers/configured.ts: a recipe of its executable's name, else generic readiness). One server per
 * (project root, server, configuration); started lazily; restarted after a crash with backoff and a cap; stopped
 * when idle.
 *
 * Errors are LocusErrors: SERVER_NOT_INSTALLED (with the install command), SERVER_FAILED (crash, garbage on stdout,
 * hang, restart cap, invalid configuration, or the server refused a request: see `details.kind`), TIMEOUT (after
 * `$/cancelRequest`), CAPABILITY_MISSING (naming capability and server), UNSUPPORTED_LANGUAGE (`sessionFor`).
 *
 * Processes (POSIX): every server runs in its own process group with a private TMPDIR. `closeAll` and idle stops run
 * `shutdown`/`exit` → close stdin → SIGTERM → SIGKILL and then kill the whole group. While servers run, handlers for
 * `exit`/SIGINT/SIGTERM/SIGHUP kill every group synchronously. When Locus is SIGKILLed, TS 7, tsls, pyright, gopls
 * and clangd exit on stdin EOF at once, and bash-language-server (which ignores EOF) through its `processId`
 * watchdog within about 3 s — so none survives (checked by test/lsp/lifecycle.test.ts); only their temp dirs stay,
 * and the next Locus process removes them. `LOCUS_LSP_TRACE=1` traces server progress and log messages to stderr.
 */
export { LspManager, type LspManagerOptions } from './manager.js';
export { Session, DEFAULT_FORMATTING } from './session.js';
export type { SessionInfo } from './session-requests.js';
export type { Timed } from './connection.js';
export {
  CONFIG_FILE_NAME,
  DEFAULT_LSP_CONFIG,
  loadLspConfig,
  validateLspConfig,
  type LanguageServerConfig,
  type LspConfig,
} from './config.js';
export { languageOfPath, lspLanguageId } from './languages.js';
export { pathToUri, uriToPath, uriKey } from './uri.js';
export { liveGroups } from './process-registry.js';
export { BUILTIN_ADAPTERS, DEFAULT_ADAPTER, type ServerAdapter } from './servers/index.js';
export type { ReadySignal } from './readiness.js';
export type { CapabilityName } from './capabilities.js';
export * from './types.js';
