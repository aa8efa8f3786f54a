#!/usr/bin/env bash
# Run by bench/tokenapi.sh inside bench/with-postgres.sh: a merchant with COUNT payments, then
# the first page and a page in the middle of them, timed.
set -euo pipefail
merchant=$(curl -fs -X POST "$MALIPO_URL/admin/v1/merchants" -H "Authorization: Bearer $MALIPO_ADMIN_TOKEN" \
    -H 'Content-Type: application/json' -d '{"name": "Deep Shop", "email": "deep@example.co.tz"}' \
    | sed -E 's/.*"id":"([^"]+)".*/\1/')
echo "inserting $1 payments..."
psql -q -d "$BENCH_DATABASE" -v merchant="$merchant" -v count="$1" -f bench/seed-payments.sql
MALIPO_BENCH_MERCHANT=$merchant exec java bench/TokenApiBench.java payments-pages "$1"
