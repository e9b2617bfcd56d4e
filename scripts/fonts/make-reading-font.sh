#!/bin/sh
# Writes app/fonts/noto-serif-{400,600}-{normal,italic}.woff2: the reading font, Noto Serif, cut to
# the letters the site shows — Latin-1, Vietnamese (ă đ ĩ ũ ơ ư, U+1EA0–1EF9 and the combining tones),
# the Pali / Sanskrit transliteration letters (ā ṃ ṅ ṇ ṭ ḍ ḷ ṛ ś ṣ ḥ …) and common punctuation — from
# the static Noto Serif files @expo-google-fonts/noto-serif ships (OFL-1.1, app/fonts/OFL.txt).
# One file per weight and style, two weights: 400 for text, 600 for headings (the site asks for
# 500 and 700 in a few places: each falls to the nearer file). The normal pair is preloaded
# (app/root.tsx); italics load where a page sets text in italic. docs/decisions/0034-first-paint-first.md
# says why this replaced fontsource's variable files (51 KB preloaded, the Pali letters in a third file).
# Run by hand with fontTools and brotli (Debian: apt-get install python3-fonttools python3-brotli);
# the output is committed.
set -eu
cd "$(dirname "$0")/../.."
RANGE='U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD,U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+1EA0-1EF9,U+20AB,U+0100-0101,U+0112-0113,U+012A-012B,U+014C-014D,U+015A-015B,U+016A-016B,U+1E0C-1E0D,U+1E24-1E25,U+1E36-1E39,U+1E40-1E47,U+1E5A-1E5D,U+1E62-1E63,U+1E6C-1E6D'
SRC=node_modules/@expo-google-fonts/noto-serif
for pair in 400Regular:400-normal 400Regular_Italic:400-italic 600SemiBold:600-normal 600SemiBold_Italic:600-italic; do
  name=${pair%%:*}
  out=${pair#*:}
  python3 -m fontTools.subset "$SRC/$name/NotoSerif_$name.ttf" --unicodes="$RANGE" \
    --layout-features+=tnum,lnum,pnum --flavor=woff2 --output-file="app/fonts/noto-serif-$out.woff2"
done
ls -l app/fonts/*.woff2
