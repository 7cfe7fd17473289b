/**
 * A language server that never answers must not hold up the others: with python served by a scripted fake
 * that hangs on hover and javascript by a fake that answers, calls on javascript (and offline calls) are
 * answered while the python hover is still pending. Closing the client then takes the hung server down.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  connectStdio,
  data,
  ensureBuilt,
  eventually,
  FAKE_SERVER,
  isAlive,
  removeDir,
  tempDir,
  text,
  type StdioSession,
} from './support.js';

let ws: string;
let session: StdioSession;

/** The fake server under the built-in adapter of its language (pyright's readiness; TypeScript 7 ready at once). */
const fake = (server: string, log: string, ...flags: string[]) => ({
  server,
  command: process.execPath,
  args: [FAKE_SERVER, `--log=${log}`, ...flags],
});

beforeAll(async () => {
  await ensureBuilt();
  ws = tempDir('slow');
  mkdirSync(join(ws, 'py'));
  mkdirSync(join(ws, 'js'));
  writeFileSync(join(ws, 'py', 'app.py'), 'def slow():\n    return slow()\n');
  writeFileSync(join(ws, 'js', 'app.js'), 'export function quick() {\n  return quick();\n}\n');
  const config = {
    requestTimeoutMs: 120_000,
    languages: {
      // --ready-after: pyright's readiness signal, so the hover is sent at once.
      python: fake('pyright', join(ws, 'python.log'), '--hang-on=textDocument/hover', '--ready-after=10'),
      javascript: fake('typescript', join(ws, 'javascript.log')),
    },
  };
  writeFileSync(join(ws, 'locus.config.json'), JSON.stringify(config, null, 2));
  // --trust: the config names server commands, which an untrusted workspace may not (docs/configuration.md).
  session = await connectStdio(ws, undefined, ['--trust']);
});

afterAll(async () => {
  await session?.client.close();
  if (ws) removeDir(ws);
});

/** The fake servers' log events. */
function events(language: string): { pid: number; event: string; method?: string }[] {
  const file = join(ws, `${language}.log`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { pid: number; event: string; method?: string });
}

it('answers other languages while one server hangs, then shuts the hung one down', async () => {
  let pythonSettled = false;
  const pending = session.client
    .callTool({ name: 'hover', arguments: { locate: 'py/app.py:slow@return <|>slow' } }, undefined, {
      timeout: 600_000,
    })
    .then(
      (r) => `answered: ${text(r)}`,
      (error: Error) => `failed: ${error.message}`,
    )
    .finally(() => (pythonSettled = true));
  const hoverArrived = () => events('python').some((e) => e.method === 'textDocument/hover');
  expect(await eventually(hoverArrived), 'the python hover never reached its server').toBe(true);

  const quick = await session.client.callTool({
    name: 'hover',
    arguments: { locate: 'js/app.js:quick@return <|>quick' },
  });
  expect(quick.isError, text(quick)).toBeFalsy();
  expect(data(quick).contents).toContain('export function quick()');
  const offline = await session.client.callTool({ name: 'locate', arguments: { locate: 'py/app.py:slow' } });
  expect(data(offline).ok).toBe(true);
  const samePythonFile = await session.client.callTool({
    name: 'outline',
    arguments: { file_path: 'py/app.py' },
  });
  expect(data(samePythonFile).ok).toBe(true);
  expect(pythonSettled, 'the hung python hover answered').toBe(false);

  const pids = [...events('python'), ...events('javascript')]
    .filter((e) => e.event === 'start')
    .map((e) => e.pid);
  expect(pids).toHaveLength(2);
  await session.client.close();
  // Either the connection drops first, or the shutdown fails the pending request and its error result
  // still gets through; never a success.
  expect(await pending).toMatch(/^(failed: |answered: error SERVER_FAILED)/);
  expect(await eventually(() => !isAlive(session.pid) && pids.every((pid) => !isAlive(pid)))).toBe(true);
});
