/**
 * Watches the process groups of every running language server (`liveGroups()`) and records helper processes that
 * could reach the network: package managers (npm, npx, yarn, pnpm, pip) and `go` subcommands other than the local
 * `go list` / `go env` / `go version` that gopls runs to load packages, unless the `go` process runs with
 * `GOPROXY=off` (then it cannot fetch modules; gopls runs `go mod tidy` for its diagnostics), `cargo` unless it
 * runs offline (`CARGO_NET_OFFLINE=true`, `--offline`, `--frozen`; rust-analyzer runs `cargo metadata`), and
 * `rustup` unless `RUSTUP_TOOLCHAIN` is a toolchain folder (a path toolchain has no components to download;
 * rust-analyzer runs `rustup component add rust-src`) — see docs/configuration.md, "No network".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { liveGroups } from '../../src/lsp/process-registry.js';

const PACKAGE_MANAGERS = /^(npm|npx|yarn|pnpm|pip|pip3|pipx|uv)(-cli\.js)?$/;
const LOCAL_GO = new Set(['list', 'env', 'version']);

/** True for the argv (and environment, `NAME=value` entries) of a process that may download. */
export function isDownloader(argv: string[], env: string[] = []): boolean {
  const names = argv.slice(0, 2).map((a) => {
    const word = a.split(/\s/)[0] ?? '';
    return word.slice(word.lastIndexOf('/') + 1);
  });
  if (names.some((n) => PACKAGE_MANAGERS.test(n))) return true;
  if (names[0] === 'go')
    return !env.includes('GOPROXY=off') && !LOCAL_GO.has(argv[1] ?? (argv[0] ?? '').split(/\s/)[1] ?? '');
  if (names[0] === 'cargo')
    return (
      !env.includes('CARGO_NET_OFFLINE=true') && !argv.some((a) => a === '--offline' || a === '--frozen')
    );
  if (!names.some((n) => /^rustup(-init)?$/.test(n))) return false;
  return !env.some((e) => e.startsWith('RUSTUP_TOOLCHAIN=/'));
}

/**
 * Starts sampling /proc every 50 ms; `stop()` returns the command lines of downloaders seen — only those whose
 * environment `mine` accepts, when given (two sessions watched side by side).
 */
export function watchServerChildren(mine: (env: string[]) => boolean = () => true): {
  seen(): string[];
  stop(): string[];
} {
  const seen = new Set<string>();
  const sample = (): void => {
    const groups = new Set(liveGroups());
    if (groups.size === 0) return;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
        if (!groups.has(pgrp)) continue;
        const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
          .split('\0')
          .filter((a) => a !== '');
        const env = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
        if (mine(env) && isDownloader(argv, env)) seen.add(argv.join(' '));
      } catch {
        // the process ended between readdir and read
      }
    }
  };
  const timer = setInterval(sample, 50);
  return {
    seen: () => [...seen],
    stop() {
      clearInterval(timer);
      sample();
      return [...seen];
    },
  };
}
