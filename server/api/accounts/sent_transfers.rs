//! The transfer behind a transaction, as the transaction's detail shows it: the scheme, the
//! payee as it was paid, the reference, its status and the ISO 20022 messages kept with it.

use crate::api::error::AppError;
use crate::api::ApiState;
use crate::domain::ids::TransactionId;
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::receiver::Receiver;
use crate::services::accounts::history;

/// A sent transfer as its transaction's detail shows it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentTransfer {
    pub scheme: Scheme,
    pub receiver: Receiver,
    pub reference: String,
    /// pending, completed or returned.
    pub status: String,
    pub return_reason: Option<String>,
    /// The ISO 20022 messages kept with it: `pain.001`, `pacs.008`.
    pub messages: Vec<String>,
    pub attachments: Vec<AttachmentView>,
    /// Confirmation of Payee (UK local): the check it was sent with.
    pub payee_check: Option<crate::api::common_answers::PayeeCheckView>,
    /// The payer agreed to pay despite the check's answer.
    pub payee_risk_accepted: bool,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentView {
    pub id: String,
    pub file_name: String,
}

pub async fn details(
    state: &ApiState,
    transaction_id: &TransactionId,
) -> Result<Option<SentTransfer>, AppError> {
    let Some((transfer, attachments)) = history::sent_transfer(&state.db, transaction_id).await?
    else {
        return Ok(None);
    };
    let receiver = Receiver::from_stored(&transfer.payee).map_err(|error| {
        AppError::Internal(anyhow::anyhow!("transfer {}: {error}", transfer.id))
    })?;
    let mut messages = Vec::new();
    if transfer.pain_001.is_some() {
        messages.push("pain.001".to_string());
    }
    if transfer.pacs_008.is_some() {
        messages.push("pacs.008".to_string());
    }
    let payee_check = crate::services::payments::payee_check::of_transfer(&state.db, &transfer)
        .await?
        .as_ref()
        .map(crate::api::common_answers::PayeeCheckView::of);
    let attachments = attachments
        .into_iter()
        .map(|(id, file_name)| AttachmentView { id, file_name })
        .collect();
    Ok(Some(SentTransfer {
        scheme: transfer.scheme,
        receiver,
        reference: transfer.reference,
        status: transfer.status.as_str().to_string(),
        return_reason: transfer.return_reason,
        messages,
        attachments,
        payee_check,
        payee_risk_accepted: transfer.payee_risk_accepted,
    }))
}
