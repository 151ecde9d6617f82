//! The ledger under randomised sequences and concurrent debits (DESIGN.md §5, §7), on SQLite and
//! PostgreSQL: postings balance, cached balances equal their postings, no customer goes below
//! zero, and a client id books a transfer once.

use bank::domain::accounts::money::Currency;
use bank::domain::accounts::money::Money;
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::recipient::PayeeType;
use bank::store::bank_accounts::BankAccount;
use bank::store::bookings::{self, BookingError, Party};
use bank::store::ledger;
use bank::store::transactions::Acceptor;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::helpers::{ledger_is_sound, open_account, reload, TestBank};
use crate::on_both_backends;

const PAYER: Party<'static> = Party {
    name: "Northwind Ltd",
    kind: PayeeType::Company,
    account: Some("GB29NWBK60161331926819"),
};

fn shop() -> Acceptor {
    Acceptor {
        name: "Corner Shop".into(),
        address: None,
        phone: None,
        email: None,
        website: None,
        categories: vec!["Groceries".into()],
        co2emissions: None,
        logo_uri: None,
    }
}

/// The seed comes from LEDGER_SEED when set, so a failing run can be replayed exactly.
fn seed() -> u64 {
    std::env::var("LEDGER_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random)
}

async fn randomised(bank: &TestBank, steps: usize) {
    let seed = seed();
    println!("ledger seed {seed} (replay with LEDGER_SEED={seed})");
    let mut rng = StdRng::seed_from_u64(seed);
    let profile = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Business,
        "Random Ltd",
    )
    .await
    .unwrap();
    let mut accounts = [
        open_account(bank, &profile, Currency::Gbp, true).await,
        open_account(bank, &profile, Currency::Gbp, false).await,
        open_account(bank, &profile, Currency::Eur, false).await,
        open_account(bank, &profile, Currency::Usd, false).await,
    ];
    // The model: what each account's booked balance and holds must be.
    let mut booked = vec![0i64; accounts.len()];
    let mut holds: Vec<(usize, String, i64)> = Vec::new();
    let held = |holds: &Vec<(usize, String, i64)>, i: usize| -> i64 {
        holds.iter().filter(|h| h.0 == i).map(|h| h.2).sum()
    };
    let t = bank.db.now_ms();
    for step in 0..steps {
        let i = rng.gen_range(0..accounts.len());
        let amount = rng.gen_range(1..50_000);
        let available = booked[i] - held(&holds, i);
        let account = &accounts[i];
        let at = t + step as i64;
        let outcome: Result<(), BookingError> = match rng.gen_range(0..8) {
            0 | 1 => bookings::inbound(
                &bank.db,
                account,
                Money::new(amount, account.currency),
                Scheme::Local,
                PAYER,
                "in",
                at,
            )
            .await
            .map(|_| booked[i] += amount),
            2 => {
                let fee = rng.gen_range(0..500);
                bookings::outbound(
                    &bank.db,
                    account,
                    Money::new(amount, account.currency),
                    Money::new(fee, account.currency),
                    Scheme::Sepa,
                    PAYER,
                    "out",
                    at,
                    None,
                )
                .await
                .map(|_| booked[i] -= amount + fee)
            }
            3 => bookings::card_purchase(
                &bank.db,
                account,
                Money::new(amount, account.currency),
                &shop(),
                at,
            )
            .await
            .map(|_| booked[i] -= amount),
            4 => {
                let j = if i == 0 { 1 } else { 0 };
                if accounts[j].currency == account.currency {
                    bookings::internal(
                        &bank.db,
                        account,
                        &accounts[j],
                        Money::new(amount, account.currency),
                        "move",
                        at,
                        None,
                    )
                    .await
                    .map(|_| {
                        booked[i] -= amount;
                        booked[j] += amount;
                    })
                } else {
                    Ok(())
                }
            }
            5 => {
                let j = rng.gen_range(0..accounts.len());
                let to_amount = amount * rng.gen_range(80..130) / 100 + 1;
                if accounts[j].currency != account.currency {
                    bookings::convert(
                        &bank.db,
                        account,
                        &accounts[j],
                        Money::new(amount, account.currency),
                        Money::new(to_amount, accounts[j].currency),
                        at,
                    )
                    .await
                    .map(|_| {
                        booked[i] -= amount;
                        booked[j] += to_amount;
                    })
                } else {
                    Ok(())
                }
            }
            6 => {
                let mut conn = bank.db.pool.acquire().await.unwrap();
                match ledger::place_hold(
                    &mut conn,
                    at,
                    &account.ledger_account_id,
                    amount,
                    "card auth",
                )
                .await
                {
                    Ok(id) => {
                        holds.push((i, id, amount));
                        Ok(())
                    }
                    Err(ledger::LedgerError::InsufficientFunds) => {
                        Err(BookingError::InsufficientFunds)
                    }
                    Err(other) => panic!("hold failed: {other}"),
                }
            }
            _ => {
                if let Some(index) = (!holds.is_empty()).then(|| rng.gen_range(0..holds.len())) {
                    let (_, id, _) = holds.remove(index);
                    let mut conn = bank.db.pool.acquire().await.unwrap();
                    assert!(ledger::release_hold(&mut conn, at, &id).await.unwrap());
                    assert!(
                        !ledger::release_hold(&mut conn, at, &id).await.unwrap(),
                        "released once"
                    );
                }
                Ok(())
            }
        };
        match outcome {
            Ok(()) => {}
            Err(BookingError::InsufficientFunds) => {
                assert!(
                    amount > available - 500 || available <= 0,
                    "step {step}: refused with {available} available for {amount}"
                );
            }
            Err(other) => panic!("step {step}: {other}"),
        }
        for (k, account) in accounts.iter_mut().enumerate() {
            *account = reload(bank, account).await;
            assert_eq!(
                account.balance.booked, booked[k],
                "step {step}, account {k}, seed {seed}"
            );
            assert_eq!(
                account.balance.held,
                held(&holds, k),
                "step {step}, account {k}, seed {seed}"
            );
        }
    }
    ledger_is_sound(bank).await;
}

on_both_backends!(randomised_movements_keep_every_invariant, |bank| {
    randomised(bank, 300).await;
});

on_both_backends!(concurrent_debits_never_overdraw, |bank| {
    let profile = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Business,
        "Busy Ltd",
    )
    .await
    .unwrap();
    let account = open_account(bank, &profile, Currency::Gbp, true).await;
    bookings::inbound(
        &bank.db,
        &account,
        Money::new(10_000, account.currency),
        Scheme::Local,
        PAYER,
        "float",
        1,
    )
    .await
    .unwrap();
    let account = reload(bank, &account).await;
    // 40 debits of £10 race for £100: exactly ten may win.
    let mut tasks = Vec::new();
    for n in 0..40 {
        let db = bank.db.clone();
        let account: BankAccount = account.clone();
        tasks.push(tokio::spawn(async move {
            bookings::outbound(
                &db,
                &account,
                Money::new(1_000, account.currency),
                Money::new(0, account.currency),
                Scheme::Local,
                PAYER,
                &format!("pay {n}"),
                2,
                None,
            )
            .await
        }));
    }
    let mut won = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(_) => won += 1,
            Err(BookingError::InsufficientFunds) => {}
            Err(other) => panic!("unexpected failure: {other}"),
        }
    }
    assert_eq!(won, 10);
    assert_eq!(reload(bank, &account).await.balance.booked, 0);
    ledger_is_sound(bank).await;
});

on_both_backends!(a_retried_transfer_is_booked_once, |bank| {
    let profile = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Business,
        "Retry Ltd",
    )
    .await
    .unwrap();
    let account = open_account(bank, &profile, Currency::Eur, true).await;
    bookings::inbound(
        &bank.db,
        &account,
        Money::new(50_000, account.currency),
        Scheme::Sepa,
        PAYER,
        "float",
        1,
    )
    .await
    .unwrap();
    let client_id = uuid::Uuid::new_v4().to_string();
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let db = bank.db.clone();
        let account = account.clone();
        let client_id = client_id.clone();
        tasks.push(tokio::spawn(async move {
            bookings::outbound(
                &db,
                &account,
                Money::new(1_500, account.currency),
                Money::new(25, account.currency),
                Scheme::Sepa,
                PAYER,
                "once",
                2,
                Some(&client_id),
            )
            .await
        }));
    }
    let mut ids = Vec::new();
    for task in tasks {
        ids.push(
            task.await
                .unwrap()
                .expect("a retry answers the first result"),
        );
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "every retry names the same transaction");
    assert_eq!(reload(bank, &account).await.balance.booked, 50_000 - 1_525);
    ledger_is_sound(bank).await;
});

on_both_backends!(holds_reduce_what_can_be_spent, |bank| {
    let profile = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Business,
        "Hold Ltd",
    )
    .await
    .unwrap();
    let account = open_account(bank, &profile, Currency::Gbp, true).await;
    bookings::inbound(
        &bank.db,
        &account,
        Money::new(10_000, account.currency),
        Scheme::Local,
        PAYER,
        "float",
        1,
    )
    .await
    .unwrap();
    let mut conn = bank.db.pool.acquire().await.unwrap();
    let hold = ledger::place_hold(&mut conn, 2, &account.ledger_account_id, 7_000, "card")
        .await
        .unwrap();
    drop(conn);
    let account = reload(bank, &account).await;
    assert_eq!(account.balance.available(), 3_000);
    let refused = bookings::card_purchase(
        &bank.db,
        &account,
        Money::new(5_000, account.currency),
        &shop(),
        2,
    )
    .await;
    assert!(matches!(refused, Err(BookingError::InsufficientFunds)));
    let mut conn = bank.db.pool.acquire().await.unwrap();
    assert!(ledger::release_hold(&mut conn, 3, &hold).await.unwrap());
    drop(conn);
    bookings::card_purchase(
        &bank.db,
        &account,
        Money::new(5_000, account.currency),
        &shop(),
        3,
    )
    .await
    .unwrap();
    ledger_is_sound(bank).await;
});

on_both_backends!(
    an_account_suspended_after_it_was_read_moves_no_money,
    |bank| {
        let profile = bank::store::profiles::create(
            &bank.db,
            bank::domain::profiles::access::ProfileType::Business,
            "Frozen Ltd",
        )
        .await
        .unwrap();
        let account = open_account(bank, &profile, Currency::Gbp, true).await;
        bookings::inbound(
            &bank.db,
            &account,
            Money::new(10_000, account.currency),
            Scheme::Local,
            PAYER,
            "float",
            1,
        )
        .await
        .unwrap();
        // The caller read the account while it was active; then operations suspended it.
        let read_earlier = reload(bank, &account).await;
        sqlx::query("UPDATE bank_accounts SET status = 'suspended' WHERE id = $1")
            .bind(&account.id)
            .execute(&bank.db.pool)
            .await
            .unwrap();
        let refused = bookings::outbound(
            &bank.db,
            &read_earlier,
            Money::new(5_000, read_earlier.currency),
            Money::new(100, read_earlier.currency),
            Scheme::Local,
            PAYER,
            "too late",
            2,
            None,
        )
        .await;
        assert!(matches!(refused, Err(BookingError::AccountNotUsable)));
        let refused = bookings::inbound(
            &bank.db,
            &read_earlier,
            Money::new(1, read_earlier.currency),
            Scheme::Local,
            PAYER,
            "late",
            3,
        )
        .await;
        assert!(matches!(refused, Err(BookingError::AccountNotUsable)));
        assert_eq!(reload(bank, &account).await.balance.booked, 10_000);
        ledger_is_sound(bank).await;
    }
);

// Entries that post to the same accounts, listed in every order, booked at once: each locks the
// accounts in one order (on PostgreSQL, one statement locks and moves them all), so none waits
// for another in a cycle and every one is booked; the balances come out as the entries sum.
on_both_backends!(
    entries_over_the_same_accounts_in_any_order_are_all_booked,
    |bank| {
        use bank::domain::accounts::entry::{Entry, Posting};
        let profile = bank::store::profiles::create(
            &bank.db,
            bank::domain::profiles::access::ProfileType::Business,
            "Crossing Ltd",
        )
        .await
        .unwrap();
        let mut accounts = Vec::new();
        for primary in [true, false, false] {
            let account = open_account(bank, &profile, Currency::Gbp, primary).await;
            bookings::inbound(
                &bank.db,
                &account,
                Money::new(100_000, account.currency),
                Scheme::Local,
                PAYER,
                "float",
                1,
            )
            .await
            .unwrap();
            accounts.push(account);
        }
        let ids: Vec<String> = accounts
            .iter()
            .map(|a| a.ledger_account_id.clone())
            .collect();
        // Each rotation pays 10.00 out of one account into the other two, which come in both orders.
        let mut tasks = Vec::new();
        let mut expected = [100_000i64; 3];
        for n in 0..36usize {
            let (x, y, z) = (n % 3, (n + 1 + (n / 3) % 2) % 3, (n + 2 - (n / 3) % 2) % 3);
            expected[x] -= 1_000;
            expected[y] += 400;
            expected[z] += 600;
            let posting = |k: usize, amount: i64| Posting {
                account_id: ids[k].clone(),
                currency: Currency::Gbp,
                amount,
            };
            let entry =
                Entry::new(vec![posting(x, -1_000), posting(y, 400), posting(z, 600)]).unwrap();
            let db = bank.db.clone();
            tasks.push(tokio::spawn(async move {
                let mut tx = db.begin_write().await?;
                let booked = ledger::book(&mut tx, "test_crossing", None, &entry, 2).await?;
                tx.commit().await?;
                Ok::<_, ledger::LedgerError>(booked)
            }));
        }
        let mut seen = std::collections::HashMap::<String, Vec<i64>>::new();
        for task in tasks {
            let booked = task.await.unwrap().expect("every entry is booked");
            assert_eq!(booked.postings.len(), 3);
            for posting in booked.postings {
                seen.entry(posting.account_id)
                    .or_default()
                    .push(posting.account_seq);
            }
        }
        // Each account's postings took one place each, none twice.
        for (account, mut places) in seen {
            places.sort_unstable();
            let before = places.len();
            places.dedup();
            assert_eq!(places.len(), before, "{account} gave a place twice");
        }
        for (account, expected) in accounts.iter().zip(expected) {
            assert_eq!(reload(bank, account).await.balance.booked, expected);
        }
        ledger_is_sound(bank).await;
    }
);

// A posting refused (not enough money) moves no balance and writes no posting: the caller's
// transaction rolls back, and on PostgreSQL the other accounts moved in the same statement are
// undone with it.
on_both_backends!(a_refused_entry_leaves_every_balance_as_it_was, |bank| {
    use bank::domain::accounts::entry::{Entry, Posting};
    let profile = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Business,
        "Short Ltd",
    )
    .await
    .unwrap();
    let rich = open_account(bank, &profile, Currency::Gbp, true).await;
    let poor = open_account(bank, &profile, Currency::Gbp, false).await;
    let payee = open_account(bank, &profile, Currency::Gbp, false).await;
    bookings::inbound(
        &bank.db,
        &rich,
        Money::new(5_000, rich.currency),
        Scheme::Local,
        PAYER,
        "float",
        1,
    )
    .await
    .unwrap();
    let posting = |account: &BankAccount, amount: i64| Posting {
        account_id: account.ledger_account_id.clone(),
        currency: Currency::Gbp,
        amount,
    };
    // Whichever order the accounts lock in, the poor one cannot pay its part.
    let entry = Entry::new(vec![
        posting(&rich, -1_000),
        posting(&poor, -1),
        posting(&payee, 1_001),
    ])
    .unwrap();
    let mut tx = bank.db.begin_write().await.unwrap();
    let refused = ledger::book(&mut tx, "test_short", None, &entry, 2).await;
    assert!(
        matches!(refused, Err(ledger::LedgerError::InsufficientFunds)),
        "{refused:?}"
    );
    tx.rollback().await.unwrap();
    // An account of another currency is named, not taken for a shortage.
    let spare = open_account(bank, &profile, Currency::Gbp, false).await;
    let mut tx = bank.db.begin_write().await.unwrap();
    let eur = |account: &BankAccount, amount: i64| Posting {
        currency: Currency::Eur,
        ..posting(account, amount)
    };
    let wrong = Entry::new(vec![
        posting(&rich, -1_000),
        posting(&spare, 1_000),
        eur(&payee, 1_000),
        eur(&poor, -1_000),
    ])
    .unwrap();
    let refused = ledger::book(&mut tx, "test_wrong", None, &wrong, 2).await;
    assert!(
        matches!(refused, Err(ledger::LedgerError::WrongAccount(_))),
        "{refused:?}"
    );
    tx.rollback().await.unwrap();
    for (account, booked) in [(&rich, 5_000), (&poor, 0), (&payee, 0), (&spare, 0)] {
        assert_eq!(reload(bank, account).await.balance.booked, booked);
    }
    ledger_is_sound(bank).await;
});

on_both_backends!(a_key_booked_twice_moves_money_once, |bank| {
    use bank::domain::accounts::entry::{Entry, Posting};
    let profile = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Business,
        "Twice Ltd",
    )
    .await
    .unwrap();
    let payer = open_account(bank, &profile, Currency::Gbp, true).await;
    let payee = open_account(bank, &profile, Currency::Gbp, false).await;
    bookings::inbound(
        &bank.db,
        &payer,
        Money::new(5_000, payer.currency),
        Scheme::Local,
        PAYER,
        "float",
        1,
    )
    .await
    .unwrap();
    let entry = |amount: i64| {
        Entry::new(vec![
            Posting {
                account_id: payer.ledger_account_id.clone(),
                currency: Currency::Gbp,
                amount: -amount,
            },
            Posting {
                account_id: payee.ledger_account_id.clone(),
                currency: Currency::Gbp,
                amount,
            },
        ])
        .unwrap()
    };
    let mut tx = bank.db.begin_write().await.unwrap();
    let first = ledger::book(&mut tx, "test_once", Some("once:1"), &entry(1_000), 2).await;
    let booked = first.expect("the first booking under a key");
    assert_eq!(
        booked.on(&payer.ledger_account_id).unwrap().balance_after,
        4_000
    );
    // The same key again in the same transaction, and then in a later one: refused, nothing
    // moved, and the transaction goes on.
    let again = ledger::book(&mut tx, "test_once", Some("once:1"), &entry(1_000), 3).await;
    assert!(
        matches!(again, Err(ledger::LedgerError::Duplicate)),
        "{again:?}"
    );
    let other = ledger::book(&mut tx, "test_once", Some("once:2"), &entry(300), 3).await;
    let other = other.expect("another key in the same transaction");
    assert_eq!(
        other.on(&payer.ledger_account_id).unwrap().balance_after,
        3_700
    );
    tx.commit().await.unwrap();
    let mut tx = bank.db.begin_write().await.unwrap();
    let later = ledger::book(&mut tx, "test_once", Some("once:2"), &entry(300), 4).await;
    assert!(
        matches!(later, Err(ledger::LedgerError::Duplicate)),
        "{later:?}"
    );
    tx.commit().await.unwrap();
    assert_eq!(reload(bank, &payer).await.balance.booked, 3_700);
    assert_eq!(reload(bank, &payee).await.balance.booked, 1_300);
    let (entries,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM journal_entries WHERE kind = 'test_once'")
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
    assert_eq!(entries, 2);
    ledger_is_sound(bank).await;
});

/// On PostgreSQL one statement writes an entry's row and locks, moves and posts its accounts; under the generic plan
/// the bank's prepared statement runs with, it reaches each account by its key, so it reads the
/// entry's rows however many accounts the ledger holds. (Sequential scans are switched off so
/// the plan shows what the indexes allow.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entrys_postings_read_only_its_accounts() {
    use crate::helpers::{rows_read_by_generic_plan, Backend};
    let started = TestBank::start(Backend::Postgres).await;
    let bank = &started;
    let profile = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Business,
        "Many Ltd",
    )
    .await
    .unwrap();
    let mut accounts = Vec::new();
    for n in 0..24 {
        accounts.push(open_account(bank, &profile, Currency::Gbp, n == 0).await);
    }
    bookings::inbound(
        &bank.db,
        &accounts[0],
        Money::new(10_000, Currency::Gbp),
        Scheme::Local,
        PAYER,
        "float",
        1,
    )
    .await
    .unwrap();
    let id = |n: usize| accounts[n].ledger_account_id.clone();
    let args = format!(
        "'plan', 'test', NULL, 1, 0, '{}', 'GBP', -150, 1, '{}', 'GBP', 100, 2, '{}', 'GBP', 50",
        id(0),
        id(7),
        id(19)
    );
    let (read, plan) = rows_read_by_generic_plan(
        bank,
        &ledger::book_at_once_sql(3),
        "text, text, text, bigint, bigint, text, text, bigint, bigint, text, text, bigint, bigint, text, text, bigint",
        &args,
        "ledger_accounts",
    )
    .await;
    // Three rows locked, the same three read to move them and three moved.
    assert!(
        read <= 9,
        "read {read} ledger rows for three postings:\n{plan}"
    );
    assert!(plan.contains("LockRows"), "{plan}");
}
