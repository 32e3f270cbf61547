# Sourced by the bench scripts: cpu COMMAND… prints the CPU seconds (user + system) of ROUNDS
# runs of COMMAND, its output discarded; WORK is where the time is written. Fails when a run does.
cpu() {
  local total=0
  for _ in $(seq "$ROUNDS"); do
    /usr/bin/time -o "$WORK/time" -f "%U %S" "$@" > /dev/null 2>&1 || return 1
    total=$(awk -v t="$total" '{ printf "%.3f", t + $1 + $2 }' "$WORK/time")
  done
  echo "$total"
}
