#!/usr/bin/env bash
# What the HTTP engine under Camel's REST DSL costs: the perf harness's floor (one INSERT per
# request, ../shared/perf/baseline) built on other engines, each run in turn, ROUNDS times, with
# the floor's own load (wrk, 32 connections, 15 s warm-up, 20 s measured). Prints requests/s,
# p99 and CPU per request by process (bench/cpu-split.py).
#   tomcat   the floor as it is: platform-http on Spring MVC, Tomcat (what Malipo runs on)
#   jetty    the same on Jetty          undertow  the same on Undertow
#   servlet  camel-servlet on Tomcat, no Spring MVC dispatch
#   vertx    platform-http on Vert.x (camel-platform-http-vertx), no servlet container
# Usage: bench/http-engines.sh [ROUNDS] [ENGINE...]      e.g. bench/http-engines.sh 2 tomcat vertx
# Needs PostgreSQL on 127.0.0.1:5432 (user postgres) and wrk.
set -uo pipefail
cd "$(dirname "$0")/.."
HERE=$(pwd)/bench
PERF=$(cd ../shared/perf && pwd)
ROUNDS=${1:-2}; shift || true
[ $# -gt 0 ] || set -- tomcat jetty undertow servlet vertx
ENGINES=("$@")
WORK=target/http-engines
command -v wrk >/dev/null || { echo "wrk is needed (Debian package wrk)"; exit 2; }

build() { # engine -> path of its jar
  local engine=$1 dir=$WORK/$1 web='<artifactId>spring-boot-starter-web</artifactId></dependency>'
  local http='<artifactId>camel-platform-http-starter</artifactId></dependency>'
  if [ ! -f "$dir/target/floor.jar" ]; then
    rm -rf "$dir" && mkdir -p "$dir" && cp -r "$PERF/baseline/pom.xml" "$PERF/baseline/src" "$dir/"
    case $engine in
      jetty|undertow) sed -i "s#$web#<artifactId>spring-boot-starter-web</artifactId><exclusions><exclusion><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-tomcat</artifactId></exclusion></exclusions></dependency><dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-$engine</artifactId></dependency>#" "$dir/pom.xml" ;;
      servlet) sed -i "s#<groupId>org.apache.camel.springboot</groupId>$http#<groupId>org.apache.camel</groupId><artifactId>camel-servlet</artifactId></dependency>#" "$dir/pom.xml"
               cp "$HERE/http-engines/servlet/CamelServlet.java" "$dir/src/main/java/floor/"
               echo "camel.rest.component: servlet" >>"$dir/src/main/resources/application.yaml" ;;
      vertx)   sed -i "s#<groupId>org.apache.camel.springboot</groupId>$http#<groupId>org.apache.camel</groupId><artifactId>camel-platform-http-vertx</artifactId></dependency>#; s#$web#<artifactId>spring-boot-starter</artifactId></dependency>#" "$dir/pom.xml"
               cp "$HERE/http-engines/vertx/VertxServer.java" "$dir/src/main/java/floor/" ;;
      tomcat) ;;
      *) echo "unknown engine $engine" >&2; exit 2 ;;
    esac
    ./mvnw -q -B -f "$dir/pom.xml" -DskipTests package >/dev/null || { echo "cannot build $engine" >&2; exit 2; }
  fi
  echo "$dir/target/floor.jar"
}

for engine in "${ENGINES[@]}"; do build "$engine" >/dev/null; done
for round in $(seq "$ROUNDS"); do
  for engine in "${ENGINES[@]}"; do
    psql -h 127.0.0.1 -U postgres -qc "drop database if exists floor" -qc "create database floor" >/dev/null 2>&1
    psql -h 127.0.0.1 -U postgres -d floor -qc "create table floor_order (id bigserial primary key, order_id text not null, amount numeric not null, body text, created_at timestamptz not null default now())"
    java -jar "$(build "$engine")" >"$WORK/$engine.log" 2>&1 & pid=$!
    for _ in $(seq 60); do curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"order_id":"w","amount":1,"vendor":"x"}' localhost:18300/orders && break; sleep 1; done
    wrk -t2 -c32 -d15s -s "$PERF/floor.lua" http://127.0.0.1:18300/orders >/dev/null
    python3 "$HERE/cpu-split.py" save "$WORK/cpu.json"
    wrk -t2 -c32 -d20s --latency -s "$PERF/floor.lua" http://127.0.0.1:18300/orders >"$WORK/$engine.wrk"
    cpu=$(python3 "$HERE/cpu-split.py" diff "$WORK/cpu.json" "$(awk '/requests in/ {print $1}' "$WORK/$engine.wrk")" \
          | awk '$1=="java:" || $1=="postgres:" {printf "%s %s ms  ", $1, $(NF-3)}')
    printf "round %s  %-8s %8s req/s  p99 %-9s %s%s\n" "$round" "$engine" "$(awk '/Requests\/sec/ {print $2}' "$WORK/$engine.wrk")" \
      "$(awk '$1=="99%" {print $2}' "$WORK/$engine.wrk")" "$cpu" "$(grep -o 'non-2xx.*' "$WORK/$engine.wrk")"
    kill $pid; wait $pid 2>/dev/null
    while ss -ltn | grep -q ':18300 '; do sleep 0.5; done
  done
done
