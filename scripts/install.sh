#!/usr/bin/env bash
# `npm ci` (which applies patches/ after installing), skipped when node_modules was installed from this
# very package-lock.json and patches/ by this Node version: the two README commands both start with it,
# and a second clean install costs minutes (better-sqlite3 compiles from source).
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.forecourt-installed
wanted="$(node --version) $(cat package-lock.json patches/* | sha256sum | cut -d' ' -f1)"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
  echo "node_modules already matches package-lock.json (Node $(node --version)): npm ci skipped"
  exit 0
fi
npm ci
echo "$wanted" > "$stamp"
