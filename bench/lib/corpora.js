/**
 * The real projects of the agreement harness (docs/languages.md, "Agreement with the servers on real projects"):
 * each one's release, where its sources come from (a Debian source package's upstream tarball through
 * `apt-get source --tar-only`, an npm tarball through `npm pack`, or — for a Python library Debian ships as
 * sources — a binary package through `apt-get download`, unpacked with `dpkg-deb -x` into `dir`), which of its files are compared, and the
 * reference that names their symbols. Sources are fetched once into the user cache (`$LOCUS_AGREEMENT_CACHE`, else
 * `$XDG_CACHE_HOME/locus-agreement`, else `~/.cache/locus-agreement`) and reused by every later run; a project
 * whose sources cannot be fetched is skipped with the reason and the command that would fetch it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import ignore from 'ignore';
import picomatch from 'picomatch';

/**
 * @typedef {{
 *   id: string, name: string, language: string,
 *   apt?: string, npm?: string, deb?: string, tarball: string, dir: string,
 *   glob: string, exclude?: string, reference: 'clangd' | 'gopls' | 'pyright' | 'typescript' | 'bash',
 *   flags?: string[], finds: string[], sample: string, quick: string,
 * }} Project
 */

/**
 * The projects. `tarball`: the upstream archive that must come down (its name pins the release); `dir`: the folder
 * it unpacks to; `glob`: the compared files (as `search` takes them, less what the project's `.gitignore` leaves
 * out); `exclude`: files of the glob left out of both the comparison and the workspace index (`narrowIndex`);
 * `flags`: clangd's compile flags; `finds`: the texts `search` must find exactly where `grep` does; `sample`: the file whose reference the
 * suite re-records from the live server to prove the stored one current; `quick`: the files the suite compares
 * (`--quick`: the files of the issues the harness pins and a few more), where the bench compares them all.
 * @type {Project[]}
 */
export const PROJECTS = [
  {
    id: 'fmt',
    name: 'fmt 9.1.0',
    language: 'cpp',
    apt: 'fmtlib',
    tarball: 'fmtlib_9.1.0+ds1.orig.tar.gz',
    dir: 'fmtlib-9.1.0+ds1',
    glob: '{include/fmt/*.h,src/*.cc}',
    reference: 'clangd',
    flags: ['-xc++', '-std=c++17', '-Iinclude'],
    finds: ['->', '::', '<<', '>=', 'detail::', 'FMT_CONSTEXPR', 'size_t', '++', 'const Char*', '!='],
    sample: 'include/fmt/args.h',
    quick: 'include/fmt/{args,chrono,color,core}.h',
  },
  {
    id: 'tinyxml2',
    name: 'tinyxml2 9.0.0',
    language: 'cpp',
    apt: 'tinyxml2',
    tarball: 'tinyxml2_9.0.0+dfsg.orig.tar.xz',
    dir: 'tinyxml2-9.0.0',
    glob: 'tinyxml2.{h,cpp}',
    reference: 'clangd',
    flags: ['-xc++', '-std=c++11'],
    finds: ['->', '::', '==', 'XMLNode*', 'TIXMLASSERT', '--', '+=', '&&', 'nullptr', '<='],
    sample: 'tinyxml2.h',
    quick: 'tinyxml2.{h,cpp}',
  },
  {
    id: 'jq',
    name: 'jq 1.6',
    language: 'c',
    apt: 'jq',
    tarball: 'jq_1.6.orig.tar.gz',
    dir: 'jq-jq-1.6',
    glob: 'src/*.{c,h}',
    reference: 'clangd',
    flags: ['-xc', '-std=gnu99', '-Isrc'],
    finds: ['->', 'jv_free', '--', '>=', '<<', '!=', 'jq_state *', 'return 0;', '||', '++'],
    sample: 'src/util.c',
    quick: 'src/{jq,execute,util,jv_print,builtin,jv_parse}.{c,h}',
  },
  {
    id: 'lua',
    name: 'Lua 5.4.4',
    language: 'c',
    apt: 'lua5.4',
    tarball: 'lua5.4_5.4.4.orig.tar.gz',
    dir: 'lua-5.4.4',
    glob: 'src/*.{c,h}',
    reference: 'clangd',
    flags: ['-xc', '-std=gnu99'],
    finds: ['->', 'lua_State *L', '--', '>=', '<<', '!=', 'luaL_checkinteger', '++', '&&', 'L->top'],
    sample: 'src/lapi.c',
    quick: 'src/{lapi,lauxlib,lobject,lua,lvm,lstrlib}.{c,h}',
  },
  {
    id: 'zlib',
    name: 'zlib 1.2.13',
    language: 'c',
    apt: 'zlib',
    tarball: 'zlib_1.2.13.dfsg.orig.tar.bz2',
    dir: 'zlib-1.2.13.dfsg',
    glob: '*.{c,h}',
    reference: 'clangd',
    flags: ['-xc', '-std=gnu99'],
    finds: ['->', 'strm->state', '--', '>=', '<<', '>>', '!=', 'Z_NULL', '++', '&&'],
    sample: 'adler32.c',
    quick: '{deflate,inflate,trees,zlib,zutil,gzlib}.{c,h}',
  },
  {
    id: 'bash-completion',
    name: 'bash-completion 2.11',
    language: 'bash',
    apt: 'bash-completion',
    tarball: 'bash-completion_2.11.orig.tar.gz',
    dir: 'bash-completion-2.11',
    glob: '{bash_completion,completions/*}',
    // not Bash to Locus (`Makefile.am`, `_mount.linux`, `btdownloadheadless.py`): bash reads them all as scripts
    exclude: 'completions/*.*',
    reference: 'bash',
    finds: ['$cur', '_init_completion', '&&', '||', '$(', '2>/dev/null', '[[', ']]', 'COMPREPLY', '=~'],
    sample: 'bash_completion',
    quick: '{bash_completion,completions/{ssh,make,git,apt-get,tar,rsync,configure,scp}}',
  },
  {
    id: 'cobra',
    name: 'cobra 1.6.1',
    language: 'go',
    apt: 'golang-github-spf13-cobra',
    tarball: 'golang-github-spf13-cobra_1.6.1.orig.tar.gz',
    dir: 'cobra-1.6.1',
    glob: '*.go',
    exclude: '*_test.go',
    reference: 'gopls',
    finds: [':=', '!=', '==', '&&', '||', 'c.Flags()', 'err != nil', '...', '++', '<-'],
    sample: 'args.go',
    quick: '{command,args,completions,flag_groups,cobra}.go',
  },
  {
    id: 'jinja2',
    name: 'Jinja2 3.1.2',
    language: 'python',
    apt: 'jinja2',
    tarball: 'jinja2_3.1.2.orig.tar.gz',
    dir: 'Jinja2-3.1.2',
    glob: 'src/jinja2/*.py',
    reference: 'pyright',
    finds: ['self.', '**', '->', '==', '!=', '>=', 'environment', '//', 't.Optional', ':='],
    sample: 'src/jinja2/bccache.py',
    quick: 'src/jinja2/{lexer,environment,runtime,filters,bccache}.py',
  },
  {
    id: 'immer',
    name: 'immer 11.2.10',
    language: 'typescript',
    npm: 'immer@11.2.10',
    tarball: 'immer-11.2.10.tgz',
    dir: 'package',
    glob: 'src/**/*.ts',
    reference: 'typescript',
    finds: ['=>', 'state.base_', '===', '!==', '??', '?.', '...', '**', 'DRAFT_STATE', '&&'],
    sample: 'src/utils/common.ts',
    quick: 'src/{core,utils}/*.ts',
  },
];

/** The folder that holds every project's sources across runs. */
export function cacheRoot() {
  if (process.env.LOCUS_AGREEMENT_CACHE) return process.env.LOCUS_AGREEMENT_CACHE;
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'locus-agreement');
}

/**
 * The project's source folder, fetched on first use: `{ root, sha256 }` (of the upstream tarball), or
 * `{ skipped }` saying why it is unavailable and how to get it.
 * @param {Pick<Project, 'id' | 'apt' | 'npm' | 'deb' | 'tarball' | 'dir'>} project
 * @param {{ timeoutMs?: number }} [options]
 */
export function ensureSources(project, options = {}) {
  const home = path.join(cacheRoot(), project.id);
  const root = path.join(home, project.dir);
  const archive = path.join(home, project.tarball);
  if (existsSync(root) && existsSync(archive)) return { root, sha256: sha256(archive) };
  mkdirSync(cacheRoot(), { recursive: true });
  const work = mkdtempSync(path.join(cacheRoot(), `.${project.id}-`));
  try {
    const fetched = download(project, work, options.timeoutMs ?? 120_000);
    if (fetched.skipped) return fetched;
    const unpack = project.tarball.endsWith('.deb')
      ? run('dpkg-deb', ['-x', project.tarball, project.dir], work, options.timeoutMs ?? 120_000)
      : run('tar', ['-xf', project.tarball], work, options.timeoutMs ?? 120_000);
    if (unpack.skipped || !existsSync(path.join(work, project.dir)))
      return {
        skipped: `could not unpack ${project.tarball}: ${unpack.skipped ?? `no ${project.dir}/ in it`}`,
      };
    rmSync(home, { recursive: true, force: true });
    renameSync(work, home);
    return { root, sha256: sha256(archive) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function download(project, work, timeoutMs) {
  const [program, args] = project.npm
    ? ['npm', ['pack', project.npm, '--silent']]
    : project.deb
      ? ['apt-get', ['download', project.deb]]
      : ['apt-get', ['source', '--download-only', '--tar-only', project.apt]];
  const how = `${program} ${args.join(' ')}`;
  const result = run(program, args, work, timeoutMs);
  if (existsSync(path.join(work, project.tarball))) return {};
  const got = readdirSync(work).filter((f) => /\.(tar\.\w+|tgz|deb)$/.test(f));
  const why = got.length
    ? `it now gives ${got.join(', ')}, not ${project.tarball} (the release the reference was recorded on)`
    : (result.skipped ?? 'no tarball came down');
  const hint = project.npm || project.deb ? '' : ' (apt needs a deb-src line: see CONTRIBUTING.md, "Tests")';
  return { skipped: `\`${how}\` failed: ${why}${hint}` };
}

function run(command, args, cwd, timeoutMs) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: timeoutMs });
  if (result.error) return { skipped: `${command}: ${result.error.message}` };
  if (result.status !== 0)
    return {
      skipped: `${command} exited ${result.status}: ${(result.stderr || result.stdout).trim().split('\n').slice(-2).join(' ')}`,
    };
  return {};
}

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/**
 * The compared files of a project, relative to its root, sorted.
 * @param {Project} project
 * @param {string} root
 */
export function projectFiles(project, root, quick = false) {
  const glob = picomatch(project.glob, { dot: true });
  const narrow = quick ? picomatch(project.quick, { dot: true }) : () => true;
  const excluded = project.exclude ? picomatch(project.exclude, { dot: true }) : () => false;
  const accept = (rel) => glob(rel) && narrow(rel) && !excluded(rel);
  // As the workspace index walks it: what the project's .gitignore leaves out is not searched (bash-completion's
  // `configure` pattern covers `completions/configure`).
  const gitignore = path.join(root, '.gitignore');
  const ignored = ignore().add(existsSync(gitignore) ? readFileSync(gitignore, 'utf8') : '');
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile() && accept(rel) && !ignored.ignores(rel)) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

/**
 * Keeps the workspace index to the compared files (`search` builds it over the whole root otherwise: fmt's tests,
 * bash-completion's test suite): a `locus.config.json` excluding every other top-level entry of the cached sources.
 */
export function narrowIndex(project, root, files) {
  const needed = new Set(files.map((f) => f.split('/')[0]));
  const exclude = readdirSync(root, { withFileTypes: true })
    .filter((e) => !needed.has(e.name) && e.name !== 'locus.config.json')
    .map((e) => (e.isDirectory() ? `${e.name}/**` : e.name))
    .sort();
  if (project.exclude) exclude.push(project.exclude);
  writeFileSync(path.join(root, 'locus.config.json'), `${JSON.stringify({ index: { exclude } }, null, 1)}\n`);
}
