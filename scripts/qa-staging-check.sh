#!/usr/bin/env bash
# CI's proof that `npm run qa` works against a staging copy: a production server on PostgreSQL with
# MOCK_LEADS=1 and QA_TOKEN on its own port (a fresh schema, dropped after), checked through BASE_URL
# and the QA read-back API only, as a tester on another machine would — JavaScript on and off.
# QA_CI_GREP picks the tests (default: a representative @forms subset; `@forms` for all of them).
set -euo pipefail
cd "$(dirname "$0")/.."

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
PORT="${QA_CI_PORT:-3300}"
TENANT_HOST="${QA_CI_TENANT_HOST:-southern-used.localhost}"
# One test per kind of check: the variant's messages, a vehicle dialog, careers, a multi-step flow,
# the reserve/buy-online dialog, and single form pages with conditional fields. The fill-time guard
# test is left to the local run: on a loaded machine a page can take its 2 s by itself.
GREP="${QA_CI_GREP:-general enquiry|test-drive dialog|careers is sent|finance pre-approval|reserve or buy online|every form page.*(/contact|/trade-in|/service):}"
SCHEMA="qa_ci_$(date +%s)_$$"
DATA_DIR="$(mktemp -d -t forecourt-qa-ci-XXXXXX)"
export QA_TOKEN="qa-ci-$(node -e 'console.log(require("node:crypto").randomBytes(18).toString("hex"))')"

psql_admin() { node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.query(process.argv[2])).then(()=>c.end()).catch((e)=>{console.error(e.message);process.exit(1)})" "$PG_URL" "$1"; }

SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  psql_admin "drop schema if exists $SCHEMA cascade" || true
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT

psql_admin "create schema $SCHEMA"
SCOPED_URL="$PG_URL?options=-c%20search_path%3D$SCHEMA"

NODE_ENV=production PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$DATA_DIR" DATABASE_URL="$SCOPED_URL" \
  MOCK_LEADS=1 SESSION_SECRET="qa-ci-session-secret-0123456789" LOG_LEVEL=warn \
  RATE_LIMIT_PER_MINUTE=1000 RATE_LIMIT_ACROSS_SITES_PER_MINUTE=10000 POST_RATE_LIMIT_PER_MINUTE=10000 POST_BODY_BYTES_PER_MINUTE=10000000000 \
  node build/server.js >"$DATA_DIR/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 120); do
  node -e "fetch(process.argv[1]).then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))" "http://127.0.0.1:$PORT/healthz" && break
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then echo "the staging server stopped at start:"; cat "$DATA_DIR/server.log"; exit 1; fi
  sleep 1
done

npm run --silent qa -- --base-url "http://127.0.0.1:$PORT" --tenant-host "$TENANT_HOST" --grep "$GREP" --out qa-reports/ci
