#!/usr/bin/env bash
# What Malipo's own API would gain from Camel's Vert.x engine. Builds a copy of Malipo under
# target/api-engine with bench/api-engine/ApiOnVertx.java added (create-order-minimal served a
# second time, on Vert.x, port 18302, into the same direct: operation) and runs it once on a new
# PostgreSQL database: create-order-minimal on Tomcat (18301, as Malipo serves it) and on Vert.x,
# alternating, ROUNDS times each, with the load of ../shared/perf/create-order.sh (wrk, 32
# connections, pre-signed requests each sent once, 15 s warm-up per engine, 20 s measured). Prints
# requests/s, p50/p99, Java and PostgreSQL CPU per request. Both engines share one JVM, so compare
# neighbouring runs: the JIT compilers keep speeding both up for minutes (which is also why no
# ratio to the floor is printed: the floor, a far smaller program, warms at another pace).
# Usage: bench/api-engine.sh [ROUNDS]      Needs PostgreSQL on 127.0.0.1:5432 (user postgres) and wrk.
# Malipo's start, database and clean-up are bench/with-postgres.sh's, which runs this script again
# with --measure once Malipo is healthy.
set -uo pipefail
cd "$(dirname "$0")/.."
HERE=$(pwd)/bench
PERF=$(cd ../shared/perf && pwd)
ROUNDS=${1:-3}; CONN=32; WARM=15; DUR=20
[ "$ROUNDS" != --measure ] || ROUNDS=$2
WORK=target/api-engine
OUT=$(mktemp -d /tmp/api-engine.XXXXXX)
command -v wrk >/dev/null || { echo "wrk is needed (Debian package wrk)"; exit 2; }

# Built again whenever Malipo or the listener changed since the copy was built.
if [ ! -f "$WORK/target/malipo.jar" ] || [ -n "$(find pom.xml src bench/api-engine -newer "$WORK/target/malipo.jar" | head -1)" ]; then
  rm -rf "$WORK" && mkdir -p "$WORK" && cp -r pom.xml src "$WORK/"
  http='<artifactId>camel-platform-http-starter</artifactId></dependency>'
  sed -i "s#$http#$http<dependency><groupId>org.apache.camel</groupId><artifactId>camel-platform-http-vertx</artifactId></dependency>#" "$WORK/pom.xml"
  mkdir -p "$WORK/src/main/java/io/malipo/bench" && cp "$HERE/api-engine/ApiOnVertx.java" "$WORK/src/main/java/io/malipo/bench/"
  # On Vert.x there is no servlet request to keep the body on: the listener keeps it on the exchange.
  git apply --directory="$WORK" "$HERE/api-engine/raw-body.patch" || { echo "raw-body.patch no longer applies" >&2; exit 2; }
  ./mvnw -q -B -f "$WORK/pom.xml" -DskipTests -Dmalipo.cds.skip=true package >"$OUT/build.log" 2>&1 \
    || { echo "cannot build the copy: $OUT/build.log" >&2; exit 2; }
fi

if [ "${1:-}" != --measure ]; then
  BENCH_JAR=$WORK/target/malipo.jar BENCH_PORT=18301 exec bench/with-postgres.sh "$HERE/api-engine.sh" --measure "$ROUNDS"
fi
A="Authorization: Bearer $MALIPO_ADMIN_TOKEN"
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
M=$(curl -fs -X POST "$MALIPO_URL/admin/v1/merchants" -H "$A" -H 'Content-Type: application/json' -d '{"name":"Bench Shop","email":"bench@example.com"}')
MID=$(echo "$M" | field id); VENDOR=$(echo "$M" | field vendor)
C=$(curl -fs -X POST "$MALIPO_URL/admin/v1/merchants/$MID/checkout-credentials" -H "$A" -H 'Content-Type: application/json' -d '{"livemode":false}')
KEY=$(echo "$C" | field api_key); SECRET=$(echo "$C" | field api_secret)

run() { # port seconds label: signed just before, so that no timestamp is stale
  python3 "$PERF/gen_orders.py" 60000 "$KEY" "$SECRET" "$VENDOR" "$OUT/$3.tsv"
  python3 "$HERE/cpu-split.py" save "$OUT/cpu.json"
  wrk -t2 -c$CONN -d"$2"s --latency -s "$PERF/replay.lua" "http://127.0.0.1:$1/v1/checkout/create-order-minimal" -- "$OUT/$3.tsv" 2 >"$OUT/$3.wrk"
  local cpu rps
  cpu=$(python3 "$HERE/cpu-split.py" diff "$OUT/cpu.json" "$(awk '/requests in/ {print $1}' "$OUT/$3.wrk")" \
        | awk '$1=="java:" || $1=="postgres:" {printf "%s %s ms  ", $1, $(NF-3)}')
  rps=$(awk '/Requests\/sec/ {print $2}' "$OUT/$3.wrk")
  printf "%-9s %8s req/s  p50 %-8s p99 %-9s %s%s\n" "$3" "$rps" \
    "$(awk '$1=="50%" {print $2}' "$OUT/$3.wrk")" "$(awk '$1=="99%" {print $2}' "$OUT/$3.wrk")" "$cpu" \
    "$(grep -o 'non-2xx.*' "$OUT/$3.wrk")"
}
run 18301 $WARM warm-tomcat >/dev/null; run 18302 $WARM warm-vertx >/dev/null
for r in $(seq "$ROUNDS"); do
  if [ $((r % 2)) -eq 1 ]; then run 18301 $DUR "tomcat-$r"; run 18302 $DUR "vertx-$r"
  else run 18302 $DUR "vertx-$r"; run 18301 $DUR "tomcat-$r"; fi
done
echo "wrk output in $OUT"
