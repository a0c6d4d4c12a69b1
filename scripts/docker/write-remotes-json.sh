#!/bin/sh
# Writes the shell's remotes.json from the environment at container start, so pointing the
# shell at another remote version needs no rebuild. Remote containers skip this (no variables).
set -eu
[ -n "${REMOTE_STOREFRONT_URL:-}" ] || exit 0
cat > /usr/share/nginx/html/remotes.json <<JSON
{
  "storefront": "${REMOTE_STOREFRONT_URL}",
  "catalogAdmin": "${REMOTE_CATALOG_ADMIN_URL}",
  "storeAdmin": "${REMOTE_STORE_ADMIN_URL}",
  "configAdmin": "${REMOTE_CONFIG_ADMIN_URL}"
}
JSON
