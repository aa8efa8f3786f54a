#!/usr/bin/env bash
# Starts Malipo (the jar, profile postgres) on a fresh database of the local PostgreSQL server,
# runs the given command against it, then stops Malipo and drops the database. The command sees
# MALIPO_URL, MALIPO_ADMIN_TOKEN and BENCH_DATABASE (for psql). Settings for Malipo pass through
# the environment as usual (MALIPO_CHANNELS_SANDBOXDELAY=0s, ...); BENCH_JVM_OPTS go to its JVM,
# BENCH_JAR names another jar than target/malipo.jar.
# Usage: bench/with-postgres.sh COMMAND [ARGS...]     (used by bench/checkout.sh and bench/tokenapi.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
port=${BENCH_PORT:-18090}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
export BENCH_DATABASE=malipo_bench_$(date +%s)
jar=${BENCH_JAR:-target/malipo.jar}
[ -n "${BENCH_JAR:-}" ] || [ -f "$jar" ] || ./mvnw -q -B -DskipTests package

psql -q -d postgres -c "CREATE DATABASE $BENCH_DATABASE"
log=$(mktemp)
export MALIPO_ADMIN_TOKEN=bench-$(openssl rand -hex 16)
SPRING_PROFILES_ACTIVE=postgres \
SPRING_DATASOURCE_URL="jdbc:postgresql://$PGHOST:$PGPORT/$BENCH_DATABASE" \
SPRING_DATASOURCE_USERNAME="$PGUSER" SPRING_DATASOURCE_PASSWORD="${PGPASSWORD:-}" \
MALIPO_MASTER_KEY=$(openssl rand -base64 32) \
  java ${BENCH_JVM_OPTS:-} -jar "$jar" --server.port="$port" >"$log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null && { wait "$pid" 2>/dev/null || true; }
  psql -q -d postgres -c "DROP DATABASE IF EXISTS $BENCH_DATABASE WITH (FORCE)"
}
trap cleanup EXIT
until curl -fs "http://localhost:$port/actuator/health" >/dev/null 2>&1; do
  kill -0 "$pid" 2>/dev/null || { echo "Malipo exited; see $log" >&2; exit 1; }
  sleep 0.2
done
echo "Malipo on PostgreSQL $(psql -Atc 'SHOW server_version' postgres)," \
     "$(nproc) cores, $(java -version 2>&1 | head -n 1); log in $log"
export MALIPO_URL="http://localhost:$port"
"$@"
