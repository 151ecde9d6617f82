#!/usr/bin/env bash
# The transfers benchmark on SQLite and PostgreSQL (see bench/transfers.rs), then pgbench's TPC-B
# on the same PostgreSQL for the ratio. TRANSFERS sets how many per round (default 2,000);
# BENCH_BACKENDS picks "sqlite", "postgres" or both (the default).
set -euo pipefail
cd "$(dirname "$0")/.."
count="${TRANSFERS:-2000}"
pg="${BENCH_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
work="$(mktemp -d)"
trap 'rm -rf "$work"; psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS bank_transfers_bench" -c "DROP DATABASE IF EXISTS bank_pgbench" >/dev/null 2>&1 || true' EXIT
cargo build --release --example transfers_bench >/dev/null
backends="${BENCH_BACKENDS:-sqlite postgres}"

if [[ " $backends " == *" sqlite "* ]]; then
  echo "== SQLite"
  DATABASE_URL="sqlite://$work/bench.db" RUST_LOG=error ./target/release/examples/transfers_bench "$count"
fi

if [[ " $backends " == *" postgres "* ]]; then
  echo "== PostgreSQL"
  psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS bank_transfers_bench" -c "CREATE DATABASE bank_transfers_bench"
  # The SQL of the submits, when the server loads pg_stat_statements
  # (shared_preload_libraries = 'pg_stat_statements'): each statement's calls per transfer made
  # and its mean time, the most frequent first.
  profiled=""
  if [[ "$(psql "$pg/postgres" -Atc "SHOW shared_preload_libraries")" == *pg_stat_statements* ]]; then
    psql "$pg/bank_transfers_bench" -qc "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
    profiled=1
  fi
  DATABASE_URL="$pg/bank_transfers_bench" RUST_LOG=error BENCH_PROFILE="$profiled" \
    ./target/release/examples/transfers_bench "$count"
fi

echo "== pgbench TPC-B (scale 10, 16 clients, 10 s) on the same PostgreSQL"
psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS bank_pgbench" -c "CREATE DATABASE bank_pgbench"
pgbench -q -i -s 10 "$pg/bank_pgbench" >/dev/null 2>&1
pgbench -c 16 -j 2 -T 10 "$pg/bank_pgbench" 2>/dev/null | grep -E "^tps"
