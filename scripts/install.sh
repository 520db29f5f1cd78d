#!/usr/bin/env bash
# `npm ci` (which applies patches/ after installing), skipped when node_modules was installed from this
# very package-lock.json and patches/ by this Node version: the two README commands both start with it,
# and a clean install costs minutes (better-sqlite3 compiles from source).
#
# A fresh clone on a machine that installed the same lock file before (CI runs on the same host) takes
# node_modules from a tarball kept under ~/.cache/forecourt/, keyed by the same Node version, lock file
# and patches: a second or so instead of `npm ci`. FORECOURT_INSTALL_CACHE=0 turns that off.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.forecourt-installed
wanted="$(node --version) $(cat package-lock.json patches/* | sha256sum | cut -d' ' -f1)"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
  echo "node_modules already matches package-lock.json (Node $(node --version)): npm ci skipped"
  exit 0
fi

cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/forecourt"
cached="$cache_dir/node_modules-$(printf '%s' "$wanted" | sha256sum | cut -d' ' -f1).tar"
if [ "${FORECOURT_INSTALL_CACHE:-1}" != 0 ] && [ -f "$cached" ]; then
  rm -rf node_modules
  if tar -xf "$cached" && [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ]; then
    echo "node_modules taken from $cached (the same Node version, package-lock.json and patches/)"
    exit 0
  fi
  echo "the cached node_modules ($cached) could not be used: installing"
  rm -rf node_modules "$cached"
fi

npm ci
echo "$wanted" > "$stamp"

if [ "${FORECOURT_INSTALL_CACHE:-1}" != 0 ]; then
  # Written under a temporary name and renamed, so a run stopped midway never leaves half a tarball; older ones go.
  if mkdir -p "$cache_dir" && tar -cf "$cached.partial" node_modules && mv "$cached.partial" "$cached"; then
    find "$cache_dir" -maxdepth 1 -name 'node_modules-*.tar' ! -path "$cached" -delete
  else
    rm -f "$cached.partial"
    echo "node_modules could not be kept in $cache_dir (only the next clean install is slower)"
  fi
fi
