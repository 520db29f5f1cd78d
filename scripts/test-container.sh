#!/usr/bin/env bash
# Builds the project's Dockerfile and runs the image the way an operator would, with podman:
# a named volume for the data, two tenants by Host header, an unknown host, a lead posted without
# JavaScript and its email in the local mailbox, the data kept across a restart, a clean stop within
# the stop timeout, a non-root user, the HEALTHCHECK, and an unwritable data folder. Prints the image
# size and the time of each step. Needs root (apt-get, podman); installs what is missing from Debian.
#
#   bash scripts/test-container.sh
#
# CONTAINER_TEST_PORT (default 3390) is the host port the container is published on.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${CONTAINER_TEST_PORT:-3390}
IMAGE=localhost/forecourt:test
NAME=forecourt-test-$$
VOLUME=forecourt-test-data-$$
CACHE=/var/tmp/forecourt-container
STOP_TIMEOUT=10
started=$(date +%s)
step_started=$started

step() {
  local now
  now=$(date +%s)
  echo "container: [$((now - started)) s] $*"
  step_started=$now
}
fail() {
  echo "container: FAILED: $*" >&2
  if podman container exists "$NAME" 2>/dev/null; then
    echo "container: last log lines of $NAME:" >&2
    podman logs --tail 30 "$NAME" >&2 2>&1 || true
  fi
  exit 1
}
cleanup() {
  podman rm -f -t 0 "$NAME" "$NAME-unwritable" >/dev/null 2>&1 || true
  podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  rm -rf "$CACHE/run-$$"
}
trap cleanup EXIT

# --- tools -------------------------------------------------------------------------------------
export DEBIAN_FRONTEND=noninteractive
missing=()
for pair in podman:podman debootstrap:debootstrap newuidmap:uidmap slirp4netns:slirp4netns fuse-overlayfs:fuse-overlayfs runc:runc; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || PATH="$PATH:/usr/sbin:/sbin" command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]}"
  apt-get update -qq && apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null
fi
export PATH="$PATH:/usr/sbin:/sbin"
if [ "${1:-}" = --install-only ]; then exit 0; fi

# crun (podman's default) cannot raise RLIMIT_NOFILE nor run with hybrid cgroups on some hosts;
# runc and explicit ulimits work everywhere this was tried.
mkdir -p "$CACHE" "$CACHE/run-$$"
if [ -z "${CONTAINERS_CONF:-}" ]; then
  cat >"$CACHE/containers.conf" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
[engine]
runtime = "runc"
CONF
  export CONTAINERS_CONF="$CACHE/containers.conf"
fi

# --- base image (pulled, or a local stand-in kept in podman's store) ------------------------------
bash scripts/container/base-image.sh
step "base image ready"

# --- build ---------------------------------------------------------------------------------------
# Behind an HTTPS-intercepting proxy the build's npm needs this machine's CA bundle; mounted for the
# build only, never part of the image.
build_mounts=()
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  printf 'cafile=/etc/ssl/certs/ca-certificates.crt\n' >"$CACHE/npmrc"
  build_mounts+=(-v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro -v "$CACHE/npmrc:/usr/local/etc/npmrc:ro")
fi
# The build's intermediate layers stay in podman's store as its cache (a rebuild after a code change
# reuses the apt-get and npm ci layers); only the image this build replaces is removed.
previous=$(podman image inspect --format '{{.Id}}' "$IMAGE" 2>/dev/null || true)
podman build --format docker --layers -t "$IMAGE" "${build_mounts[@]}" . >"$CACHE/run-$$/build.log" 2>&1 \
  || { tail -n 40 "$CACHE/run-$$/build.log" >&2; fail "podman build"; }
build_seconds=$(($(date +%s) - step_started))
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
step "image built in ${build_seconds} s: $((size / 1000000)) MB ($size bytes)"
current=$(podman image inspect --format '{{.Id}}' "$IMAGE")
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
# Each build whose code changed also leaves its build stage behind; only the newest is kept (the cache).
podman images -a --filter label=org.forecourt.stage=build --format '{{.CreatedAt}} {{.ID}}' | sort -r | tail -n +2 \
  | awk '{print $NF}' | xargs -r podman rmi >/dev/null 2>&1 || true

healthcheck=$(podman image inspect --format '{{json .HealthCheck}}' "$IMAGE")
case "$healthcheck" in *readyz*) ;; *) fail "the image has no HEALTHCHECK on /readyz (built without --format docker?): $healthcheck" ;; esac
podman run --rm --health-interval disable --entrypoint sh "$IMAGE" -c 'test ! -e node_modules/typescript && test ! -e node_modules/better-sqlite3/deps && test ! -e node_modules/vitest' 2>/dev/null \
  || fail "the image keeps build-only files (typescript, better-sqlite3 sources or dev dependencies)"
step "HEALTHCHECK present; no build-only files in the image"

# --- run -----------------------------------------------------------------------------------------
curl_host() { # curl_host HOST PATH [curl args…]: prints the status code
  local host=$1 path=$2
  shift 2
  curl -s -o "$CACHE/run-$$/body" -w '%{http_code}' -H "Host: $host" "$@" "http://127.0.0.1:$PORT$path" || echo 000
}
wait_healthy() {
  for _ in $(seq 1 120); do
    [ "$(curl_host localhost /healthz)" = 200 ] && return 0
    [ "$(podman container inspect --format '{{.State.Running}}' "$NAME" 2>/dev/null)" = true ] || fail "the container stopped while starting"
    sleep 0.5
  done
  fail "/healthz did not answer 200 within 60 s"
}

podman volume create "$VOLUME" >/dev/null
# No systemd here to run the HEALTHCHECK on a timer: the check below runs it by hand.
podman run -d --name "$NAME" --health-interval disable -p "127.0.0.1:$PORT:3000" -v "$VOLUME:/app/data" \
  -e PUBLISHED_PORT="$PORT" -e SESSION_SECRET=container-test-secret-0123456789 -e METRICS_TOKEN=container-test-token \
  "$IMAGE" >/dev/null 2>"$CACHE/run-$$/run.log" || { cat "$CACHE/run-$$/run.log" >&2; fail "podman run"; }
wait_healthy
step "listening: /healthz 200"

podman logs "$NAME" >"$CACHE/run-$$/start.log" 2>&1
grep -q "^Forecourt is running\. Open .*http://harbourside\.localhost:$PORT .*(http://localhost:$PORT shows" "$CACHE/run-$$/start.log" \
  || fail "the start line does not link to the published port $PORT: $(grep 'Forecourt is running' "$CACHE/run-$$/start.log")"
uid=$(podman exec "$NAME" id -u)
[ "$uid" != 0 ] || fail "the server runs as root"
owner=$(podman exec "$NAME" stat -c %u /app/data)
[ "$owner" = "$uid" ] || fail "/app/data is owned by uid $owner, the server runs as uid $uid"
step "start line links to port $PORT; runs as uid $uid, which owns /app/data"

for pair in "harbourside.localhost:Harbourside Motor Group" "kiwi-motors.localhost:Kiwi Motors"; do
  host=${pair%%:*} name=${pair#*:}
  status=$(curl_host "$host" /)
  [ "$status" = 200 ] || fail "GET / on $host answered $status"
  grep -q "$name" "$CACHE/run-$$/body" || fail "GET / on $host does not show $name"
done
status=$(curl_host nobody.example /)
[ "$status" = 404 ] || fail "an unknown host answered $status, not 404"
step "two tenants by Host header; an unknown host 404"

# Ready once every tenant's search index is built: the first /readyz starts the builds.
for _ in $(seq 1 120); do
  status=$(curl_host localhost /readyz)
  [ "$status" = 200 ] && break
  sleep 0.5
done
[ "$status" = 200 ] || fail "/readyz answered $status 60 s after the start: $(cat "$CACHE/run-$$/body")"
status=$(curl_host localhost /metrics)
[ "$status" = 404 ] || fail "/metrics without a token answered $status, not 404"
status=$(curl_host localhost /metrics -H "Authorization: Bearer container-test-token")
[ "$status" = 200 ] && grep -q '^forecourt_http_requests_total' "$CACHE/run-$$/body" || fail "/metrics with the token answered $status"
podman healthcheck run "$NAME" >/dev/null || fail "podman healthcheck run: not healthy"
step "/readyz 200; /metrics 404 without the token, 200 with it; HEALTHCHECK healthy"

# A lead as a shopper without JavaScript sends it: the form page's hidden fields and cookies, then a
# POST from the same origin; the server answers 303 to the success page.
jar="$CACHE/run-$$/cookies"
form_host=kiwi-motors.localhost
status=$(curl_host "$form_host" /contact -c "$jar")
[ "$status" = 200 ] || fail "GET /contact answered $status"
fields=$(node scripts/container/form-fields.mjs "$CACHE/run-$$/body" \
  '{"name":"Container Test","email":"container-test@example.com","phone":"0491 570 006","message":"Please call me about a car."}')
sleep 4 # a form sent faster than a person could fill it in is refused as a bot
status=$(curl_host "$form_host" /contact -b "$jar" -H "Origin: http://$form_host" --data "$fields")
[ "$status" = 303 ] || fail "POST /contact answered $status, not 303: $(head -c 400 "$CACHE/run-$$/body")"
# Delivered within a few seconds (the deliverer runs every 5 s): the CRM copy and the sales inbox's.
mails=0
for _ in $(seq 1 60); do
  mails=$(podman exec "$NAME" sh -c 'ls /app/data/mailbox/kiwi-motors/ 2>/dev/null | grep -c "\.eml$"' || true)
  [ "$mails" -ge 2 ] && break
  sleep 0.5
done
[ "$mails" -ge 2 ] || fail "$mails of 2 emails in /app/data/mailbox/kiwi-motors within 30 s of the lead"
podman exec "$NAME" sh -c 'grep -l "container-test@example.com" /app/data/mailbox/kiwi-motors/*_notification.eml' >/dev/null \
  || fail "the sales inbox's email does not carry the lead's email address"
step "lead POST 303; its email is in the mailbox"

# --- restart: the data stays ---------------------------------------------------------------------
# (podman without systemd logs that it cannot manage the healthcheck timer: harmless, kept out of the output.)
podman restart -t "$STOP_TIMEOUT" "$NAME" >/dev/null 2>"$CACHE/run-$$/restart.log" || { cat "$CACHE/run-$$/restart.log" >&2; fail "podman restart"; }
wait_healthy
status_out=$(podman exec "$NAME" npm run -s leads:status -- --tenant kiwi-motors) || fail "npm run leads:status in the container"
# kiwi-motors emails its leads: to the CRM intake (adf_email) and the sales inbox (notification).
grep -Eq '^notification +0 +1 +0$' <<<"$status_out" || fail "after a restart the lead is not there as delivered: $status_out"
step "after a restart the lead is still there (leads:status: notification 0 pending, 1 delivered)"

# --- stop ----------------------------------------------------------------------------------------
stop_started=$(date +%s%N)
podman stop -t "$STOP_TIMEOUT" "$NAME" >/dev/null 2>"$CACHE/run-$$/stop.log" || { cat "$CACHE/run-$$/stop.log" >&2; fail "podman stop exited non-zero"; }
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
code=$(podman container inspect --format '{{.State.ExitCode}}' "$NAME")
[ "$code" = 0 ] || fail "the server exited $code on SIGTERM (137: killed after the stop timeout)"
[ "$stop_ms" -lt $((STOP_TIMEOUT * 1000)) ] || fail "podman stop took $stop_ms ms"
step "podman stop: exit 0 in $stop_ms ms (timeout ${STOP_TIMEOUT} s)"

# --- an unwritable data folder -------------------------------------------------------------------
unwritable="$CACHE/run-$$/root-owned-data"
mkdir -p "$unwritable" && chmod 0755 "$unwritable"
set +e
output=$(podman run --name "$NAME-unwritable" --health-interval disable -v "$unwritable:/app/data" "$IMAGE" 2>&1)
code=$?
set -e
[ "$code" = 1 ] || fail "with a root-owned data folder the server exited $code, not 1"
grep -q "^forecourt: cannot start: DATA_DIR /app/data is not writable by uid $uid " <<<"$output" \
  || fail "with a root-owned data folder the start line does not name /app/data and uid $uid: $output"
step "a root-owned data folder: exit 1, '$(grep 'cannot start' <<<"$output")'"

echo "container: passed in $(($(date +%s) - started)) s (build ${build_seconds} s, image $((size / 1000000)) MB)"
