/**
 * One shared suite run against each real language server on its fixture project: start, definition across files,
 * complete references after readiness, hover, documentSymbol, out-of-band edits, clean shutdown. The call under
 * test sits on a line with an emoji and an accented letter before it, so every server's positions are checked in
 * UTF-16 (TypeScript 7 negotiates utf-8, and clangd does when configured to).
 */
import { appendFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LspManager } from '../../src/lsp/manager.js';
import type { LspConfig } from '../../src/lsp/config.js';
import type { Session } from '../../src/lsp/session.js';
import { describeWithServer, type ConfiguredServer } from '../helpers/require-server.js';
import { watchServerChildren } from './child-watch.js';
import {
  at,
  copyProject,
  fixtureProject,
  processesInGroup,
  read,
  removeDir,
  spot,
  spots,
} from './support.js';

/** One language's expectations, all positions given as text anchors. */
export interface ServerCase {
  title: string;
  /** The built-in adapter id the session must have (`configured:<language>` for a server given by command). */
  adapter: string;
  /** For a server given by command: the command and its install line (missing → loud skip, or failure in CI). */
  configured?: ConfiguredServer;
  fixture: string;
  config?: Partial<LspConfig>;
  /** The file with the call, and the file the call goes to. */
  main: string;
  lib: string;
  /** Anchor of the call in `main` (on the emoji line). */
  call: string;
  definition: [file: string, anchor: string];
  references: [file: string, anchor: string][];
  hoverIncludes: string;
  symbol: string;
  lineComment: string;
  encoding?: string;
  /**
   * A problem the server reports with every project on this machine, which marks its answers possibly incomplete
   * (rust-analyzer without the standard library's sources: "can't load standard library").
   */
  acceptedProblem?: RegExp;
  /**
   * A file created on disk and then reported (`created`), which calls the symbol: the next references answer must
   * hold the call at `anchor`, however the server learns of new files (pyright adds them on a timer).
   */
  created?: { file: string; text: string; anchor: string };
  /** The server must leave the project's files as they were (no index or cache folder written into it). */
  projectUntouched?: boolean;
}

/** Registers the suite for one case (skipped loudly, or failed under CI, when the server is missing). */
export function serverSuite(c: ServerCase): void {
  describeWithServer(c.configured ?? c.adapter, `${c.title} against the real server`, () => {
    let root = '';
    let manager: LspManager;
    let session: Session;
    let watch: ReturnType<typeof watchServerChildren> | undefined;
    const main = (): string => join(root, c.main);
    const text = (): string => read(root, c.main);

    beforeAll(() => {
      root = copyProject(c.fixture);
      watch = watchServerChildren();
      // The suite checks what a server answers once ready, beside other work too (CONTRIBUTING.md, "Tests"): the
      // readiness wait gets a cap against a real hang, not the 15 s default (rust-analyzer's project load took longer
      // at load 11, and its references came back marked incomplete).
      manager = new LspManager({ workspaceRoot: root, config: { readyTimeoutMs: 300_000, ...c.config } });
      session = manager.forFile(main()) as Session;
    });
    afterAll(async () => {
      watch?.stop();
      await manager?.closeAll();
      removeDir(root);
    });

    it('starts lazily and negotiates an encoding', async () => {
      expect(session.info().running).toBe(false);
      await session.start();
      const info = session.info();
      expect(info.running).toBe(true);
      expect(info.server).toBe(c.adapter);
      if (c.encoding !== undefined) expect(info.encoding).toBe(c.encoding);
    });

    it('finds the definition in the other file', async () => {
      const answer = await session.definition(main(), text(), at(text(), c.call));
      expect(spots(root, answer.result)).toContain(spot(root, ...c.definition));
      expect(answer.timing.requestMs).toBeGreaterThanOrEqual(0);
    });

    it('finds every reference once ready, in UTF-16 columns', async () => {
      const answer = await session.references(main(), text(), at(text(), c.call));
      if (answer.possiblyIncomplete || c.acceptedProblem === undefined)
        expect(answer.incompleteReason ?? 'complete').toMatch(c.acceptedProblem ?? /^complete$/);
      expect(spots(root, answer.result)).toEqual(
        c.references.map(([file, anchor]) => spot(root, file, anchor)).sort(),
      );
    });

    it('hovers with the symbol name', async () => {
      const answer = await session.hover(main(), text(), at(text(), c.call));
      expect(JSON.stringify(answer.result?.contents ?? '')).toContain(c.hoverIncludes);
    });

    it('lists document symbols', async () => {
      const answer = await session.documentSymbol(main(), text());
      expect(answer.possiblyIncomplete).toBe(false);
      expect(JSON.stringify(answer.result)).toContain(`"name":"${c.symbol}"`);
    });

    it('gets the text Locus wrote from Locus, not from its own look at the disk', async (context) => {
      // Only where the session's adapter hands a changed file's text to the server itself (`opensChangedFiles`: the
      // server ignores `didChangeWatchedFiles` for files it has not open, or acts on it late); the others read disk.
      if (session.adapter.opensChangedFiles !== true) context.skip();
      const lib = join(root, c.lib);
      const onDisk = read(root, c.lib);
      // Not written to disk: only what Locus tells the server can move the definition down a line.
      const told = `${c.lineComment} told, not written\n${onDisk}`;
      await manager.documentChanged(lib, told);
      const definition = await session.definition(main(), text(), at(text(), c.call));
      const { line, character } = at(told, c.definition[1]);
      expect(spots(root, definition.result)).toContain(`${c.definition[0]}:${line}:${character}`);
      await manager.documentChanged(lib, onDisk);
    });

    it('answers from the current text after files change on disk', async () => {
      const lib = join(root, c.lib);
      writeFileSync(lib, `${c.lineComment} edited out of band\n${read(root, c.lib)}`);
      await manager.notifyFilesChanged([{ path: lib, kind: 'changed' }]);
      writeFileSync(main(), `${c.lineComment} edited too\n${text()}`);
      const position = at(text(), c.call);
      const definition = await session.definition(main(), text(), position);
      expect(spots(root, definition.result)).toContain(spot(root, ...c.definition));
      const references = await session.references(main(), text(), position);
      expect(spots(root, references.result)).toEqual(
        c.references.map(([file, anchor]) => spot(root, file, anchor)).sort(),
      );
      appendFileSync(main(), `\n`);
    });

    it('answers references from a file created on disk as soon as it is reported', async (context) => {
      if (c.created === undefined) return context.skip();
      const { file, text: body, anchor } = c.created;
      const path = join(root, file);
      writeFileSync(path, body);
      const call = spot(root, file, anchor);
      await manager.notifyFilesChanged([{ path, kind: 'created' }]);
      const references = await session.references(main(), text(), at(text(), c.call));
      expect(spots(root, references.result)).toContain(call);
      // Gone again, so that the references the later tests expect stay the fixture's.
      rmSync(path);
      await manager.notifyFilesChanged([{ path, kind: 'deleted' }]);
      const after = await session.references(main(), text(), at(text(), c.call));
      expect(spots(root, after.result)).not.toContain(call);
    });

    it('sees content Locus wrote when told through documentChanged', async () => {
      const lib = join(root, c.lib);
      const written = `${c.lineComment} applied by Locus\n${read(root, c.lib)}`;
      writeFileSync(lib, written);
      await manager.documentChanged(lib, written);
      let definition = await session.definition(main(), text(), at(text(), c.call));
      // A server still processing the change says its answer may be incomplete (on a busy machine rust-analyzer
      // does): asked again, as an agent told so would. An answer not marked so must be right the first time.
      for (let tries = 0; tries < 10 && definition.possiblyIncomplete === true; tries++) {
        if (spots(root, definition.result).includes(spot(root, ...c.definition))) break;
        definition = await session.definition(main(), text(), at(text(), c.call));
      }
      expect(spots(root, definition.result)).toContain(spot(root, ...c.definition));
    });

    it('started no downloader (npm, pip, go get, …) under the server during the suite', () => {
      expect(watch?.stop()).toEqual([]);
    });

    it.runIf(c.projectUntouched === true)('wrote nothing into the project', () => {
      expect(readdirSync(root).sort()).toEqual(readdirSync(fixtureProject(c.fixture)).sort());
    });

    it('leaves no process behind after closeAll', async () => {
      const pid = session.info().pid as number;
      expect(processesInGroup(pid).length).toBeGreaterThan(0);
      await manager.closeAll();
      expect(processesInGroup(pid)).toEqual([]);
    });
  });
}
