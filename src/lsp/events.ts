/**
 * What the LSP layer reports while it works: progress events for the calls waiting on a server (server
 * starting, project loading with the server's own `$/progress` percentages, ready) and log events for whoever
 * watches the whole process (start, stop, restart, crash, timeout). See docs/mcp.md ("Progress", "Logging").
 */
import { emitProgress, type ProgressEvent, type ProgressListener } from '../core/call.js';

/** One log line about a server's life. */
export interface LspLogEvent {
  level: 'debug' | 'info' | 'warning' | 'error';
  /** Server name (e.g. `pyright`). */
  server: string;
  message: string;
}

/** Receives log events; must not throw. */
export type LspLogListener = (event: LspLogEvent) => void;

/** The progress listeners of the calls currently waiting on one server. */
export class ProgressHub {
  private readonly listeners = new Set<ProgressListener>();

  /** Adds a listener until the returned function is called. */
  subscribe(listener: ProgressListener | undefined): () => void {
    if (listener === undefined) return () => undefined;
    const entry: ProgressListener = (event) => listener(event);
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  /** Sends an event to every listener. */
  emit(event: ProgressEvent): void {
    for (const listener of this.listeners) emitProgress(listener, event);
  }
}

/** Turns `$/progress` values into project-loading events, remembering each token's title. */
export class ServerProgress {
  private readonly titles = new Map<string, string>();

  constructor(
    private readonly server: string,
    private readonly emit: (event: ProgressEvent) => void,
  ) {}

  /** Feeds one `$/progress` notification. */
  progress(token: string | number, value: unknown): void {
    if (typeof value !== 'object' || value === null) return;
    const report = value as { kind?: string; title?: string; message?: string; percentage?: number };
    const key = String(token);
    if (report.kind === 'begin') this.titles.set(key, report.title ?? 'working');
    const title = this.titles.get(key);
    if (title === undefined) return;
    if (report.kind === 'end') this.titles.delete(key);
    const detail = report.kind === 'end' ? undefined : report.message;
    const event: ProgressEvent = {
      kind: 'project-loading',
      source: this.server,
      message: `${this.server}: ${title}${detail ? ` (${detail})` : ''}${report.kind === 'end' ? ' done' : ''}`,
    };
    if (typeof report.percentage === 'number') event.percentage = report.percentage;
    else if (report.kind === 'end') event.percentage = 100;
    this.emit(event);
  }
}
