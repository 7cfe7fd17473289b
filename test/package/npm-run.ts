/**
 * Running npm, npx and the installed `locus` for the package tests: asynchronously, because the loopback
 * registry answers from the test's own process; the README's install and MCP lines, read from the README
 * itself so the test runs what a user copies; and a short MCP exchange over stdio.
 */
import { spawn } from 'node:child_process';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (killed after `timeoutMs`), with `env` over the test's environment. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 600_000,
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdin.end();
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? -1 : 0), stdout, stderr }));
  });
}

export interface ReadmeLines {
  /** The first `npx -y …` line of the Install section, as a shell command. */
  install: string;
  /** The server command of `claude mcp add locus -- …`, split into words. */
  claudeAdd: string[];
  /** `command` and `args` of the JSON form's `mcpServers.locus`. */
  jsonForm: string[];
}

/** The README's install and MCP lines; throws when the Install section no longer has them. */
export function readmeLines(readme: string): ReadmeLines {
  const section = readme.slice(
    readme.indexOf('## Install'),
    readme.indexOf('\n## ', readme.indexOf('## Install') + 1),
  );
  const lines = section.split('\n');
  const install = lines.find((line) => line.startsWith('npx -y '));
  const claude = lines.find((line) => line.startsWith('claude mcp add locus -- '));
  const json = lines.find((line) => line.includes('"mcpServers"'));
  if (!install || !claude || !json)
    throw new Error("the README's Install section lost its install or MCP lines");
  const server = (JSON.parse(json) as { mcpServers: { locus: { command: string; args: string[] } } })
    .mcpServers.locus;
  return {
    install,
    claudeAdd: claude.slice('claude mcp add locus -- '.length).trim().split(/\s+/),
    jsonForm: [server.command, ...server.args],
  };
}

export interface McpExchange {
  serverInfo: unknown;
  tools: string[];
  /** The text of the `locate` tool's answer. */
  locateText: string;
}

type Reply = { id?: number; result?: Record<string, unknown>; error?: unknown };

/** Starts `command args` as an MCP client would, then initialize, tools/list, one `locate` call, and disconnect. */
export async function mcpExchange(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  call: { locate: string },
): Promise<McpExchange> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
  const waiting = new Map<number, (reply: Reply) => void>();
  let buffer = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const reply = JSON.parse(buffer.slice(0, newline)) as Reply;
      buffer = buffer.slice(newline + 1);
      if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let nextId = 1;
  const request = async (method: string, params: object): Promise<Record<string, unknown>> => {
    const id = nextId++;
    const reply = new Promise<Reply>((resolve) => waiting.set(id, resolve));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    const answer = await Promise.race([
      reply,
      exited.then((code): Reply => ({ error: `exited ${code}: ${stderr}` })),
    ]);
    if (!answer.result) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  };
  try {
    const init = await request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'pack-test', version: '1' },
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const listed = (await request('tools/list', {})) as { tools: { name: string }[] };
    const located = (await request('tools/call', { name: 'locate', arguments: call })) as {
      content: { text: string }[];
    };
    return {
      serverInfo: init.serverInfo,
      tools: listed.tools.map((tool) => tool.name),
      locateText: located.content.map((part) => part.text).join('\n'),
    };
  } finally {
    child.stdin.end();
    await exited;
  }
}
