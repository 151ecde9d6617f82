//! The pool from the outside: real isolates from a real snapshot of a small bundle.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use ssr_runtime::{create_snapshot, HostContext, HostFetch, Pool, PoolConfig, RenderError};

const BUNDLE: &str = r#"
// A module-scope value that a careless bundle could fill with one caller's data.
let lastCaller = null;
// How many renders this isolate has run.
let renders = 0;
globalThis.__ssrEntry = async (input) => {
  const req = JSON.parse(input);
  renders += 1;
  switch (req.kind) {
    case "hello": return "hello " + req.name;
    case "count": return String(renders);
    case "loop": for (;;) {}
    case "throw": throw new Error("boom from render");
    case "heap": { const keep = []; for (;;) keep.push(new Array(100000).fill(req.kind)); }
    case "fetch": return await __hostFetch(JSON.stringify({ path: req.path }));
    case "encode": return String(new TextEncoder().encode("£").length) + new TextDecoder().decode(new TextEncoder().encode("€"));
    case "intl": return new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(1234.5);
    case "timer": {
      // Leaves a timer behind that would publish this caller's secret into module scope.
      setTimeout(() => { lastCaller = req.secret; }, 1);
      return "armed";
    }
    case "peek": {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return String(lastCaller);
    }
    case "url": { const u = new URL("../b?x=1#h", "https://bank.example:8443/a/c"); return [u.href, u.origin, u.pathname, u.search, u.hash, URL.canParse("nope")].join(" "); }
    case "slowfetch": return await __hostFetch(JSON.stringify({ path: "/slow" }));
  }
  throw new Error("unknown kind " + req.kind);
};
"#;

fn snapshot() -> &'static [u8] {
    static SNAPSHOT: OnceLock<&'static [u8]> = OnceLock::new();
    SNAPSHOT.get_or_init(|| {
        Box::leak(
            create_snapshot(BUNDLE)
                .expect("snapshot")
                .into_boxed_slice(),
        )
    })
}

/// Echoes the request together with the caller's context, the way the bank passes cookies.
fn echo_fetch() -> HostFetch {
    Arc::new(|request: String, context: HostContext| {
        let caller = context
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default();
        Box::pin(async move {
            if request.contains("/slow") {
                tokio::time::sleep(Duration::from_secs(30)).await;
            }
            format!("{caller} asked {request}")
        })
    })
}

fn pool(isolates: usize, deadline: Duration) -> Pool {
    let mut config = PoolConfig::new(snapshot());
    config.isolates = isolates;
    config.deadline = deadline;
    config.heap_limit = 64 * 1024 * 1024;
    config.fetch = Some(echo_fetch());
    config.queue = 512;
    Pool::start(config).expect("pool starts")
}

fn ctx(caller: &str) -> HostContext {
    Arc::new(caller.to_string())
}

fn req(json: serde_json::Value) -> String {
    json.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_concurrent_renders_all_answer_correctly() {
    let pool = pool(2, Duration::from_secs(5));
    let renders = (0..200).map(|i| {
        let pool = pool.clone();
        tokio::spawn(async move {
            let out = pool
                .render(
                    req(serde_json::json!({"kind": "hello", "name": i})),
                    ctx("x"),
                )
                .await;
            (i, out)
        })
    });
    for handle in renders.collect::<Vec<_>>() {
        let (i, out) = handle.await.unwrap();
        assert_eq!(out.unwrap(), format!("hello {i}"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_endless_loop_hits_the_deadline_and_the_pool_recovers() {
    let pool = pool(1, Duration::from_millis(300));
    let out = pool
        .render(req(serde_json::json!({"kind": "loop"})), ctx("x"))
        .await;
    assert_eq!(out, Err(RenderError::Deadline));
    // The same (only) worker serves the next render from a fresh isolate.
    let out = pool
        .render(
            req(serde_json::json!({"kind": "hello", "name": "again"})),
            ctx("x"),
        )
        .await;
    assert_eq!(out.unwrap(), "hello again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deadline_holds_after_many_renders_armed_and_disarmed_the_watchdog() {
    // The watchdog sleeps toward past renders' deadlines and is not woken for each new one:
    // renders spread over more than a deadline, then an endless loop must still be stopped.
    let pool = pool(1, Duration::from_millis(300));
    for i in 0..20 {
        let out = pool
            .render(
                req(serde_json::json!({"kind": "hello", "name": i})),
                ctx("x"),
            )
            .await;
        assert_eq!(out.unwrap(), format!("hello {i}"));
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    for _ in 0..2 {
        let looped = pool.render(req(serde_json::json!({"kind": "loop"})), ctx("x"));
        let out = tokio::time::timeout(Duration::from_secs(10), looped)
            .await
            .expect("the watchdog terminated the endless render");
        assert_eq!(out, Err(RenderError::Deadline));
    }
    let out = pool
        .render(
            req(serde_json::json!({"kind": "hello", "name": "after"})),
            ctx("x"),
        )
        .await;
    assert_eq!(out.unwrap(), "hello after");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_render_waiting_on_a_slow_host_call_hits_the_deadline() {
    let pool = pool(1, Duration::from_millis(300));
    let out = pool
        .render(req(serde_json::json!({"kind": "slowfetch"})), ctx("x"))
        .await;
    assert_eq!(out, Err(RenderError::Deadline));
    let out = pool
        .render(
            req(serde_json::json!({"kind": "hello", "name": "b"})),
            ctx("x"),
        )
        .await;
    assert_eq!(out.unwrap(), "hello b");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thrown_error_is_reported_with_its_message() {
    let pool = pool(1, Duration::from_secs(5));
    match pool
        .render(req(serde_json::json!({"kind": "throw"})), ctx("x"))
        .await
    {
        Err(RenderError::Script(message)) => {
            assert!(message.contains("boom from render"), "{message}")
        }
        other => panic!("expected a script error, got {other:?}"),
    }
    let out = pool
        .render(
            req(serde_json::json!({"kind": "hello", "name": "c"})),
            ctx("x"),
        )
        .await;
    assert_eq!(out.unwrap(), "hello c");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_heap_limit_terminates_the_render_and_the_pool_recovers() {
    let pool = pool(1, Duration::from_secs(20));
    let out = pool
        .render(req(serde_json::json!({"kind": "heap"})), ctx("x"))
        .await;
    assert_eq!(out, Err(RenderError::HeapLimit));
    let out = pool
        .render(
            req(serde_json::json!({"kind": "hello", "name": "d"})),
            ctx("x"),
        )
        .await;
    assert_eq!(out.unwrap(), "hello d");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn host_calls_carry_the_callers_own_context() {
    let pool = pool(1, Duration::from_secs(5));
    for caller in ["alice", "bob", "alice"] {
        let out = pool
            .render(
                req(serde_json::json!({"kind": "fetch", "path": "/v1/x"})),
                ctx(caller),
            )
            .await;
        assert_eq!(
            out.unwrap(),
            format!("{caller} asked {{\"path\":\"/v1/x\"}}")
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_users_rendered_alternately_on_one_isolate_never_see_each_other() {
    let pool = pool(1, Duration::from_secs(5));
    for round in 0..5 {
        for (user, secret) in [("alice", "alice-secret"), ("bob", "bob-secret")] {
            let out = pool
                .render(
                    req(
                        serde_json::json!({"kind": "timer", "secret": format!("{secret}-{round}")}),
                    ),
                    ctx(user),
                )
                .await;
            assert_eq!(out.unwrap(), "armed");
            // The next caller waits long enough for a leftover timer to have fired.
            let seen = pool
                .render(req(serde_json::json!({"kind": "peek"})), ctx("other"))
                .await
                .unwrap();
            assert_eq!(seen, "null", "a render saw data left behind by {user}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_apis_and_intl_are_available() {
    let pool = pool(1, Duration::from_secs(5));
    let out = pool
        .render(req(serde_json::json!({"kind": "encode"})), ctx("x"))
        .await
        .unwrap();
    assert_eq!(out, "2€");
    let out = pool
        .render(req(serde_json::json!({"kind": "intl"})), ctx("x"))
        .await
        .unwrap();
    assert_eq!(out, "£1,234.50");
    let out = pool
        .render(req(serde_json::json!({"kind": "url"})), ctx("x"))
        .await
        .unwrap();
    assert_eq!(
        out,
        "https://bank.example:8443/b?x=1#h https://bank.example:8443 /b ?x=1 #h false"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_sheds_load_with_busy() {
    let mut config = PoolConfig::new(snapshot());
    config.isolates = 1;
    config.queue = 1;
    config.deadline = Duration::from_millis(500);
    let pool = Pool::start(config).unwrap();
    // One render occupies the isolate, one waits in the queue; the rest are refused.
    let busy: Vec<_> = (0..6)
        .map(|_| {
            let pool = pool.clone();
            tokio::spawn(async move {
                pool.render(req(serde_json::json!({"kind": "loop"})), ctx("x"))
                    .await
            })
        })
        .collect();
    let mut refused = 0;
    for handle in busy {
        if handle.await.unwrap() == Err(RenderError::Busy) {
            refused += 1;
        }
    }
    assert!(refused >= 1, "a full queue must refuse work");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_render_at_a_time_stays_on_the_warm_isolate() {
    let pool = pool(4, Duration::from_secs(2));
    let mut last = String::new();
    for _ in 0..20 {
        last = pool
            .render(req(serde_json::json!({"kind": "count"})), ctx("x"))
            .await
            .unwrap();
    }
    // Each render went to the isolate that had just finished: it ran all twenty.
    assert_eq!(last, "20");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renders_queued_behind_busy_isolates_all_run() {
    let pool = pool(2, Duration::from_secs(2));
    let renders: Vec<_> = (0..40)
        .map(|i| {
            let pool = pool.clone();
            tokio::spawn(async move {
                pool.render(
                    req(serde_json::json!({"kind": "hello", "name": i.to_string()})),
                    ctx("x"),
                )
                .await
            })
        })
        .collect();
    for (i, render) in renders.into_iter().enumerate() {
        assert_eq!(render.await.unwrap().unwrap(), format!("hello {i}"));
    }
}
