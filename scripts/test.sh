#!/usr/bin/env bash
# The project's one test command (`npm test`), also run by CI (.ci/run) on a fresh machine:
# installs what is missing (npm packages, Debian's Chromium and nginx), then lint, types, build and
# the Playwright suite against the built site.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

bash scripts/install-test-deps.sh

echo '== lint' && npx --no-install eslint . --max-warnings=0
echo '== typecheck' && npx --no-install tsc --noEmit
echo '== build' && npx --no-install next build
echo '== e2e' && npx --no-install playwright test "$@"
