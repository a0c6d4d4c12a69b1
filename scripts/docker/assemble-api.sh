#!/bin/sh
# Assembles the API's production folder in $1: the compiled API (api/dist), its migrations and
# exactly the packages its production dependencies need, taken from the installed locked tree
# (no front-end, build or test packages). Used by api.Dockerfile and by the browser-free
# production-image test, so the test checks what the image runs. Run after `npm ci`.
set -eu
out="$1"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
npm run --silent build:api
rm -rf "$out" && mkdir -p "$out/api"
npm ls --workspace @koopjesland/api --omit=dev --all --parseable \
  | sed "s#^$root/##" | grep node_modules | sort -u \
  | tar -cf - -T - | tar -xf - -C "$out"
cp -r api/package.json api/drizzle api/dist "$out/api/"
