#!/usr/bin/env bash
# npm test: every test. Typecheck, lint, unit and API tests (PGlite; PostgreSQL too when TEST_DATABASE_URL is set),
# then the browser journeys in Chromium against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== unit and API tests (PGlite)"; npx vitest run --project shared --project server --project web
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API tests (PostgreSQL)"; TEST_DB=postgres npx vitest run --project server
fi
bash scripts/ensure-chromium.sh
echo "== build"; npm run --silent build
echo "== browser tests (Chromium)"; npx vitest run --project e2e
