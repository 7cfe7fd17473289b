/**
 * Where each operation is asked in the fixture projects under test/fixtures/<lang>/ops/ (read-only: the
 * benchmark copies them to a temp dir). The positions are the ones the operation tests use.
 */
export const OPS_CASES = [
  {
    language: 'python',
    server: 'pyright',
    fixture: 'python/ops',
    definition: 'main.py@make_<|>circle(2.0)',
    references: 'shapes.py:Circle.area',
    hover: 'main.py@make_<|>circle(2.0)',
    completion: 'main.py@total = circle.<|>area',
    signatureHelp: 'main.py@make_circle(<|>2.0)',
    rename: ['shapes.py:Circle.area', 'surface'],
  },
  {
    language: 'typescript',
    server: 'typescript',
    fixture: 'typescript/ops',
    definition: 'main.ts@makeCi<|>rcle(2)',
    references: 'shapes.ts:Circle.area',
    hover: 'main.ts@makeCi<|>rcle(2)',
    completion: 'main.ts@total = circle.<|>area',
    signatureHelp: 'main.ts@makeCircle(<|>2)',
    rename: ['shapes.ts:Circle.area', 'surface'],
  },
  {
    language: 'javascript',
    server: 'typescript',
    fixture: 'javascript/ops',
    definition: 'main.js@makeCi<|>rcle(2)',
    references: 'shapes.js:Circle.area',
    hover: 'main.js@makeCi<|>rcle(2)',
    completion: 'main.js@total = circle.<|>area',
    signatureHelp: 'main.js@makeCircle(<|>2)',
    rename: ['shapes.js:Circle.area', 'surface'],
  },
  {
    language: 'go',
    server: 'gopls',
    fixture: 'go/ops',
    definition: 'main.go@MakeCi<|>rcle(2',
    references: 'shapes.go:Circle.Area',
    hover: 'main.go@MakeCi<|>rcle(2',
    completion: 'main.go@total := circle.<|>Area',
    signatureHelp: 'main.go@MakeCircle(<|>2',
    rename: ['shapes.go:Circle.Area', 'Surface'],
  },
  {
    language: 'c',
    server: 'clangd',
    fixture: 'c/ops',
    definition: 'main.c@make_<|>circle(2.0',
    references: 'shapes.c:area',
    hover: 'main.c@make_<|>circle(2.0',
    completion: 'main.c@total, c.<|>radius',
    signatureHelp: 'main.c@make_circle(<|>2.0',
    rename: ['shapes.c:area', 'disc_area'],
  },
  {
    language: 'bash',
    server: 'bash',
    fixture: 'bash/ops',
    definition: 'main.sh@c=$(circle_<|>area 2)',
    references: 'lib.sh:circle_area',
    hover: 'lib.sh@  <|>echo "$PI',
    completion: 'main.sh@s=$(squ<|>are_area',
    signatureHelp: 'main.sh@c=$(circle_area <|>2)',
    rename: ['lib.sh:circle_area', 'disc_area'],
  },
];

/** Operation name → the Session methods it sends (their `timing.requestMs` add up to the raw LSP cost). */
export const SESSION_METHODS = {
  definition: ['definition'],
  references: ['references'],
  hover: ['hover'],
  completion: ['completion'],
  signatureHelp: ['signatureHelp'],
  rename: ['prepareRename', 'rename'],
};
