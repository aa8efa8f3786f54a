#!/usr/bin/env bash
# Token-API throughput against the stack's floor, in one run on this machine: the floor app of
# ../shared/perf/baseline (Spring Boot + Camel REST DSL + camel-sql, one INSERT per request), then
# Malipo (PostgreSQL profile, sandbox answering at once) under `POST /api/v1/collections` (a new
# payment each time, through its channel router and the sandbox provider) and
# `GET /api/v1/payments` (a first page of 20 from the payments just made).
# Usage: bench/tokenapi-load.sh        Env: CONN (32), DUR (20), WARM (10), FLOOR_DIR (../shared/perf)
set -euo pipefail
cd "$(dirname "$0")/.."
CONN=${CONN:-32}; DUR=${DUR:-20}; WARM=${WARM:-10}
FLOOR_DIR=${FLOOR_DIR:-../shared/perf}
command -v wrk >/dev/null || { echo "wrk is needed (Debian package wrk)"; exit 2; }
[ -f target/malipo.jar ] || ./mvnw -q -B -DskipTests package
export PGHOST=${PGHOST:-127.0.0.1} PGUSER=${PGUSER:-postgres}
rps() { awk '/Requests\/sec/ {print $2}' "$1"; }
pct() { awk -v p="$2" '$1==p {print $2}' "$1"; }
out=$(mktemp -d)

floor=""
if [ -f "$FLOOR_DIR/baseline/pom.xml" ]; then
  [ -f "$FLOOR_DIR/baseline/target/floor.jar" ] || ./mvnw -q -B -f "$FLOOR_DIR/baseline/pom.xml" -DskipTests package
  psql -qc "DROP DATABASE IF EXISTS floor" -qc "CREATE DATABASE floor" >/dev/null
  psql -d floor -qc "CREATE TABLE floor_order (id bigserial PRIMARY KEY, order_id text NOT NULL, amount numeric NOT NULL, body text, created_at timestamptz NOT NULL DEFAULT now())"
  java -jar "$FLOOR_DIR/baseline/target/floor.jar" >"$out/floor.log" 2>&1 & fp=$!
  for _ in $(seq 60); do curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"order_id":"w","amount":1,"vendor":"x"}' localhost:18300/orders && break; sleep 1; done
  wrk -t2 -c"$CONN" -d"${WARM}s" -s "$FLOOR_DIR/floor.lua" http://127.0.0.1:18300/orders >/dev/null
  wrk -t2 -c"$CONN" -d"${DUR}s" --latency -s "$FLOOR_DIR/floor.lua" http://127.0.0.1:18300/orders >"$out/floor.wrk"
  kill $fp; wait $fp 2>/dev/null || true
  floor=$(rps "$out/floor.wrk")
  echo "floor:       $floor req/s  p50 $(pct "$out/floor.wrk" 50%)  p99 $(pct "$out/floor.wrk" 99%)"
fi

MALIPO_CHANNELS_SANDBOXDELAY=0s MALIPO_TOKENAPI_TOKENSPERMINUTE=100000 bench/with-postgres.sh bash -c '
  set -euo pipefail
  A="Authorization: Bearer $MALIPO_ADMIN_TOKEN"
  mid=$(curl -fs -X POST "$MALIPO_URL/admin/v1/merchants" -H "$A" -H "Content-Type: application/json" \
      -d "{\"name\": \"Load Shop\", \"email\": \"load@example.co.tz\"}" | python3 -c "import json,sys; print(json.load(sys.stdin)[\"id\"])")
  key=$(curl -fs -X POST "$MALIPO_URL/admin/v1/merchants/$mid/api-keys" -H "$A" -H "Content-Type: application/json" \
      -d "{\"name\": \"load\", \"livemode\": false, \"scopes\": [\"payments.read\", \"payments.write\"]}" | python3 -c "import json,sys; print(json.load(sys.stdin)[\"key\"])")
  token=$(curl -fs -X POST "$MALIPO_URL/api/v1/oauth/token" -H "X-Api-Key: $key" -d grant_type=client_credentials \
      | python3 -c "import json,sys; print(json.load(sys.stdin)[\"access_token\"])")
  wrk -t2 -c'"$CONN"' -d'"$WARM"'s -s bench/wrk/collections.lua "$MALIPO_URL/api/v1/collections" -- "$token" >/dev/null
  wrk -t2 -c'"$CONN"' -d'"$DUR"'s --latency -s bench/wrk/collections.lua "$MALIPO_URL/api/v1/collections" -- "$token" >'"$out"'/collections.wrk
  wrk -t2 -c'"$CONN"' -d'"$WARM"'s -s bench/wrk/payments.lua "$MALIPO_URL/api/v1/payments" -- "$token" >/dev/null
  wrk -t2 -c'"$CONN"' -d'"$DUR"'s --latency -s bench/wrk/payments.lua "$MALIPO_URL/api/v1/payments" -- "$token" >'"$out"'/payments.wrk
  psql -d "$BENCH_DATABASE" -Atc "SELECT status, count(*) FROM payment GROUP BY status ORDER BY status" | tr "\n" " " >'"$out"'/statuses
'
for op in collections payments; do
  line="$op: $(rps "$out/$op.wrk") req/s  p50 $(pct "$out/$op.wrk" 50%)  p99 $(pct "$out/$op.wrk" 99%)  $(grep non-2xx "$out/$op.wrk")"
  [ -n "$floor" ] && line="$line  / floor = $(python3 -c "print('%.3f' % ($(rps "$out/$op.wrk") / $floor))")"
  echo "$line"
done
echo "payments by status afterwards: $(cat "$out/statuses")"
echo "($(nproc) cores, $(java -version 2>&1 | head -n 1); wrk output in $out)"
