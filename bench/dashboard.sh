#!/usr/bin/env bash
# The dashboard with many payments, timed in Chromium (Debian's chromium; playwright-core from
# the npm registry drives it, installed into bench/node_modules on first use).
# Usage: bench/dashboard.sh [COUNT]      default 1,000,000 payments of one merchant
set -euo pipefail
cd "$(dirname "$0")/.."
exec bench/with-postgres.sh bench/dashboard-run.sh "${1:-1000000}"
