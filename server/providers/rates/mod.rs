//! Where mid-market rates come from (issue 12): the sandbox's seeded random walk around real
//! reference levels, or the European Central Bank's daily euro reference rates. Rates are kept
//! in a `RateBook` that a background task refreshes; a quote reads the book, never the provider.

pub mod ecb;
pub mod sandbox;

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use crate::domain::exchange::rates::RateTable;

#[derive(Debug, thiserror::Error)]
pub enum RateError {
    #[error("the rate provider did not answer: {0}")]
    Unavailable(String),
    #[error("the rate provider's answer could not be read: {0}")]
    Unreadable(String),
}

pub type Fetching<'a> = Pin<Box<dyn Future<Output = Result<RateTable, RateError>> + Send + 'a>>;

pub trait RateSource: Send + Sync {
    /// The provider's current rates.
    fn fetch(&self) -> Fetching<'_>;
    /// How often the book asks again.
    fn refresh_every(&self) -> Duration;
    fn name(&self) -> &'static str;
    /// The outside party whose health its answers report (none for the sandbox).
    fn party(&self) -> Option<&'static str> {
        None
    }
    /// Rates available without waiting (the sandbox's), so a bank that has just started can
    /// quote at once.
    fn at_once(&self) -> Option<RateTable> {
        None
    }
}

/// The latest rates a provider gave. Empty until the first answer; a failed refresh keeps the
/// last good table for a while (the ECB publishes once a day, a short outage must not close
/// exchange), but rates that have not been confirmed for three refresh periods are not used.
pub struct RateBook {
    table: RwLock<Option<(Arc<RateTable>, Instant)>>,
    max_age: Duration,
}

impl RateBook {
    pub fn new(max_age: Duration) -> Self {
        Self {
            table: RwLock::new(None),
            max_age,
        }
    }

    /// The rates, when they are fresh enough to quote.
    pub fn current(&self) -> Option<Arc<RateTable>> {
        let slot = self.table.read().ok()?;
        let (table, at) = slot.as_ref()?;
        (at.elapsed() <= self.max_age).then(|| table.clone())
    }

    pub fn put(&self, table: RateTable) {
        if let Ok(mut slot) = self.table.write() {
            *slot = Some((Arc::new(table), Instant::now()));
        }
    }

    /// Asks the source once and keeps the answer.
    pub async fn refresh(&self, source: &dyn RateSource) -> Result<(), RateError> {
        let table = source.fetch().await?;
        self.put(table);
        Ok(())
    }
}

pub use crate::config::RatesConfig;

pub fn from_config(config: &RatesConfig) -> Arc<dyn RateSource> {
    match config {
        RatesConfig::Sandbox { seed, step } => Arc::new(sandbox::SandboxRates::new(*seed, *step)),
        RatesConfig::Ecb { url, every } => Arc::new(ecb::EcbRates::new(url.clone(), *every)),
    }
}

/// A book kept fresh in the background from `source`: the first refresh starts at once.
pub fn start(source: Arc<dyn RateSource>, db: crate::store::Db) -> Arc<RateBook> {
    let book = Arc::new(RateBook::new(source.refresh_every() * 3));
    if let Some(table) = source.at_once() {
        book.put(table);
    }
    let keeper = book.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(source.refresh_every());
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let refreshed = keeper.refresh(source.as_ref()).await;
            if let Err(error) = &refreshed {
                tracing::warn!(%error, provider = source.name(), "refreshing exchange rates failed");
            }
            if let Some(party) = source.party() {
                let outcome = refreshed.as_ref().map(|_| ()).map_err(|e| e.to_string());
                super::record_health(
                    &db,
                    party,
                    outcome.as_ref().map(|_| ()).map_err(|e| e.as_str()),
                )
                .await;
            }
        }
    });
    book
}
