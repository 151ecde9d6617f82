//! The SMS provider's delivery reports of the texts the bank sends (codes, notices): kept moving
//! only forward, and a text that did not reach the phone logged for operators (the back office's
//! dashboard counts them).

use crate::providers::twilio::DeliveryReport;
use crate::store::{self, Db};

/// Records a checked report; answers whether it moved the text on.
pub async fn delivery_reported(db: &Db, report: &DeliveryReport) -> Result<bool, sqlx::Error> {
    let moved = store::sms_deliveries::report(
        db,
        &report.sid,
        &report.status,
        report.error_code.as_deref(),
        db.now_ms(),
    )
    .await?;
    if moved && matches!(report.status.as_str(), "undelivered" | "failed") {
        tracing::warn!(
            sid = report.sid,
            code = report.error_code,
            "a text did not reach the phone"
        );
    }
    Ok(moved)
}
