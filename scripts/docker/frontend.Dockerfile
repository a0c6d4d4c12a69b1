# One image recipe for every front end: build the workspace, serve its static files with nginx.
# docker build -f scripts/docker/frontend.Dockerfile --build-arg WORKSPACE=mfe-storefront .
FROM node:20-bookworm-slim AS build
ARG WORKSPACE
# The version a remote reports in its mf-manifest.json and the admin footer; empty: its package.json version.
ARG MF_BUILD_VERSION=
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w "@koopjesland/${WORKSPACE}" \
  && npx tsx scripts/docker/remote-variables.ts > /app/remote-variables

FROM nginx:1.27-alpine
ARG WORKSPACE
COPY --from=build /app/${WORKSPACE}/dist /usr/share/nginx/html
COPY --from=build /app/remote-variables /remote-variables
COPY scripts/docker/nginx-frontend.conf /etc/nginx/conf.d/default.conf
COPY scripts/docker/write-remotes-json.sh /docker-entrypoint.d/40-write-remotes-json.sh
RUN chmod +x /docker-entrypoint.d/40-write-remotes-json.sh
