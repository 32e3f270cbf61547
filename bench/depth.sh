#!/usr/bin/env bash
# make bench, depth: the CPU time of rendering scenes/cards-3d.yaml (76 frames, one job) with its
# cards in perspective, against the same scene with its cards flat: no perspective, every turn
# about x or y made a turn in the plane and no face hidden, so the same layers move as much but
# Cairo draws each directly instead of a store warped onto the frame (FrameDrawer+Depth). Best of
# three; the ratio perspective / flat should stay at most 2 (issue #48). The time includes
# encoding the PNGs, as a render's does. BIN=... measures another build.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-.build/release/zoetrope}
WORK=.build/bench/depth
SCENE=scenes/cards-3d.yaml
mkdir -p "$WORK"
sed -e 's/sublayerPerspective: [-0-9.e]*/sublayerPerspective: 0/' -e 's/rotation[XY]/rotation/g' -e '/doubleSided: false/d' \
  "$SCENE" > "$WORK/cards-flat.yaml"
cp "$SCENE" "$WORK/cards-perspective.yaml"
# The CPU seconds of ROUNDS renders.
ROUNDS=${ROUNDS:-3}
source bench/cpu.sh
best() {
  local best="" s
  for _ in 1 2 3; do
    rm -rf "$WORK/out-$1"
    s=$(cpu "$BIN" render "$WORK/cards-$1.yaml" --out "$WORK/out-$1" --jobs 1 --progress none) || { echo failed; return; }
    if [ -z "$best" ] || awk "BEGIN { exit !($s < $best) }"; then best=$s; fi
  done
  echo "$best"
}
flat=$(best flat)
perspective=$(best perspective)
printf "%-22s %10s\n" "depth (cards-3d)" "cpu (s)"
printf "%-22s %10s\n" "flat" "$flat"
printf "%-22s %10s\n" "perspective" "$perspective"
if [ "$flat" != failed ] && [ "$perspective" != failed ]; then
  printf "%-22s %10s   (goal: at most 2)\n" "ratio" "$(awk "BEGIN { printf \"%.2f\", $perspective / $flat }")"
fi
