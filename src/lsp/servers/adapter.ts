/**
 * The adapter contract: everything Locus knows about launching and reading one kind of language server.
 * One file per server implements it (`typescript.ts`, `python.ts`, …).
 */
import type { PositionEncoding } from '../../core/index.js';
import type { LanguageServerConfig } from '../config.js';
import type { FileLanguages } from '../../workspace/file-language.js';
import type { ReadySignal } from '../readiness.js';
import type { LanguageKey } from '../types.js';

/** An executable and its arguments, fully resolved. */
export interface LaunchCommand {
  command: string;
  args: string[];
}

/** Per-start context handed to `prepare`. */
export interface PrepareContext {
  /** The project root the server serves (its cwd and workspace folder). */
  root: string;
  /** The session's private temp dir, removed when the server stops. */
  tmpDir: string;
  /** Whether the workspace is trusted (docs/configuration.md, "Workspace trust"). */
  trusted: boolean;
}

/** Settings, initialization options and environment an adapter merges over its defaults in some situation. */
export interface AdapterOverlay {
  settings?: Record<string, unknown>;
  initializationOptions?: Record<string, unknown>;
  env?: Record<string, string>;
}

/** One kind of language server. */
export interface ServerAdapter {
  /** Stable id (`typescript`, `typescript-classic`, `pyright`, `bash`, `gopls`, `clangd`), usable in config. */
  readonly id: string;
  /** Human name for messages. */
  readonly name: string;
  /** Languages it can serve. */
  readonly languages: readonly LanguageKey[];
  /**
   * Executable names that mean this server when a configuration gives `command` without `server`
   * (`"rust": {"command": "/opt/rust-analyzer"}` keeps the rust-analyzer adapter's readiness and settings).
   */
  readonly commands?: readonly string[];
  /**
   * True for servers that ignore `didChangeWatchedFiles` for unopened files (clangd, bash-language-server,
   * typescript-language-server), or act on it late (rust-analyzer re-reads the file on a thread of its own, so a
   * request sent right after it is answered from the old text; pyright adds a created file to its program on a
   * timer): files reported changed are opened with their new content instead, which the server takes in message
   * order.
   */
  readonly opensChangedFiles?: boolean;
  /**
   * With `opensChangedFiles`: true for a server that answers from a text it was given at once, in message order
   * (typescript-language-server: tsserver syncs its project before every request; rust-analyzer and pyright apply
   * an opened or changed document before they read the next message), so a cross-file request need not
   * wait for its diagnostics of the files changed behind it. Servers that process changes in the background (clangd
   * builds the AST, then its index) are waited for (`DocumentStore.settled`), which is the default.
   */
  readonly settlesChangesAtOnce?: boolean;
  /**
   * True for servers that check a file again only when its own text changes, not when a file it includes does
   * (clangd): verified edits show such files once more after every edited file, and confirm new errors by one more
   * build (docs/verified-edits.md, "Verified apply").
   */
  readonly rechecksOnlyChangedFiles?: boolean;
  /**
   * False for servers whose early answers are incomplete rather than empty (clangd answers a definition
   * with the header's declaration until its index is built): definition and hover then wait for
   * readiness like references (docs/performance.md, "readiness per operation").
   */
  readonly answersBeforeReady?: boolean;
  /**
   * A server that reports its loading only when a message wakes it (ccls): while a request waits for readiness,
   * a harmless `$/setTrace` goes out this often.
   */
  readonly wakeWhileLoadingMs?: number;
  /** Files whose presence marks a project root, nearest ancestor wins (none → the workspace root). */
  readonly projectMarkers: readonly string[];
  /** The project root of a file when the nearest marker is not it (a Cargo workspace above its member crates). */
  projectRoot?(absPath: string, workspaceRoot: string): string;
  /** The command that installs the server, shown in SERVER_NOT_INSTALLED errors. */
  readonly installHint: string;
  /** Signals that the server has loaded the project (any one suffices). */
  readonly readiness: ReadySignal[];
  /** Default `initializationOptions`. */
  readonly initializationOptions?: Record<string, unknown>;
  /** Default settings (answers to `workspace/configuration`). */
  readonly settings?: Record<string, unknown>;
  /**
   * Settings computed at each start from the workspace's files of the adapter's languages that only their content
   * marks as such (no extension: a shebang or a modeline), as paths relative to the server's root, sorted; merged
   * over the defaults and under the user's `entry.settings` (bash-language-server: its `globPattern`).
   */
  scriptSettings?(
    scripts: readonly string[],
    entry: LanguageServerConfig,
  ): Record<string, unknown> | undefined;
  /** Encodings offered, preferred first (default utf-16, utf-8, utf-32). */
  readonly positionEncodings?: PositionEncoding[];
  /**
   * The unit the server really counts columns in, whatever it negotiates: pylsp 1.7 says nothing (so UTF-16) but
   * counts code points (`utf-32`). Positions are converted in this encoding.
   */
  readonly actualEncoding?: PositionEncoding;
  /** What happens to this server when Locus is SIGKILLed (documentation, and checked by the lifecycle tests). */
  readonly orphanBehaviour: string;
  /** LSP languageId of a file, by the workspace's one language decision (`workspace/file-language.ts`). */
  languageId(absPath: string, languages: FileLanguages): string;
  /** Server arguments (`--stdio`, …), replaced by `args` in locus.config.json. */
  readonly args: readonly string[];
  /** The default executable and its leading arguments (a script path for Node servers); throws SERVER_NOT_INSTALLED. */
  resolve(): LaunchCommand;
  /** Per-start preparation (scratch files); returns arguments appended to the command's. */
  prepare?(context: PrepareContext): Promise<string[]>;
  /**
   * What keeps the server off the network unless `allowNetwork` is configured (docs/configuration.md, "No network"):
   * settings, initialization options and environment merged over the defaults.
   */
  readonly offline?: AdapterOverlay;
  /**
   * Merged over the defaults only in a trusted workspace: what runs the repository's own code (rust-analyzer's
   * build scripts and proc macros).
   */
  readonly trusted?: AdapterOverlay;
  /** Environment for the resolved executable (rust-analyzer: the cargo and rustc of its own toolchain). */
  environment?(executable: string): Record<string, string>;
  /** Extra top-level client capabilities (e.g. clangd's `offsetEncoding`). */
  extraCapabilities?(positionEncodings: PositionEncoding[]): Record<string, unknown>;
}
