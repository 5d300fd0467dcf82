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
# The quote form can post to an endpoint set at build time (NEXT_PUBLIC_QUOTE_ENDPOINT,
# docs/recevoir-les-demandes.md). e2e/devis-endpoint.spec.ts and e2e/receiver.spec.ts need a build that posts to
# the company's own receiver on the same origin (QUOTE_RECEIVER_PATH of content/quote-settings.ts): it goes to
# build/out-endpoint/, then the site is built again without the variable, to out/, for every other test.
echo '== build (quote receiver)' && NEXT_PUBLIC_QUOTE_ENDPOINT=/api/devis npm run --silent build
rm -rf build/out-endpoint && mkdir -p build && mv out build/out-endpoint
echo '== build' && env -u NEXT_PUBLIC_QUOTE_ENDPOINT -u NEXT_PUBLIC_QUOTE_PROCESSOR npm run --silent build
echo '== checks of out/' && npm run --silent test:out
echo '== e2e' && npx --no-install playwright test "$@"
