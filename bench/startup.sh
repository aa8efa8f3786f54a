#!/usr/bin/env bash
# Start-up of the embedded default: milliseconds from `java -jar` to a healthy
# /actuator/health, and resident memory (VmRSS) 10 s after that, for a first start on an empty
# data directory (migrations, demo merchant) and for a restart on the same directory.
# Usage: bench/startup.sh [runs] [extra JVM options...]      e.g. bench/startup.sh 5 -Xmx256m
# BENCH_JAR picks another jar, e.g. the unpacked one that package makes, with its archive:
#   BENCH_JAR=target/app/malipo.jar bench/startup.sh 3 -XX:SharedArchiveFile=target/app/malipo.jsa
# BENCH_JAVA picks another JVM, e.g. Java 25 with the ahead-of-time cache a package on it makes:
#   BENCH_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java BENCH_JAR=target/app/malipo.jar \
#     bench/startup.sh 3 -XX:AOTCache=target/app/malipo.aot
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
shift || true
port=${BENCH_PORT:-18080}
jar=${BENCH_JAR:-target/malipo.jar}
java=${BENCH_JAVA:-java}
[ -f "$jar" ] || ./mvnw -q -B -DskipTests package

start_once() { # data-dir -> prints "<ms> <rss-MiB>"
  local data=$1 started pid ms rss
  shift
  started=$(date +%s%N)
  "$java" "$@" -jar "$jar" --server.port="$port" --malipo.data-dir="$data" >>"$data/bench.log" 2>&1 &
  pid=$!
  until curl -fs "http://localhost:$port/actuator/health" >/dev/null 2>&1; do
    kill -0 "$pid" 2>/dev/null || { echo "Malipo exited; see $data/bench.log" >&2; exit 1; }
    sleep 0.05
  done
  ms=$(( ($(date +%s%N) - started) / 1000000 ))
  sleep 10
  rss=$(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$ms $rss"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }

first=() restart=()
for i in $(seq 1 "$runs"); do
  data=$(mktemp -d)
  first+=("$(start_once "$data" "$@")")
  restart+=("$(start_once "$data" "$@")")
  rm -rf "$data"
  echo "run $i: first start ${first[-1]% *} ms (RSS ${first[-1]#* } MiB), restart ${restart[-1]% *} ms (RSS ${restart[-1]#* } MiB)"
done
echo "median first start: $(printf '%s\n' "${first[@]%% *}" | median) ms to healthy, RSS $(printf '%s\n' "${first[@]##* }" | median) MiB"
echo "median restart:     $(printf '%s\n' "${restart[@]%% *}" | median) ms to healthy, RSS $(printf '%s\n' "${restart[@]##* }" | median) MiB"
echo "($(nproc) cores, $("$java" -version 2>&1 | head -n 1), JVM options: ${*:-none}, $jar)"
