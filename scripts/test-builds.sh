#!/usr/bin/env bash
# The builds `npm test` checks (scripts/test.sh runs this beside the types and the receiver's tests), then the
# checks of the built files (unit/out/).
#
# The quote form can post to an endpoint set at build time (NEXT_PUBLIC_QUOTE_ENDPOINT,
# docs/recevoir-les-demandes.md). e2e/devis-endpoint.spec.ts and e2e/receiver.spec.ts need a build that posts to
# the company's own receiver on the same origin (QUOTE_RECEIVER_PATH of content/quote-settings.ts): it goes to
# build/out-endpoint/, then the site is built again without the variable, to out/, for every other test.
# That first build also shows the company's own photos instead of the stock ones: sample originals for every
# photo key (scripts/sample-photos.ts) in build/photos/, read through PHOTOS_DIR (docs/photos.md); its tests
# are unit/out/own-photos.test.ts and the own-photos specs of e2e/. Their AVIF copies are encoded at the
# encoder's quickest effort (PHOTOS_AVIF_EFFORT, scripts/photos.ts): the same pictures at the same sizes, nine
# times faster, a little heavier.
# It also carries an exceptional closure of its own (SAMPLE_CLOSURES, content/closures.ts), far in the future so
# that it shows only when a test sets the page's clock to its days: e2e/closures.spec.ts; and published reviews
# in place of content/data/avis.json (SAMPLE_REVIEWS, content/reviews.ts): e2e/reviews.spec.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/side-by-side.sh
export NEXT_TELEMETRY_DISABLED=1
# The first build skips Next.js's own type-checking pass: `npm run typecheck` (TypeScript 7) checks everything
# beside it (next.config.mjs). The second keeps it, as a bare `npm run build` does: Next.js checks with
# TypeScript 6, the `typescript` package, so npm test fails if the two compilers ever disagree
# (docs/dependencies.md).
export SKIP_BUILD_TYPECHECK=1

stage 'sample photos' npx --no-install tsx scripts/sample-photos.ts --dir build/photos
PHOTOS_DIR=build/photos PHOTOS_AVIF_EFFORT=0 NEXT_PUBLIC_QUOTE_ENDPOINT=/api/devis SAMPLE_CLOSURES="$(cat e2e/fixtures/closures.json)" \
  SAMPLE_REVIEWS="$(cat e2e/fixtures/reviews.json)" \
  stage 'build (quote receiver, own photos)' npm run --silent build
rm -rf build/out-endpoint && mkdir -p build && mv out build/out-endpoint
stage 'build (with its TypeScript 6 check)' env -u NEXT_PUBLIC_QUOTE_ENDPOINT -u NEXT_PUBLIC_QUOTE_PROCESSOR -u SKIP_BUILD_TYPECHECK \
  npm run --silent build
stage 'checks of out/' npm run --silent test:out
