# The API alone: front ends are served by their own containers in this shape.
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
ENV NODE_ENV=production PORT=8080 SERVE_FRONTENDS=false DATA_DIR=/data
VOLUME /data
EXPOSE 8080
CMD ["npx", "tsx", "scripts/start.ts", "--api-only"]
