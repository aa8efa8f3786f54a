#!/usr/bin/env bash
# Unpacks target/malipo.jar into target/cds/ (a thin jar beside its libraries, as the Docker image
# runs it) and records a class data sharing archive there from a training start on a throwaway
# embedded database, the way docker/Dockerfile does. Then, for example:
#   BENCH_JAR=target/cds/malipo.jar bench/startup.sh 3 -XX:SharedArchiveFile=target/cds/malipo.jsa
#   java -XX:SharedArchiveFile=target/cds/malipo.jsa -jar target/cds/malipo.jar
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f target/malipo.jar ] || ./mvnw -q -B -DskipTests package
rm -rf target/cds
java -Djarmode=tools -jar target/malipo.jar extract --destination target/cds >/dev/null
training=$(mktemp -d)
java -XX:ArchiveClassesAtExit=target/cds/malipo.jsa -Dspring.context.exit=onRefresh \
    -Dmalipo.data-dir="$training" -jar target/cds/malipo.jar >"$training.log" 2>&1 \
    || { echo "training start failed; see $training.log" >&2; exit 1; }
rm -rf "$training" "$training.log"
echo "target/cds/malipo.jar with its archive target/cds/malipo.jsa ($(du -m target/cds/malipo.jsa | cut -f1) MB)"
