//! The sandbox schemes as a rail: each transfer's outcome at once, by the rules of
//! `domain::payments::settlement` (a payee named RETURN is sent back; every other settles).
//! They send no notifications.

use axum::http::HeaderMap;

use super::{Dispatch, Notification, OutgoingPayment, PaymentRails, Pending, RailError};
use crate::domain::payments::settlement::{sandbox_outcome, Outcome};

pub struct SandboxRails;

impl PaymentRails for SandboxRails {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    fn send<'a>(&'a self, payment: &'a OutgoingPayment) -> Pending<'a, Dispatch> {
        Box::pin(async move {
            Ok(match sandbox_outcome(&payment.payee_name) {
                Outcome::Settled => Dispatch::Settled,
                Outcome::Returned(reason) => Dispatch::Returned(reason.to_string()),
            })
        })
    }

    fn read_webhook(&self, _: &HeaderMap, _: &[u8]) -> Result<Notification, RailError> {
        Err(RailError::BadWebhook(
            "the sandbox schemes send no notifications",
        ))
    }
}
