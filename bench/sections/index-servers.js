/**
 * The language-server side of the index section: the same exact-name queries through `workspace/symbol`
 * (gopls, TypeScript 7) — cold time to the first complete answer, warm latency, and which server results
 * Locus's index also has (variables declared inside function bodies counted apart: Locus indexes
 * declarations, not locals).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { missClassifier } from '../lib/miss-kinds.js';
import { now, summarize } from '../lib/stats.js';

/** The same exact-name queries through the language server's workspace/symbol. */
export async function serverSide(ctx, corpus, names, locus) {
  const manager = new ctx.lib.lsp.LspManager({
    workspaceRoot: corpus.serverRoot,
    config: { requestTimeoutMs: 600_000, readyTimeoutMs: 600_000 },
  });
  const probe = path.join(corpus.serverRoot, corpus.probe);
  try {
    const start = now();
    const session = manager.sessionFor(probe);
    await session.waitUntilReady(600_000, { absPath: probe, text: readFileSync(probe, 'utf8') });
    const first = await session.rawRequest('workspace/symbol', { query: names[0] });
    const coldMs = now() - start;
    const warm = [];
    let serverExact = 0;
    let agreed = 0;
    let locals = 0;
    const misses = [];
    /** Results Locus leaves out by design (docs/languages.md), counted by kind. */
    const leftOut = {};
    const classify = await missClassifier(corpus.serverRoot);
    const { index } = await locus.index.ready();
    for (const name of names) {
      const answer = await session.rawRequest('workspace/symbol', { query: name });
      warm.push(answer.ms);
      const ours = await locus.symbols(name, { limit: 500 });
      const mine = ours.ok ? ours.hits.filter((h) => h.name === name) : [];
      for (const item of answer.result ?? []) {
        const itemName = String(item.name).split('.').pop();
        if (itemName !== name || !item.location?.uri) continue;
        const file = path.relative(corpus.serverRoot, fileURLToPath(item.location.uri));
        if (file.startsWith('..') || /(^|\/)(vendor|testdata|node_modules)\//.test(file)) continue;
        serverExact++;
        const range = item.location.range;
        const hit = mine.some(
          (h) =>
            h.file_path === file &&
            (!range || (h.line - 1 >= range.start.line && h.line - 1 <= range.end.line)),
        );
        if (hit) agreed++;
        else if (isLocal(index, corpus.root, file, item)) locals++;
        else {
          const kind = range ? await classify(file, range.start) : 'miss';
          if (kind !== 'miss') leftOut[kind] = (leftOut[kind] ?? 0) + 1;
          else if (misses.length < 5) misses.push(`${name} ${file}:${(range?.start.line ?? -1) + 1}`);
        }
      }
    }
    return {
      server: corpus.server,
      coldMs,
      firstCount: (first.result ?? []).length,
      warm: summarize(warm),
      serverExact,
      agreed,
      locals,
      leftOut,
      misses,
    };
  } catch (error) {
    return { server: corpus.server, error: String(error.message ?? error) };
  } finally {
    await manager.closeAll();
  }
}

const LOCAL_KINDS = new Set([13, 14]); // Variable, Constant
const BODY_KINDS = new Set(['function', 'method', 'constructor', 'property']);

/** A server result that is a variable declared inside a function body (Locus indexes declarations, not locals). */
function isLocal(index, root, file, item) {
  if (!LOCAL_KINDS.has(item.kind) || !item.location?.range) return false;
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    return false;
  }
  let offset = 0;
  for (let line = 0; line < item.location.range.start.line && offset >= 0; line++)
    offset = text.indexOf('\n', offset) + 1;
  // Indented: declared inside a body, maybe of an anonymous callback (`test(() => { const before … })`).
  if (/^[ \t]/.test(text.slice(offset, offset + 1))) return true;
  return index.store
    .symbolsOf(file)
    .some((s) => BODY_KINDS.has(s.kind) && s.fullStart < offset && offset < s.fullEnd);
}
