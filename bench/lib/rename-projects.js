/**
 * The projects of the safe-renames section and each one's own checker: where the sources come from (the agreement
 * harness's cache, bench/lib/corpora.js, or Debian's `librust-base64-dev`), what a temp copy needs before the
 * language's tool can build it offline (jq's generated `version.h`, cobra's `pflag` vendored from Debian's gocode,
 * a tsconfig for immer's `src/`, base64 without its dev-dependencies), and the tool: its errors as keys
 * (`file: message`, positions dropped), so that a rename's errors are compared with the same tool's before it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSources, PROJECTS } from './corpora.js';
import { REPO } from './sources.js';

const CRATE = '/usr/share/cargo/registry/base64-0.13.0';
const GOCODE = '/usr/share/gocode/src';

/** @typedef {{ id: string, language: string, name: string, copy: (dest: string) => void, check: (root: string) => string[], files: string }} RenameProject */

function run(command, args, cwd, env = {}) {
  const r = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw new Error(`${command}: ${r.error.message}`);
  return `${r.stdout}\n${r.stderr}`;
}

/** `file:line:col: error: message` lines (gcc, g++, rustc's short format) as `file: message`. */
function compilerErrors(output, pattern = /^(.+?):\d+:\d+: (?:fatal )?error(?:\[\w+\])?: (.*)$/) {
  return output
    .split('\n')
    .map((line) => pattern.exec(line))
    .filter(Boolean)
    .map((m) => `${m[1]}: ${m[2]}`);
}

function listFiles(root, dir, test) {
  return readdirSync(path.join(root, dir))
    .filter(test)
    .map((f) => (dir ? `${dir}/${f}` : f))
    .sort();
}

function fromCache(id) {
  const project = PROJECTS.find((p) => p.id === id);
  return (dest) => {
    const got = ensureSources(project);
    if (got.skipped) throw new Error(got.skipped);
    cpSync(got.root, dest, { recursive: true });
    // The harness narrows the index to its compared files; renames need the whole project (tests, xmltest.cpp).
    if (id !== 'bash-completion') rmSync(path.join(dest, 'locus.config.json'), { force: true });
    if (project.flags) writeFileSync(path.join(dest, 'compile_flags.txt'), `${project.flags.join('\n')}\n`);
  };
}

function gccCheck(compiler, flags, files) {
  return (root) =>
    files(root).flatMap((file) => compilerErrors(run(compiler, ['-fsyntax-only', ...flags, file], root)));
}

/** @type {RenameProject[]} */
export const RENAME_PROJECTS = [
  {
    id: 'tinyxml2',
    language: 'cpp',
    name: 'tinyxml2 9.0.0',
    copy: fromCache('tinyxml2'),
    check: gccCheck('g++', ['-std=c++11'], () => ['tinyxml2.cpp', 'xmltest.cpp']),
    files: 'g++ -fsyntax-only tinyxml2.cpp xmltest.cpp',
  },
  {
    id: 'jq',
    language: 'c',
    name: 'jq 1.6',
    copy: (dest) => {
      fromCache('jq')(dest);
      writeFileSync(path.join(dest, 'src/version.h'), '#define JQ_VERSION "1.6"\n');
    },
    check: gccCheck('gcc', ['-std=gnu99', '-Isrc'], (root) =>
      listFiles(root, 'src', (f) => f.endsWith('.c')),
    ),
    files: 'gcc -fsyntax-only src/*.c',
  },
  {
    id: 'bash-completion',
    language: 'bash',
    name: 'bash-completion 2.11',
    copy: fromCache('bash-completion'),
    check: (root) =>
      ['bash_completion', ...listFiles(root, 'completions', (f) => !f.includes('.'))].flatMap((file) =>
        run('bash', ['-n', file], root)
          .split('\n')
          .filter((l) => l.startsWith(`${file}:`))
          .map((l) => l.replace(/: line \d+:/, ':')),
      ),
    files: 'bash -n bash_completion completions/*, and no word of the old name left in them',
  },
  {
    id: 'cobra',
    language: 'go',
    name: 'cobra 1.6.1',
    copy: (dest) => {
      fromCache('cobra')(dest);
      // Offline: pflag from Debian's gocode as the vendored module (mousetrap is Windows-only); doc/ needs md2man
      // and yaml.v3, not installed, and gopls refuses a rename while a package of the module has errors.
      rmSync(path.join(dest, 'doc'), { recursive: true, force: true });
      cpSync(path.join(GOCODE, 'github.com/spf13/pflag'), path.join(dest, 'vendor/github.com/spf13/pflag'), {
        recursive: true,
      });
      const modules = readFileSync(path.join(dest, 'go.mod'), 'utf8')
        .split('\n')
        .map((l) => /^\t(\S+) (\S+)$/.exec(l))
        .filter(Boolean)
        .map(
          ([, mod, v]) => `# ${mod} ${v}\n## explicit\n${mod === 'github.com/spf13/pflag' ? `${mod}\n` : ''}`,
        );
      writeFileSync(path.join(dest, 'vendor/modules.txt'), modules.join(''));
    },
    check: (root) => {
      const env = { GOFLAGS: '-mod=vendor', GOPROXY: 'off', GO111MODULE: 'on' };
      const out = run('go', ['build', '.'], root, env) + run('go', ['vet', '.'], root, env);
      return compilerErrors(out, /^(?:\.\/)?(\S+\.go):\d+:\d+: (.*)$/);
    },
    files: 'go build . and go vet . (tests included)',
  },
  {
    id: 'jinja2',
    language: 'python',
    name: 'Jinja2 3.1.2',
    copy: fromCache('jinja2'),
    check: (root) => {
      const files = listFiles(root, 'src/jinja2', (f) => f.endsWith('.py'));
      const compiled = run('python3', ['-m', 'py_compile', ...files], root);
      const json = run(path.join(REPO, 'node_modules/.bin/pyright'), ['--outputjson', 'src/jinja2'], root);
      const report = JSON.parse(json.slice(json.indexOf('{'), json.lastIndexOf('}') + 1));
      return [
        ...compiled.split('\n').filter((l) => /Error/.test(l)),
        ...report.generalDiagnostics
          .filter((d) => d.severity === 'error')
          .map((d) => `${path.relative(root, d.file)}: ${d.message}`),
      ];
    },
    files: 'python3 -m py_compile src/jinja2/*.py and pyright src/jinja2',
  },
  {
    id: 'immer',
    language: 'typescript',
    name: 'immer 11.2.10',
    copy: (dest) => {
      fromCache('immer')(dest);
      const compilerOptions = {
        target: 'es2020',
        module: 'esnext',
        moduleResolution: 'bundler',
        strict: true,
      };
      const config = {
        compilerOptions: { ...compilerOptions, noEmit: true, skipLibCheck: true },
        include: ['src'],
      };
      writeFileSync(path.join(dest, 'tsconfig.json'), JSON.stringify(config, null, 1));
    },
    check: (root) =>
      compilerErrors(
        run(path.join(REPO, 'node_modules/.bin/tsc'), ['-p', '.', '--pretty', 'false'], root),
        /^(.+?)\(\d+,\d+\): error TS\d+: (.*)$/,
      ),
    files: 'tsc -p . (typescript 5.9, src/)',
  },
  {
    id: 'base64',
    language: 'rust',
    name: 'base64 0.13.0 (librust-base64-dev)',
    copy: (dest) => {
      if (!existsSync(CRATE))
        throw new Error('apt-get install -y --no-install-recommends librust-base64-dev');
      cpSync(CRATE, dest, { recursive: true });
      const manifest = path.join(dest, 'Cargo.toml');
      const kept = readFileSync(manifest, 'utf8').replace(
        /\n\[dev-dependencies\.[^\]]+\]\n(?:[^[\n][^\n]*\n?)*/g,
        '\n',
      );
      writeFileSync(manifest, kept);
      mkdirSync(path.join(dest, 'target'), { recursive: true });
    },
    check: (root) =>
      compilerErrors(
        run('/usr/bin/cargo', ['check', '--offline', '--message-format', 'short'], root, {
          RUSTFLAGS: '--cap-lints warn',
        }),
      ),
    files: 'cargo check --offline (the library; tests need rand, not installed)',
  },
];
