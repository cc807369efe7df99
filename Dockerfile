# Vitrine in a container: docker compose up (compose.yaml adds PostgreSQL), or
#   docker build -t vitrine . && docker run -p 3000:3000 -v vitrine-data:/app/data --env-file .env vitrine
# Node 26 LTS, pinned to the exact release the project is tested on (.nvmrc); bump both together
# (docs/decisions/0013-node-26.md).

# --- build: every dependency, then the production build (client, prerendered pages, bundled server)
FROM node:26.12.1-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# --- runtime: production dependencies only, the build output, and the sources the CLIs run from
FROM node:26.12.1-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    LOG_FORMAT=json \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
# Nothing is compiled or fetched at install: better-sqlite3 carries its binary in the package
# (allowScripts in package.json).
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/server ./dist/server
# npm run backup / restore / report / suppliers:import run from the TypeScript sources (tsx).
COPY --from=build /app/src ./src
COPY --from=build /app/tsconfig.json ./tsconfig.json
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# The image has no curl: Node's fetch asks the liveness probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (docker stop starts the drain). --disable-proto=throw:
# `__proto__` is gone from every object, so no request body can ever reach Object.prototype
# through it (src/server/lib/safe-parse.ts is the first line of that defence). --max-semi-space-size=2: a young
# generation sized to the server's heap, not to the machine (docs/benchmarks.md#server-memory).
CMD ["node", "--disable-proto=throw", "--max-semi-space-size=2", "dist/server/main.js"]
