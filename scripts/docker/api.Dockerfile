# The API as compiled JavaScript on production
# dependencies only, run as the unprivileged `node` user. It builds no front end (they are
# served by their own containers) and never seeds demo data (SEED_DEMO is off outside the
# embedded database); the first admin is created with
#   docker compose run --rm api node api/dist/create-admin.js --email you@example.nl

# 1. Build: the locked tree, then the compiled API with its production packages only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && sh scripts/docker/assemble-api.sh /production

# 2. Run: only what the compiled API reads.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 SERVE_FRONTENDS=false SEED_DEMO=off DATA_DIR=/data
WORKDIR /app
COPY --from=build /production/ ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
CMD ["node", "--enable-source-maps", "api/dist/server.js"]
