#!/usr/bin/env bash
# The load test (see bench/load.rs): two bank processes on one PostgreSQL, virtual customers
# logging in with SMS codes, opening the dashboard, paging transactions, downloading statements
# and paying each other for LOAD_SECONDS (60); then `bank ledger check`.
# LOAD_CUSTOMERS (200) and LOAD_CONCURRENCY (20) set the crowd.
set -euo pipefail
cd "$(dirname "$0")/.."
pg="${BENCH_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
db="$pg/bank_load"
trap 'kill $(jobs -p) 2>/dev/null || true; psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS bank_load" >/dev/null 2>&1 || true' EXIT
cargo build --release --bin bank --example load_test >/dev/null
psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS bank_load" -c "CREATE DATABASE bank_load"

start() { # port
  BANK_SANDBOX=on BANK_PORT="$1" BANK_SSR_ISOLATES=1 BANK_TRUSTED_PROXIES=127.0.0.1 DATABASE_URL="$db" \
    RUST_LOG=error ./target/release/bank >/dev/null 2>&1 &
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$1/readyz" >/dev/null && return; sleep 0.2; done
  echo "the bank on port $1 did not start" >&2
  exit 1
}
start 18190
start 18191
DATABASE_URL="$db" RUST_LOG=error ./target/release/examples/load_test \
  http://127.0.0.1:18190,http://127.0.0.1:18191 "${LOAD_SECONDS:-60}" "${LOAD_CUSTOMERS:-200}" "${LOAD_CONCURRENCY:-20}"
kill $(jobs -p) 2>/dev/null || true
wait 2>/dev/null || true
BANK_SANDBOX=on DATABASE_URL="$db" RUST_LOG=error ./target/release/bank ledger check
