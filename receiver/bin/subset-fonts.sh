#!/usr/bin/env bash
# `npm run receiver:fonts`: remakes the PDF's fonts, receiver/assets/fonts/, from the npm package
# @expo-google-fonts/inter (a development dependency: a server never installs it) with fontTools' pyftsubset
# (Debian package `fonttools`, or `pip install fonttools`). Run it after updating that package, then run
# receiver/test/pdf-fonts.test.ts and commit the files (docs/documents.md, « La police »).
#
# Each face keeps the characters a devis may hold (Latin with its extensions, Vietnamese, Greek, Cyrillic,
# French typography's spaces and signs, €) and drops what slowed every render without changing what a
# devis shows: the OpenType layout tables (GSUB, GPOS, GDEF: ligatures, contextual alternates, kerning;
# the PDF never used them), hinting, and the long name table (only the names and the copyright and
# licence records stay). The font's licence, the SIL Open Font License, is copied beside the files.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
source="$repo/node_modules/@expo-google-fonts/inter"
target="$repo/receiver/assets/fonts"

if ! command -v pyftsubset >/dev/null; then
  echo "pyftsubset introuvable : installez fontTools (sudo apt install fonttools, ou pip install fonttools)." >&2
  exit 1
fi
if [ ! -d "$source" ]; then
  echo "$source introuvable : lancez npm ci à la racine du dépôt." >&2
  exit 1
fi

# Basic Latin, Latin-1, Latin Extended-A and B, ə, ʻ ʼ, the modifier letters and combining accents most
# used, Greek, Cyrillic, Latin Extended Additional (Vietnamese), general punctuation (U+00A0's siblings:
# U+2009, U+2011, U+202F; ’ “ ” – — …), € ₽, №, ™, arrows, − and ∕.
unicodes='U+0020-007E,U+00A0-024F,U+0259,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0300-0301,U+0303,U+0308,U+0327'
unicodes+=',U+0370-03FF,U+0400-04FF,U+1E00-1EFF,U+2000-206F,U+20AC,U+20BD,U+2116,U+2122,U+2190-2193,U+2212,U+2215'

mkdir -p "$target"
for face in 400Regular:Inter-Regular 400Regular_Italic:Inter-Italic 700Bold:Inter-Bold; do
  from="$source/${face%%:*}/Inter_${face%%:*}.ttf"
  to="$target/${face##*:}.ttf"
  pyftsubset "$from" --output-file="$to" --unicodes="$unicodes" \
    --layout-features='' --no-hinting --name-IDs=0,1,2,3,4,5,6,7,13,14 \
    --drop-tables+=GSUB,GPOS,GDEF,kern,STAT,DSIG
  echo "$to : $(wc -c <"$to") octets"
done
cp "$source/LICENSE_FONT" "$target/OFL.txt"
