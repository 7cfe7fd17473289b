/**
 * LspManager: the entry point of the LSP layer. It routes a file to its language, adapter and project root, and
 * keeps one Session per (project root, server, effective configuration), started lazily on the first request.
 * `closeAll()` takes every server down the full shutdown ladder.
 */
import { relative, resolve, sep } from 'node:path';
import { LocusError, type PositionEncoding } from '../core/index.js';
import { Session } from './session.js';
import type { LspLogListener } from './events.js';
import {
  declaredExtensions,
  declaredLanguages,
  deepMerge,
  loadLspConfig,
  type LanguageServerConfig,
  type LoadedLspConfig,
  type LspConfig,
} from './config.js';
import { isServerLanguage } from '../core/languages.js';
import { FileLanguages, type DeclaredExtensions } from '../workspace/file-language.js';
import { serverLanguageOfFile } from './languages.js';
import { findProjectRoot } from './project-root.js';
import { isInside } from '../workspace/files.js';
import type { InstanceSpec } from './server-instance.js';
import type { ServerAdapter } from './servers/adapter.js';
import { BUILTIN_ADAPTERS, builtinForCommand, DEFAULT_ADAPTER } from './servers/index.js';
import { configuredCommand } from './servers/resolve.js';
import { configuredAdapter } from './servers/configured.js';
import { RequestMeter } from './request-meter.js';
import { Supervisor } from './supervisor.js';
import { invalidConfig } from '../config/index.js';
import type { FileChange, LanguageKey } from './types.js';

/** Options of an LspManager. */
export interface LspManagerOptions {
  /** Absolute workspace root; `locus.config.json` is read from here. */
  workspaceRoot: string;
  /** Programmatic overrides applied on top of the config files (same shape; trusted). */
  config?: Partial<LspConfig>;
  /** Trust the workspace's `locus.config.json` (docs/configuration.md, "Workspace trust"). */
  trust?: boolean;
  /**
   * The configuration as the caller already loaded it with `loadLspConfig` (overrides and trust applied), so a
   * context reads the files once; `config` and `trust` are then not used.
   */
  loaded?: LoadedLspConfig;
  /** Server start, stop, restart, crash and timeout events (MCP logging; never stdout). */
  onLog?: LspLogListener;
  /**
   * The workspace's files of a language that only their content marks as such (extension-less scripts with a
   * shebang or a modeline), absolute, for adapters with `scriptSettings`; asked at each server start. The LSP
   * layer cannot find them itself (that is the syntax layer's registry): the operations pass the index's list.
   */
  scriptsOf?: (language: LanguageKey) => Promise<readonly string[]>;
}

/**
 * The languages the configuration declares by extension; CONFIG_INVALID when a declaration is wrong (an extension
 * Locus knows or two declarations share) or a key Locus does not know declares no extensions.
 */
function checkedDeclarations(config: LspConfig): DeclaredExtensions {
  const { byExtension, problems } = declaredLanguages(config.languages);
  for (const [key, entry] of Object.entries(config.languages)) {
    if (entry?.extensions === undefined && !isServerLanguage(key))
      problems.push(
        `languages.${key}: Locus has no language ${key}; declare its files with "extensions": [".ext"]`,
      );
  }
  if (problems.length > 0) throw invalidConfig('the configuration', `${problems.join('; ')}.`);
  return declaredExtensions(byExtension);
}

/**
 * The adapter serving a language's entry: the built-in one it names (`server`); else, when it gives a `command`, the
 * built-in adapter of the language that owns that executable name (`rust-analyzer`, `clangd-19`), or a configured
 * adapter (with the recipe of the executable, or the generic readiness); else the language's default.
 */
function adapterFor(language: LanguageKey, entry: LanguageServerConfig): ServerAdapter | undefined {
  if (entry.server !== undefined) return BUILTIN_ADAPTERS.get(entry.server);
  if (entry.command !== undefined)
    return builtinForCommand(language, entry.command) ?? configuredAdapter(language, entry);
  const id = DEFAULT_ADAPTER[language];
  return id === undefined ? undefined : BUILTIN_ADAPTERS.get(id);
}

/** Environment of every server unless `allowNetwork`: an `npm` started by a server cannot reach the registry. */
const OFFLINE_ENV: Record<string, string> = { npm_config_offline: 'true' };

const DEFAULT_ENCODINGS: PositionEncoding[] = ['utf-16', 'utf-8', 'utf-32'];

/** Routes files to language-server sessions and owns their lifecycles. */
export class LspManager {
  /** The workspace root. */
  readonly workspaceRoot: string;
  /** The effective configuration. */
  readonly config: LspConfig;
  /** Warnings of loading the configuration (ignored untrusted keys), for the faces to print. */
  readonly configWarnings: readonly string[];
  /** Every request sent to this manager's servers, and the time one was outstanding (for the bench). */
  readonly requests = new RequestMeter();
  private readonly sessions = new Map<string, Session>();
  /** The language of each file, with the ones the operations decided (`forFile`'s `languageId`) and declared. */
  private readonly languages: FileLanguages;
  private readonly onLog: LspLogListener | undefined;
  private readonly scriptsOf: LspManagerOptions['scriptsOf'];

  /** Reads the configuration (throws a LocusError when it is invalid); starts nothing. */
  constructor(options: LspManagerOptions) {
    this.workspaceRoot = resolve(options.workspaceRoot);
    this.onLog = options.onLog;
    this.scriptsOf = options.scriptsOf;
    const loaded =
      options.loaded ?? loadLspConfig(this.workspaceRoot, options.config, { trust: options.trust });
    this.config = loaded.config;
    this.configWarnings = loaded.warnings;
    this.languages = new FileLanguages(
      this.workspaceRoot,
      this.config.fileLanguages,
      checkedDeclarations(this.config),
    );
    for (const [language, entry] of Object.entries(this.config.languages)) {
      if (entry?.server === undefined) continue;
      const adapter = BUILTIN_ADAPTERS.get(entry.server);
      if (adapter === undefined || !adapter.languages.includes(language as LanguageKey)) {
        throw invalidConfig(
          'the configuration',
          `sets languages.${language}.server to "${entry.server}", which is not a built-in server for ${language} (built-in: ${[...BUILTIN_ADAPTERS.values()].map((a) => `${a.id} (${a.languages.join(', ')})`).join('; ')}).`,
        );
      }
    }
  }

  /**
   * The session serving a file, or undefined for unsupported or disabled languages. Starts nothing.
   * `languageId` is the registry language the caller decided for the file (`.h` as cpp, a shebang
   * script as bash); it is remembered so the server is told the same language.
   */
  forFile(absPath: string, languageId?: string): Session | undefined {
    if (languageId !== undefined) this.languages.remember(resolve(absPath), languageId);
    const language = serverLanguageOfFile(resolve(absPath), this.languages);
    if (language === undefined) return undefined;
    const entry = this.config.languages[language] ?? {};
    if (entry.enabled === false) return undefined;
    const adapter = commandNamed(adapterFor(language, entry), language, entry);
    if (adapter === undefined) return undefined;
    const root =
      adapter.projectRoot?.(resolve(absPath), this.workspaceRoot) ??
      findProjectRoot(resolve(absPath), this.workspaceRoot, adapter.projectMarkers);
    const key = JSON.stringify([root, adapter.id, entry]);
    let session = this.sessions.get(key);
    if (session === undefined) {
      session = this.createSession(adapter, root, entry);
      this.sessions.set(key, session);
    }
    return session;
  }

  /** Like `forFile`, but UNSUPPORTED_LANGUAGE instead of undefined. */
  sessionFor(absPath: string, languageId?: string): Session {
    const session = this.forFile(absPath, languageId);
    if (session !== undefined) return session;
    throw new LocusError('UNSUPPORTED_LANGUAGE', `No language server is configured for ${absPath}.`, {
      hint: `Locating still works; semantic operations need a language with a built-in server (${Object.keys(DEFAULT_ADAPTER).join(', ')}) or a server configured for the language (docs/configuration.md, "languages").`,
    });
  }

  /** Every session created so far (running or not). */
  allSessions(): Session[] {
    return [...this.sessions.values()];
  }

  /** Forwards disk changes to every running server whose project contains the file. */
  async notifyFilesChanged(changes: FileChange[]): Promise<void> {
    await Promise.all(
      this.allSessions().map((session) =>
        session.notifyFilesChanged(changes.filter((change) => isInside(resolve(change.path), session.root))),
      ),
    );
  }

  /** Tells every running server whose project contains the file its new content (after Locus applied edits). */
  async documentChanged(absPath: string, text: string): Promise<void> {
    const path = resolve(absPath);
    const sessions = this.allSessions().filter((session) => isInside(path, session.root));
    await Promise.all(sessions.map((session) => session.documentChanged(path, text)));
  }

  /** Shuts every server down through the full ladder and waits until all are gone. */
  async closeAll(): Promise<void> {
    const sessions = this.allSessions();
    this.sessions.clear();
    await Promise.all(sessions.map((session) => session.close()));
  }

  private createSession(adapter: ServerAdapter, root: string, entry: LanguageServerConfig): Session {
    const config = this.config;
    const offline = config.allowNetwork ? undefined : (adapter.offline ?? {});
    const trusted = config.trusted === true ? adapter.trusted : undefined;
    const makeSpec = async (): Promise<InstanceSpec> => {
      const scripts = await this.scriptSettings(adapter, root, entry);
      const args = entry.args ?? [...adapter.args];
      const launch =
        entry.command === undefined
          ? adapter.resolve()
          : { command: configuredCommand(entry.command, this.workspaceRoot, adapter.name), args: [] };
      const overlays = (key: 'settings' | 'initializationOptions', base: unknown): unknown =>
        deepMerge(deepMerge(deepMerge(base, offline?.[key]), trusted?.[key]), entry[key]);
      return {
        adapter,
        root,
        trusted: config.trusted === true,
        launch: { command: launch.command, args: [...launch.args, ...args] },
        env: {
          ...adapter.environment?.(launch.command),
          ...(offline ? { ...OFFLINE_ENV, ...offline.env } : {}),
          ...trusted?.env,
          ...entry.env,
        },
        initializationOptions: overlays('initializationOptions', adapter.initializationOptions),
        settings: overlays('settings', deepMerge(adapter.settings, scripts)),
        positionEncodings: entry.positionEncodings ?? adapter.positionEncodings ?? DEFAULT_ENCODINGS,
        requestTimeoutMs: config.requestTimeoutMs,
        initializeTimeoutMs: config.initializeTimeoutMs ?? config.requestTimeoutMs,
        readyTimeoutMs: config.readyTimeoutMs,
        languages: this.languages,
        meter: this.requests,
      };
    };
    const supervisor = new Supervisor(makeSpec, {
      idleTimeoutMs: config.idleTimeoutMinutes * 60_000,
      maxRestarts: config.maxRestarts,
      restartWindowMs: config.restartWindowMinutes * 60_000,
      ...(this.onLog ? { onLog: this.onLog } : {}),
    });
    return new Session(adapter, root, supervisor);
  }

  /** The adapter's settings from the content-typed scripts under `root` (none when that list cannot be had). */
  private async scriptSettings(
    adapter: ServerAdapter,
    root: string,
    entry: LanguageServerConfig,
  ): Promise<Record<string, unknown> | undefined> {
    if (adapter.scriptSettings === undefined || this.scriptsOf === undefined) return undefined;
    const found = new Set<string>();
    for (const language of adapter.languages) {
      const scripts = await this.scriptsOf(language).catch(() => []);
      for (const script of scripts)
        if (isInside(script, root)) found.add(relative(root, script).split(sep).join('/'));
    }
    return adapter.scriptSettings([...found].sort(), entry);
  }
}

/**
 * A built-in adapter launched with a configured `command` keeps its settings and readiness rules but is named
 * after that command in messages and progress: the program that failed is the configured one, not the adapter's.
 */
function commandNamed(
  adapter: ServerAdapter | undefined,
  language: LanguageKey,
  entry: LanguageServerConfig,
): ServerAdapter | undefined {
  if (adapter === undefined || entry.command === undefined) return adapter;
  return { ...adapter, name: `${language} server (${entry.command})` };
}
