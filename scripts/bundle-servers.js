// Third step of `npm run build`: the npm language servers for the web and data languages — JSON, CSS and HTML from
// vscode-langservers-extracted, YAML from yaml-language-server — bundled into dist/servers/ (CommonJS, one file per
// server plus shared chunks). Installed as packages they would add about 55 MB (core-js, prettier, a second
// TypeScript) and break the install budget of 150 MB; bundled they are a few MB (docs/languages.md, "Servers
// from npm"). Three changes are made to their code, each checked here so an upgrade that moves the code fails the
// build instead of shipping a server that misbehaves:
// - request-light, the only HTTP client of these servers, is replaced by a guard that refuses every download unless
//   Locus allows the network (it starts them with LOCUS_SERVER_OFFLINE=1 unless allowNetwork is set): a `$schema` URL or a
//   `# yaml-language-server: $schema=…` line in a workspace file never reaches the network by default.
// - the HTML server reads TypeScript's lib .d.ts files from Locus's own TypeScript 5.9, not from a path next to its
//   package (its embedded-JavaScript features need them).
// - the YAML server finds its message bundle next to itself (dist/servers/yaml-l10n).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist', 'servers');
const requireHere = createRequire(path.join(ROOT, 'package.json'));
const packageRoot = (name) => path.dirname(requireHere.resolve(`${name}/package.json`));

const EXTRACTED = path.join(packageRoot('vscode-langservers-extracted'), 'lib');
const YAML = packageRoot('yaml-language-server');

/** Server name → its node entry. The names are what src/lsp/servers/ resolves (`<name>.cjs`). */
const ENTRIES = {
  json: path.join(EXTRACTED, 'json-language-server', 'node', 'jsonServerMain.js'),
  css: path.join(EXTRACTED, 'css-language-server', 'node', 'cssServerMain.js'),
  html: path.join(EXTRACTED, 'html-language-server', 'node', 'htmlServerMain.js'),
  yaml: path.join(YAML, 'out', 'server', 'src', 'server.js'),
};

const GUARD_ID = '\0locus-request-guard';
const REAL_REQUEST_LIGHT = '\0locus-request-light-real';

/** request-light, as the servers import it, becomes the guard; the guard delegates to the real one when allowed. */
const requestGuard = {
  name: 'request-guard',
  resolveId(id, importer) {
    if (id === GUARD_ID || id === REAL_REQUEST_LIGHT) return id;
    if (id === 'request-light' && importer !== REAL_REQUEST_LIGHT) return GUARD_ID;
    return null;
  },
  load(id) {
    if (id === REAL_REQUEST_LIGHT) {
      // The node build of the first request-light found (the servers pin compatible 0.5/0.7 APIs: xhr, configure).
      const real = createRequire(path.join(YAML, 'package.json')).resolve('request-light');
      return `module.exports = require(${JSON.stringify(real)});`;
    }
    if (id !== GUARD_ID) return null;
    return `
const allowed = () => process.env.LOCUS_SERVER_OFFLINE !== '1';
const real = () => require(${JSON.stringify(REAL_REQUEST_LIGHT)});
const refused = (url) => Promise.reject({
  status: 0,
  responseText: 'Locus keeps language servers off the network (allowNetwork is off): ' + String(url),
  headers: {},
});
exports.xhr = (options) => (allowed() ? real().xhr(options) : refused(options && options.url));
exports.configure = (...args) => (allowed() ? real().configure(...args) : undefined);
exports.getErrorStatusDescription = (status) => real().getErrorStatusDescription(status);
`;
  },
};

/** Replaces `from` by `to` in the module whose path ends with `file`, failing the build when `from` is gone. */
function patch(file, from, to) {
  return {
    name: `patch:${file}`,
    transform(code, id) {
      if (!id.split(path.sep).join('/').endsWith(file)) return null;
      if (!code.includes(from)) throw new Error(`bundle-servers: ${file} no longer contains ${from}`);
      return { code: code.split(from).join(to), map: null };
    },
  };
}

const PATCHES = [
  patch(
    'html-language-server/modes/javascriptLibs.js',
    "(0, path_1.join)(serverFolder, '../../node_modules/typescript/lib')",
    "(0, path_1.dirname)(require.resolve('typescript/lib/lib.d.ts'))",
  ),
  patch(
    'out/server/src/nodeTranslationSetup.js',
    "path.join(__dirname, '../../../l10n')",
    "path.join(__dirname, 'yaml-l10n')",
  ),
];

rmSync(OUT, { recursive: true, force: true });
await build({
  input: ENTRIES,
  platform: 'node',
  // TypeScript is Locus's own (a run-time dependency); Node's modules stay Node's.
  external: [/^node:/, ...builtinModules, /^typescript(\/|$)/],
  plugins: [requestGuard, ...PATCHES],
  // The ES module builds of the vscode-* language services bundle smaller than their UMD builds.
  resolve: { mainFields: ['module', 'main'] },
  logLevel: 'warn',
  output: {
    dir: OUT,
    format: 'cjs',
    entryFileNames: '[name].cjs',
    chunkFileNames: 'chunk-[hash].cjs',
    minify: false,
    sourcemap: false,
  },
});
mkdirSync(path.join(OUT, 'yaml-l10n'), { recursive: true });
copyFileSync(path.join(YAML, 'l10n', 'bundle.l10n.json'), path.join(OUT, 'yaml-l10n', 'bundle.l10n.json'));

// Their licences travel with them (all MIT), with the versions bundled.
const notices = ['vscode-langservers-extracted', 'yaml-language-server'].map((name) => {
  const dir = packageRoot(name);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return `${name}@${version}\n\n${readFileSync(path.join(dir, 'LICENSE'), 'utf8').trim()}\n`;
});
writeFileSync(path.join(OUT, 'LICENSES.txt'), notices.join('\n---\n\n'));
