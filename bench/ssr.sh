#!/usr/bin/env bash
# SSR throughput and latency: the bank against Node.js rendering the same server bundle.
# Prints requests/s and p50/p99 at 1 and 50 connections for six pages, and bank/Node ratios.
# Each side runs as configured out of the box for this machine: the bank with its default isolates
# (two per core), Node with one cluster worker per core (a worker interleaves renders on its own).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null; }
cargo build --release --bin bank >/dev/null
cores=$(nproc)
workers="${NODE_WORKERS:-$cores}"
duration="${BENCH_SECONDS:-10}"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

./target/release/bank server-bundle > "$work/server.js"
BANK_SANDBOX=on BANK_PORT=18180 DATABASE_URL="sqlite://$work/bank.db" RUST_LOG=warn \
  ./target/release/bank >/dev/null 2>&1 &
node bench/node-server.mjs "$work/server.js" 18181 "$workers" http://127.0.0.1:18180 &
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

# Signed in: Olivia's dashboard (accounts and the first page of transactions), the transfer form
# and the cards page on both servers,
# and the transactions API on the bank alone (Node has no API of its own).
cookie_of() { # jar -> "name=value; ..." (curl marks HttpOnly cookies with a comment prefix)
  sed 's/^#HttpOnly_//' "$1" | awk '!/^#/ && NF >= 7 { printf "%s%s=%s", (n++ ? "; " : ""), $6, $7 }'
}
log_in() { # base-url -> cookie header
  local base="$1" jar="$work/jar-$RANDOM" request code
  request=$(curl -sf -c "$jar" -H 'Content-Type: application/json' -H "Origin: $base" \
    -d '{"email":"olivia@demo.harbour.example","password":"Harbour2026"}' "$base/v2/auth/login" |
    sed -n 's/.*"requestId":"\([^"]*\)".*/\1/p')
  code=$(curl -sf "$base/dev/outbox?to=%2B447700900001" | grep -o 'outbox-body">[0-9]\{6\}' | head -1 | grep -o '[0-9]\{6\}')
  curl -sf -b "$jar" -c "$jar" -H 'Content-Type: application/json' -H "Origin: $base" \
    -d "{\"requestId\":\"$request\",\"secret\":\"$code\"}" "$base/v2/auth/mfa/login" >/dev/null
  cookie_of "$jar"
}
measure_signed_in() { # url connections cookie -> "rps p50 p99"
  wrk -t"$([ "$2" -gt 1 ] && echo 2 || echo 1)" -c"$2" -d"${duration}s" --latency -H "User-Agent: bench-desktop" \
    -H "Cookie: $3" "$1" | awk '/Requests\/sec/ {rps=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} END {print rps, p50, p99}'
}
cookie=$(log_in http://127.0.0.1:18180)
for path in /dashboard /transfer/1 /cards; do
  for conn in 1 50; do
    read -r brps bp50 bp99 < <(measure_signed_in "http://127.0.0.1:18180$path" "$conn" "$cookie")
    read -r nrps np50 np99 < <(measure_signed_in "http://127.0.0.1:18181$path" "$conn" "$cookie")
    ratio=$(awk -v a="$brps" -v b="$nrps" 'BEGIN { printf "%.2f", a / b }')
    printf "%-22s %4s | %10s %9s %9s | %10s %9s %9s | %s\n" "$path (signed in)" "$conn" "$brps" "$bp50" "$bp99" "$nrps" "$np50" "$np99" "$ratio"
  done
done
account=$(curl -sf -X POST -H "Cookie: $cookie" -H "Origin: http://127.0.0.1:18180" \
  http://127.0.0.1:18180/v2/bank-accounts/fetch | grep -o '"id":"[^"]*"' | head -1 | cut -d'"' -f4)
cat > "$work/transactions.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"page":1,"limit":50,"bankAccountId":"$account"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Origin"] = "http://127.0.0.1:18180"
LUA
for conn in 1 50; do
  read -r rps p50 p99 < <(wrk -t"$([ "$conn" -gt 1 ] && echo 2 || echo 1)" -c"$conn" -d"${duration}s" --latency \
    -s "$work/transactions.lua" -H "Cookie: $cookie" http://127.0.0.1:18180/v2/transactions/fetch |
    awk '/Requests\/sec/ {rps=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} END {print rps, p50, p99}')
  printf "%-22s %4s | %10s %9s %9s |\n" "transactions API" "$conn" "$rps" "$p50" "$p99"
done

# Two bank processes on one PostgreSQL (sharing the cores: one isolate per core each), a wrk per process as a load
# balancer would split the connections: the signed-in dashboard at 50 connections in all.
if [ -z "${BENCH_SKIP_FLEET:-}" ]; then
  pg="${BENCH_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
  psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS bank_ssr_bench" -c "CREATE DATABASE bank_ssr_bench"
  fleet=()
  for port in 18182 18183; do
    BANK_SANDBOX=on BANK_PORT=$port BANK_SSR_ISOLATES="$cores" DATABASE_URL="$pg/bank_ssr_bench" RUST_LOG=warn \
      ./target/release/bank >/dev/null 2>&1 &
    fleet+=($!)
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.2; done
  done
  cookie=$(log_in http://127.0.0.1:18182)
  measure_signed_in "http://127.0.0.1:18182/dashboard" 25 "$cookie" > "$work/a" &
  first=$!
  measure_signed_in "http://127.0.0.1:18183/dashboard" 25 "$cookie" > "$work/b" &
  second=$!
  wait "$first" "$second"
  read -r arps ap50 ap99 < "$work/a"
  read -r brps bp50 bp99 < "$work/b"
  printf "%-22s %4s | %10s %9s %9s | (two processes on PostgreSQL: %s + %s rps)\n" "/dashboard (fleet)" 50 \
    "$(awk -v a="$arps" -v b="$brps" 'BEGIN { printf "%.2f", a + b }')" "$ap50/$bp50" "$ap99/$bp99" "$arps" "$brps"
  kill "${fleet[@]}" 2>/dev/null || true
  wait "${fleet[@]}" 2>/dev/null || true
  psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS bank_ssr_bench" >/dev/null 2>&1 || true
fi
