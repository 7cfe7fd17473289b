/**
 * Several roots, several workspaces (docs/mcp.md, "Roots"): one Locus per root, created on first use, and the
 * routing of a tool call to the root its file lives in. A path that exists under exactly one root goes there;
 * `<root folder name>/<path>` names a root explicitly (needed when the same path exists under several roots);
 * an absolute path goes to the root that contains it, and one outside every root is OUTSIDE_WORKSPACE.
 * The set follows `notifications/roots/list_changed`: removed roots' servers are shut down.
 */
import { fileFacts, isInside } from '../workspace/files.js';
import { basename, isAbsolute, join, sep } from 'node:path';
import { isLocusError, LocusError } from '../core/errors.js';
import { parseLocate } from '../locate/locate-string.js';
import type { Locus } from '../ops/locus.js';
import type { OpsOptions } from '../ops/context/context.js';

/** A tool call routed to its workspace: the Locus to use and the arguments as that root sees them. */
export interface Routed {
  locus: Locus;
  args: Record<string, unknown>;
}

/** One candidate: a root and the locate/path rewritten relative to it. */
interface Candidate {
  root: string;
  value: unknown;
}

/** The workspaces of one MCP session. */
export class Workspaces {
  private roots: string[] = [];
  private readonly loci = new Map<string, Promise<Locus>>();
  private closed = false;

  constructor(
    private readonly options: Omit<OpsOptions, 'root'>,
    private readonly failed: (error: LocusError) => void,
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  /** The current roots (the first is the primary one). */
  get current(): readonly string[] {
    return this.roots;
  }

  /** Replaces the roots; the Locus of every removed root is closed (its servers shut down). */
  async setRoots(roots: readonly string[]): Promise<void> {
    this.roots = [...new Set(roots)];
    const gone = [...this.loci.keys()].filter((root) => !this.roots.includes(root));
    await Promise.all(gone.map((root) => this.closeOne(root)));
  }

  /** Routes a call by its `locate` or `file_path` argument; calls without either go to the primary root. */
  async route(args: Record<string, unknown>): Promise<Routed> {
    const key = 'locate' in args ? 'locate' : 'file_path' in args ? 'file_path' : undefined;
    const primary = this.roots[0];
    if (primary === undefined) throw new LocusError('SERVER_FAILED', 'The workspace has no root.');
    if (key === undefined || this.roots.length === 1) return { locus: await this.locus(primary), args };
    const chosen = this.choose(args[key]);
    return { locus: await this.locus(chosen.root), args: { ...args, [key]: chosen.value } };
  }

  /** Shuts every workspace down. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.loci.keys()].map((root) => this.closeOne(root)));
  }

  private choose(value: unknown): Candidate {
    const path = pathOf(value);
    const primary = this.roots[0] as string;
    if (path === undefined) return { root: primary, value };
    if (isAbsolute(path)) {
      const root = this.roots.find((r) => path === r || path.startsWith(r.endsWith(sep) ? r : r + sep));
      if (root === undefined) throw outside(path, this.roots);
      return { root, value };
    }
    const named = this.roots.filter((r) => path.startsWith(`${basename(r)}/`));
    for (const root of named) {
      const rest = withoutRootName(value, path, basename(root));
      if (isFile(root, pathOf(rest, root))) return { root, value: rest };
    }
    const plain = this.roots.filter((root) => isFile(root, pathOf(value, root)));
    if (plain.length > 1) throw collision(path, plain);
    return { root: plain[0] ?? primary, value };
  }

  private locus(root: string): Promise<Locus> {
    if (this.closed) return Promise.reject(shuttingDown());
    let pending = this.loci.get(root);
    if (pending === undefined) {
      // Imported on first use: the operations, tree-sitter and the LSP layer are most of the start-up
      // time, and `initialize` needs none of them (docs/performance.md, "MCP start").
      pending = import('../ops/locus.js').then(({ createLocus }) => {
        const locus = createLocus({ ...this.options, root });
        for (const warning of locus.context.lsp.configWarnings) this.warn(warning);
        return locus;
      });
      // A failed creation (CONFIG_INVALID …) is reported and retried by the next call.
      pending.catch((error: unknown) => {
        if (this.loci.get(root) === pending) this.loci.delete(root);
        if (isLocusError(error)) this.failed(error);
      });
      this.loci.set(root, pending);
    }
    return pending;
  }

  private async closeOne(root: string): Promise<void> {
    const pending = this.loci.get(root);
    this.loci.delete(root);
    if (pending) await (await pending.catch(() => undefined))?.close();
  }
}

/** The file path a locate string or object (or a plain `file_path`) names; `root` enables the fallback split. */
function pathOf(value: unknown, root?: string): string | undefined {
  if (typeof value === 'object' && value !== null) {
    const filePath = (value as { file_path?: unknown }).file_path;
    return typeof filePath === 'string' ? filePath : undefined;
  }
  if (typeof value !== 'string') return undefined;
  try {
    const exists = root === undefined ? undefined : (p: string) => isFile(root, p);
    return parseLocate(value, exists ? { exists } : {}).file_path;
  } catch {
    return value.split(/[:@]/)[0];
  }
}

/** The value without its leading `<root name>/` (the path is always the prefix of the string form). */
function withoutRootName(value: unknown, path: string, name: string): unknown {
  if (typeof value === 'string') return value.slice(name.length + 1);
  return { ...(value as object), file_path: path.slice(name.length + 1) };
}

function isFile(root: string, path: string | undefined): boolean {
  if (path === undefined) return false;
  const full = join(root, path);
  return isInside(full, root) && fileFacts(full)?.isFile === true;
}

function outside(path: string, roots: readonly string[]): LocusError {
  return new LocusError('OUTSIDE_WORKSPACE', `${path} is outside every workspace root.`, {
    hint: `The roots are: ${roots.join(', ')}.`,
    details: { roots },
  });
}

function collision(path: string, roots: readonly string[]): LocusError {
  const named = roots.map((r) => `\`${basename(r)}/${path}\``);
  return new LocusError('INVALID_LOCATE', `${path} exists under several workspace roots.`, {
    hint: `Prefix the path with the root's folder name: ${named.join(' or ')}.`,
    details: { roots },
  });
}

function shuttingDown(): LocusError {
  return new LocusError('SERVER_FAILED', 'Locus is shutting down (the client disconnected).', {
    hint: 'Reconnect to start a new session.',
  });
}
