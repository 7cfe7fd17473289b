/**
 * The stderr status line: the real binary with python served by the scripted fake server (a project load with
 * `$/progress` percentages): `--progress` shows start, loading and ready on stderr and nothing on stdout;
 * `--quiet` and a non-terminal stderr show nothing. The terminal form is checked on a fake TTY stream and, for the
 * order of the status line and the answer, on a pseudo-terminal.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { erasingFirst, err } from '../../src/cli/io.js';
import { processIo } from '../../src/cli/process-io.js';
import { statusLine, statusText } from '../../src/cli/status-line.js';
import { ensureBuilt, FAKE_SERVER, REPO, removeDir, tempDir } from '../mcp/support.js';

/** The cases, run in-process by ./status-line.test.ts and through the background Locus by ./status-line.daemon.test.ts. */
export function statusLineCases(): void {
  let ws: string;

  beforeAll(async () => {
    await ensureBuilt();
    ws = tempDir('status');
    mkdirSync(path.join(ws, 'py'));
    writeFileSync(path.join(ws, 'py', 'app.py'), 'def slow():\n    return slow()\n');
    const args = [FAKE_SERVER, '--ready-after=200', '--load-progress'];
    writeFileSync(
      path.join(ws, 'locus.config.json'),
      JSON.stringify({ languages: { python: { server: 'pyright', command: process.execPath, args } } }),
    );
  });

  afterAll(() => removeDir(ws));

  function hover(...flags: string[]): { code: number; stdout: string; stderr: string } {
    const bin = path.join(REPO, 'bin', 'locus.js');
    const run = spawnSync(
      process.execPath,
      // --trust: the config names the fake server's command (docs/configuration.md, "Workspace trust").
      // references waits for the project load (hover may answer before it), so every stage is shown.
      [bin, 'references', 'py/app.py:slow@return <|>slow', '--root', ws, '--trust', ...flags],
      {
        encoding: 'utf8',
        timeout: 600_000,
      },
    );
    return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
  }

  it('--progress: start, the server’s loading percentages and ready on stderr, nothing on stdout', () => {
    const run = hover('--progress');
    expect(run.code, run.stderr).toBe(0);
    // The fake server is a configured command, so it is named after that command (not pyright, its adapter).
    expect(run.stderr).toMatch(/^locus: starting python server \(.+\)…$/m);
    expect(run.stderr).toMatch(/^locus: python server \(.+\): Loading project \(1\/2 files\) 50%…$/m);
    expect(run.stderr).toMatch(
      /^locus: python server \(.+\) ready after [\d.]+ s \(Found 2 source files\)$/m,
    );
    expect(run.stdout).not.toMatch(/starting|Loading|locus:/);
  });

  it('no status on a non-terminal stderr by default, none with --quiet', () => {
    for (const flags of [[], ['--progress', '--quiet']]) {
      const run = hover(...flags);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toBe('');
    }
  });

  it('on a terminal: one line rewritten in place, dimmed unless NO_COLOR, erased at the end', () => {
    for (const env of [{}, { NO_COLOR: '1' }]) {
      let written = '';
      const stream = { isTTY: true, columns: 60, write: (s: string) => (written += s) } as never;
      const status = statusLine({ progress: false, quiet: false, stream, env });
      status.onProgress?.({ kind: 'server-starting', source: 'gopls', message: 'starting gopls' });
      status.onProgress?.({ kind: 'index', message: 'indexing', done: 3, total: 10 });
      status.done();
      expect(written).not.toContain('\n');
      expect(written.endsWith('\r\x1b[K')).toBe(true);
      expect(written.includes('\x1b[2m')).toBe(!('NO_COLOR' in env));
      expect(written).toContain('locus: indexing 3/10…');
    }
    expect(statusText({ kind: 'project-loading', message: 'x', percentage: 49.6 })).toBe('x 50%…');
  });

  it('the line is erased before any other output, and drawn again by the next event', () => {
    let written = '';
    const stream = { isTTY: true, columns: 60, write: (s: string) => (written += s) } as never;
    const status = statusLine({ progress: false, quiet: false, stream, env: { NO_COLOR: '1' } });
    const io = erasingFirst(processIo(), status.erase);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      status.onProgress?.({ kind: 'index', message: 'indexing', done: 3, total: 10 });
      err(io, 'locus: a warning');
      expect(stderr).toHaveBeenCalledWith('locus: a warning\n');
      expect(written).toBe('\r\x1b[Klocus: indexing 3/10…\r\x1b[K');
      status.erase();
      expect(written).toBe('\r\x1b[Klocus: indexing 3/10…\r\x1b[K');
      status.onProgress?.({ kind: 'index', message: 'indexing', done: 4, total: 10 });
      expect(written.endsWith('\r\x1b[Klocus: indexing 4/10…')).toBe(true);
    } finally {
      stderr.mockRestore();
    }
  });

  // On a real pseudo-terminal (util-linux `script`), stdout and stderr interleave as a user sees them.
  it('on a pseudo-terminal the answer starts on a line of its own, after the status line is erased', () => {
    const repo = tempDir('status-pty');
    try {
      writeFileSync(path.join(repo, 'x.h'), 'int f(void);\n');
      const bin = path.join(REPO, 'bin', 'locus.js');
      const command = [process.execPath, bin, 'symbols', 'f', '--root', repo].map((a) => `'${a}'`).join(' ');
      const run = spawnSync('script', ['-qfec', command, '/dev/null'], {
        encoding: 'utf8',
        timeout: 600_000,
        env: { ...process.env, NO_COLOR: '1', LOCUS_CACHE_DIR: path.join(repo, '.cache') },
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('locus: indexing files');
      const answer = run.stdout.indexOf('1 symbol(s) match');
      expect(answer).toBeGreaterThan(0);
      expect(run.stdout.slice(0, answer).endsWith('\r\x1b[K')).toBe(true);
    } finally {
      removeDir(repo);
    }
  });
}
