#!/usr/bin/env bash
# The whole test suite, as CI runs it: typecheck, lint, unit, integration on SQLite and on PostgreSQL,
# then the Playwright suite against a production build. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"

step() { printf '\n=== %s ===\n' "$*"; }

step "demo stock and production build"
npm run --silent stock:generate
npm run --silent build

step "typecheck"
npx tsc --noEmit

step "lint (ESLint, Prettier)"
npm run --silent lint

step "unit tests"
# The ADF tests validate against the ADF 1.0 DTD with xmllint (Debian: libxml2-utils).
if ! command -v xmllint >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    (apt-get install -y -qq libxml2-utils >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq libxml2-utils >/dev/null))
  else
    echo "xmllint is missing: sudo apt-get install -y libxml2-utils"; exit 1
  fi
fi
npx vitest run --project unit

# The Nu HTML Checker (npm vnu-jar) runs on Java.
if ! command -v java >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    (apt-get install -y -qq default-jre-headless >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq default-jre-headless >/dev/null))
  else
    echo "java is missing (the Nu HTML Checker needs it): sudo apt-get install -y default-jre-headless"; exit 1
  fi
fi

REDIS_TEST_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
if ! node -e "const R=require('ioredis');const r=new R(process.argv[1],{lazyConnect:true,retryStrategy:()=>null,maxRetriesPerRequest:0});r.on('error',()=>{});r.connect().then(()=>r.ping()).then(()=>{r.disconnect()}).catch(()=>process.exit(1))" "$REDIS_TEST_URL"; then
  echo "Redis is not reachable at $REDIS_TEST_URL (shared lead limits are tested against it)."
  echo "Start it (Debian: apt-get install -y redis-server && redis-server --daemonize yes) or set TEST_REDIS_URL."
  exit 1
fi

step "integration tests on SQLite"
env -u DATABASE_URL npx vitest run --project integration

step "integration tests on PostgreSQL ($PG_URL)"
if ! node -e "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$PG_URL"; then
  echo "PostgreSQL is not reachable at $PG_URL."
  echo "Start it (Debian: pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start) or set TEST_DATABASE_URL."
  exit 1
fi
DATABASE_URL="$PG_URL" npx vitest run --project integration

step "browser tests (Playwright, Debian chromium)"
npm run --silent test:e2e

step "QA run against a staging copy (production build on PostgreSQL, MOCK_LEADS=1, QA_TOKEN; npm run qa)"
TEST_DATABASE_URL="$PG_URL" bash scripts/qa-staging-check.sh
