#!/usr/bin/env bash
# The whole test suite, as CI runs it: typecheck, lint, unit, integration on SQLite and on PostgreSQL,
# then the Playwright suite against a production build. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"

# Each step's heading says how long the run has taken so far, so a slow step shows in CI's log.
started=$SECONDS
step() { printf '\n=== %s (at %d s) ===\n' "$*" $((SECONDS - started)); }

step "preflight"
bash scripts/preflight.sh
mkdir -p .cache

step "demo stock and production build"
npm run --silent build

step "typecheck and lint (ESLint, Prettier), side by side"
# Both are single-threaded: on two cores they take the time of the longer one.
npx tsc --noEmit > .cache/typecheck.log 2>&1 &
typecheck=$!
lint_status=0
npm run --silent lint || lint_status=$?
typecheck_status=0
wait "$typecheck" || typecheck_status=$?
cat .cache/typecheck.log
[ "$typecheck_status" = 0 ] || { echo "typecheck failed"; exit 1; }
[ "$lint_status" = 0 ] || { echo "lint failed"; exit 1; }

step "unit tests"
# The ADF tests validate against the ADF 1.0 DTD with xmllint (checked by the preflight).
npx vitest run --project unit

step "integration tests on SQLite and on PostgreSQL ($PG_URL), side by side"
# Each run is one file at a time and mostly waits on the servers it starts, so the two together take
# little longer than one. The SQLite run's PostgreSQL-only tests (outage, faults) get a database of
# their own, so neither run's NOTIFYs or connection cuts reach the other.
SIDE_PG_URL="$(npx tsx scripts/side-database.ts "$PG_URL")"
env -u DATABASE_URL TEST_DATABASE_URL="$SIDE_PG_URL" npx vitest run --project integration > .cache/integration-sqlite.log 2>&1 &
sqlite_run=$!
pg_status=0
DATABASE_URL="$PG_URL" npx vitest run --project integration || pg_status=$?
sqlite_status=0
wait "$sqlite_run" || sqlite_status=$?
echo "--- integration tests on SQLite ---"
if [ "$sqlite_status" = 0 ]; then tail -n 8 .cache/integration-sqlite.log; else cat .cache/integration-sqlite.log; fi
[ "$pg_status" = 0 ] || { echo "integration tests on PostgreSQL failed"; exit 1; }
[ "$sqlite_status" = 0 ] || { echo "integration tests on SQLite failed"; exit 1; }

step "browser tests (Playwright, Debian's chromium headless shell)"
npm run --silent test:e2e

step "QA run against a staging copy (production build on PostgreSQL, MOCK_LEADS=1, QA_TOKEN; npm run qa)"
TEST_DATABASE_URL="$PG_URL" bash scripts/qa-staging-check.sh

step "all passed"
