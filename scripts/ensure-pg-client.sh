#!/usr/bin/env bash
# Backups of a PostgreSQL database run pg_dump and restores pg_restore (docs/product/backups.md); install Debian's
# PostgreSQL client when either is missing (needs root), else say how. Its major version must be at least the
# server's: Debian 12's is 15; for a newer server add the PostgreSQL project's own apt repository
# and install postgresql-client-<major>.
set -euo pipefail
if command -v pg_dump >/dev/null && command -v pg_restore >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing the PostgreSQL client for backups (apt-get install postgresql-client)..."
  (apt-get install -y postgresql-client >/dev/null 2>&1) ||
    (apt-get update >/dev/null && apt-get install -y postgresql-client >/dev/null)
else
  echo "pg_dump is missing: run 'sudo apt-get install -y postgresql-client' and try again." >&2
  exit 1
fi
