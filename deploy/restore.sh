#!/bin/sh
# Restore a backup into the (stopped) deployment's database: deploy/restore.sh file.dump
# (DATABASE_URL from the environment). Then delete each process's DATA_DIR/library/ cache and start.
set -eu
: "${DATABASE_URL:?DATABASE_URL is not set}"
: "${1:?usage: deploy/restore.sh file.dump}"
pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" "$1"
