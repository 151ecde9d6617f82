//! Everything outside the bank, behind traits with sandbox implementations (DESIGN.md §6).
pub mod acquirer;
pub mod addresses;
pub mod bank_directory;
pub mod card_network;
pub mod companies;
pub mod identity;
pub mod lending;
pub mod merchant_acquiring;
pub mod notify;
pub mod payee_check;
pub mod rails;
pub mod rates;
pub mod sandbox_payments;
pub mod sandbox_token;
pub mod twilio;

/// Records an outside party's answer (or its failure) for the back office's dashboard; a
/// failure to record is only logged.
pub async fn record_health(db: &crate::store::Db, party: &str, outcome: Result<(), &str>) {
    let now = db.now_ms();
    let recorded = match outcome {
        Ok(()) => crate::store::provider_health::succeeded(db, party, now).await,
        Err(error) => crate::store::provider_health::failed(db, party, error, now).await,
    };
    if let Err(error) = recorded {
        tracing::warn!(%error, party, "recording an outside party's answer failed");
    }
}

/// The outside parties as the back office's dashboard names them (issue 33 point 6).
pub mod party {
    pub const CLEARBANK_PAYMENTS: &str = "ClearBank payments";
    pub const CLEARBANK_NAME_CHECKS: &str = "ClearBank name checks";
    pub const CLEARBANK_ACCOUNT_NAMES: &str = "ClearBank account names";
    pub const TWILIO: &str = "Twilio texts";
    pub const IDEAL_POSTCODES: &str = "Ideal Postcodes";
    pub const COMPANIES_HOUSE: &str = "Companies House";
    pub const CHECKOUT_COM: &str = "Checkout.com card payments";
    pub const SUMSUB: &str = "Sumsub identity checks";
    pub const ECB: &str = "ECB exchange rates";
    pub const SMTP: &str = "Email (SMTP)";
}
