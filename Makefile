# The two commands of the README: `make run` and `make test`.
SHELL := /bin/bash
V8_ARCHIVE := $(abspath ../shared/v8/librusty_v8_simdutf_release_x86_64-unknown-linux-gnu.a.gz)
# Offline machines build V8 from the archive beside the project; online ones let the crate fetch it.
ifeq ($(origin RUSTY_V8_ARCHIVE), undefined)
ifneq ($(wildcard $(V8_ARCHIVE)),)
export RUSTY_V8_ARCHIVE := $(V8_ARCHIVE)
endif
endif
export BANK_TEST_POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/postgres
export BANK_TEST_REDIS_URL ?= redis://127.0.0.1:6379

.PHONY: run test test-rust test-app test-browser test-contract lint screens bench bench-ledger bench-transfers bench-load bench-hydration api-types test-failover

# A sandbox bank on this machine: the mode is always named, never a default.
run:
	BANK_SANDBOX=on cargo run --release --bin bank

test: lint test-rust test-app test-browser test-contract test-failover

lint:
	cargo fmt --all -- --check
	cargo clippy --all-targets -- -D warnings
	cd app && npm run --silent typecheck && npm run --silent lint && npm run --silent api:check

test-rust:
	cargo test --workspace

test-app:
	cd app && npm run --silent test

test-browser:
	cargo build --release --bin bank
	cd app && BANK_BIN=$(CURDIR)/target/release/bank npm run --silent e2e

# A PNG of every screen in both layouts (and without JavaScript for the core flows) in
# target/screens, to look at after a change to the app.
screens:
	cargo build --release --bin bank
	cd app && BANK_BIN=$(CURDIR)/target/release/bank node scripts/screens.mjs

# schemathesis against the release binary: every operation of the OpenAPI document, a few minutes.
test-contract:
	cargo build --release --bin bank
	BANK_BIN=$(CURDIR)/target/release/bank bash tests/fuzz/contract.sh

# After an API change: regenerate the OpenAPI document the app's types and schemas come from.
api-types:
	cargo run --quiet --bin bank -- openapi > app/src/api/openapi.json.tmp
	mv app/src/api/openapi.json.tmp app/src/api/openapi.json
	cd app && npm run --silent api:generate

bench:
	bash bench/ssr.sh

bench-ledger:
	bash bench/ledger.sh

bench-transfers:
	bash bench/transfers.sh

# The dashboard's first load in Chromium with a 4× slowed CPU: its longest main-thread tasks.
bench-hydration:
	command -v chromium >/dev/null || apt-get install -y -qq chromium >/dev/null
	cargo build --release --bin bank >/dev/null && node bench/hydration-trace.mjs

# Two bank processes on PostgreSQL under a customer mix for LOAD_SECONDS (60).
bench-load:
	bash bench/load.sh

# Patroni, etcd and HAProxy on this machine; the primary killed under the load test (needs root
# and the Debian packages patroni, etcd-server, haproxy).
test-failover:
	bash tests/failover/run.sh
