//! A year of believable history for the demo customers, booked through the ledger like any other
//! movement: client payments in, card purchases (a few declined), supplier payments out with
//! their fee, the monthly plan fee and conversions between the currencies. A fixed seed makes
//! every sandbox the same.

use crate::domain::accounts::money::Money;
use crate::domain::ids::ProfileId;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::domain::accounts::money::Currency;
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::recipient::PayeeType;
use crate::store::bank_accounts::{BankAccount, NewAccount};
use crate::store::bookings::{self, BookingError, Party};
use crate::store::transactions::Acceptor;
use crate::store::{self, Db};

const DAY_MS: i64 = 86_400_000;

fn acceptor(name: &str, address: &str, website: &str, category: &str, co2: i64) -> Acceptor {
    Acceptor {
        name: name.to_string(),
        address: Some(address.to_string()),
        phone: Some("+44 20 7946 0000".to_string()),
        email: Some(format!("hello@{website}")),
        website: Some(format!("https://{website}")),
        categories: vec![category.to_string()],
        co2emissions: Some(co2),
        logo_uri: None,
    }
}

/// The sandbox's merchants, with the acceptor data a card network sends (the demo history and the
/// sandbox card network use them).
pub fn merchants() -> Vec<Acceptor> {
    vec![
        acceptor(
            "Pret A Manger",
            "1 Moorgate, London EC2R 6JH",
            "pret.example",
            "Restaurants",
            900,
        ),
        acceptor(
            "Ryman Stationery",
            "18 London Wall, London EC2Y 5AU",
            "ryman.example",
            "Office supplies",
            1400,
        ),
        acceptor(
            "Transport for London",
            "5 Endeavour Square, London E20 1JN",
            "tfl.example",
            "Transport",
            600,
        ),
        acceptor(
            "Amazon Web Services",
            "1 Principal Place, London EC2A 2FA",
            "aws.example",
            "Software",
            2100,
        ),
        acceptor(
            "Great Western Railway",
            "Milford House, Swindon SN1 1HL",
            "gwr.example",
            "Transport",
            5200,
        ),
        acceptor(
            "Premier Inn",
            "Whitbread Court, Dunstable LU5 5XE",
            "premierinn.example",
            "Hotels",
            11000,
        ),
        acceptor(
            "Staples Direct",
            "Unit 4, Hemel Hempstead HP2 7DF",
            "staples.example",
            "Office supplies",
            1800,
        ),
    ]
}

const CLIENTS: [(&str, &str); 5] = [
    ("Northwind Logistics Ltd", "GB33BUKB20201555555555"),
    ("Aldgate Design Studio", "GB94BARC10201530093459"),
    ("Fenwick & Cole LLP", "GB29NWBK60161331926819"),
    ("Kestrel Foods Ltd", "GB82WEST12345698765432"),
    ("Meridian Events", "GB15MIDL40051512345678"),
];

const SUPPLIERS: [(&str, &str); 3] = [
    ("Canary Office Lettings", "GB71MIDL40051522334455"),
    ("Brightline Payroll Services", "GB57BARC20040422334455"),
    ("Sable Accountancy", "GB92NWBK60161322334455"),
];

/// Opens the business's GBP (primary), EUR and USD accounts and fills a year of history ending
/// at `now`.
pub async fn business(
    db: &Db,
    profile_id: &ProfileId,
    name: &str,
    now: i64,
) -> Result<(), BookingError> {
    let start = now - 365 * DAY_MS;
    let gbp = open(db, profile_id, name, Currency::Gbp, true, start).await?;
    let eur = open(db, profile_id, name, Currency::Eur, false, start + DAY_MS).await?;
    let usd = open(
        db,
        profile_id,
        name,
        Currency::Usd,
        false,
        start + 2 * DAY_MS,
    )
    .await?;
    let mut rng = StdRng::seed_from_u64(2026);
    let shops = merchants();
    bookings::inbound(
        db,
        &gbp,
        Money::new(4_500_000, gbp.currency),
        Scheme::Local,
        party(CLIENTS[0]),
        "INV-1001",
        start + 3_600_000,
    )
    .await?;
    for day in 1..365 {
        let at = start + day * DAY_MS + rng.gen_range(8..18) * 3_600_000;
        if day % 9 == 0 {
            let (payer, account) = CLIENTS[rng.gen_range(0..CLIENTS.len())];
            let reference = format!("INV-{}", 1001 + day);
            bookings::inbound(
                db,
                &gbp,
                Money::new(rng.gen_range(150_000..900_000), gbp.currency),
                Scheme::Local,
                party((payer, account)),
                &reference,
                at,
            )
            .await?;
        }
        if day % 2 == 0 {
            let shop = &shops[rng.gen_range(0..shops.len())];
            let amount = rng.gen_range(350..25_000);
            if rng.gen_ratio(1, 25) {
                bookings::declined_card_purchase(
                    db,
                    &gbp,
                    Money::new(amount, gbp.currency),
                    shop,
                    at + 60_000,
                )
                .await?;
            } else {
                spend(
                    bookings::card_purchase(
                        db,
                        &gbp,
                        Money::new(amount, gbp.currency),
                        shop,
                        at + 60_000,
                    )
                    .await,
                )?;
            }
        }
        if day % 30 == 15 {
            let (payee, account) = SUPPLIERS[rng.gen_range(0..SUPPLIERS.len())];
            let reference = format!("Rent {}", day / 30 + 1);
            spend(
                bookings::outbound(
                    db,
                    &gbp,
                    Money::new(rng.gen_range(120_000..380_000), gbp.currency),
                    Money::new(50, gbp.currency),
                    Scheme::Local,
                    party((payee, account)),
                    &reference,
                    at + 120_000,
                    None,
                )
                .await,
            )?;
        }
        if day % 30 == 1 {
            spend(
                bookings::fee(
                    db,
                    &gbp,
                    Money::new(1_500, gbp.currency),
                    "Monthly plan fee",
                    at - 3_000_000,
                )
                .await,
            )?;
        }
        if day % 45 == 20 {
            // £2,000 into euros at about 1.15, into dollars at about 1.27.
            let pounds = 200_000;
            spend(
                bookings::convert(
                    db,
                    &gbp,
                    &eur,
                    Money::new(pounds, gbp.currency),
                    Money::new(pounds * rng.gen_range(113..117) / 100, eur.currency),
                    at + 180_000,
                )
                .await,
            )?;
            spend(
                bookings::convert(
                    db,
                    &gbp,
                    &usd,
                    Money::new(pounds / 2, gbp.currency),
                    Money::new(pounds / 2 * rng.gen_range(125..129) / 100, usd.currency),
                    at + 240_000,
                )
                .await,
            )?;
        }
        if day % 60 == 40 {
            bookings::inbound(
                db,
                &eur,
                Money::new(rng.gen_range(80_000..300_000), eur.currency),
                Scheme::Sepa,
                Party {
                    name: "Lumen GmbH",
                    kind: PayeeType::Company,
                    account: Some("DE89370400440532013000"),
                },
                "Rechnung 2026",
                at,
            )
            .await?;
            spend(
                bookings::outbound(
                    db,
                    &eur,
                    Money::new(rng.gen_range(20_000..60_000), eur.currency),
                    Money::new(100, eur.currency),
                    Scheme::Sepa,
                    Party {
                        name: "Atelier Roux SARL",
                        kind: PayeeType::Company,
                        account: Some("FR1420041010050500013M02606"),
                    },
                    "Facture",
                    at + 300_000,
                    None,
                )
                .await,
            )?;
        }
    }
    Ok(())
}

/// A personal customer's GBP account with a few months of salary and spending.
pub async fn personal(
    db: &Db,
    profile_id: &ProfileId,
    name: &str,
    now: i64,
) -> Result<(), BookingError> {
    let start = now - 120 * DAY_MS;
    let gbp = open(db, profile_id, name, Currency::Gbp, true, start).await?;
    let mut rng = StdRng::seed_from_u64(7);
    let shops = merchants();
    for day in 0..120 {
        let at = start + day * DAY_MS + rng.gen_range(8..20) * 3_600_000;
        if day % 30 == 0 {
            bookings::inbound(
                db,
                &gbp,
                Money::new(320_000, gbp.currency),
                Scheme::Local,
                Party {
                    name: "Kestrel Foods Ltd",
                    kind: PayeeType::Company,
                    account: Some("GB82WEST12345698765432"),
                },
                "Salary",
                at,
            )
            .await?;
        }
        if day % 3 == 1 {
            let shop = &shops[rng.gen_range(0..3)];
            spend(
                bookings::card_purchase(
                    db,
                    &gbp,
                    Money::new(rng.gen_range(300..4_000), gbp.currency),
                    shop,
                    at,
                )
                .await,
            )?;
        }
    }
    Ok(())
}

fn party((name, account): (&'static str, &'static str)) -> Party<'static> {
    Party {
        name,
        kind: PayeeType::Company,
        account: Some(account),
    }
}

/// Spending can meet an empty account in a generated year; that day simply has no purchase.
fn spend<T>(result: Result<T, BookingError>) -> Result<(), BookingError> {
    match result {
        Ok(_) | Err(BookingError::InsufficientFunds) => Ok(()),
        Err(other) => Err(other),
    }
}

async fn open(
    db: &Db,
    profile_id: &ProfileId,
    name: &str,
    currency: Currency,
    is_primary: bool,
    at: i64,
) -> Result<BankAccount, BookingError> {
    let mut tx = db.begin_write().await?;
    let id = store::bank_accounts::open(
        &mut tx,
        &NewAccount {
            profile_id,
            currency,
            name,
            is_primary,
            status: crate::domain::accounts::status::AccountStatus::Active,
            activates_at: None,
            created_at: at,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(store::bank_accounts::by_id(db, &id)
        .await?
        .expect("the account was just opened"))
}
