//! SPEC §7 "Bank accounts", "Transactions" and the account documents (statements, proofs).

pub mod bank_accounts;
pub mod documents;
pub mod sent_transfers;
pub mod transactions;

use utoipa_axum::router::OpenApiRouter;

use super::ApiState;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .merge(bank_accounts::routes())
        .merge(transactions::routes())
        .merge(documents::routes())
}
