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
echo '== unit' && npm run --silent test:unit
# The quote form can post to an endpoint set at build time (NEXT_PUBLIC_QUOTE_ENDPOINT, docs/quote-endpoint.md).
# e2e/devis-endpoint.spec.ts needs such a build: it goes to build/out-endpoint/ (served on E2E_PORT + 10), then
# the site is built again without the variable, to out/, for every other test.
QUOTE_TEST_ENDPOINT="${E2E_QUOTE_ENDPOINT:-http://127.0.0.1:4999/quote}"
echo '== build (quote endpoint)' && NEXT_PUBLIC_QUOTE_ENDPOINT="$QUOTE_TEST_ENDPOINT" npm run --silent build
rm -rf build/out-endpoint && mkdir -p build && mv out build/out-endpoint
echo '== build' && env -u NEXT_PUBLIC_QUOTE_ENDPOINT -u NEXT_PUBLIC_QUOTE_PROCESSOR npm run --silent build
echo '== checks of out/' && npm run --silent test:out
echo '== e2e' && npx --no-install playwright test "$@"
