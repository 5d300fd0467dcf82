# Sourced by scripts/test.sh (npm test) and scripts/check.sh (npm run check).
# Runs two lists of stages side by side (the machine has two cores), each list in order, each stage's output
# kept in a file and printed once both lists are done, so that the log reads in order. Fails if a stage did.
side_by_side() {
  local left="$1" right="$2" logs status=0
  logs="$(mktemp -d)"
  bash -c "$left" >"$logs/left" 2>&1 &
  local left_pid=$!
  bash -c "$right" >"$logs/right" 2>&1 &
  local right_pid=$!
  wait "$left_pid" || status=1
  wait "$right_pid" || status=1
  cat "$logs/left" "$logs/right"
  rm -rf "$logs"
  return "$status"
}

# A stage: its name, then its command; prints how long it took (the log says where the time goes).
stage() {
  local name="$1" start=$SECONDS
  shift
  echo "== $name"
  "$@"
  echo "== $name: $((SECONDS - start)) s"
}
export -f stage

# The stages that read only the sources (lint and formatting, types, the unit and receiver tests), two at a
# time: `npm run check`, and the first step of `npm test`, which gives a command to run after the unit tests
# (the builds): the receiver's tests, on the other side, spend much of their time waiting on sockets and
# child processes, time the builds use.
source_checks() {
  local then="${1:-true}"
  side_by_side \
    "set -e; stage lint npm run --silent lint; stage unit npm run --silent test:unit; $then" \
    "set -e; stage typecheck npm run --silent typecheck; stage receiver npm run --silent test:receiver"
}
