#!/usr/bin/env bash
# Checkout API under load, on PostgreSQL (see bench/with-postgres.sh). For example
# MALIPO_CHANNELS_SANDBOXDELAY=0s leaves the sandbox's simulated payer out of the timing.
# Usage: bench/checkout.sh create-order RATE SECONDS [WARMUP]  e.g. bench/checkout.sh create-order 100 60 120
#        bench/checkout.sh wallet-callback COUNT [WARMUP] e.g. bench/checkout.sh wallet-callback 300 1500
#        bench/checkout.sh callbacks COUNT                e.g. bench/checkout.sh callbacks 2000
#        bench/checkout.sh callback-backlog COUNT [WARMUP] e.g. bench/checkout.sh callback-backlog 2000 2000
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,8p' "$0"; exit 2; }
# The postgres profile sends callbacks to public addresses only; the receivers here are on this machine.
export MALIPO_DELIVERY_ALLOWLOOPBACK=${MALIPO_DELIVERY_ALLOWLOOPBACK:-true}
if [ "$1" = callback-backlog ]; then
  # Its receiver holds the first attempts unanswered while the backlog builds: they must not time
  # out meanwhile (and be tried again), or the measure would include Camel's quick-retry waits.
  export MALIPO_DELIVERY_READTIMEOUT=${MALIPO_DELIVERY_READTIMEOUT:-5m}
  export MALIPO_DELIVERY_ATTEMPTTIMEOUT=${MALIPO_DELIVERY_ATTEMPTTIMEOUT:-5m}
fi
exec bench/with-postgres.sh java bench/CheckoutBench.java "$@"
