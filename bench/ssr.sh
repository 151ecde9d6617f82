#!/usr/bin/env bash
# SSR throughput and latency: the bank against Node.js rendering the same server bundle.
# Prints requests/s and p50/p99 at 1 and 50 connections for six pages, and bank/Node ratios; and the
# CPU time per request of both servers together (the bank also answers the Node renderer's API calls),
# which moves less than requests/s when the machine's speed does.
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
bank_pid=$!
node bench/node-server.mjs "$work/server.js" 18181 "$workers" http://127.0.0.1:18180 &
for _ in $(seq 50); do curl -sf http://127.0.0.1:18180/readyz >/dev/null && curl -sf -o /dev/null http://127.0.0.1:18181/login && break; sleep 0.2; done

# CPU clock ticks used so far by the bank and every Node process.
server_ticks() {
  local total=0 pid u s
  for pid in "$bank_pid" $(pgrep -f "bench/node-server.mjs"); do
    read -r u s < <(awk '{print $14, $15}' "/proc/$pid/stat") && total=$((total + u + s))
  done
  echo "$total"
}
ticks_per_second=$(getconf CLK_TCK)
threads() { # connections -> wrk threads: one for a single connection, two otherwise
  if [ "$1" -gt 1 ]; then echo 2; else echo 1; fi
}
wrk_summary() { # -> "rps p50 p99 requests"
  awk '/Requests\/sec/ {rps=$2} $1=="50%" {p50=$2} $1=="99%" {p99=$2} / requests in / {n=$1} END {print rps, p50, p99, n}'
}
# Both servers compile their JavaScript as it runs (V8's tiers in the isolates and in Node), so each row
# is measured after the same unrecorded run of the same load: steady state, not a page's first requests.
warmup="${BENCH_WARMUP_SECONDS:-2}"
warm() { # url connections [cookie]
  [ "$warmup" -gt 0 ] || return 0
  wrk -t"$(threads "$2")" -c"$2" -d"${warmup}s" -H "User-Agent: bench-desktop" \
    ${3:+-H "Cookie: $3"} "$1" >/dev/null
}
measure() { # url connections [cookie] -> "rps p50 p99 cpu-ms-per-request"
  local before rps p50 p99 n
  warm "$@"
  before=$(server_ticks)
  read -r rps p50 p99 n < <(wrk -t"$(threads "$2")" -c"$2" -d"${duration}s" --latency \
    -H "User-Agent: bench-desktop" ${3:+-H "Cookie: $3"} "$1" | wrk_summary)
  echo "$rps $p50 $p99 $(awk -v t=$(($(server_ticks) - before)) -v hz="$ticks_per_second" -v n="$n" \
    'BEGIN { printf "%.3f", t * 1000 / hz / n }')"
}
row() { # label conn bank-rps p50 p99 cpu node-rps p50 p99 cpu
  printf "%-23s %4s | %9s %9s %9s %7s | %9s %9s %9s %7s | %5s %5s\n" "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" \
    "${10}" "$(awk -v a="$3" -v b="$7" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="${10}" -v b="$6" 'BEGIN { printf "%.2f", a / b }')"
}

# BENCH_ROUNDS (1) measures each row's two servers that many times in turn and prints each column's median:
# the machine's speed drifts from minute to minute (the same server's rate by 10-15 % on a shared 2-core
# machine), and alternating puts the drift on both sides alike.
rounds="${BENCH_ROUNDS:-1}"
in_us() { # lines of a number or a wrk latency (612.00us, 2.61ms, 1.01s) -> "<microseconds> <as given>"
  awk '{ n = $1 + 0; u = $1; sub(/^[0-9.]+/, "", u); print n * ((u == "ms") ? 1000 : (u == "s") ? 1000000 : 1), $1 }'
}
median() { # values -> the middle one (the lower middle of an even count), written as given
  printf '%s\n' "$@" | in_us | sort -g | awk '{ v[NR] = $2 } END { print v[int((NR + 1) / 2)] }'
}
pair() { # bank-url node-url connections [cookie] -> "rps p50 p99 cpu" of the bank, then of Node: medians
  local i c
  local -a line col=()
  for ((i = 0; i < rounds; i++)); do
    read -r -a line <<< "$(measure "$1" "$3" ${4:+"$4"}) $(measure "$2" "$3" ${4:+"$4"})"
    for c in 0 1 2 3 4 5 6 7; do col[c]+=" ${line[c]}"; done
  done
  for c in 0 1 2 3 4 5 6 7; do
    # shellcheck disable=SC2086 # one word per round
    printf '%s ' "$(median ${col[c]})"
  done
  echo
}
echo "cpu: CPU ms per request of both servers; the last two columns: bank/node requests/s and node/bank CPU"
printf "%-23s %4s | %9s %9s %9s %7s | %9s %9s %9s %7s | %5s %5s\n" page conn "bank rps" p50 p99 cpu "node rps" p50 p99 \
  cpu rps cpu
for path in / /login /privacy-policy; do
  for conn in 1 50; do
    read -r brps bp50 bp99 bcpu nrps np50 np99 ncpu < <(pair "http://127.0.0.1:18180$path" \
      "http://127.0.0.1:18181$path" "$conn")
    row "$path" "$conn" "$brps" "$bp50" "$bp99" "$bcpu" "$nrps" "$np50" "$np99" "$ncpu"
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
measure_signed_in() { # url connections cookie -> "rps p50 p99 requests"
  warm "$@"
  wrk -t"$(threads "$2")" -c"$2" -d"${duration}s" --latency -H "User-Agent: bench-desktop" \
    -H "Cookie: $3" "$1" | wrk_summary
}
cookie=$(log_in http://127.0.0.1:18180)
for path in /dashboard /transfer/1 /cards; do
  for conn in 1 50; do
    read -r brps bp50 bp99 bcpu nrps np50 np99 ncpu < <(pair "http://127.0.0.1:18180$path" \
      "http://127.0.0.1:18181$path" "$conn" "$cookie")
    row "$path (signed in)" "$conn" "$brps" "$bp50" "$bp99" "$bcpu" "$nrps" "$np50" "$np99" "$ncpu"
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
  read -r rps p50 p99 _ < <(wrk -t"$(threads "$conn")" -c"$conn" -d"${duration}s" --latency \
    -s "$work/transactions.lua" -H "Cookie: $cookie" http://127.0.0.1:18180/v2/transactions/fetch | wrk_summary)
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
  read -r arps ap50 ap99 _ < "$work/a"
  read -r brps bp50 bp99 _ < "$work/b"
  printf "%-22s %4s | %10s %9s %9s | (two processes on PostgreSQL: %s + %s rps)\n" "/dashboard (fleet)" 50 \
    "$(awk -v a="$arps" -v b="$brps" 'BEGIN { printf "%.2f", a + b }')" "$ap50/$bp50" "$ap99/$bp99" "$arps" "$brps"
  kill "${fleet[@]}" 2>/dev/null || true
  wait "${fleet[@]}" 2>/dev/null || true
  psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS bank_ssr_bench" >/dev/null 2>&1 || true
fi
