//! The ids of the bank's own ledger accounts (`ledger::system_accounts`: a scheme's clearing and
//! fee income, spread over their rows) known to be committed, so that a write group
//! (`group_commit`) books a transfer without looking them up: one round trip fewer in every
//! submit, inside the transaction whose row lock orders one account's payments.
//!
//! A ledger account's row is never deleted and its code never changes, so an id once committed
//! stays right. What is learnt inside a transaction is kept only once that transaction has
//! committed, and not from a step the group rolled back to its savepoint: an id read there could
//! be of a row that was opened in the same transaction, and rolled back with it.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

/// The committed ids by account code, shared by the process's write groups on one database.
#[derive(Clone, Default)]
pub(crate) struct SystemIds(Arc<Mutex<HashMap<String, String>>>);

/// One write transaction's view: the committed ids, and what it read since it began.
struct InTransaction {
    committed: SystemIds,
    read: Mutex<Vec<(String, String)>>,
}

tokio::task_local! {
    static CURRENT: InTransaction;
}

impl SystemIds {
    /// Runs `transaction` (a write group's) with the known ids at hand.
    pub(crate) async fn around<F: Future>(&self, transaction: F) -> F::Output {
        let current = InTransaction {
            committed: self.clone(),
            read: Mutex::default(),
        };
        CURRENT.scope(current, transaction).await
    }
}

fn locked<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The ids of `codes` when every one is known committed (only inside a write group).
pub(super) fn known<const N: usize>(codes: &[String; N]) -> Option<[String; N]> {
    CURRENT
        .try_with(|current| {
            let committed = locked(&current.committed.0);
            let ids: Vec<String> = codes
                .iter()
                .map_while(|code| committed.get(code).cloned())
                .collect();
            ids.try_into().ok()
        })
        .ok()
        .flatten()
}

/// Notes ids read from the database in the current write group's transaction.
pub(super) fn read<'a>(rows: impl IntoIterator<Item = &'a (String, String)>) {
    let _ = CURRENT.try_with(|current| locked(&current.read).extend(rows.into_iter().cloned()));
}

/// How much the transaction has read so far: a step's starting mark.
pub(super) fn mark() -> usize {
    CURRENT
        .try_with(|current| locked(&current.read).len())
        .unwrap_or(0)
}

/// Forgets what was read after `mark`: the step was rolled back to its savepoint.
pub(super) fn forget_since(mark: usize) {
    let _ = CURRENT.try_with(|current| locked(&current.read).truncate(mark));
}

/// The transaction has committed: what it read is known from now on.
pub(super) fn committed() {
    let _ = CURRENT.try_with(|current| {
        let read = std::mem::take(&mut *locked(&current.read));
        locked(&current.committed.0).extend(read);
    });
}
