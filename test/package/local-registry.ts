/**
 * A loopback npm registry for the package tests, so that the README's own lines (`npx -y locus-locate …`,
 * `npm i locus-locate`) run as a user's would, without the network and before the package is published:
 * it serves this package, packed, under its name, and every package of package-lock.json with its tarball taken
 * from the npm cache's content store by integrity (a package whose tarball is not cached answers 404, which npm
 * treats as a failed optional dependency — the other platforms' TypeScript 7 binaries).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** What a published version says of itself: its package.json fields that npm reads, and where its tarball is. */
type VersionManifest = Record<string, unknown> & { name: string; version: string };

interface LockEntry {
  version?: string;
  integrity?: string;
  link?: boolean;
  [field: string]: unknown;
}

/** The fields of a package.json or lock entry that npm's resolver reads from a registry manifest. */
const MANIFEST_FIELDS = [
  'dependencies',
  'optionalDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'bundleDependencies',
  'bin',
  'engines',
  'os',
  'cpu',
  'libc',
  'license',
] as const;

export interface LocalRegistry {
  /** `http://127.0.0.1:PORT/`, for `npm_config_registry`. */
  url: string;
  /** Every path asked for, in order (what npm fetched). */
  requests: string[];
  close(): Promise<void>;
}

/** Where the npm cache keeps the tarball with this `sha512-…` integrity (cacache's content-v2 layout). */
function cachedTarball(npmCache: string, integrity: string): string | undefined {
  const match = /^sha512-(.+)$/.exec(integrity.split(' ')[0] ?? '');
  if (!match?.[1]) return undefined;
  const hex = Buffer.from(match[1], 'base64').toString('hex');
  const file = path.join(
    npmCache,
    '_cacache/content-v2/sha512',
    hex.slice(0, 2),
    hex.slice(2, 4),
    hex.slice(4),
  );
  return existsSync(file) ? file : undefined;
}

function pick(source: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of MANIFEST_FIELDS) if (source[field] !== undefined) fields[field] = source[field];
  return fields;
}

/** The registry's contents: name → version → manifest, and tarball id → file. */
class Contents {
  readonly packages = new Map<string, Map<string, VersionManifest>>();
  readonly tarballs = new Map<string, string>();

  add(manifest: VersionManifest, file: string | undefined, integrity: string): void {
    const id = createHash('sha256').update(integrity).digest('hex').slice(0, 32);
    if (file) this.tarballs.set(id, file);
    const versions = this.packages.get(manifest.name) ?? new Map<string, VersionManifest>();
    versions.set(manifest.version, { ...manifest, dist: { tarball: `/-/tarballs/${id}.tgz`, integrity } });
    this.packages.set(manifest.name, versions);
  }

  packument(name: string, base: string): object | undefined {
    const versions = this.packages.get(name);
    if (!versions) return undefined;
    const all = [...versions.values()].map((m) => ({
      ...m,
      dist: { ...(m.dist as object), tarball: base + (m.dist as { tarball: string }).tarball.slice(1) },
    }));
    return {
      name,
      'dist-tags': { latest: all.at(-1)?.version },
      versions: Object.fromEntries(all.map((m) => [m.version, m])),
    };
  }
}

function lockContents(contents: Contents, lockFile: string, npmCache: string): void {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, LockEntry> };
  for (const [at, entry] of Object.entries(lock.packages)) {
    if (at === '' || entry.link || !entry.version || !entry.integrity) continue;
    const name = at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
    contents.add(
      { name, version: entry.version, ...pick(entry) },
      cachedTarball(npmCache, entry.integrity),
      entry.integrity,
    );
  }
}

function send(response: ServerResponse, status: number, body: Buffer | string, type: string): void {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/** Starts the registry with `tarball` (from `npm pack`) published as its package.json says, plus the lock's packages. */
export async function startLocalRegistry(options: {
  tarball: string;
  packageJson: string;
  lockFile: string;
  npmCache: string;
}): Promise<LocalRegistry> {
  const contents = new Contents();
  lockContents(contents, options.lockFile, options.npmCache);
  const own = JSON.parse(readFileSync(options.packageJson, 'utf8')) as VersionManifest;
  const packed = readFileSync(options.tarball);
  const integrity = `sha512-${createHash('sha512').update(packed).digest('base64')}`;
  contents.add({ name: own.name, version: own.version, ...pick(own) }, options.tarball, integrity);

  const requests: string[] = [];
  let base = '';
  const server = createServer((request, response) => {
    const url = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
    requests.push(url);
    const tarball = /^\/-\/tarballs\/([0-9a-f]+)\.tgz$/.exec(url);
    if (tarball) {
      const file = contents.tarballs.get(tarball[1] ?? '');
      if (file) send(response, 200, readFileSync(file), 'application/octet-stream');
      else send(response, 404, '{"error":"not found"}', 'application/json');
      return;
    }
    const packument = contents.packument(url.slice(1), base);
    if (packument) send(response, 200, JSON.stringify(packument), 'application/json');
    else send(response, 404, '{"error":"not found"}', 'application/json');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url: base,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
