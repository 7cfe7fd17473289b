/**
 * Outline from the TypeScript compiler's parser (docs/locate-strings.md, "Which declarations are symbols"): used for TS/TSX/JS files whose
 * tree-sitter tree has errors (tree-sitter-typescript 0.23 cannot parse `<in T>`/`<out T>` and some
 * signatures). It emits the same candidates the tree-sitter queries and hooks do and nests them with
 * the same engine, so both outlines agree on error-free files. `typescript` is imported lazily.
 */
import type * as TS from 'typescript';
import type { Span } from '../core/positions.js';
import type { Outline } from '../locate/outline.js';
import type { FallbackSymbols, LanguageHooks, PlacedCandidate } from './hooks.js';
import { nestCandidates } from './nesting.js';
import { TsWalker } from './ts-walker.js';
import { WARM_UP_TEXT } from './ts-warm-up.js';

let loading: Promise<typeof TS> | undefined;
/**
 * Parses of the warm-up text when the compiler is loaded: one made the next fallback parses 2× faster, 20 about
 * 3× (V8 optimises the parser only after many calls), for ~8 ms each (docs/performance.md, "broken code").
 */
const WARM_UP_ROUNDS = 10;

/** The TypeScript module, imported on first use and warmed up once (see `ts-warm-up.ts`). */
function loadTypescript(): Promise<typeof TS> {
  loading ??= import('typescript').then((module) => {
    const ts = (module as unknown as { default?: typeof TS }).default ?? (module as typeof TS);
    for (let round = 0; round < WARM_UP_ROUNDS; round++) walk(ts, 'typescript', WARM_UP_TEXT);
    return ts;
  });
  return loading;
}

/**
 * Outline of a TS/TSX/JS text built with the TypeScript compiler's parser, nested by the language's `hooks` (the
 * caller's: the hooks module imports this one on demand, so this one does not import it back).
 */
export async function typescriptOutline(
  languageId: string,
  text: string,
  hooks: LanguageHooks,
): Promise<Outline> {
  const { candidates, errors } = await typescriptSymbols(languageId, text);
  return { language: languageId, symbols: nestCandidates(candidates, [], hooks), errors };
}

/** The candidates (and parse errors) the TypeScript compiler's parser finds in a text. */
export async function typescriptSymbols(languageId: string, text: string): Promise<FallbackSymbols> {
  return walk(await loadTypescript(), languageId, text);
}

function walk(ts: typeof TS, languageId: string, text: string): FallbackSymbols {
  const kind =
    languageId === 'typescript'
      ? ts.ScriptKind.TS
      : languageId === 'tsx'
        ? ts.ScriptKind.TSX
        : ts.ScriptKind.JSX;
  const fileName = languageId === 'typescript' ? 'file.ts' : languageId === 'tsx' ? 'file.tsx' : 'file.jsx';
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const candidates: PlacedCandidate[] = new TsWalker(ts, sourceFile, text).run();
  return { candidates, errors: parseErrors(sourceFile) };
}

function parseErrors(sourceFile: TS.SourceFile): Span[] {
  const diagnostics =
    (sourceFile as unknown as { parseDiagnostics?: readonly TS.Diagnostic[] }).parseDiagnostics ?? [];
  return diagnostics
    .filter((d) => d.start !== undefined)
    .map((d) => ({ start: d.start as number, end: (d.start as number) + (d.length ?? 0) }));
}
