/**
 * What rust-analyzer needs to know about a Rust project before it starts: its root (the Cargo workspace, so
 * the crates of one workspace share one server) and whether cargo would run programs the repository chose.
 */
import { dirname, join, resolve } from 'node:path';
import { homedir } from 'node:os';
import { LocusError } from '../../core/index.js';
import { fileFacts, isInside } from '../../workspace/files.js';
import { readTextOrUndefined } from '../../workspace/read-file.js';
import { findProjectRoot } from '../project-root.js';

/** Files that make a folder a Rust project. */
export const RUST_MARKERS = ['Cargo.toml', 'rust-project.json'];

const MANIFEST_BYTES = 1024 * 1024;

/**
 * The project root of a Rust file: its nearest `Cargo.toml` (or `rust-project.json`) folder, widened to the
 * nearest enclosing Cargo workspace (a `Cargo.toml` with `[workspace]`) inside the workspace root.
 */
export function rustProjectRoot(absPath: string, workspaceRoot: string): string {
  const crate = findProjectRoot(absPath, workspaceRoot, RUST_MARKERS);
  for (let dir = crate; isInside(dir, workspaceRoot); dir = dirname(dir)) {
    const manifest = readTextOrUndefined(join(dir, 'Cargo.toml'), {
      maxBytes: MANIFEST_BYTES,
      within: workspaceRoot,
    });
    if (manifest !== undefined && /^\s*\[workspace\]/m.test(manifest)) return dir;
    if (dir === workspaceRoot || dirname(dir) === dir) break;
  }
  return crate;
}

/**
 * Refuses to start rust-analyzer in an untrusted workspace whose cargo configuration (`.cargo/config.toml` in the
 * project's folder or above) would apply: rust-analyzer runs `cargo metadata`, and cargo runs `rustc` with that
 * file's `[env]` (an `LD_PRELOAD` there runs the repository's code). `$CARGO_HOME/config.toml` is the user's own.
 */
export function refuseUntrustedCargoConfig(root: string, server: string): void {
  const cargoHome = resolve(process.env.CARGO_HOME ?? join(homedir(), '.cargo'));
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    for (const name of ['config.toml', 'config']) {
      const file = join(dir, '.cargo', name);
      if (dirname(file) !== cargoHome && fileFacts(file)?.isFile === true) throw refused(server, file);
    }
    if (dirname(dir) === dir) return;
  }
}

function refused(server: string, file: string): LocusError {
  return new LocusError(
    'SERVER_FAILED',
    `${server} was not started: ${file} applies to this project, and the workspace is not trusted. Cargo, which ${server} runs to load the project, runs programs with that file's settings (its [env] applies to rustc).`,
    {
      hint: 'Trust the workspace if its code is yours (--trust, LOCUS_TRUST_WORKSPACE=1, or "trustedRoots" in ~/.config/locus/config.json; docs/configuration.md, "Workspace trust"). Locating, outlines and search work without a server.',
      details: { kind: 'untrusted', file },
    },
  );
}
