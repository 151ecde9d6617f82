//! Issue 34 point 4: the transactions keyword search answers the same on both databases, through
//! PostgreSQL's trigram index and SQLite's FTS5 table alike, and a search with many matches
//! counts the first thousand and says there are more.

use bank::api::accounts::transactions::{FetchInput, TransactionPage};
use bank::domain::accounts::money::{Currency, Money};
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::recipient::PayeeType;
use bank::store::bookings::{self, Party};

use crate::helpers::{body, customer, open_account, post, Backend, Customer, TestBank};

const JAN1: i64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
/// Payments in; all but every twelfth from the coffee chain, so more than a thousand match it.
const ROWS: i64 = 1_100;

fn payer(n: i64) -> &'static str {
    match n {
        500 => "Café \"Quote\" 50%_Off",
        _ if n % 12 == 0 => "Ryman Stationery",
        _ => "Pret A Manger",
    }
}

/// A business with `ROWS` payments in, one a minute from the first of January.
async fn seeded(bank: &TestBank) -> (Customer, String) {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    for n in 0..ROWS {
        let party = Party {
            name: payer(n),
            kind: PayeeType::Company,
            account: Some("GB29NWBK60161331926819"),
        };
        let reference = format!("INV-{n:04}");
        let at = JAN1 + n * 60_000;
        let amount = Money::new(100 + n, gbp.currency);
        bookings::inbound(&bank.db, &gbp, amount, Scheme::Local, party, &reference, at)
            .await
            .unwrap();
    }
    (olivia, gbp.id.to_string())
}

/// What a page shows, without the ids each database made up.
#[derive(Debug, PartialEq)]
struct Seen {
    rows: Vec<(String, String)>,
    total: i64,
    pages: i64,
    capped: bool,
}

async fn search(bank: &TestBank, who: &Customer, account: &str, input: FetchInput) -> Seen {
    let input = FetchInput {
        bank_account_id: Some(account.to_string()),
        ..input
    };
    let auth = who.bearer();
    let reply = post(
        bank,
        "/v2/transactions/fetch",
        body(&input),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let page = reply.read::<TransactionPage>();
    Seen {
        rows: page
            .results
            .into_iter()
            .map(|t| (t.details, t.created_at))
            .collect(),
        total: page.total_results,
        pages: page.total_pages,
        capped: page.total_capped,
    }
}

fn unfiltered(page: i64) -> FetchInput {
    FetchInput {
        page: Some(page),
        ..Default::default()
    }
}

fn keyword(text: &str, page: i64) -> FetchInput {
    FetchInput {
        search_keyword: Some(text.into()),
        page: Some(page),
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_databases_find_the_same_transactions() {
    let sqlite = TestBank::start(Backend::Sqlite).await;
    let postgres = TestBank::start(Backend::Postgres).await;
    let (on_sqlite, sqlite_account) = seeded(&sqlite).await;
    let (on_postgres, postgres_account) = seeded(&postgres).await;

    let new_year = |text: &str| FetchInput {
        search_keyword: Some(text.into()),
        date_from: Some("2026-01-01".into()),
        date_to: Some("2026-01-01".into()),
        ..Default::default()
    };
    let cases = [
        ("common, first page", keyword("pret", 1)),
        ("common, second page", keyword("PRET a", 2)),
        ("common, past the end", keyword("pret", 30)),
        ("rare", keyword("inv-0007", 1)),
        ("a dozen", keyword("ryman", 2)),
        ("two letters", keyword("in", 1)),
        ("two letters, fewer", keyword("ym", 1)),
        ("accents", keyword("CAFÉ", 1)),
        ("quotes", keyword("\"quote\"", 1)),
        ("wildcards", keyword("50%_off", 1)),
        ("wildcards alone", keyword("%", 1)),
        ("nothing", keyword("zebra crossing", 1)),
        ("with dates", new_year("pret")),
        ("everything, first page", FetchInput::default()),
        ("everything, past the end", unfiltered(30)),
    ];
    for (what, input) in cases {
        let a = search(&sqlite, &on_sqlite, &sqlite_account, input.clone()).await;
        let b = search(&postgres, &on_postgres, &postgres_account, input).await;
        assert_eq!(a, b, "{what}: SQLite and PostgreSQL differ");
    }

    // What each answer is, on either.
    let (bank, who, account) = (&postgres, &on_postgres, &postgres_account);
    let first = search(bank, who, account, keyword("pret", 1)).await;
    assert!(first.capped, "more than a thousand match");
    assert_eq!(first.total, 1_000);
    assert_eq!(first.pages, 21, "a page more than the thousand counted");
    assert_eq!(first.rows.len(), 50);
    assert_eq!(first.rows[0].0, "INV-1099", "newest first");
    let second = search(bank, who, account, keyword("pret", 2)).await;
    assert!(
        !second.capped,
        "from the second page the rest fit in the count"
    );
    let pret: Vec<i64> = (0..ROWS)
        .rev()
        .filter(|n| payer(*n) == "Pret A Manger")
        .collect();
    assert_eq!(second.total, pret.len() as i64);
    assert_eq!(second.rows[0].0, format!("INV-{:04}", pret[50]));
    let rare = search(bank, who, account, keyword("INV-0007", 1)).await;
    assert_eq!((rare.total, rare.capped, rare.rows.len()), (1, false, 1));
    let accents = search(bank, who, account, keyword("café", 1)).await;
    assert_eq!(accents.rows[0].0, "INV-0500");
    let wildcards = search(bank, who, account, keyword("%", 1)).await;
    assert_eq!(wildcards.total, 1, "a per cent sign matches only itself");
    let short = search(bank, who, account, keyword("in", 1)).await;
    assert!(short.capped, "every reference holds 'in'");
    let nothing = search(bank, who, account, keyword("zebra crossing", 1)).await;
    assert_eq!(
        (nothing.total, nothing.pages, nothing.capped),
        (0, 0, false)
    );
    // Unfiltered, the account's counter gives the total: with the page's rows, and alone for a
    // page past the end, which has none.
    let everything = search(bank, who, account, unfiltered(2)).await;
    assert_eq!(
        (everything.total, everything.pages, everything.capped),
        (ROWS, 22, false)
    );
    assert_eq!(everything.rows[0].0, "INV-1049");
    let past = search(bank, who, account, unfiltered(30)).await;
    assert_eq!((past.total, past.pages, past.rows.len()), (ROWS, 22, 0));

    sqlite.finish().await;
    postgres.finish().await;
}
