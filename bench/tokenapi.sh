#!/usr/bin/env bash
# Token API under load, on PostgreSQL (see bench/with-postgres.sh).
# Usage: bench/tokenapi.sh tokens THREADS SECONDS         access tokens per second (rate limit lifted)
#        bench/tokenapi.sh payments-pages COUNT           first page vs a page deep in COUNT payments
#        bench/tokenapi.sh collection-webhook COUNT       collection to payment.succeeded webhook
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,6p' "$0"; exit 2; }
export MALIPO_TOKENAPI_TOKENSPERMINUTE=${MALIPO_TOKENAPI_TOKENSPERMINUTE:-100000}
if [ "$1" = payments-pages ]; then
  exec bench/with-postgres.sh bench/deep-payments.sh "$2"
fi
exec bench/with-postgres.sh java bench/TokenApiBench.java "$@"
