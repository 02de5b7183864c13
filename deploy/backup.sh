#!/bin/sh
# Back up the PaperDesk database: deploy/backup.sh [file]   (DATABASE_URL from the environment)
# The database holds everything (accounts, orders, records, reports, the library's texts); the per-process
# index under DATA_DIR/library is a cache rebuilt from it, so it needs no backup.
set -eu
: "${DATABASE_URL:?DATABASE_URL is not set}"
out="${1:-paperdesk-$(date -u +%Y%m%dT%H%M%SZ).dump}"
pg_dump --format=custom --no-owner --file="$out" "$DATABASE_URL"
echo "$out"
