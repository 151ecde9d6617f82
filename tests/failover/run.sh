#!/usr/bin/env bash
# `make test-failover` (issue 34 point 6): a PostgreSQL primary with a synchronous standby under
# Patroni and etcd, HAProxy in front, two bank processes reaching the primary through it, and
# the load test (bench/load.rs) running against them. FAILOVER_KILL_AT (20) seconds in, the
# primary's node is killed (Patroni and PostgreSQL, -9). Passes only when:
#   - the standby was promoted and the bank answered again within 30 s of the kill, with the same
#     two processes (no restart);
#   - no request was answered 500 and every 503 carried Retry-After;
#   - every payment the bank acknowledged is in the database exactly once (one transfer, one
#     payer's transaction), those acknowledged before the kill among them;
#   - `bank ledger check` finds the ledger sound.
# Needs root (PostgreSQL runs as the postgres user) and the Debian packages patroni, etcd-server
# and haproxy. LOAD_SECONDS (45), LOAD_CUSTOMERS (100), LOAD_CONCURRENCY (10) set the load.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/failover/cluster.sh

dir="$(mktemp -d /tmp/bank-failover.XXXXXX)"
chmod 755 "$dir"
banks=()
finish() {
  local status=$?
  set +e
  [ "${#banks[@]}" -gt 0 ] && kill "${banks[@]}" 2>/dev/null
  cluster_down "$dir"
  if [ "$status" != 0 ]; then
    echo "== the failover test failed; the last lines of each log (all in target/failover-logs):" >&2
    for log in "$dir"/*.log; do echo "-- $log" >&2; tail -15 "$log" >&2; done
    rm -rf target/failover-logs && mkdir -p target/failover-logs
    cp "$dir"/*.log "$dir"/*.json target/failover-logs/ 2>/dev/null
  fi
  rm -rf "$dir"
  exit "$status"
}
trap finish EXIT
fail() {
  echo "FAILED: $*" >&2
  exit 1
}

cargo build --release --bin bank --example load_test >/dev/null
echo "== starting etcd, two Patroni nodes and HAProxy in $dir"
started=$(date +%s)
cluster_up "$dir" || fail "the cluster did not start"
echo "cluster up in $(($(date +%s) - started)) s: primary $(primary), synchronous standby pg2"

pg="postgres://postgres@127.0.0.1:$FAILOVER_PORT"
db="$pg/bank_failover"
"$PG_BIN/psql" "$pg/postgres" -qc "CREATE DATABASE bank_failover"
for port in 18290 18291; do
  BANK_SANDBOX=on BANK_PORT="$port" BANK_SSR_ISOLATES=1 BANK_TRUSTED_PROXIES=127.0.0.1 \
    DATABASE_URL="$db" RUST_LOG=warn ./target/release/bank >"$dir/bank$port.log" 2>&1 &
  banks+=("$!")
  wait_for "the bank on port $port" 60 curl -sf "http://127.0.0.1:$port/readyz" ||
    fail "the bank on port $port did not start"
done

before="$(primary)"
[ -n "$before" ] || fail "no primary before the kill"
standby=pg2
[ "$before" = pg2 ] && standby=pg1
kill_at="${FAILOVER_KILL_AT:-20}"
echo "== load for ${LOAD_SECONDS:-45} s; at $kill_at s the primary ($before) is killed"
LOAD_AT="$kill_at" \
  LOAD_AT_COMMAND="bash -c 'source tests/failover/cluster.sh && kill_node $dir $before'" \
  LOAD_ACKED="$dir/acked" LOAD_SUMMARY="$dir/summary.json" \
  DATABASE_URL="$db" RUST_LOG=error ./target/release/examples/load_test \
  http://127.0.0.1:18290,http://127.0.0.1:18291 "${LOAD_SECONDS:-45}" \
  "${LOAD_CUSTOMERS:-100}" "${LOAD_CONCURRENCY:-10}" 2>"$dir/load-errors.log"

echo "== after the kill"
after="$(primary)"
echo "primary now: ${after:-none} (was $before)"
[ "$after" = "$standby" ] || fail "the standby $standby was not promoted"
for pid in "${banks[@]}"; do
  kill -0 "$pid" 2>/dev/null || fail "a bank process ($pid) died during the failover"
done
cat "$dir/summary.json"
echo
python3 - "$dir/summary.json" <<'PY' || fail "the bank's answers around the kill (above)"
import json, sys
s = json.load(open(sys.argv[1]))
problems = []
if s["event_ms"] is None:
    problems.append("the primary was never killed")
if s["statuses"].get("500", 0):
    problems.append(f'{s["statuses"]["500"]} answers were 500')
if s["statuses"].get("0", 0):
    problems.append(f'{s["statuses"]["0"]} requests got no answer')
if s["no_retry_after"]:
    problems.append(f'{s["no_retry_after"]} answers were 503 without Retry-After')
if s["acked_before_event"] == 0:
    problems.append("no payment was acknowledged before the kill")
if s["acked"] <= s["acked_before_event"]:
    problems.append("no payment was acknowledged after the kill")
if s["first_failure_ms"] is not None:
    back = s["back_ms"]
    if back is None:
        problems.append("the bank never answered again")
    else:
        gap = (back - s["event_ms"]) / 1000
        print(f"answering again {gap:.1f} s after the kill "
              f'(failures from +{(s["first_failure_ms"] - s["event_ms"]) / 1000:.1f} s '
              f'to +{(s["last_failure_ms"] - s["event_ms"]) / 1000:.1f} s)')
        if gap > 30:
            problems.append(f"the bank was away {gap:.1f} s (more than 30)")
else:
    print("no request failed around the kill")
for p in problems:
    print("problem:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY

acked=$(wc -l <"$dir/acked")
before_kill=$(awk -v k="$((kill_at * 1000))" '$1 < k' "$dir/acked" | wc -l)
# Every acknowledged payment: exactly one transfer row and one payer's transaction.
"$PG_BIN/psql" "$db" -v ON_ERROR_STOP=1 -qAt >"$dir/present" <<SQL
CREATE TEMP TABLE acked (at_ms BIGINT, id TEXT);
\copy acked FROM '$dir/acked' WITH (FORMAT text, DELIMITER ' ')
SELECT
  (SELECT COUNT(*) FROM acked),
  (SELECT COUNT(*) FROM acked a WHERE (SELECT COUNT(*) FROM transfers t WHERE t.id = a.id) = 1
     AND (SELECT COUNT(*) FROM transactions x JOIN transfers t ON t.transaction_id = x.id
          WHERE t.id = a.id) = 1),
  (SELECT COUNT(*) FROM transfers) - (SELECT COUNT(*) FROM acked);
SQL
IFS='|' read -r listed present unacked <"$dir/present"
echo "payments acknowledged: $acked ($before_kill before the kill); present exactly once: $present;" \
  "made but not acknowledged (in flight at the kill): $unacked"
[ "$listed" = "$acked" ] && [ "$present" = "$acked" ] || fail "an acknowledged payment is missing or doubled"

BANK_SANDBOX=on DATABASE_URL="$db" RUST_LOG=error ./target/release/bank ledger check ||
  fail "the ledger is not sound after the failover"
echo "== failover test passed"
