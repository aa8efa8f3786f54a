#!/usr/bin/env bash
# What Malipo's API listener (malipo.http.api-server.engine=vertx: the checkout and token APIs on
# Camel's Vert.x engine) gives create-order against the servlet container serving them (=servlet).
# Two instances of the same jar, each on a new PostgreSQL database: servlet on port 18301, vertx on
# 18302. create-order-minimal on each, alternating, ROUNDS times, with the load of
# ../shared/perf/create-order.sh (wrk, 32 connections, pre-signed requests each sent once, 15 s
# warm-up per instance, 20 s measured). Prints requests/s, p50/p99, Java and PostgreSQL CPU per
# request (Java: both JVMs, the idle one's timers included). Compare neighbouring runs: the JIT
# compilers keep speeding both up for minutes.
# Usage: bench/api-engine.sh [ROUNDS]      Needs PostgreSQL on 127.0.0.1:5432 (user postgres) and wrk.
# Each instance's start, database and clean-up are bench/with-postgres.sh's.
set -uo pipefail
cd "$(dirname "$0")/.."
HERE=$(pwd)/bench
PERF=$(cd ../shared/perf && pwd)
ROUNDS=${1:-3}; CONN=32; WARM=15; DUR=20
command -v wrk >/dev/null || { echo "wrk is needed (Debian package wrk)"; exit 2; }

case "${2:-}" in
  "")  # a jar of what is checked out, then the servlet instance, then inside it the vertx one, then the measurement inside both
    if [ ! -f target/malipo.jar ] || [ -n "$(find pom.xml src -newer target/malipo.jar | head -1)" ]; then
      ./mvnw -q -B -DskipTests -Dmalipo.cds.skip=true package || exit 2
    fi
    MALIPO_HTTP_APISERVER_ENGINE=servlet BENCH_PORT=18301 exec bench/with-postgres.sh "$HERE/api-engine.sh" "$ROUNDS" --second ;;
  --second)
    SERVLET_URL=$MALIPO_URL SERVLET_TOKEN=$MALIPO_ADMIN_TOKEN MALIPO_HTTP_APISERVER_ENGINE=vertx BENCH_PORT=18302 \
      exec bench/with-postgres.sh "$HERE/api-engine.sh" "$ROUNDS" --measure ;;
esac
OUT=$(mktemp -d /tmp/api-engine.XXXXXX)
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
shop() { # url token label: a merchant with test credentials on that instance, for gen_orders.py
  local A="Authorization: Bearer $2" M MID C
  M=$(curl -fs -X POST "$1/admin/v1/merchants" -H "$A" -H 'Content-Type: application/json' -d '{"name":"Bench Shop","email":"bench@example.com"}')
  MID=$(echo "$M" | field id)
  C=$(curl -fs -X POST "$1/admin/v1/merchants/$MID/checkout-credentials" -H "$A" -H 'Content-Type: application/json' -d '{"livemode":false}')
  echo "$(echo "$C" | field api_key) $(echo "$C" | field api_secret) $(echo "$M" | field vendor)" >"$OUT/$3.shop"
}
shop "$SERVLET_URL" "$SERVLET_TOKEN" servlet
shop "$MALIPO_URL" "$MALIPO_ADMIN_TOKEN" vertx

run() { # engine seconds label: signed just before, so that no timestamp is stale
  local port=18301; [ "$1" = servlet ] || port=18302
  # shellcheck disable=SC2046
  python3 "$PERF/gen_orders.py" 60000 $(cat "$OUT/$1.shop") "$OUT/$3.tsv"
  python3 "$HERE/cpu-split.py" save "$OUT/cpu.json"
  wrk -t2 -c$CONN -d"$2"s --latency -s "$PERF/replay.lua" "http://127.0.0.1:$port/v1/checkout/create-order-minimal" -- "$OUT/$3.tsv" 2 >"$OUT/$3.wrk"
  local cpu rps
  cpu=$(python3 "$HERE/cpu-split.py" diff "$OUT/cpu.json" "$(awk '/requests in/ {print $1}' "$OUT/$3.wrk")" \
        | awk '$1=="java:" || $1=="postgres:" {printf "%s %s ms  ", $1, $(NF-3)}')
  rps=$(awk '/Requests\/sec/ {print $2}' "$OUT/$3.wrk")
  printf "%-10s %8s req/s  p50 %-8s p99 %-9s %s%s\n" "$3" "$rps" \
    "$(awk '$1=="50%" {print $2}' "$OUT/$3.wrk")" "$(awk '$1=="99%" {print $2}' "$OUT/$3.wrk")" "$cpu" \
    "$(grep -o 'non-2xx.*' "$OUT/$3.wrk")"
}
run servlet $WARM warm-servlet >/dev/null; run vertx $WARM warm-vertx >/dev/null
for r in $(seq "$ROUNDS"); do
  if [ $((r % 2)) -eq 1 ]; then run servlet $DUR "servlet-$r"; run vertx $DUR "vertx-$r"
  else run vertx $DUR "vertx-$r"; run servlet $DUR "servlet-$r"; fi
done
echo "wrk output in $OUT"
