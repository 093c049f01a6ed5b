# One Dockerfile, two kinds of image:
#   --target api       the API and the generation worker (the command chooses which)
#   --target frontend  one frontend's static server, chosen with --build-arg APP=shell|remote-auth|…
# and, for the compose test's object-storage variant only, --target s3-stand-in (s3rver on a folder).
# Every stage before the targets is identical whatever is built, so the five frontends and the API
# share the install and the frontend build in the layer cache.

FROM node:22-bookworm-slim AS base
ENV PNPM_HOME=/pnpm npm_config_store_dir=/pnpm/store CI=true
ENV PATH=$PNPM_HOME:$PATH
WORKDIR /app

# ---- install: the whole workspace from the lockfile ----
FROM base AS deps
COPY docker/ca/ /tmp/ca/
# An extra CA (docker/ca/README.md) is trusted for the installs only when one was put there.
RUN if [ -s /tmp/ca/extra-ca.pem ]; then export NODE_EXTRA_CA_CERTS=/tmp/ca/extra-ca.pem npm_config_cafile=/tmp/ca/extra-ca.pem; fi \
 && npm install -g pnpm@12.21.0 --no-fund --no-audit --loglevel=error
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
# Fixes to installed packages (the UI kit's start-up), applied by the install.
COPY patches patches
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY remote-auth/package.json remote-auth/
COPY remote-studio/package.json remote-studio/
COPY remote-account/package.json remote-account/
COPY remote-billing/package.json remote-billing/
COPY api/package.json api/
RUN if [ -s /tmp/ca/extra-ca.pem ]; then export NODE_EXTRA_CA_CERTS=/tmp/ca/extra-ca.pem npm_config_cafile=/tmp/ca/extra-ca.pem; fi \
 && pnpm install --frozen-lockfile --filter '!e2e' --loglevel=warn

# ---- the API's production dependencies, from the store the install filled; ffmpeg and ffprobe made
# executable here, as the runtime user cannot (their packages' install scripts do not run) ----
FROM deps AS api-deps
RUN rm -rf node_modules */node_modules \
 && pnpm install --frozen-lockfile --prod --offline --filter '@kagami/api...' --loglevel=warn \
 && chmod 755 node_modules/.pnpm/@ff*-installer+linux-x64@*/node_modules/@ff*-installer/linux-x64/ff*

FROM node:22-bookworm-slim AS api
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# PocketSphinx with its English model hears the one-time code in consent clips (Debian's packages).
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends pocketsphinx pocketsphinx-en-us \
 && rm -rf /var/lib/apt/lists/*
COPY --from=api-deps /app /app
COPY tsconfig.base.json ./
COPY shared/src shared/src
COPY api api
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /app/api
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node", "--import", "tsx", "src/server.ts"]

# ---- every frontend, built once ----
# An S3-compatible server for tests (s3rver, a dev dependency of the API): never a deployment's storage.
FROM deps AS s3-stand-in
COPY api/scripts/s3-stand-in.mjs api/scripts/s3rver-multipart.mjs api/scripts/
WORKDIR /app/api
EXPOSE 9000
HEALTHCHECK --interval=5s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "require('net').connect(9000,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))"]
CMD ["node", "scripts/s3-stand-in.mjs"]

FROM deps AS frontend-build
COPY tsconfig.base.json ./
COPY scripts scripts
COPY shared shared
COPY shell shell
COPY remote-auth remote-auth
COPY remote-studio remote-studio
COPY remote-account remote-account
COPY remote-billing remote-billing
RUN node scripts/build.mjs \
 && find */dist -type f \( -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.json' -o -name '*.svg' -o -name '*.map' \) \
      -size +1k -exec gzip -k -9 {} +

FROM node:22-bookworm-slim AS frontend
ARG APP=shell
# Shown by the frontend at /version.json (remote-studio prints it in its footer); a tag's build sets it.
ARG VERSION=1.0.0
ENV PORT=8080 NODE_ENV=production
WORKDIR /srv
COPY scripts/lib/static-server.mjs docker/serve-frontend.mjs ./
COPY --from=frontend-build --chown=node:node /app/$APP/dist ./dist
# Written by a RUN, whose cache follows the build arguments (an ENV made from them can be reused stale).
RUN printf '{"app":"%s","version":"%s"}\n' "$APP" "$VERSION" > build.json
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/version.json').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "serve-frontend.mjs"]
