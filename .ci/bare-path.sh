#!/usr/bin/env bash
# Prints a PATH under which go, gofmt, gopls, every clangd*, rust-analyzer (rustup's proxy too), ccls, pylsp and intelephense are
# absent: a temp dir of symlinks to every other executable of the current PATH (first one wins, as PATH lookup
# does). Used by .ci/run for the bare-machine run.
set -euo pipefail
bin="$(mktemp -d "${TMPDIR:-/tmp}/locus-bare-path.XXXXXX")"
IFS=: read -ra dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  [ -d "$dir" ] || continue
  for exe in "$dir"/*; do
    name="${exe##*/}"
    case "$name" in go | gofmt | gopls | clangd* | rust-analyzer | ccls | pylsp | intelephense) continue ;; esac
    [ -x "$exe" ] && [ ! -d "$exe" ] && [ ! -e "$bin/$name" ] && ln -s "$exe" "$bin/$name"
  done
done
echo "$bin"
