#!/usr/bin/env bash
# Back up a PostgreSQL database to S3 and keep the last N dumps.
set -euo pipefail

DB_NAME="${DB_NAME:-shop}"
KEEP="${KEEP:-7}"
BUCKET="s3://backups.example/${DB_NAME}"

log() {
  printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2
}

# Dump the database, compress it and upload it with a timestamped name.
dump_and_upload() {
  local stamp file
  stamp="$(date -u +%Y%m%d%H%M%S)"
  file="/tmp/${DB_NAME}-${stamp}.sql.gz"
  pg_dump "$DB_NAME" | gzip -9 > "$file"
  aws s3 cp "$file" "${BUCKET}/"
  rm -f "$file"
  log "uploaded ${file##*/}"
}

# Delete all but the newest $KEEP dumps from the bucket.
prune_old_dumps() {
  aws s3 ls "${BUCKET}/" | sort | head -n -"$KEEP" | awk '{print $4}' | while read -r name; do
    aws s3 rm "${BUCKET}/${name}"
    log "pruned ${name}"
  done
}

dump_and_upload
prune_old_dumps
