#!/usr/bin/env bash
# `npm run check`: the loop to run while working (about two minutes in a fresh clone on two cores, most of it
# the receiver's tests, and why not one: docs/performance.md; single test files run in seconds, docs/tests.md):
# lint and formatting, types, the unit tests and the receiver's, two stages side by side as in `npm test`,
# without the builds and the browser. ESLint, Prettier and tsc keep their caches in node_modules/.cache/, so a
# second run re-reads only what changed. `npm test` remains the whole gate.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/side-by-side.sh
source_checks
