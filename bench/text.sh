#!/usr/bin/env bash
# make bench, text: the CPU time of rendering text (ROUNDS renders each) (the gallery, scenes/typography.yaml and
# the corpus's Lottie files whose text is set from fonts or glyphs), best of three, against the
# figures in bench/text-baseline.txt: the same renders by the build before the Pango engine
# (#47: Cairo's toy font API, one glyph at a time), measured on this machine class. A ratio
# above 1 is slower than then. BIN=... makes the baseline: BIN=/path/to/old/zoetrope
# bench/text.sh --record.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/zoetrope}
CORPUS=${TEXT_CORPUS:-../shared/lottie/corpus}
WORK=.build/bench/text
BASELINE=bench/text-baseline.txt
mkdir -p "$WORK"
# name  file  frames
cases=(
  "gallery scenes/gallery.yaml 0-90"
  "typography scenes/typography.yaml 0-60"
  "verifyLineHeight $CORPUS/lottie-ios/5e6fa5b4-verifyLineHeight.json all"
  "Text_Glyph $CORPUS/lottie-ios/85ca8282-Text_Glyph.json all"
  "hindi $CORPUS/lottie-android/92ea1886-hindi.json all"
  "Multiline $CORPUS/lottie-android/8d6ed46c-Multiline.json all"
  "SzFont $CORPUS/lottie-android/6920010c-SzFont.json all"
  "text2 $CORPUS/thorvg/2f514900-text2.json all"
)
# The CPU seconds of ROUNDS renders (the time of one is near the clock's 10 ms resolution).
ROUNDS=${ROUNDS:-5}
source bench/cpu.sh
printf "%-18s %10s %10s %7s\n" "text" "cpu (s)" "baseline" "ratio"
for entry in "${cases[@]}"; do
  read -r name file frames <<< "$entry"
  [ -f "$file" ] || { printf "%-18s %10s\n" "$name" "(missing)"; continue; }
  best=""
  for _ in 1 2 3; do
    rm -rf "$WORK/$name"
    range=(); [ "$frames" = all ] || range=(--frames "$frames")
    s=$(cpu "$BIN" render "$file" "${range[@]}" --out "$WORK/$name" --jobs 1 --progress none) || s=""
    [ -n "$s" ] || break
    if [ -z "$best" ] || awk "BEGIN { exit !($s < $best) }"; then best=$s; fi
  done
  if [ "${1:-}" = "--record" ]; then echo "$name $best" >> "$BASELINE.new"; fi
  base=$(awk -v n="$name" '$1 == n { print $2 }' "$BASELINE" 2>/dev/null || true)
  if [ -n "$base" ] && [ -n "$best" ]; then
    printf "%-18s %10s %10s %7s\n" "$name" "$best" "$base" "$(awk "BEGIN { printf \"%.2f\", $best / $base }")"
  else
    printf "%-18s %10s %10s %7s\n" "$name" "${best:-failed}" "${base:--}" "-"
  fi
done
if [ "${1:-}" = "--record" ]; then mv "$BASELINE.new" "$BASELINE"; echo "recorded $BASELINE"; fi
