//! Group commit (issue 34 point 1): the writes that queue for one hot row share a transaction.
//!
//! A profile paying from one account makes its submits wait for each other on that account's
//! row lock, and each then waits for its own commit's WAL flush while the next one waits for it:
//! the flush, not the statements, is most of the time the lock is held. Here the submits of one
//! key (the paying account) that arrive while an earlier group is in flight queue in this
//! process; one task runs them one after another in a single write transaction, each inside its
//! own savepoint, commits once and only then answers each of them. A step that fails is rolled
//! back to its savepoint and answered its own error; the others still commit. A failed commit
//! fails every step it carried (nothing of them was written; each may be retried by its id).
//!
//! A group of one runs exactly as a transaction of its own would, without savepoints. So does a
//! group whose steps can all be run again (`Step::again`): a savepoint is a round trip per step
//! while the account's other submits wait, and steps rarely fail. When one of them fails, the
//! whole transaction is rolled back, that step is answered its error, and the others run again
//! from their copies, each in its savepoint as above (so a group is run at most twice). The task
//! that runs the groups is spawned, so a caller that goes away cannot leave a group half-run.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;
use sqlx::AnyConnection;
use tokio::sync::oneshot;

use super::Db;

/// The most steps one transaction carries: a bound on its savepoints (PostgreSQL keeps 64
/// subtransactions per backend in shared memory before it spills) and on the wait of the last.
const MOST: usize = 32;

/// One caller's writes, run inside the group's transaction.
pub trait Step: Send + 'static {
    type Output: Send + 'static;
    type Error: From<sqlx::Error> + Send + 'static;
    fn run(self, conn: &mut AnyConnection) -> BoxFuture<'_, Result<Self::Output, Self::Error>>;

    /// A copy to run instead if the group's first try is undone (see the module's comment);
    /// None, the default, for a step that cannot be run twice.
    fn again(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }
}

/// The groups in flight, by key: present while a task runs that key's groups; its queue holds
/// the steps that arrived meanwhile.
#[derive(Clone, Default)]
pub(crate) struct Groups(Arc<Mutex<HashMap<String, Queue>>>);

type Queue = VecDeque<Box<dyn Queued>>;

impl Db {
    /// Runs `step` in a write transaction, together with the other steps of `key` that queue
    /// with it, and answers its result once that transaction has committed (or failed).
    pub async fn grouped<S: Step>(&self, key: &str, step: S) -> Result<S::Output, S::Error> {
        let (answer, answered) = oneshot::channel();
        let answer = Arc::new(Mutex::new(Some(answer)));
        let queued: Box<dyn Queued> = Box::new(Waiting { step, answer });
        let lead = {
            let mut groups = self.groups.0.lock().unwrap_or_else(|e| e.into_inner());
            match groups.get_mut(key) {
                Some(queue) => {
                    queue.push_back(queued);
                    false
                }
                None => {
                    groups.insert(key.to_string(), VecDeque::from([queued]));
                    true
                }
            }
        };
        if lead {
            let db = self.clone();
            let key = key.to_string();
            tokio::spawn(async move { db.run_groups(key).await });
        }
        // The task dropped the step unanswered only when it panicked.
        answered
            .await
            .unwrap_or_else(|_| Err(S::Error::from(sqlx::Error::WorkerCrashed)))
    }

    /// How many steps wait for `key`'s next group, or None when none of its groups is in flight
    /// (tests hold a group to see others queue behind it).
    pub fn queued(&self, key: &str) -> Option<usize> {
        let groups = self.groups.0.lock().unwrap_or_else(|e| e.into_inner());
        groups.get(key).map(VecDeque::len)
    }

    /// Runs `key`'s groups until its queue is empty, then leaves.
    async fn run_groups(&self, key: String) {
        let mut leave = Leave {
            groups: &self.groups,
            key: &key,
            done: false,
        };
        loop {
            let steps: Vec<_> = {
                let mut groups = self.groups.0.lock().unwrap_or_else(|e| e.into_inner());
                let queue = groups.get_mut(&key).expect("a running key has a queue");
                if queue.is_empty() {
                    groups.remove(&key);
                    leave.done = true;
                    return;
                }
                let n = queue.len().min(MOST);
                queue.drain(..n).collect()
            };
            // The bank's own ledger ids it reads are known from its commit on (`system_ids`).
            self.system_ids.around(self.run_group(steps)).await;
        }
    }

    async fn run_group(&self, steps: Vec<Box<dyn Queued>>) {
        let copies: Option<Vec<Box<dyn Queued>>> = match steps.len() {
            1 => None,
            _ => steps.iter().map(|step| step.again()).collect(),
        };
        match copies {
            Some(copies) => match self.try_unguarded(steps).await {
                None => {}
                Some((failed, undone)) => {
                    let rest = copies
                        .into_iter()
                        .enumerate()
                        .filter_map(|(n, copy)| (n != failed).then_some(copy))
                        .collect();
                    self.run_guarded(rest, Some(undone)).await;
                }
            },
            None => self.run_guarded(steps, None).await,
        }
    }

    /// The group's first try, without savepoints: None when every step ran and the commit was
    /// answered; else, with the transaction rolled back and nothing answered, the place of the
    /// step that failed and its result (answered once the others' retry has committed, as in
    /// [`Db::run_guarded`], so that a duplicate finds what it lost to).
    async fn try_unguarded(&self, steps: Vec<Box<dyn Queued>>) -> Option<(usize, Ran)> {
        let mut tx = match self.begin_write().await {
            Ok(tx) => tx,
            Err(error) => {
                for step in steps {
                    step.fail(shared(&error));
                }
                return None;
            }
        };
        let mark = super::system_ids::mark();
        let mut ran: Vec<Ran> = Vec::with_capacity(steps.len());
        for (n, step) in steps.into_iter().enumerate() {
            let done = step.run(&mut tx).await;
            if !done.kept {
                let _ = tx.rollback().await;
                super::system_ids::forget_since(mark);
                return Some((n, done));
            }
            ran.push(done);
        }
        let failed = tx.commit().await.err();
        if failed.is_none() {
            super::system_ids::committed();
        }
        for done in ran {
            (done.answer)(failed.as_ref().map(shared));
        }
        None
    }

    /// The group with each step in its own savepoint (or alone, without one); `undone`, a step
    /// that failed in the group's first try, is answered with the others.
    async fn run_guarded(&self, steps: Vec<Box<dyn Queued>>, undone: Option<Ran>) {
        let mut ran: Vec<Ran> = Vec::with_capacity(steps.len() + 1);
        ran.extend(undone);
        let mut tx = match self.begin_write().await {
            Ok(tx) => tx,
            Err(error) => {
                for step in steps {
                    step.fail(shared(&error));
                }
                for done in ran {
                    (done.answer)(None);
                }
                return;
            }
        };
        let alone = steps.len() == 1;
        let mut broken: Option<sqlx::Error> = None;
        let mut steps = steps.into_iter();
        for step in steps.by_ref() {
            if !alone {
                if let Err(error) = sqlx::query("SAVEPOINT step").execute(&mut *tx).await {
                    step.fail(shared(&error));
                    broken = Some(error);
                    break;
                }
            }
            let mark = super::system_ids::mark();
            let done = step.run(&mut tx).await;
            let kept = done.kept;
            ran.push(done);
            if !kept {
                super::system_ids::forget_since(mark);
            }
            if !kept && !alone {
                // Undoes this step only; the savepoint stays, empty, under the next one's.
                let undo = sqlx::query("ROLLBACK TO SAVEPOINT step");
                if let Err(error) = undo.execute(&mut *tx).await {
                    broken = Some(error);
                    break;
                }
            }
        }
        let failed = match broken {
            Some(error) => {
                let _ = tx.rollback().await;
                Some(error)
            }
            None if ran.iter().any(|r| r.kept) => {
                let failed = tx.commit().await.err();
                if failed.is_none() {
                    super::system_ids::committed();
                }
                failed
            }
            None => {
                let _ = tx.rollback().await;
                None
            }
        };
        for step in steps {
            step.fail(failed.as_ref().map_or(sqlx::Error::WorkerCrashed, shared));
        }
        for done in ran {
            (done.answer)(failed.as_ref().map(shared));
        }
    }
}

/// A step as the group runs it, whatever its result's type.
trait Queued: Send {
    fn run<'c>(self: Box<Self>, conn: &'c mut AnyConnection) -> BoxFuture<'c, Ran>;
    /// Answers the step an error without running it.
    fn fail(self: Box<Self>, error: sqlx::Error);
    /// A copy of the step (`Step::again`) with the same caller to answer.
    fn again(&self) -> Option<Box<dyn Queued>>;
}

/// A step that ran: whether its writes stay, and how to answer it once the commit is known
/// (with the commit's error, if it failed).
struct Ran {
    kept: bool,
    answer: Box<dyn FnOnce(Option<sqlx::Error>) + Send>,
}

struct Waiting<S: Step> {
    step: S,
    answer: Answer<S>,
}

/// The caller's end, shared by a step and its copy: whichever is answered first takes it.
type Answer<S> =
    Arc<Mutex<Option<oneshot::Sender<Result<<S as Step>::Output, <S as Step>::Error>>>>>;

fn send<S: Step>(answer: &Answer<S>, result: Result<S::Output, S::Error>) {
    let taken = answer.lock().unwrap_or_else(|e| e.into_inner()).take();
    // A caller that went away is not waiting for its answer.
    if let Some(sender) = taken {
        let _ = sender.send(result);
    }
}

impl<S: Step> Queued for Waiting<S> {
    fn run<'c>(self: Box<Self>, conn: &'c mut AnyConnection) -> BoxFuture<'c, Ran> {
        let Waiting { step, answer } = *self;
        Box::pin(async move {
            let result = step.run(conn).await;
            Ran {
                kept: result.is_ok(),
                answer: Box::new(move |failed: Option<sqlx::Error>| {
                    let result = match (result, failed) {
                        (Ok(_), Some(error)) => Err(S::Error::from(error)),
                        (result, _) => result,
                    };
                    send::<S>(&answer, result);
                }),
            }
        })
    }

    fn fail(self: Box<Self>, error: sqlx::Error) {
        send::<S>(&self.answer, Err(S::Error::from(error)));
    }

    fn again(&self) -> Option<Box<dyn Queued>> {
        let step = self.step.again()?;
        Some(Box::new(Waiting {
            step,
            answer: self.answer.clone(),
        }))
    }
}

/// Removes the key when its task ends by a panic, so that its queued callers are answered (their
/// senders dropped) and the next step of the key starts a new task.
struct Leave<'a> {
    groups: &'a Groups,
    key: &'a str,
    done: bool,
}

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        if !self.done {
            let mut groups = self.groups.0.lock().unwrap_or_else(|e| e.into_inner());
            groups.remove(self.key);
        }
    }
}

/// The error that one failure of the shared transaction gives each of its steps: sqlx's errors
/// cannot be cloned, so each gets one of the same kind. A database that went away
/// (`super::database_away`) stays one, so the API still answers it 503 with `Retry-After`;
/// anything else is a protocol error with the original's text.
fn shared(error: &sqlx::Error) -> sqlx::Error {
    let away = |kind| sqlx::Error::Io(std::io::Error::new(kind, error.to_string()));
    match error {
        sqlx::Error::Io(io) => away(io.kind()),
        sqlx::Error::PoolTimedOut => sqlx::Error::PoolTimedOut,
        sqlx::Error::PoolClosed => sqlx::Error::PoolClosed,
        sqlx::Error::WorkerCrashed => sqlx::Error::WorkerCrashed,
        away_too if super::database_away(away_too) => away(std::io::ErrorKind::ConnectionAborted),
        other => sqlx::Error::Protocol(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    /// Each step of a failed group gets a copy of the one error: a copy is "database away"
    /// exactly when the original is, so a failover still answers every step 503.
    #[test]
    fn a_shared_error_is_away_exactly_when_the_original_is() {
        let io = || std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
        let errors = [
            sqlx::Error::Io(io()),
            sqlx::Error::Tls(Box::new(io())),
            sqlx::Error::PoolTimedOut,
            sqlx::Error::PoolClosed,
            sqlx::Error::WorkerCrashed,
            sqlx::Error::RowNotFound,
            sqlx::Error::Protocol("odd".into()),
        ];
        for error in &errors {
            let copy = super::shared(error);
            assert_eq!(
                super::super::database_away(&copy),
                super::super::database_away(error),
                "{error} became {copy}"
            );
        }
        let away = errors.iter().filter(|e| super::super::database_away(e));
        assert_eq!(away.count(), 5, "I/O, TLS and the pool's three");
    }
}
