# syntax=docker/dockerfile:1
# Forecourt's production image. Build with `docker build -t forecourt .` or
# `podman build --format docker -t forecourt .` (podman's default OCI format drops the HEALTHCHECK).
# scripts/test-container.sh builds and runs this file in CI; docs/operations.md "Containers" has the rest.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# node-gyp compiles against the headers this image ships instead of downloading them from
# nodejs.org, so the build needs the npm registry and nothing else.
ENV npm_config_nodedir=/usr/local
# patches/: the dependency fixes npm ci applies after installing (postinstall: patch-package).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
# Then drop what only building needed: dev dependencies, typescript (an optional peer of the Remix
# packages that npm installs anyway, never loaded at run time), better-sqlite3's sources and object
# files (its compiled addon is all it loads), and npm's cache.
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/.cache \
  && find node_modules/better-sqlite3 -mindepth 1 -maxdepth 1 ! -name lib ! -name build ! -name package.json ! -name LICENSE -exec rm -rf {} + \
  && find node_modules/better-sqlite3/build -mindepth 1 -maxdepth 1 ! -name Release -exec rm -rf {} + \
  && find node_modules/better-sqlite3/build/Release -mindepth 1 -maxdepth 1 ! -name better_sqlite3.node -exec rm -rf {} + \
  && rm -rf /root/.npm
# Marks this stage's result: scripts/test-container.sh removes the ones earlier builds left (about 1.5 GB each).
LABEL org.forecourt.stage=build

FROM node:20-bookworm-slim
# The server runs as `node`, uid 1000 / gid 1000 in the base image. It writes only under DATA_DIR
# (SQLite database, local mailbox, uploads, image cache): a bind-mounted data folder must be
# writable by uid 1000 (`chown 1000:1000 <folder>`), or the server stops at start naming the folder
# and the uid. A named volume gets the image's ownership of /app/data on first use.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
# server/ and scripts/ serve the command-line tools (npm run stock:import, leads:status, …) run with tsx.
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/tenants ./tenants
COPY --from=build --chown=node:node /app/tsconfig.json ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Ready, not just alive: /readyz answers 200 once the database and the search backend answer and every
# tenant's index is built, so `depends_on: condition: service_healthy` and proxies that follow the
# health status send traffic only to a container that can serve it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# A stop (docker/podman stop: SIGTERM, SIGKILL after 10 s) ends within the server's own 8 s limit.
CMD ["node", "--enable-source-maps", "build/server.js"]
