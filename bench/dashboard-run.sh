#!/usr/bin/env bash
# Run by bench/dashboard.sh inside bench/with-postgres.sh: a merchant with COUNT payments, a
# Viewer of its dashboard, and the pages timed in Chromium.
set -euo pipefail
count=$1
auth=(-H "Authorization: Bearer $MALIPO_ADMIN_TOKEN" -H 'Content-Type: application/json')
merchant=$(curl -fs -X POST "$MALIPO_URL/admin/v1/merchants" "${auth[@]}" \
    -d '{"name": "Busy Shop", "email": "busy@example.co.tz"}' | sed -E 's/.*"id":"([^"]+)".*/\1/')
invitation=$(curl -fs -X POST "$MALIPO_URL/admin/v1/merchants/$merchant/users" "${auth[@]}" \
    -d '{"email": "viewer@busy.example.co.tz", "role": "VIEWER"}' | sed -E 's/.*"invitation_url":"([^"]+)".*/\1/')
invitation=${invitation/#http:\/\/localhost:8080/$MALIPO_URL}
echo "inserting $count payments (and $((count / 10)) of another merchant)..."
start=$(date +%s)
psql -q -v ON_ERROR_STOP=1 -d "$BENCH_DATABASE" -v merchant="$merchant" -v count="$count" -v others="$((count / 10))" \
     -v other="$(cat /proc/sys/kernel/random/uuid)" -f bench/seed-dashboard.sql
echo "seeded in $(( $(date +%s) - start )) s"

# A payment deep in the list, and what to search for.
middle=$(psql -Atq -d "$BENCH_DATABASE" -c "SELECT seq FROM payment WHERE merchant_id = '$merchant' ORDER BY seq OFFSET $((count / 2)) LIMIT 1")
one=$(psql -Atq -d "$BENCH_DATABASE" -c "SELECT id FROM payment WHERE merchant_reference = 'INV-$((count / 3 + 1))'")
week_from=$(date -d '-200 days' +%F)
week_to=$(date -d '-194 days' +%F)
[ -d bench/node_modules/playwright-core ] || (cd bench && npm install --no-save --silent playwright-core@1)
node bench/dashboard-pages.mjs "$MALIPO_URL" "$invitation" viewer@busy.example.co.tz \
    "home (30 days of figures)=/dashboard" \
    "payments, first page=/dashboard/payments" \
    "payments, page in the middle=/dashboard/payments?before=$middle" \
    "status FAILED=/dashboard/payments?status=FAILED" \
    "status PENDING, provider airtel-tz=/dashboard/payments?status=PENDING&provider=airtel-tz" \
    "channel CARD=/dashboard/payments?channel=CARD" \
    "a week 200 days ago=/dashboard/payments?from=$week_from&to=$week_to" \
    "amount 4,000-4,100=/dashboard/payments?min=4000&max=4100" \
    "search: merchant reference=/dashboard/payments?q=INV-$((count / 3 + 1))" \
    "search: Malipo reference=/dashboard/payments?q=MLP$(printf '%016d' $((count / 4)))" \
    "search: provider reference=/dashboard/payments?q=$(psql -Atq -d "$BENCH_DATABASE" -c "SELECT provider_ref FROM payment WHERE id = '$one'")" \
    "search: order id=/dashboard/payments?q=ORD-$((count / 2))" \
    "search: last digits 4321=/dashboard/payments?q=4321" \
    "search: nothing matches=/dashboard/payments?q=NO-SUCH-THING" \
    "a payment's page=/dashboard/payments/$one" \
    "a checkout payment's page=/dashboard/payments/$(psql -Atq -d "$BENCH_DATABASE" -c "SELECT id FROM payment WHERE transid = 'T-$((count / 2))'")" \
    "orders, first page=/dashboard/orders" \
    "an order's page=/dashboard/orders/$(psql -Atq -d "$BENCH_DATABASE" -c "SELECT id FROM checkout_order WHERE order_id = 'ORD-$((count / 2))'")" \
    "CSV of FAILED in 30 days=download:/dashboard/payments.csv?status=FAILED&from=$(date -d '-30 days' +%F)" \
    "CSV of every payment=download:/dashboard/payments.csv" \
    ${MALIPO_BENCH_EXTRA_PAGES:-}
