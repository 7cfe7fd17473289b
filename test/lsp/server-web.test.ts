/**
 * The npm servers for the web and data languages, given by one configuration line each (docs/languages.md, "Any
 * other server"): yaml-language-server and vscode-langservers-extracted (JSON, CSS, HTML), devDependencies here,
 * optional for users. Hover from a schema in a workspace file, CSS and HTML hovers from their bundled data, JSON
 * diagnostics; and a schema URL in a YAML file never downloads unless `allowNetwork` (a local HTTP server counts the
 * requests; the control with `allowNetwork: true` proves the count can move). Against the real servers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { hoverText } from '../helpers/hover-text.js';
import { describeWithServer } from '../helpers/require-server.js';

const BIN = path.resolve(import.meta.dirname, '../../node_modules/.bin');
const YAML = path.join(BIN, 'yaml-language-server');
const JSON_SERVER = path.join(BIN, 'vscode-json-language-server');
const CSS = path.join(BIN, 'vscode-css-language-server');
const HTML = path.join(BIN, 'vscode-html-language-server');
const INSTALL = 'npm ci (yaml-language-server and vscode-langservers-extracted are devDependencies)';

const SCHEMA = JSON.stringify({
  type: 'object',
  properties: { port: { type: 'number', description: 'The port the service listens on.' } },
});

function workspace(files: Record<string, string>, config: object): string {
  const root = mkdtempSync(path.join(tmpdir(), 'locus-web-servers-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  writeFileSync(path.join(root, 'locus.config.json'), JSON.stringify(config));
  return root;
}

describeWithServer({ command: YAML, install: INSTALL }, 'YAML through yaml-language-server', () => {
  let hits = 0;
  let http: Server;
  let url = '';
  const roots: string[] = [];
  const opened: Locus[] = [];
  beforeAll(async () => {
    http = createServer((_request, response) => {
      hits++;
      response.setHeader('content-type', 'application/json');
      response.end(SCHEMA);
    });
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/schema.json`;
  });
  afterAll(async () => {
    for (const locus of opened) await locus.close();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
    await new Promise((done) => http.close(done));
  });

  function open(allowNetwork: boolean): Locus {
    const files = {
      'schema.json': SCHEMA,
      'local.yml': '# yaml-language-server: $schema=./schema.json\nport: 8080\n',
      'remote.yml': `# yaml-language-server: $schema=${url}\nport: 8080\n`,
    };
    const yaml = { command: YAML };
    const root = workspace(files, { allowNetwork, languages: { yaml } });
    roots.push(root);
    const locus = createLocus({ root, trust: true });
    opened.push(locus);
    return locus;
  }

  it('hover shows the description from a schema file in the workspace', async () => {
    const locus = open(false);
    expect(await hoverText(locus, 'local.yml@<|>port:')).toContain('The port the service listens on.');
  });

  it('a schema URL is not downloaded by default, and is with allowNetwork (the control)', async () => {
    const offline = open(false);
    expect(await hoverText(offline, 'remote.yml@<|>port:')).not.toContain('listens on');
    expect(hits).toBe(0);
    const online = open(true);
    expect(await hoverText(online, 'remote.yml@<|>port:')).toContain('The port the service listens on.');
    expect(hits).toBeGreaterThan(0);
  });
});

describeWithServer(
  { command: JSON_SERVER, install: INSTALL },
  'JSON through vscode-json-language-server',
  () => {
    let root: string;
    let locus: Locus;
    beforeAll(() => {
      const files = {
        'schema.json': SCHEMA,
        'service.json': '{\n  "$schema": "./schema.json",\n  "port": 8080\n}\n',
        'broken.json': '{\n  "port": 8080,,\n}\n',
      };
      root = workspace(files, { languages: { json: { command: JSON_SERVER } } });
      locus = createLocus({ root, trust: true });
    });
    afterAll(async () => {
      await locus?.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('hover shows the description from the schema file', async () => {
      expect(await hoverText(locus, 'service.json@<|>"port"')).toContain('The port the service listens on.');
    });

    it('diagnostics report the syntax error', async () => {
      const result = await locus.diagnostics(['broken.json']);
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      expect(result.totals.error).toBeGreaterThan(0);
      expect(result.diagnostics[0]?.file_path).toBe('broken.json');
    });
  },
);

describeWithServer({ command: CSS, install: INSTALL }, 'CSS through vscode-css-language-server', () => {
  let root: string;
  let locus: Locus;
  beforeAll(() => {
    root = workspace(
      { 'site.css': '.card {\n  color: red;\n  colr: blue;\n}\n' },
      { languages: { css: { command: CSS } } },
    );
    locus = createLocus({ root, trust: true });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('hover on a property describes it from the bundled CSS data', async () => {
    expect(await hoverText(locus, 'site.css@<|>color: red')).toMatch(/color of an element's text/i);
  });

  it('diagnostics warn of an unknown property', async () => {
    const result = await locus.diagnostics(['site.css']);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    expect(result.diagnostics.map((d) => d.message).join(' ')).toMatch(/unknown property/i);
  });
});

describeWithServer({ command: HTML, install: INSTALL }, 'HTML through vscode-html-language-server', () => {
  let root: string;
  let locus: Locus;
  beforeAll(() => {
    root = workspace(
      { 'index.html': '<!DOCTYPE html>\n<html>\n<body>\n  <nav>menu</nav>\n</body>\n</html>\n' },
      { languages: { html: { command: HTML } } },
    );
    locus = createLocus({ root, trust: true });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('hover on an element describes it from the bundled HTML data', async () => {
    expect(await hoverText(locus, 'index.html@<<|>nav>')).toMatch(/navigation/i);
  });
});
