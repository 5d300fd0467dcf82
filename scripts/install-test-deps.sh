#!/usr/bin/env bash
# Installs what the tests need and a fresh machine lacks. Idempotent: skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

# npm packages, as locked (again when package-lock.json is newer than the install): the site's and the
# receiver's, not the benchmark's (the bench/ workspace: Lighthouse and its 9,000 files, which no test uses;
# a plain `npm ci` installs everything).
# `npm ci` refuses a lock whose optional platform binaries (other OSes' builds of Next's SWC, Tailwind's
# oxide…) the registry does not serve, as on a registry mirror limited to this platform: then
# `npm install --no-save` installs the same locked versions without rewriting the lock.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  for_tests=(--no-audit --no-fund --include-workspace-root --workspace receiver)
  npm ci "${for_tests[@]}" || npm install "${for_tests[@]}" --no-save
fi

# A Chromium for Playwright: CHROMIUM_PATH, Debian's package, or Playwright's own download where it works.
missing=()
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then missing+=(chromium); fi
# Its headless shell, which the browser tests run in (playwright.config.ts).
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/lib/chromium/chromium-headless-shell ] && command -v apt-get >/dev/null 2>&1; then
  missing+=(chromium-headless-shell)
fi
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then missing+=(nginx); fi
# libfaketime moves one process's clock (receiver/test/clock.test.ts).
if ! command -v faketime >/dev/null 2>&1; then missing+=(faketime); fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-liberation
  elif command -v sudo >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-liberation
  elif [[ " ${missing[*]} " == *" chromium "* ]]; then
    npx --no-install playwright install chromium
  fi
fi
