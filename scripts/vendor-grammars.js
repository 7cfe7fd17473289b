// `npm run grammars`: copies the tree-sitter grammar .wasm of every language in grammars/manifest.json from its npm
// package (a devDependency) into grammars/wasm/ gzipped (52 MB → 4.8 MB), and writes grammars/wasm/provenance.json
// (package, version, file, sha256 and size of the unzipped wasm, licence). The installed package then needs no grammar package, and none with an install script.
// To update a grammar: bump its devDependency, `npm install`, `npm run grammars`, run the syntax tests, commit.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const GRAMMARS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../grammars');
const OUT = path.join(GRAMMARS, 'wasm');
const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(path.join(GRAMMARS, 'manifest.json'), 'utf8'));

mkdirSync(OUT, { recursive: true });
const provenance = {};
const wanted = new Set();
for (const [language, { wasm }] of Object.entries(manifest)) {
  const packageJson = require.resolve(`${wasm.package}/package.json`);
  const pkg = JSON.parse(readFileSync(packageJson, 'utf8'));
  const source = path.join(path.dirname(packageJson), wasm.file);
  const name = `${path.basename(wasm.file)}.gz`;
  wanted.add(name);
  const bytes = readFileSync(source);
  // mtime 0 in the gzip header: the same input gives the same bytes, so refreshing changes only what changed.
  writeFileSync(path.join(OUT, name), gzipSync(bytes, { level: 9 }));
  provenance[language] = {
    file: `wasm/${name}`,
    package: wasm.package,
    version: pkg.version,
    path: wasm.file,
    // A collection of prebuilt grammars (tree-sitter-wasms, @repomix/…, @cursorless/…) licenses its packaging; the
    // manifest names the grammar inside it and the grammar's own licence.
    ...(wasm.grammar ? { grammar: wasm.grammar } : {}),
    license: wasm.license ?? pkg.license ?? 'see the package',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
  };
}
for (const file of readdirSync(OUT))
  if (/\.wasm(\.gz)?$/.test(file) && !wanted.has(file)) rmSync(path.join(OUT, file));
writeFileSync(path.join(OUT, 'provenance.json'), `${JSON.stringify(provenance, null, 2)}\n`);
console.log(`vendored ${Object.keys(provenance).length} grammars into ${OUT}`);
