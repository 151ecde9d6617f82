//! Group commit (issue 34 point 1, `store::group_commit`): writes that queue for one key while an
//! earlier group of it is in flight share one transaction; each is answered its own result, only
//! after that transaction committed; one that fails is undone alone.

use bank::store::group_commit::Step;
use bank::store::Backend as DbBackend;
use futures_util::future::BoxFuture;
use sqlx::AnyConnection;
use tokio::sync::oneshot;

use crate::on_both_backends;

/// A step that writes its name (a unique key), then fails when asked to; it answers the
/// transaction it ran in (PostgreSQL's id of it). It may wait for a gate before it writes, and
/// say when it has started.
#[derive(Default)]
struct Probe {
    name: &'static str,
    fail: bool,
    panic: bool,
    postgres: bool,
    started: Option<oneshot::Sender<()>>,
    gate: Option<oneshot::Receiver<()>>,
}

impl Probe {
    fn new(bank: &crate::helpers::TestBank, name: &'static str) -> Self {
        Self {
            name,
            postgres: bank.db.backend == DbBackend::Postgres,
            ..Default::default()
        }
    }
}

impl Step for Probe {
    type Output = String;
    type Error = anyhow::Error;

    fn run(self, conn: &mut AnyConnection) -> BoxFuture<'_, anyhow::Result<String>> {
        Box::pin(async move {
            if let Some(started) = self.started {
                let _ = started.send(());
            }
            if let Some(gate) = self.gate {
                let _ = gate.await;
            }
            sqlx::query("INSERT INTO group_probe (name) VALUES ($1)")
                .bind(self.name)
                .execute(&mut *conn)
                .await?;
            assert!(!self.panic, "a step that panics");
            anyhow::ensure!(!self.fail, "{} refused", self.name);
            Ok(match self.postgres {
                true => {
                    sqlx::query_scalar("SELECT txid_current()::text")
                        .fetch_one(&mut *conn)
                        .await?
                }
                false => String::new(),
            })
        })
    }
}

async fn names(bank: &crate::helpers::TestBank) -> Vec<String> {
    sqlx::query_scalar("SELECT name FROM group_probe ORDER BY name")
        .fetch_all(&bank.db.pool)
        .await
        .unwrap()
}

/// The probes' table, and `probe` run as the first group of "account-1", started and held at its
/// gate until the sender answered is used.
async fn held(
    bank: &crate::helpers::TestBank,
    probe: Probe,
) -> (
    tokio::task::JoinHandle<anyhow::Result<String>>,
    oneshot::Sender<()>,
) {
    sqlx::query("CREATE TABLE group_probe (name TEXT PRIMARY KEY)")
        .execute(&bank.db.pool)
        .await
        .unwrap();
    hold(bank, probe).await
}

/// `probe` run as a group of "account-1", started and held at its gate until the sender answered
/// is used.
async fn hold(
    bank: &crate::helpers::TestBank,
    probe: Probe,
) -> (
    tokio::task::JoinHandle<anyhow::Result<String>>,
    oneshot::Sender<()>,
) {
    let (started, running) = oneshot::channel();
    let (open, gate) = oneshot::channel();
    let db = bank.db.clone();
    let probe = Probe {
        started: Some(started),
        gate: Some(gate),
        ..probe
    };
    let first = tokio::spawn(async move { db.grouped("account-1", probe).await });
    running.await.unwrap();
    (first, open)
}

on_both_backends!(
    waiting_writes_commit_together_and_a_failed_one_alone_is_undone,
    |bank| {
        // The first group: one step, held at its gate while the others arrive.
        let (first, open) = held(bank, Probe::new(bank, "a")).await;
        assert_eq!(bank.db.queued("account-1"), Some(0));
        // Four arrive meanwhile: they queue (each polled once puts itself in the queue).
        let mut b = Box::pin(bank.db.grouped("account-1", Probe::new(bank, "b")));
        let mut c = Box::pin(bank.db.grouped(
            "account-1",
            Probe {
                fail: true,
                ..Probe::new(bank, "c")
            },
        ));
        let mut twin = Box::pin(bank.db.grouped("account-1", Probe::new(bank, "b")));
        let mut d = Box::pin(bank.db.grouped("account-1", Probe::new(bank, "d")));
        for waiting in [b.as_mut(), c.as_mut(), twin.as_mut(), d.as_mut()] {
            assert!(futures_util::poll!(waiting).is_pending());
        }
        assert_eq!(bank.db.queued("account-1"), Some(4));
        if bank.db.backend == DbBackend::Postgres {
            // Another key does not wait for this one's group.
            let other = bank.db.grouped("account-2", Probe::new(bank, "x")).await;
            assert!(other.is_ok());
        }
        open.send(()).unwrap();
        let first = first.await.unwrap().unwrap();
        let b = b.await.unwrap();
        // Answered only once committed: what it wrote is there for everyone.
        assert!(names(bank).await.contains(&"b".to_string()));
        let c = c.await.unwrap_err();
        assert_eq!(c.to_string(), "c refused");
        // The same key again fails at the database; the transaction goes on without it.
        assert!(twin.await.is_err());
        let d = d.await.unwrap();
        let mut expected = vec!["a", "b", "d"];
        if bank.db.backend == DbBackend::Postgres {
            expected.push("x");
            // b and d in one transaction, after a's own.
            assert_eq!(b, d);
            assert_ne!(first, b);
        }
        assert_eq!(names(bank).await, expected);
        crate::helpers::queued_for(bank, "account-1", None).await;
    }
);

/// A step that can run again (`Step::again`): it counts its runs, writes its name, and fails
/// when asked to.
#[derive(Clone)]
struct Again {
    name: &'static str,
    fail: bool,
    runs: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Again {
    fn new(name: &'static str, fail: bool) -> Self {
        Self {
            name,
            fail,
            runs: Default::default(),
        }
    }

    fn runs(&self) -> usize {
        self.runs.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl Step for Again {
    type Output = ();
    type Error = anyhow::Error;

    fn run(self, conn: &mut AnyConnection) -> BoxFuture<'_, anyhow::Result<()>> {
        Box::pin(async move {
            self.runs.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            sqlx::query("INSERT INTO group_probe (name) VALUES ($1)")
                .bind(self.name)
                .execute(&mut *conn)
                .await?;
            anyhow::ensure!(!self.fail, "{} refused", self.name);
            Ok(())
        })
    }

    fn again(&self) -> Option<Self> {
        Some(self.clone())
    }
}

on_both_backends!(
    steps_that_can_run_again_share_a_transaction_without_savepoints,
    |bank| {
        // A group whose steps all succeed runs each once.
        let (first, open) = held(bank, Probe::new(bank, "a")).await;
        let (b, c) = (Again::new("b", false), Again::new("c", false));
        let mut b_done = Box::pin(bank.db.grouped("account-1", b.clone()));
        let mut c_done = Box::pin(bank.db.grouped("account-1", c.clone()));
        for waiting in [b_done.as_mut(), c_done.as_mut()] {
            assert!(futures_util::poll!(waiting).is_pending());
        }
        open.send(()).unwrap();
        first.await.unwrap().unwrap();
        b_done.await.unwrap();
        c_done.await.unwrap();
        assert_eq!((b.runs(), c.runs()), (1, 1));
        assert_eq!(names(bank).await, ["a", "b", "c"]);

        // One that fails undoes the try: it is answered its error, run once; the others run
        // again and commit, each written once.
        let (held_again, open) = hold(bank, Probe::new(bank, "d")).await;
        let (e, f, g) = (
            Again::new("e", false),
            Again::new("f", true),
            Again::new("g", false),
        );
        let mut e_done = Box::pin(bank.db.grouped("account-1", e.clone()));
        let mut f_done = Box::pin(bank.db.grouped("account-1", f.clone()));
        let mut g_done = Box::pin(bank.db.grouped("account-1", g.clone()));
        for waiting in [e_done.as_mut(), f_done.as_mut(), g_done.as_mut()] {
            assert!(futures_util::poll!(waiting).is_pending());
        }
        open.send(()).unwrap();
        held_again.await.unwrap().unwrap();
        e_done.await.unwrap();
        assert_eq!(f_done.await.unwrap_err().to_string(), "f refused");
        g_done.await.unwrap();
        assert_eq!((e.runs(), f.runs(), g.runs()), (2, 1, 1));
        assert_eq!(names(bank).await, ["a", "b", "c", "d", "e", "g"]);
        crate::helpers::queued_for(bank, "account-1", None).await;
    }
);

on_both_backends!(
    a_step_that_panics_fails_its_callers_and_not_the_key,
    |bank| {
        let panics = Probe {
            panic: true,
            ..Probe::new(bank, "a")
        };
        let (first, open) = held(bank, panics).await;
        let mut queued = Box::pin(bank.db.grouped("account-1", Probe::new(bank, "b")));
        assert!(futures_util::poll!(queued.as_mut()).is_pending());
        open.send(()).unwrap();
        assert!(first.await.unwrap().is_err());
        assert!(
            queued.await.is_err(),
            "its queue is answered, not left waiting"
        );
        crate::helpers::queued_for(bank, "account-1", None).await;
        // Nothing of the group was written, and the key serves the next caller.
        assert!(names(bank).await.is_empty());
        let next = bank.db.grouped("account-1", Probe::new(bank, "c")).await;
        assert!(next.is_ok(), "{next:?}");
        assert_eq!(names(bank).await, ["c"]);
    }
);

/// A step that looks up one row of the bank's fee income in francs (opening it on first use),
/// twice when asked, then fails when asked to; it answers the row's id.
struct ShardRead {
    shard: u32,
    twice: bool,
    fail: bool,
}

impl ShardRead {
    fn of(shard: u32) -> Self {
        Self {
            shard,
            twice: false,
            fail: false,
        }
    }
}

async fn fee_row(conn: &mut AnyConnection, shard: u32) -> anyhow::Result<String> {
    let [id] = bank::store::ledger::system_accounts(
        conn,
        0,
        [(bank::store::ledger::AccountKind::FeeIncome, None)],
        bank::domain::accounts::money::Currency::Chf,
        shard,
    )
    .await?;
    Ok(id)
}

impl Step for ShardRead {
    type Output = String;
    type Error = anyhow::Error;

    fn run(self, conn: &mut AnyConnection) -> BoxFuture<'_, anyhow::Result<String>> {
        Box::pin(async move {
            let id = fee_row(conn, self.shard).await?;
            if self.twice {
                anyhow::ensure!(fee_row(conn, self.shard).await? == id, "another row");
            }
            anyhow::ensure!(!self.fail, "refused");
            Ok(id)
        })
    }
}

async fn ledger_rows_with_id(bank: &crate::helpers::TestBank, id: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM ledger_accounts WHERE id = $1")
        .bind(id)
        .fetch_one(&bank.db.pool)
        .await
        .unwrap()
}

on_both_backends!(
    a_group_books_on_the_banks_ledger_rows_it_knows_committed_without_looking_them_up,
    |bank| {
        // Opened by one group, read by the next: from its commit on, the id is known.
        let opened = bank.db.grouped("ledger", ShardRead::of(9)).await.unwrap();
        let read = bank.db.grouped("ledger", ShardRead::of(9)).await.unwrap();
        assert_eq!(read, opened);
        // The row's code changed behind the bank's back: a group still uses the known id, where
        // a lookup would find no row under the code and open another.
        sqlx::query("UPDATE ledger_accounts SET code = code || ':moved' WHERE id = $1")
            .bind(&opened)
            .execute(&bank.db.pool)
            .await
            .unwrap();
        let known = bank.db.grouped("ledger", ShardRead::of(9)).await.unwrap();
        assert_eq!(known, opened);
        // Outside a group every booking looks its rows up, as before.
        let mut conn = bank.db.pool.acquire().await.unwrap();
        let looked_up = fee_row(&mut conn, 9).await.unwrap();
        assert_ne!(looked_up, opened);
    }
);

on_both_backends!(
    a_ledger_row_read_in_a_step_that_was_undone_is_not_taken_as_known,
    |bank| {
        // The first group held while two steps queue behind it: the second group is a step
        // that commits and one that opens a fee row, reads it again and fails (undone to its
        // savepoint, the row with it).
        let (first, open) = held(bank, Probe::new(bank, "a")).await;
        let mut kept = Box::pin(bank.db.grouped("account-1", Probe::new(bank, "b")));
        let mut undone = Box::pin(bank.db.grouped(
            "account-1",
            ShardRead {
                shard: 7,
                twice: true,
                fail: true,
            },
        ));
        assert!(futures_util::poll!(kept.as_mut()).is_pending());
        assert!(futures_util::poll!(undone.as_mut()).is_pending());
        open.send(()).unwrap();
        first.await.unwrap().unwrap();
        kept.await.unwrap();
        assert!(undone.await.is_err());
        assert_eq!(names(bank).await, ["a", "b"]);
        // The group committed; the fee row did not. A later group opens it afresh and books on
        // a row that exists.
        let id = bank
            .db
            .grouped("account-1", ShardRead::of(7))
            .await
            .unwrap();
        assert_eq!(ledger_rows_with_id(bank, &id).await, 1);
    }
);
