#!/usr/bin/env bash
# npm test: every test. Typecheck and lint, unit and API tests, then the browser journeys in Chromium against the
# built app. The API tests run on PGlite; with TEST_DATABASE_URL they run on PostgreSQL and the PGlite pass keeps
# only the files where the engine matters (docs/decisions/023-ci-in-twenty-minutes.md). Each phase's time is
# printed at the end (and appended to $CI_PHASE_TIMES when .ci/run sets it).
set -euo pipefail
cd "$(dirname "$0")/.."

TIMES_FILE="${CI_PHASE_TIMES:-$(mktemp)}"
if [ -z "${CI_PHASE_TIMES:-}" ]; then trap 'echo "== phase times"; cat "$TIMES_FILE"; rm -f "$TIMES_FILE"' EXIT; fi

# phase NAME COMMAND...: runs the command under a heading and records how long it took.
phase() {
  local name=$1 start=$SECONDS
  shift
  echo "== $name"
  "$@"
  printf '%6ss  %s\n' $((SECONDS - start)) "$name" >>"$TIMES_FILE"
}

# Typecheck and lint each use one core: side by side, each printing its own output when done.
checks() {
  local dir status=0
  dir=$(mktemp -d)
  npm run --silent typecheck >"$dir/typecheck" 2>&1 &
  local typecheck=$!
  npm run --silent lint >"$dir/lint" 2>&1 &
  local lint=$!
  wait $typecheck || status=1
  echo "-- typecheck"
  cat "$dir/typecheck"
  wait $lint || status=1
  echo "-- lint"
  cat "$dir/lint"
  rm -rf "$dir"
  return $status
}

# The journeys in two lanes, each its own vitest process with its own server, data folder and browser (so that no
# journey sees another lane's data or rate limits): a journey waits on its browser and the server in turn, so two
# keep both cores busy. Each lane's output is printed once both are done, a failed lane's last: what a reader of
# only the log's end sees is then the failure.
journeys() {
  local dir status=0 lane
  local -a pids=() passed=() failed=()
  dir=$(mktemp -d)
  for lane in 1 2; do
    npx vitest run --project e2e --shard="$lane/2" >"$dir/$lane" 2>&1 &
    pids+=($!)
  done
  for lane in 1 2; do
    if wait "${pids[$((lane - 1))]}"; then passed+=("$lane"); else failed+=("$lane") && status=1; fi
  done
  for lane in "${passed[@]}" "${failed[@]}"; do
    echo "-- journeys, lane $lane of 2"
    cat "$dir/$lane"
  done
  rm -rf "$dir"
  return $status
}

phase "typecheck and lint" checks
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The backup tests on PostgreSQL run pg_dump and pg_restore.
  phase "PostgreSQL client" bash scripts/ensure-pg-client.sh
  # Both passes with TEST_ENGINE_FILES_ONLY=1: each server test file runs on the engine it says something about.
  phase "API tests (PostgreSQL)" env TEST_DB=postgres TEST_ENGINE_FILES_ONLY=1 npx vitest run --project server
  phase "unit tests and the engine's API tests (PGlite)" \
    env TEST_ENGINE_FILES_ONLY=1 npx vitest run --project shared --project repo --project web --project server
else
  phase "unit and API tests (PGlite)" npx vitest run --project shared --project repo --project web --project server
fi
phase "Chromium" bash scripts/ensure-chromium.sh
phase "build" npm run --silent build
phase "browser journeys (Chromium, two lanes)" journeys
