#!/usr/bin/env bash
# `npm run receiver:check-install`: checks the receiver's production install as docs/recevoir-les-demandes.md
# tells it, in a fresh clone of the committed repository (uncommitted changes are not in it). Uses the npm
# registry, so it is not part of `npm test`: run it before a release that touches the dependencies.
#   - `npm ci --omit=dev --workspace receiver` installs the receiver's runtime alone: none of the site's
#     development tools, and under 150 MB (131 MB on 2026-11-27: the devis PDF's react-pdf, pdfkit, fontkit and
#     hyphenation patterns added about 50 MB to the 80 MB of the inbox's receiver);
#   - `npm run receiver` then builds the receiver (receiver/build.ts, with esbuild from that install), starts
#     it, and it answers its health check.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
pid=''
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

git clone --quiet "$repo" "$work/repo"
cd "$work/repo"
npm ci --omit=dev --workspace receiver --no-audit --no-fund

status=0
# react and react-dom are the receiver's own since the team inbox (pages rendered on the server).
for package in next playwright @playwright/test lighthouse eslint typescript tailwindcss; do
  if [ -e "node_modules/$package" ]; then
    echo "ÉCHEC : $package est installé, il ne devrait pas l’être." >&2
    status=1
  fi
done
size_mb="$(du -sm node_modules | cut -f1)"
echo "node_modules : ${size_mb} Mo"
if [ "$size_mb" -ge 150 ]; then
  echo "ÉCHEC : ${size_mb} Mo installés, 150 au plus." >&2
  status=1
fi

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
QUOTE_DATA_DIR="$work/data" PORT="$port" QUOTE_INBOX_PORT=0 npm run --silent receiver >"$work/receiver.log" 2>&1 &
pid=$!
health="http://127.0.0.1:$port/api/devis/health"
for _ in $(seq 1 60); do
  if node -e "fetch('$health').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"; then
    echo "npm run receiver démarre et répond 200 sur /api/devis/health."
    exit "$status"
  fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 0.5
done
echo "ÉCHEC : npm run receiver ne répond pas :" >&2
cat "$work/receiver.log" >&2
exit 1
