#!/usr/bin/env bash
# Checkout API under load, on PostgreSQL: starts Malipo (the jar, profile postgres) on a fresh
# database of the local server, runs bench/CheckoutBench.java against it, stops it and drops
# the database. Settings for Malipo pass through the environment as usual, e.g.
# MALIPO_CHANNELS_SANDBOXDELAY=0s to leave the sandbox's simulated payer out of the timing.
# Usage: bench/checkout.sh create-order RATE SECONDS      e.g. bench/checkout.sh create-order 200 60
#        bench/checkout.sh wallet-callback COUNT          e.g. bench/checkout.sh wallet-callback 200
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,8p' "$0"; exit 2; }
port=${BENCH_PORT:-18090}
pg_host=${PGHOST:-127.0.0.1} pg_port=${PGPORT:-5432} pg_user=${PGUSER:-postgres}
database=malipo_bench_$(date +%s)
[ -f target/malipo.jar ] || ./mvnw -q -B -DskipTests package

psql -q -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -c "CREATE DATABASE $database"
log=$(mktemp)
export MALIPO_ADMIN_TOKEN=bench-$(openssl rand -hex 16)
SPRING_PROFILES_ACTIVE=postgres \
SPRING_DATASOURCE_URL="jdbc:postgresql://$pg_host:$pg_port/$database" \
SPRING_DATASOURCE_USERNAME="$pg_user" SPRING_DATASOURCE_PASSWORD="${PGPASSWORD:-}" \
MALIPO_MASTER_KEY=$(openssl rand -base64 32) \
  java ${BENCH_JVM_OPTS:-} -jar target/malipo.jar --server.port="$port" >"$log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  psql -q -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -c "DROP DATABASE IF EXISTS $database WITH (FORCE)"
}
trap cleanup EXIT
until curl -fs "http://localhost:$port/actuator/health" >/dev/null 2>&1; do
  kill -0 "$pid" 2>/dev/null || { echo "Malipo exited; see $log" >&2; exit 1; }
  sleep 0.2
done
echo "Malipo on PostgreSQL $(psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -Atc 'SHOW server_version' postgres)," \
     "$(nproc) cores, $(java -version 2>&1 | head -n 1); log in $log"
MALIPO_URL="http://localhost:$port" java bench/CheckoutBench.java "$@"
