#!/bin/sh
# Writes app/fonts/noto-serif-pali-{normal,italic}.woff: the letters Pali and Sanskrit transliteration
# adds to Vietnamese (ā ī ū ṃ ṅ ṇ ñ ṭ ḍ ḷ ṛ ś ṣ ḥ ē ō, capitals too), cut from the Noto Serif 400
# files @expo-google-fonts/noto-serif ships (OFL-1.1, app/fonts/OFL.txt). Run once, by hand, with
# fontTools (`pip install fonttools`); the output is committed. WOFF (zlib) because fontTools
# writes WOFF2 only with the Python brotli module; for ~40 glyphs the difference is a few hundred bytes.
# Why: the footer's quote (on every page) and the home page's passage carry Pali in italic; the
# fontsource latin-ext subset that holds these letters weighs 186 KB (normal) and 238 KB (italic).
# See docs/decisions/0015-compression-and-fonts.md.
set -eu
cd "$(dirname "$0")/../.."
PALI='U+0100-0101,U+0112-0113,U+012A-012B,U+014C-014D,U+015A-015B,U+016A-016B,U+1E0C-1E0D,U+1E24-1E25,U+1E36-1E39,U+1E40-1E47,U+1E5A-1E5D,U+1E62-1E63,U+1E6C-1E6D'
SRC=node_modules/@expo-google-fonts/noto-serif
for style in normal italic; do
  if [ "$style" = normal ]; then ttf="$SRC/400Regular/NotoSerif_400Regular.ttf"; else ttf="$SRC/400Regular_Italic/NotoSerif_400Regular_Italic.ttf"; fi
  pyftsubset "$ttf" --unicodes="$PALI" --flavor=woff --with-zopfli 2>/dev/null || \
    pyftsubset "$ttf" --unicodes="$PALI" --flavor=woff
  mv "${ttf%.ttf}.subset.woff" "app/fonts/noto-serif-pali-$style.woff"
done
ls -l app/fonts/*.woff
