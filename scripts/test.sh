#!/usr/bin/env bash
# The project's one test command (`npm test`), also run by CI (.ci/run) on a fresh machine:
# installs what is missing (npm packages, Debian's Chromium and nginx), then lint and formatting, types,
# the unit and receiver tests (node's test runner), two builds and the checks of the built files, and the
# Playwright suite against the built site. docs/tests.md says what each stage checks.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

bash scripts/install-test-deps.sh

source scripts/side-by-side.sh

# Lint, types and the node tests (they read only the sources; npm run check alone), two at a time, with the
# builds and the checks of the built files after the unit tests (scripts/test-builds.sh).
source_checks 'bash scripts/test-builds.sh'
stage e2e npx --no-install playwright test "$@"
echo "== npm test: $SECONDS s"
