//! The sandbox's rates: a seeded random walk around real reference levels, so prices move a
//! little while a customer watches the quote, and a test that fixes the seed sees the same
//! rates every run. Each step moves a currency's deviation from its reference by up to ±4 basis
//! points and pulls a tenth of it back, so the walk never wanders far. Integers and decimals
//! only.

use std::sync::Mutex;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rust_decimal::Decimal;

use super::{Fetching, RateSource};
use crate::domain::accounts::money::Currency;
use crate::domain::exchange::rates::RateTable;

/// Units per euro, near the ECB's reference rates of late 2025, rounded (the lek near the Bank
/// of Albania's fixing; the ECB does not publish it).
pub const REFERENCE: [(Currency, i64, u32); 4] = [
    (Currency::Gbp, 8800, 4),
    (Currency::Usd, 11600, 4),
    (Currency::Chf, 9300, 4),
    (Currency::All, 9650, 2),
];

struct Walk {
    rng: StdRng,
    step: u64,
    /// Deviation from the reference in basis points, per currency of `REFERENCE`.
    deviation: [i64; REFERENCE.len()],
}

pub struct SandboxRates {
    walk: Mutex<Walk>,
    every: Duration,
}

impl SandboxRates {
    pub fn new(seed: u64, every: Duration) -> Self {
        Self {
            walk: Mutex::new(Walk {
                rng: StdRng::seed_from_u64(seed),
                step: 0,
                deviation: [0; REFERENCE.len()],
            }),
            every,
        }
    }

    /// The next step of the walk.
    pub fn next_table(&self) -> RateTable {
        let mut walk = self.walk.lock().unwrap_or_else(|e| e.into_inner());
        walk.step += 1;
        let step = walk.step;
        let Walk { rng, deviation, .. } = &mut *walk;
        let rates: Vec<(Currency, Decimal)> = REFERENCE
            .iter()
            .zip(deviation.iter_mut())
            .map(|(&(currency, mantissa, scale), deviation)| {
                *deviation += rng.gen_range(-4..=4) - *deviation / 10;
                let reference = Decimal::new(mantissa, scale);
                let factor = Decimal::new(10_000 + *deviation, 4);
                (currency, (reference * factor).normalize())
            })
            .collect();
        RateTable::new(format!("sandbox step {step}"), rates)
    }
}

impl RateSource for SandboxRates {
    fn fetch(&self) -> Fetching<'_> {
        let table = self.next_table();
        Box::pin(async move { Ok(table) })
    }

    fn refresh_every(&self) -> Duration {
        self.every
    }

    fn name(&self) -> &'static str {
        "sandbox"
    }

    fn at_once(&self) -> Option<RateTable> {
        Some(self.next_table())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_walks_the_same_way() {
        let a = SandboxRates::new(7, Duration::from_secs(5));
        let b = SandboxRates::new(7, Duration::from_secs(5));
        for _ in 0..20 {
            assert_eq!(a.next_table(), b.next_table());
        }
        let c = SandboxRates::new(8, Duration::from_secs(5));
        let tables: Vec<_> = (0..20)
            .map(|_| c.next_table().per_eur(Currency::Gbp))
            .collect();
        let ours: Vec<_> = (0..20)
            .map(|_| a.next_table().per_eur(Currency::Gbp))
            .collect();
        assert_ne!(tables, ours);
    }

    #[test]
    fn the_walk_moves_but_stays_near_the_reference() {
        let rates = SandboxRates::new(1, Duration::from_secs(5));
        let reference = Decimal::new(8800, 4);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..10_000 {
            let gbp = rates.next_table().per_eur(Currency::Gbp).unwrap();
            let off = ((gbp - reference) / reference).abs();
            assert!(off < Decimal::new(1, 2), "{gbp} is more than 1 % off");
            seen.insert(gbp);
        }
        assert!(seen.len() > 20, "the rate moves");
    }
}
