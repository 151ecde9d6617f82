//! SPEC §7 "Bank accounts", "Transactions" and the account documents (statements, proofs).

pub mod bank_accounts;
pub mod documents;
pub mod transactions;

use axum::Router;

use super::ApiState;

pub fn routes() -> Router<ApiState> {
    Router::new()
        .merge(bank_accounts::routes())
        .merge(transactions::routes())
        .merge(documents::routes())
}
