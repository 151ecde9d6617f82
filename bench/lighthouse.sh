#!/usr/bin/env bash
# Lighthouse on the mobile defaults (simulated slow 4G, 4× CPU slowdown) against a sandbox bank:
# the public start page, log-in, sign-up, the onboarding of a signed-in new customer, and the
# signed-in dashboard, the money pages (transfer, exchange, cards, recipients, statement) and the
# main pages of invoicing, lending and referrals. Each page is audited LIGHTHOUSE_RUNS times (5): prints the run with the median
# score, its FCP, LCP, TBT and CLS, and every run's score (Lighthouse's own advice: one run varies).
# Lighthouse is installed into a temporary folder from the npm registry (not an app dependency).
set -euo pipefail
cd "$(dirname "$0")/.."
chrome="${CHROME_PATH:-$(command -v chromium || true)}"
[ -n "$chrome" ] || { apt-get install -y -qq chromium >/dev/null; chrome=$(command -v chromium); }
cargo build --release --bin bank >/dev/null
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
# LIGHTHOUSE_DIR: a folder that already holds lighthouse@12 in node_modules (saves the install).
lighthouse_dir="${LIGHTHOUSE_DIR:-$work}"
[ -x "$lighthouse_dir/node_modules/.bin/lighthouse" ] ||
  (cd "$lighthouse_dir" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund lighthouse@12 >/dev/null)
port=18190
base="http://127.0.0.1:$port"
BANK_SANDBOX=on BANK_PORT=$port DATABASE_URL="sqlite://$work/bank.db" RUST_LOG=warn ./target/release/bank >/dev/null 2>&1 &
for _ in $(seq 100); do curl -sf "$base/readyz" >/dev/null && break; sleep 0.2; done

# A signed-in customer by SMS code, as in bench/ssr.sh: the demo business owner, and a person who
# has just signed up (for the onboarding pages).
cookie_of() { sed 's/^#HttpOnly_//' "$1" | awk '!/^#/ && NF >= 7 { printf "%s%s=%s", (n++ ? "; " : ""), $6, $7 }'; }
log_in() { # email phone -> cookie header
  local jar="$work/jar-$RANDOM" request code
  request=$(curl -sf -c "$jar" -H 'Content-Type: application/json' -H "Origin: $base" \
    -d "{\"email\":\"$1\",\"password\":\"Harbour2026\"}" "$base/v2/auth/login" | sed -n 's/.*"requestId":"\([^"]*\)".*/\1/p')
  code=$(curl -sf "$base/dev/outbox?to=$(printf %s "$2" | sed 's/+/%2B/')" | grep -o 'outbox-body">[0-9]\{6\}' | head -1 | grep -o '[0-9]\{6\}')
  curl -sf -b "$jar" -c "$jar" -H 'Content-Type: application/json' -H "Origin: $base" \
    -d "{\"requestId\":\"$request\",\"secret\":\"$code\"}" "$base/v2/auth/mfa/login" >/dev/null
  cookie_of "$jar"
}
owner=$(log_in olivia@demo.harbour.example +447700900001)

runs="${LIGHTHOUSE_RUNS:-5}"
audit() { # label path [cookie]
  local headers="{}" run
  # LIGHTHOUSE_ONLY: audit only the pages whose label contains it.
  [[ "$1" == *"${LIGHTHOUSE_ONLY:-}"* ]] || return 0
  [ -n "${3:-}" ] && headers="{\"Cookie\":\"$3\"}"
  for run in $(seq "$runs"); do
    # A run that could not record its trace (Lighthouse's own NO_NAVSTART and the like) is run
    # again, up to three times: it says nothing about the page.
    local attempt=1
    until "$lighthouse_dir/node_modules/.bin/lighthouse" "$base$2" --quiet --output=json \
      --output-path="$work/report-$run.json" --only-categories=performance --chrome-path="$chrome" \
      --extra-headers="$headers" --chrome-flags="--headless=new --no-sandbox --disable-gpu" >"$work/lighthouse.log" 2>&1; do
      [ $((attempt += 1)) -le 3 ] || { echo "$1: lighthouse failed: $(tail -n 3 "$work/lighthouse.log")"; return; }
    done
  done
  node -e '
    const [label, ...files] = process.argv.slice(1);
    const reports = files.map((f) => require(f)).sort((x, y) => x.categories.performance.score - y.categories.performance.score);
    const r = reports[Math.floor(reports.length / 2)]; const a = r.audits; const ms = (k) => Math.round(a[k].numericValue);
    const score = (x) => Math.round(x.categories.performance.score * 100);
    console.log(`${label.padEnd(24)} ${String(score(r)).padStart(3)}` +
      `  FCP ${ms("first-contentful-paint")} ms  LCP ${ms("largest-contentful-paint")} ms` +
      `  TBT ${ms("total-blocking-time")} ms  CLS ${a["cumulative-layout-shift"].numericValue.toFixed(3)}` +
      `  JS ${Math.round(r.audits["total-byte-weight"].details.items.filter((i) => /\.js/.test(i.url)).reduce((s, i) => s + i.totalBytes, 0) / 1024)} KiB` +
      `  runs ${reports.map(score).join(" ")}`);
  ' "$1" $(seq -f "$work/report-%g.json" "$runs")
}
echo "page                     score (median of $runs runs)"
audit "/ (mobile: log in)" /
audit "/login" /login
audit "/onboarding/user" /onboarding/user
audit "/forgot" /forgot
audit "/dashboard" /dashboard "$owner"
audit "/transfer/1" /transfer/1 "$owner"
audit "/currency-converter" /currency-converter "$owner"
audit "/cards" /cards "$owner"
audit "/recipients" /recipients "$owner"
audit "/statement" /statement "$owner"
audit "/invoice/list" /invoice/list "$owner"
audit "/loans" /loans "$owner"
audit "/referrals" /referrals "$owner"
phone_step=$(node bench/lighthouse-signup.mjs "$base" phone)
audit "/phone-verification" /phone-verification "$phone_step"
identity_step=$(node bench/lighthouse-signup.mjs "$base" identity)
audit "/sumsub" /sumsub "$identity_step"
