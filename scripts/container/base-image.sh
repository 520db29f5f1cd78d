#!/usr/bin/env bash
# Makes a local stand-in for docker.io/library/node:20-bookworm-slim when no image registry is
# reachable: a minimal Debian bookworm (debootstrap), this machine's Node 20 with its headers, npm 10,
# a `node` user with uid/gid 1000 and the official image's entrypoint. The result lives in podman's
# image store, so the next run on the same machine reuses it.
# Usage: base-image.sh   (needs root, podman, debootstrap; CONTAINERS_CONF set by the caller)
set -euo pipefail

BASE=docker.io/library/node:20-bookworm-slim
if podman image exists "$BASE"; then
  echo "base image: $BASE already present"
  exit 0
fi
if [ "${FORECOURT_BASE_PULL:-1}" = 1 ] && timeout 60 podman pull -q "$BASE" >/dev/null 2>&1; then
  echo "base image: pulled $BASE"
  exit 0
fi

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" != 20 ]; then
  echo "base image: cannot make a stand-in: this machine's node is $(node -v), the image needs Node 20" >&2
  exit 1
fi
node_bin=$(command -v node)
node_include=$(dirname "$(dirname "$node_bin")")/include/node
if [ ! -f "$node_include/node.h" ]; then
  echo "base image: cannot make a stand-in: Node headers missing at $node_include" >&2
  exit 1
fi

# The Debian mirror this machine already uses (deb822 or one-line sources), deb.debian.org otherwise.
mirror=$(grep -hoE '^URIs: *http[^ ]*/debian/?$' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 | sed 's/^URIs: *//')
if [ -z "$mirror" ]; then
  mirror=$(grep -hoE '^deb +(\[[^]]*\] +)?http[^ ]*/debian/? +bookworm' /etc/apt/sources.list 2>/dev/null \
    | head -n 1 | awk '{print $(NF-1)}')
fi
mirror=${mirror:-http://deb.debian.org/debian}

started=$(date +%s)
root=$(mktemp -d /var/tmp/forecourt-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
echo "base image: making a stand-in for $BASE from $mirror (about a minute)"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1 \
  || { tail -n 20 "$root.log" >&2; rm -f "$root.log"; exit 1; }
rm -f "$root.log"

install -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/include"
cp -a "$node_include" "$root/usr/local/include/node"
mkdir -p "$root/usr/local/lib/node_modules/npm"
(cd "$root" && npm pack -q npm@10.8.2 >/dev/null && tar -xzf npm-10.8.2.tgz -C usr/local/lib/node_modules/npm --strip-components=1 && rm npm-10.8.2.tgz)
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
cat >"$root/usr/local/bin/docker-entrypoint.sh" <<'ENTRY'
#!/bin/sh
set -e
# Run command with node if the first argument contains a "-" or is not a system command.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
ENTRY
chmod 0755 "$root/usr/local/bin/docker-entrypoint.sh"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

tar --numeric-owner -C "$root" -c . | podman import -q \
  --change 'ENV NODE_VERSION='"$(node -p 'process.versions.node')" \
  --change 'ENTRYPOINT ["docker-entrypoint.sh"]' --change 'CMD ["node"]' - "$BASE" >/dev/null
echo "base image: stand-in $BASE made in $(($(date +%s) - started)) s"
