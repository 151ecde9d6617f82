#!/usr/bin/env bash
# SSR throughput and latency: the bank against Node.js rendering the same server bundle.
# Prints requests/s and p50/p99 at 1 and 50 connections for three pages, and bank/Node ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null; }
cargo build --release --bin bank >/dev/null
isolates="${BANK_SSR_ISOLATES:-$(nproc)}"
duration="${BENCH_SECONDS:-10}"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT

./target/release/bank server-bundle > "$work/server.js"
BANK_SANDBOX=on BANK_PORT=18180 BANK_SSR_ISOLATES="$isolates" DATABASE_URL="sqlite://$work/bank.db" RUST_LOG=warn \
  ./target/release/bank >/dev/null 2>&1 &
node bench/node-server.mjs "$work/server.js" 18181 "$isolates" http://127.0.0.1:18180 &
for _ in $(seq 50); do curl -sf http://127.0.0.1:18180/readyz >/dev/null && curl -sf -o /dev/null http://127.0.0.1:18181/login && break; sleep 0.2; done

measure() { # url connections -> "rps p50 p99"
  wrk -t"$([ "$2" -gt 1 ] && echo 2 || echo 1)" -c"$2" -d"${duration}s" --latency -H "User-Agent: bench-desktop" "$1" |
    awk '/Requests\/sec/ {rps=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} END {print rps, p50, p99}'
}

printf "%-22s %4s | %10s %9s %9s | %10s %9s %9s | %s\n" page conn "bank rps" p50 p99 "node rps" p50 p99 "bank/node rps"
for path in / /login /privacy-policy; do
  for conn in 1 50; do
    read -r brps bp50 bp99 < <(measure "http://127.0.0.1:18180$path" "$conn")
    read -r nrps np50 np99 < <(measure "http://127.0.0.1:18181$path" "$conn")
    ratio=$(awk -v a="$brps" -v b="$nrps" 'BEGIN { printf "%.2f", a / b }')
    printf "%-22s %4s | %10s %9s %9s | %10s %9s %9s | %s\n" "$path" "$conn" "$brps" "$bp50" "$bp99" "$nrps" "$np50" "$np99" "$ratio"
  done
done
