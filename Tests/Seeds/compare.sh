#!/usr/bin/env bash
# The seed chapters' UIKit code against their scenes: each Example (built by `swift build`)
# films its demo, `zoetrope render` renders the matching scene in scenes/, and every frame must
# be the same bytes, with the same number of frames. Usage: compare.sh BUILD_DIR OUT_DIR
set -euo pipefail
bin=$1
out=$2
rm -rf "$out"
mkdir -p "$out"

# example  scene(s) it films (each example writes OUT/<scene>/ per scene)
pairs=(
  "Dismiss dismiss-transition"
  "BlurPreview touch-preview"
  "Animalation frog frog-jump frog-spring frog-fling frog-pause-scrub frog-reverse"
)

failures=0
for pair in "${pairs[@]}"; do
  read -r example scenes <<<"$pair"
  "$bin/$example" "$out/films"
  for scene in $scenes; do
    "$bin/zoetrope" render "scenes/$scene.yaml" --out "$out/scenes/$scene" --progress none >/dev/null
    film=$(ls "$out/films/$scene" | grep -c '^frame_.*\.png$')
    rendered=$(ls "$out/scenes/$scene" | grep -c '^frame_.*\.png$')
    differing=0
    for frame in "$out/scenes/$scene"/frame_*.png; do
      cmp -s "$frame" "$out/films/$scene/$(basename "$frame")" || differing=$((differing + 1))
    done
    if [ "$film" != "$rendered" ] || [ "$differing" != 0 ]; then
      echo "FAIL $example vs scenes/$scene.yaml: $film film frames, $rendered scene frames, $differing differ"
      failures=$((failures + 1))
    else
      echo "ok   $example vs scenes/$scene.yaml: $rendered frames, the same bytes"
    fi
  done
done
exit $((failures > 0))
