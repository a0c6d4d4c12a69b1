#!/bin/sh
# Writes the shell's remotes.json from the environment at container start, so pointing the
# shell at another remote version needs no rebuild. The remotes and their variables come from
# the front-end manifest (/remote-variables, written at build time); remote containers skip
# this (the variables are unset there).
set -eu
[ -n "${REMOTE_STOREFRONT_URL:-}" ] || exit 0
json="{"
separator=""
while read -r name variable; do
  eval "url=\${$variable:-}"
  [ -n "$url" ] || { echo "remotes.json: $variable is not set" >&2; exit 1; }
  json="$json$separator\"$name\": \"$url\""
  separator=", "
done < /remote-variables
echo "$json}" > /usr/share/nginx/html/remotes.json
