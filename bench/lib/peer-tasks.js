/**
 * The task families of the peer answer-size comparison (issue 26), per fixture language: each task says how Locus
 * and each peer are asked (through the peer's own tool and inputs, positions from `<|>` text anchors) and what a
 * correct answer must mention (places as file + 1-based line, or text), and what it must not (the same-named
 * method of the other class).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The names each fixture project uses for the same code (test/fixtures/<language>/ops). */
const NAMES = {
  typescript: {
    ext: 'ts',
    make: 'makeCircle',
    area: 'area',
    use: 'makeCi<|>rcle(2',
    circleArea: 'ar<|>ea(): number {\n    return PI',
    squareArea: 'ar<|>ea(): number {\n    return this.side',
    makeDef: 'function <|>makeCircle',
    hover: 'radius: number',
    kind: 'method',
  },
  python: {
    ext: 'py',
    make: 'make_circle',
    area: 'area',
    use: 'make_ci<|>rcle(2',
    circleArea: 'def <|>area(self) -> float:\n        return PI',
    squareArea: 'def <|>area(self) -> float:\n        return self.side',
    makeDef: 'def <|>make_circle',
    hover: 'radius: float',
    kind: 'method',
  },
  go: {
    ext: 'go',
    make: 'MakeCircle',
    area: 'Area',
    use: 'MakeCi<|>rcle(2',
    circleArea: ') <|>Area() float64 {\n\treturn Pi',
    squareArea: ') <|>Area() float64 {\n\treturn s.Side',
    makeDef: 'func <|>MakeCircle',
    hover: 'radius float64',
    kind: 'method',
  },
};

/** 1-based line and UTF-16 character of a `<|>` anchor in a file (one match, else it throws). */
export function anchorAt(root, file, anchor) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const needle = anchor.replace('<|>', '');
  const at = text.indexOf(needle);
  if (at < 0 || text.indexOf(needle, at + 1) >= 0) throw new Error(`anchor ${anchor} not unique in ${file}`);
  const offset = at + anchor.indexOf('<|>');
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, character: before.at(-1).length + 1 };
}

/**
 * The tasks for one language on the project copy at `root`. Each task: `family`, `expect` (places / strings a
 * correct answer mentions), `forbid` (places it must not), and per tool `[toolName, arguments]` (absent: the tool
 * has no such family).
 */
export function tasksFor(language, root) {
  const n = NAMES[language];
  const main = `main.${n.ext}`;
  const shapes = `shapes.${n.ext}`;
  const abs = (file) => path.join(root, file);
  const use = anchorAt(root, main, n.use);
  const circleArea = anchorAt(root, shapes, n.circleArea);
  const squareArea = anchorAt(root, shapes, n.squareArea);
  const makeDef = anchorAt(root, shapes, n.makeDef);
  const areaUses = readFileSync(abs(main), 'utf8')
    .split('\n')
    .flatMap((text, i) => (text.includes(`circle.${n.area}()`) ? [{ file: main, line: i + 1 }] : []));
  const circleAreaPlace = { file: shapes, line: circleArea.line };
  const squareAreaPlace = { file: shapes, line: squareArea.line };
  const useLocate = `${main}@${n.use}`;
  const circleAreaLocate = `${shapes}:Circle.${n.area}`;
  return [
    {
      family: 'definition',
      expect: [{ file: shapes, line: makeDef.line }],
      locus: ['definition', { locate: useLocate }],
      cclsp: ['find_definition', { file_path: abs(main), symbol_name: n.make }],
      lsmcp: ['lsp_get_definitions', { root, relativePath: main, line: use.line, symbolName: n.make }],
    },
    {
      family: 'references',
      expect: areaUses,
      forbid: [squareAreaPlace],
      locus: ['references', { locate: circleAreaLocate }],
      cclsp: ['find_references', { file_path: abs(shapes), symbol_name: n.area, symbol_kind: n.kind }],
      lsmcp: [
        'lsp_find_references',
        { root, relativePath: shapes, line: circleArea.line, symbolName: n.area },
      ],
    },
    {
      family: 'hover',
      expect: [n.hover],
      locus: ['hover', { locate: useLocate }],
      cclsp: ['get_hover', { file_path: abs(main), line: use.line, character: use.character }],
      lsmcp: ['lsp_get_hover', { root, relativePath: main, line: use.line, textTarget: n.make }],
    },
    {
      family: 'rename preview',
      expect: [circleAreaPlace, ...areaUses],
      forbid: [squareAreaPlace],
      locus: ['rename', { locate: circleAreaLocate, new_name: 'surface' }],
      cclsp: [
        'rename_symbol_strict',
        { file_path: abs(shapes), ...circleArea, new_name: 'surface', dry_run: true },
      ],
      // lsmcp has no preview: it applies the rename (on its own copy, restored after the call).
      lsmcp: [
        'lsp_rename_symbol',
        { root, relativePath: shapes, line: circleArea.line, textTarget: n.area, newName: 'surface' },
      ],
      applies: ['lsmcp'],
    },
    {
      family: 'call hierarchy (incoming)',
      expect: ['report'],
      locus: ['call_hierarchy', { locate: `${shapes}:${n.make}`, direction: 'incoming' }],
      cclsp: ['get_incoming_calls', { file_path: abs(shapes), ...makeDef }],
    },
    {
      family: 'outline',
      expect: [circleAreaPlace, squareAreaPlace, { file: shapes, line: makeDef.line }, 'Circle', 'Square'],
      locus: ['outline', { file_path: shapes }],
      lsmcp: ['lsp_get_document_symbols', { root, relativePath: shapes }],
    },
    {
      family: 'workspace symbols',
      expect: [circleAreaPlace, squareAreaPlace],
      locus: ['find_symbol', { query: n.area }],
      cclsp: ['find_workspace_symbols', { query: n.area }],
      lsmcp: ['lsp_get_workspace_symbols', { root, query: n.area }],
    },
  ];
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether an answer mentions a place (file + 1-based line) in any of the peers' and Locus's forms:
 * `file:line[:col]` / `file#Lline`, or a line naming the file followed (before the next file) by `Line N`,
 * `line N`, `Range: N:`, or a row that starts with `N:`, `N-` or `N+` (a source or diff line).
 */
export function mentionsPlace(text, { file, line }) {
  const name = escape(file);
  if (new RegExp(`${name}(?::|#L)${line}(?!\\d)`).test(text)) return true;
  let inFile = false;
  for (const row of text.split('\n')) {
    if (new RegExp(`(?:^|[\\s/"'\`(])${name}(?!\\w|:\\d)`).test(row)) inFile = true;
    else if (/\.(?:ts|py|go)\b/.test(row) && !/Line|Range/.test(row)) inFile = false;
    if (!inFile) continue;
    if (new RegExp(`(?:\\b[Ll]ine |Range: )${line}(?!\\d)`).test(row)) return true;
    if (new RegExp(`^\\s*(?:- )?${line}[-+:]`).test(row)) return true;
  }
  return false;
}

/** Correct: every expected place or text mentioned, no forbidden place. */
export function judge(text, task) {
  const has = (fact) => (typeof fact === 'string' ? text.includes(fact) : mentionsPlace(text, fact));
  const missing = task.expect.filter((fact) => !has(fact));
  const extra = (task.forbid ?? []).filter((fact) => has(fact));
  const show = (f) => (typeof f === 'string' ? `"${f}"` : `${f.file}:${f.line}`);
  if (missing.length === 0 && extra.length === 0) return { ok: true };
  return {
    ok: false,
    why: [
      ...(missing.length ? [`misses ${missing.map(show).join(', ')}`] : []),
      ...(extra.length ? [`also ${extra.map(show).join(', ')} (the other class's method)`] : []),
    ].join('; '),
  };
}
