#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when missing (needs root), else say how.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium for the browser tests (apt-get install chromium)..."
  (apt-get install -y chromium >/dev/null 2>&1) || (apt-get update >/dev/null && apt-get install -y chromium >/dev/null)
else
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' and try again." >&2
  exit 1
fi
