#!/usr/bin/env bash
# Checks, in seconds, everything the test suite needs besides node_modules, and says in one line per
# missing piece what to do. As root on Debian it installs the missing system packages itself (CI on a
# fresh machine); it never starts or installs PostgreSQL or Redis (.ci/run does that for CI).
set -uo pipefail
cd "$(dirname "$0")/.."

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
# Playwright drives Debian's old headless shell (scripts/lib/test-browser.ts: the suite runs 37% faster in it).
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"

# command → Debian package, for what the suite runs besides Node.
declare -A PACKAGES=(
  [xmllint]=libxml2-utils
  [java]=default-jre-headless
  # The SFTP stock-feed tests start their own sshd on 127.0.0.1.
  [sshd]=openssh-server
)
missing_packages=()
for cmd in "${!PACKAGES[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing_packages+=("${PACKAGES[$cmd]}")
done
[ -x "$CHROMIUM" ] || missing_packages+=(chromium-headless-shell)

if [ "${#missing_packages[@]}" -gt 0 ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "preflight: installing ${missing_packages[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq "${missing_packages[@]}" >/dev/null 2>&1 \
    || (apt-get update -qq && apt-get install -y -qq "${missing_packages[@]}" >/dev/null) \
    || true
  missing_packages=()
  for cmd in "${!PACKAGES[@]}"; do
    command -v "$cmd" >/dev/null 2>&1 || missing_packages+=("${PACKAGES[$cmd]}")
  done
  [ -x "$CHROMIUM" ] || missing_packages+=(chromium-headless-shell)
fi
# Without the shell (and not root to install it), the full chromium serves, slower: as scripts/lib/test-browser.ts picks.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x "$CHROMIUM" ] && [ -x /usr/bin/chromium ]; then
  CHROMIUM=/usr/bin/chromium
  missing_packages=("${missing_packages[@]/chromium-headless-shell/}")
fi

problems=0
fail() { echo "preflight: $*"; problems=$((problems + 1)); }

for package in "${missing_packages[@]}"; do
  case "$package" in
    "") ;;
    chromium-headless-shell) fail "chromium's headless shell is missing at $CHROMIUM (Playwright drives it): sudo apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH (the full /usr/bin/chromium works too, slower)" ;;
    libxml2-utils) fail "xmllint is missing (the ADF DTD check): sudo apt-get install -y libxml2-utils" ;;
    default-jre-headless) fail "java is missing (the Nu HTML Checker): sudo apt-get install -y default-jre-headless" ;;
    *) fail "$package is missing: sudo apt-get install -y $package" ;;
  esac
done

if [ ! -d node_modules/pg ] || [ ! -d node_modules/ioredis ]; then
  fail "node_modules is missing: run npm ci first"
  exit 1
fi

node -e "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$PG_URL" \
  || fail "PostgreSQL is not reachable at $PG_URL: start it (Debian: pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start) or set TEST_DATABASE_URL"

node -e "const R=require('ioredis');const r=new R(process.argv[1],{lazyConnect:true,connectTimeout:3000,retryStrategy:()=>null,maxRetriesPerRequest:0});r.on('error',()=>{});r.connect().then(()=>r.ping()).then(()=>{r.disconnect()}).catch(()=>process.exit(1))" "$REDIS_URL" \
  || fail "Redis is not reachable at $REDIS_URL: start it (Debian: redis-server --daemonize yes --bind 127.0.0.1 --save '') or set TEST_REDIS_URL"

if [ "$problems" -gt 0 ]; then
  echo "preflight: $problems problem(s) above; nothing was built or tested"
  exit 1
fi
echo "preflight: PostgreSQL, Redis, chromium, xmllint and java are ready"
