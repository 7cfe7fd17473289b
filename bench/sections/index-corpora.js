/**
 * Corpora of the index section: the Go standard library (hard-linked into the temp dir, so one file
 * can be replaced without touching GOROOT) and the TypeScript sources of npm packages (the installed
 * ones that ship .ts sources plus a few fetched with `npm pack`), each with the project file its
 * language server needs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO } from '../lib/sources.js';

const INSTALLED_TS = ['zod', 'ajv', 'eventsource-parser'];
const PACKED_TS = ['rxjs@7.8.1', 'effect@3.10.0', '@trpc/server@11.0.0'];

/** The Go standard library, hard-linked (or copied) under `base`; undefined without Go. */
export function goCorpus(base) {
  const goroot = spawnSync('go', ['env', 'GOROOT'], { encoding: 'utf8' });
  if (goroot.status !== 0) return undefined;
  const src = realpathSync(path.join(goroot.stdout.trim(), 'src'));
  const root = path.join(base, 'go-std');
  const linked = spawnSync('cp', ['-al', src, root]);
  if (linked.status !== 0) cpSync(src, root, { recursive: true });
  return { id: 'go-std', language: 'go', server: 'gopls', root, serverRoot: src, probe: 'bufio/bufio.go' };
}

function tsFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) tsFiles(full, out);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** TypeScript sources of ≥5 packages under `base/ts-packages`, with a tsconfig.json. */
export function tsCorpus(base, log) {
  const root = path.join(base, 'ts-packages');
  const packages = [];
  const copy = (name, dir) => {
    const files = tsFiles(dir);
    if (files.length === 0) return;
    for (const file of files) cpSync(file, path.join(root, name, path.relative(dir, file)));
    packages.push({ name, files: files.length });
  };
  for (const name of INSTALLED_TS) {
    const dir = path.join(REPO, 'node_modules', name);
    if (existsSync(dir)) copy(name, realpathSync(dir));
  }
  const cache = path.join(tmpdir(), 'locus-bench-npm');
  mkdirSync(cache, { recursive: true });
  for (const spec of PACKED_TS) {
    const name = spec.slice(0, spec.lastIndexOf('@')).replace('/', '-').replace('@', '');
    const unpacked = path.join(cache, name);
    if (!existsSync(unpacked)) {
      const pack = spawnSync('npm', ['pack', spec, '--silent', '--pack-destination', cache], {
        encoding: 'utf8',
      });
      const tarball = pack.stdout.trim().split('\n').pop();
      if (pack.status !== 0 || !tarball) {
        log(`npm pack ${spec} failed: ${pack.stderr.slice(0, 200)}`);
        continue;
      }
      mkdirSync(unpacked, { recursive: true });
      spawnSync('tar', ['xzf', path.join(cache, tarball), '-C', unpacked]);
    }
    copy(name, unpacked);
  }
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        noEmit: true,
        skipLibCheck: true,
        strict: false,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        types: [],
      },
      include: ['**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'],
    }),
  );
  const probe = path.relative(root, tsFiles(path.join(root, packages[0]?.name ?? ''))[0] ?? '');
  return {
    id: 'ts-packages',
    language: 'typescript',
    server: 'typescript',
    root,
    serverRoot: root,
    probe,
    packages,
  };
}
