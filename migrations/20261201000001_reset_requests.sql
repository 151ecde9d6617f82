-- Password-reset requests waiting for the worker (issue 15: nothing that must outlive a request
-- stays in one process's memory). The answer to "forgot password" is the same whether or not
-- the address has an account; the worker decides later. A worker leases a request, sends the
-- link, then deletes it: a process killed in between leaves it to the next lease.
CREATE TABLE reset_requests (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    ip TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    leased_until BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX reset_requests_lease ON reset_requests (leased_until, created_at);
