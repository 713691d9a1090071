# syntax=docker/dockerfile:1
# Multi-stage build: compile the three apps, then run the API (which serves both front ends) on a slim image
# that holds the builds and the server's own production dependencies only. The front ends are bundled when
# they are built: React, MUI and its icons (174 MB) are build tools here, not run-time dependencies.
FROM node:24-bookworm AS manifests
WORKDIR /app
# .npmrc: engine-strict, so an install on another Node stops naming the version needed.
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY testing/package.json testing/
COPY backend/package.json backend/
COPY storefront/package.json storefront/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What `node backend/dist/main.js` loads, from the same lock file: the backend workspace's dependencies,
# without its development ones and without the other workspaces'.
FROM manifests AS server-dependencies
RUN npm ci --omit=dev --workspace backend --no-audit --no-fund

FROM node:24-bookworm-slim
# mariadb-dump / mysqldump for `npm run backup` against a MySQL-family database (either server).
RUN apt-get update && apt-get install -y --no-install-recommends mariadb-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=server-dependencies /app/node_modules ./node_modules
COPY --from=build /app/backend/package.json ./backend/
# The backend's own dependencies npm did not hoist (ioredis 6).
COPY --from=server-dependencies /app/backend/node_modules ./backend/node_modules
COPY --from=build /app/backend/dist ./backend/dist
COPY --from=build /app/storefront/dist ./storefront/dist
COPY --from=build /app/admin/dist ./admin/dist
USER node
EXPOSE 3000
# Ready (started, migrations run, not stopping); the start period covers a first start that migrates a big
# database, while /api/health/live already answers.
HEALTHCHECK --interval=10s --timeout=3s --start-period=300s CMD node -e "fetch('http://127.0.0.1:3000/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "backend/dist/main.js"]
