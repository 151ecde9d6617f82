//! Currency exchange (issue 12): quotes in both directions for every pair, exact and never in
//! the customer's favour beyond the rate; conversions booked once through the FX positions, also
//! when retried or raced; expiry, withdrawal and business hours; SPEC §5's messages; statements
//! with both legs; the ECB adapter against a local fake serving a stored copy of its feed.

use std::str::FromStr;

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::exchange::conversions::{ExchangeBody, ExchangeResult};
use bank::api::exchange::quotes::{ExchangeQuote, RateRequest};
use bank::domain::accounts::money::{parse_decimal, Currency};
use bank::domain::accounts::transaction_kinds::TransactionType;
use bank::domain::exchange::ConversionType::{self, Direct, Inverse};
use bank::store::bank_accounts::BankAccount;
use rust_decimal::Decimal;

/// A business with an active account in every currency, each holding 10,000.00.
async fn holder(bank: &TestBank, email: &str) -> (Customer, Vec<BankAccount>) {
    let customer = customer(bank, email, "Bennett & Hale Trading Ltd").await;
    let mut accounts = Vec::new();
    for (i, currency) in Currency::EVERY.into_iter().enumerate() {
        let account = open_account(bank, &customer.profile_id, currency, i == 0).await;
        bank::providers::sandbox_payments::credit(&bank.db, &account.iban, "10000.00", "Payer", "")
            .await
            .unwrap();
        accounts.push(reload(bank, &account).await);
    }
    (customer, accounts)
}

pub async fn ask_quote(bank: &TestBank, who: &Customer, request: RateRequest) -> Reply {
    post(
        bank,
        "/v1/bank/currency-exchange/rate",
        body(&request),
        &[("authorization", &who.bearer())],
    )
    .await
}

pub fn quote_body(
    from: &BankAccount,
    to: Currency,
    kind: ConversionType,
    amount: &str,
) -> RateRequest {
    RateRequest {
        from_account: from.id.to_string(),
        from_currency: Some(from.currency),
        to_currency: Some(to),
        conversion_type: Some(kind),
        amount: amount.into(),
        ..Default::default()
    }
}

/// The quote a request was answered with.
async fn quote(bank: &TestBank, who: &Customer, request: RateRequest) -> ExchangeQuote {
    let reply = ask_quote(bank, who, request).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

fn quote_id(quote: &ExchangeQuote) -> String {
    quote.quote_id.clone().expect("an executable quote")
}

async fn convert(bank: &TestBank, who: &Customer, id: &str, quote_id: &str) -> Reply {
    let request = ExchangeBody {
        id: id.into(),
        quote_id: quote_id.into(),
    };
    post(
        bank,
        "/v1/bank/currency-exchange",
        body(&request),
        &[("authorization", &who.bearer())],
    )
    .await
}

/// The payer's leg of a conversion made.
fn paying_leg(reply: &Reply) -> String {
    reply.read::<ExchangeResult>().transaction.id
}

fn minor(value: &str) -> i64 {
    parse_decimal(value).unwrap()
}

fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

on_both_backends!(
    every_pair_converts_both_ways_without_creating_money,
    |bank| {
        let (who, accounts) = holder(bank, "olivia@example.com").await;
        for from in &accounts {
            for to in &accounts {
                if from.id == to.id {
                    continue;
                }
                for (kind, amount) in [(Direct, "123.45"), (Inverse, "67.89")] {
                    let before = (reload(bank, from).await, reload(bank, to).await);
                    let reply =
                        ask_quote(bank, &who, quote_body(from, to.currency, kind, amount)).await;
                    assert_eq!(
                        reply.status, 200,
                        "{} {}: {}",
                        from.currency, to.currency, reply.body
                    );
                    let q: ExchangeQuote = reply.read();
                    assert!(q.is_available);
                    assert_eq!(q.to_account, to.id.as_str());
                    let (paid, got) = (minor(&q.from_amount), minor(&q.to_amount));
                    let rate = Decimal::from_str(&q.rate).unwrap();
                    // The stated rounding: what arrives is at most what leaves times the rate.
                    assert!(Decimal::from(got) <= Decimal::from(paid) * rate);
                    match kind {
                        Direct => {
                            assert_eq!(paid, 12_345);
                            assert_eq!(Decimal::from(got), (Decimal::from(paid) * rate).floor());
                        }
                        Inverse => {
                            assert_eq!(got, 6_789);
                            assert_eq!(Decimal::from(paid), (Decimal::from(got) / rate).ceil());
                        }
                    }
                    let done = convert(bank, &who, &new_id(), &quote_id(&q)).await;
                    assert_eq!(done.status, 200, "{}", done.body);
                    let after = (reload(bank, from).await, reload(bank, to).await);
                    assert_eq!(after.0.balance.booked, before.0.balance.booked - paid);
                    assert_eq!(after.1.balance.booked, before.1.balance.booked + got);
                    let leg = done.read::<ExchangeResult>().transaction;
                    assert_eq!(leg.kind, TransactionType::CurrencyExchange);
                    assert_eq!(leg.conversion_currency, Some(to.currency));
                }
            }
        }
        // Every currency's balances, the customers' and the FX positions', still sum to zero.
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(a_quote_is_held_for_its_lifetime_only, |bank| {
    let (who, accounts) = holder(bank, "olivia@example.com").await;
    let (gbp, eur) = (&accounts[0], &accounts[1]);
    let first = quote(bank, &who, quote_body(gbp, Currency::Eur, Direct, "100")).await;
    let first_id = quote_id(&first);
    let expires = first.expires_at.expect("an executable quote's end");
    let lifetime =
        time::OffsetDateTime::parse(&expires, &time::format_description::well_known::Rfc3339)
            .unwrap()
            - time::OffsetDateTime::now_utc();
    assert!(
        lifetime.whole_seconds() > 25 && lifetime.whole_seconds() <= 30,
        "{lifetime}"
    );

    // A quote whose time is up is refused, and nothing moves.
    bank.db.clock.advance(std::time::Duration::from_secs(31));
    let late = convert(bank, &who, &new_id(), &first_id).await;
    assert_eq!(late.status, 409, "{}", late.body);
    assert_eq!(late.error().code, "quote_expired");
    assert_eq!(reload(bank, gbp).await.balance.booked, gbp.balance.booked);

    // A refreshed quote withdraws the one it replaces.
    let second = quote(bank, &who, quote_body(gbp, Currency::Eur, Direct, "100")).await;
    let second_id = quote_id(&second);
    let replacing = RateRequest {
        quote_id: Some(second_id.clone()),
        ..quote_body(gbp, Currency::Eur, Direct, "100")
    };
    let third = quote(bank, &who, replacing).await;
    let third_id = quote_id(&third);
    assert_ne!(third_id, second_id);
    let withdrawn = convert(bank, &who, &new_id(), &second_id).await;
    assert_eq!(withdrawn.error().code, "quote_expired");
    assert_eq!(reload(bank, eur).await.balance.booked, eur.balance.booked);

    // Another profile cannot execute (or even see) the quote.
    let other = customer(bank, "tom@example.com", "Tom Fischer").await;
    let stranger = convert(bank, &other, &new_id(), &third_id).await;
    assert_eq!(stranger.status, 404, "{}", stranger.body);
    assert_eq!(stranger.error().code, "quote_not_found");
    assert_eq!(convert(bank, &who, &new_id(), &third_id).await.status, 200);
    ledger_is_sound(bank).await;
});

on_both_backends!(
    a_conversion_is_booked_once_under_retries_and_races,
    |bank| {
        let (who, accounts) = holder(bank, "olivia@example.com").await;
        let gbp = &accounts[0];
        let q = quote(bank, &who, quote_body(gbp, Currency::Usd, Direct, "250.00")).await;
        let qid = quote_id(&q);
        let id = new_id();
        // Eight identical requests at once, then a retry: one conversion.
        let replies =
            futures_util::future::join_all((0..8).map(|_| convert(bank, &who, &id, &qid))).await;
        let first = paying_leg(&replies[0]);
        for reply in &replies {
            assert_eq!(reply.status, 200, "{}", reply.body);
            assert_eq!(paying_leg(reply), first);
        }
        let retry = convert(bank, &who, &id, &qid).await;
        assert_eq!(paying_leg(&retry), first);
        // The same quote under another id is the same conversion.
        let again = convert(bank, &who, &new_id(), &qid).await;
        assert_eq!(paying_leg(&again), first);
        assert_eq!(
            reload(bank, gbp).await.balance.booked,
            gbp.balance.booked - 25_000
        );

        // The same id for another quote is refused.
        let other = quote(bank, &who, quote_body(gbp, Currency::Usd, Direct, "10.00")).await;
        let reused = convert(bank, &who, &id, &quote_id(&other)).await;
        assert_eq!(reused.status, 409, "{}", reused.body);
        assert_eq!(reused.error().code, "exchange_id_reused");

        // Two conversions racing for one balance: the balance covers one of them.
        let available = reload(bank, gbp).await.balance.available();
        let most = bank::domain::accounts::money::decimal(available * 3 / 4);
        let a = quote(bank, &who, quote_body(gbp, Currency::Eur, Direct, &most)).await;
        let b = quote(bank, &who, quote_body(gbp, Currency::Chf, Direct, &most)).await;
        let (qa, qb) = (quote_id(&a), quote_id(&b));
        let (ia, ib) = (new_id(), new_id());
        let (ra, rb) = tokio::join!(convert(bank, &who, &ia, &qa), convert(bank, &who, &ib, &qb));
        let mut statuses = [ra.status.as_u16(), rb.status.as_u16()];
        statuses.sort();
        assert_eq!(statuses, [200, 422], "{} / {}", ra.body, rb.body);
        let refused = if ra.status == 200 { rb } else { ra };
        assert_eq!(refused.field_error("amount"), "Please, select right amount");
        let left = reload(bank, gbp).await;
        assert_eq!(left.balance.booked, available - available * 3 / 4);
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(quotes_check_the_amount_with_spec_messages, |bank| {
    let (who, accounts) = holder(bank, "olivia@example.com").await;
    let (gbp, eur) = (&accounts[0], &accounts[1]);
    let message = |reply: &Reply| reply.field_error("amount");
    for (amount, expected) in [
        ("", "Please, select amount to convert"),
        ("0", "Please, select amount to convert"),
        ("0.99", "Please enter an amount not less than 1"),
        ("abc", "Please, select right amount"),
        ("1.234", "Please, select right amount"),
        ("10000.01", "Please, select right amount"),
    ] {
        let reply = ask_quote(bank, &who, quote_body(gbp, Currency::Eur, Direct, amount)).await;
        assert_eq!(reply.status, 422, "{amount}: {}", reply.body);
        assert_eq!(message(&reply), expected, "{amount}");
    }
    // Inverse: what arrives must be bought with what the account holds.
    let reply = ask_quote(bank, &who, quote_body(gbp, Currency::Eur, Inverse, "11600")).await;
    assert_eq!(message(&reply), "Please, select right amount");
    assert_eq!(
        ask_quote(bank, &who, quote_body(gbp, Currency::Eur, Direct, "1"))
            .await
            .status,
        200
    );

    // An empty account says so, whatever the amount.
    let empty_owner = customer(bank, "tom@example.com", "Tom Fischer").await;
    let empty = open_account(bank, &empty_owner.profile_id, Currency::Gbp, true).await;
    open_account(bank, &empty_owner.profile_id, Currency::Eur, false).await;
    let reply = ask_quote(
        bank,
        &empty_owner,
        quote_body(&empty, Currency::Eur, Direct, "5"),
    )
    .await;
    assert_eq!(message(&reply), "Current account is empty");

    // The other side must be another currency the profile holds.
    let same = ask_quote(bank, &who, quote_body(gbp, Currency::Gbp, Direct, "5")).await;
    assert_eq!(same.status, 422);
    assert!(!same.field_error("toCurrency").is_empty());
    let none = ask_quote(
        bank,
        &empty_owner,
        quote_body(&empty, Currency::Chf, Direct, "5"),
    )
    .await;
    assert_eq!(
        none.field_error("toCurrency"),
        "You have no active CHF account"
    );
    // Another profile's account is not found; a wrong currency for the account is named.
    let theirs = ask_quote(
        bank,
        &empty_owner,
        quote_body(gbp, Currency::Eur, Direct, "5"),
    )
    .await;
    assert_eq!(theirs.status, 404);
    let wrong = RateRequest {
        from_currency: Some(Currency::Usd),
        ..quote_body(gbp, Currency::Eur, Direct, "5")
    };
    let wrong = ask_quote(bank, &who, wrong).await;
    assert_eq!(wrong.field_error("fromCurrency"), "This account holds GBP");
    let to_account = RateRequest {
        to_account: Some(eur.id.to_string()),
        ..quote_body(gbp, Currency::Eur, Direct, "5")
    };
    assert_eq!(
        quote(bank, &who, to_account).await.to_account,
        eur.id.as_str()
    );
    let count: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM exchange_quotes")
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
    assert_eq!(count.0, 2, "refused requests hold no quote");
});

on_both_backends!(exchange_needs_the_right_to_pay_and_the_flag, |bank| {
    let (who, accounts) = holder(bank, "olivia@example.com").await;
    let gbp = &accounts[0];
    let reader = customer_with_role(
        bank,
        "reader@example.com",
        "Reader Ltd",
        "accountant",
        &["transaction:r"],
    )
    .await;
    let r = open_account(bank, &reader.profile_id, Currency::Gbp, true).await;
    open_account(bank, &reader.profile_id, Currency::Eur, false).await;
    let refused = ask_quote(bank, &reader, quote_body(&r, Currency::Eur, Direct, "5")).await;
    assert_eq!(refused.status, 403, "{}", refused.body);

    bank::store::features::set_override(&bank.db, "currencyExchange", false)
        .await
        .unwrap();
    let off = ask_quote(bank, &who, quote_body(gbp, Currency::Eur, Direct, "5")).await;
    assert_eq!(off.status, 403, "{}", off.body);
    assert_eq!(off.error().code, "feature_disabled");
    let off = convert(bank, &who, &new_id(), &new_id()).await;
    assert_eq!(off.status, 403);
});

#[tokio::test]
async fn outside_business_hours_a_quote_is_only_indicative() {
    let bank = TestBank::start_with(Backend::Sqlite, |config| {
        config.exchange.hours = bank::domain::exchange::hours::Hours::Closed;
    })
    .await;
    let (who, accounts) = holder(&bank, "olivia@example.com").await;
    let reply = ask_quote(
        &bank,
        &who,
        quote_body(&accounts[0], Currency::Eur, Direct, "100"),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let q: ExchangeQuote = reply.read();
    assert!(!q.is_available);
    assert!(q.quote_id.is_none());
    assert!(minor(&q.to_amount) > 10_000);
    let count: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM exchange_quotes")
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
    assert_eq!(count.0, 0);
    bank.finish().await;
}

on_both_backends!(statements_carry_both_legs, |bank| {
    let (who, accounts) = holder(bank, "olivia@example.com").await;
    let (gbp, eur) = (&accounts[0], &accounts[1]);
    let q = quote(bank, &who, quote_body(gbp, Currency::Eur, Direct, "500.00")).await;
    let got = q.to_amount.clone();
    assert_eq!(
        convert(bank, &who, &new_id(), &quote_id(&q)).await.status,
        200
    );
    let today = bank::domain::london::day_of(bank.db.now_ms());
    let statement = |account: &BankAccount, format: &str| {
        format!("/v2/documents/statement?entId={}&createdFrom={today}&createdTo={today}&format={format}", account.id)
    };
    let get = |path: String| {
        let auth = who.bearer();
        async move {
            bank.send(
                axum::http::Request::get(path)
                    .header("authorization", auth)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
        }
    };
    let csv = get(statement(gbp, "csv")).await;
    assert_eq!(csv.status, 200, "{}", csv.body);
    assert!(csv.body.contains("Exchange GBP to EUR"), "{}", csv.body);
    assert!(csv.body.contains("-500.00"), "{}", csv.body);
    let camt = get(statement(eur, "camt053")).await;
    assert_eq!(camt.status, 200);
    let doc = roxmltree::Document::parse(&camt.body).unwrap();
    let credit = doc
        .descendants()
        .filter(|n| n.has_tag_name("Ntry"))
        .find(|entry| {
            entry
                .descendants()
                .any(|n| n.has_tag_name("CdtDbtInd") && n.text() == Some("CRDT"))
                && entry
                    .descendants()
                    .any(|n| n.has_tag_name("Amt") && n.text() == Some(got.as_str()))
        });
    assert!(
        credit.is_some(),
        "the EUR statement has the €{got} credit: {}",
        camt.body
    );
});

/// A local stand-in for the ECB's server: the stored feed at the feed's path, or a failure.
async fn fake_ecb(body: &'static str, status: u16) -> std::net::SocketAddr {
    let app = axum::Router::new().route(
        "/stats/eurofxref/eurofxref-daily.xml",
        axum::routing::get(move || async move {
            (
                axum::http::StatusCode::from_u16(status).unwrap(),
                [("content-type", "text/xml")],
                body,
            )
        }),
    );
    serve(app).await
}

const STORED_FEED: &str = include_str!("../data/ecb/eurofxref-daily-2022-07-08.xml");

#[tokio::test]
async fn the_ecb_adapter_reads_the_daily_reference_rates() {
    use bank::providers::rates::{ecb::EcbRates, RateSource};
    let address = fake_ecb(STORED_FEED, 200).await;
    let ecb = EcbRates::new(
        format!("http://{address}/stats/eurofxref/eurofxref-daily.xml"),
        std::time::Duration::from_secs(3600),
    );
    let table = ecb.fetch().await.unwrap();
    assert_eq!(table.as_of, "2022-07-08");
    let d = |t: &str| Decimal::from_str(t).unwrap();
    assert_eq!(table.per_eur(Currency::Gbp), Some(d("0.84585")));
    assert_eq!(table.per_eur(Currency::Usd), Some(d("1.0163")));
    assert_eq!(table.per_eur(Currency::Chf), Some(d("0.9913")));
    assert_eq!(table.per_eur(Currency::Eur), Some(Decimal::ONE));
    // The ECB does not publish the lek: no rate, so no quote.
    assert_eq!(table.per_eur(Currency::All), None);
    assert_eq!(table.mid(Currency::Gbp, Currency::All), None);

    let down = fake_ecb("Service Unavailable", 503).await;
    let failing = EcbRates::new(
        format!("http://{down}/stats/eurofxref/eurofxref-daily.xml"),
        std::time::Duration::from_secs(3600),
    );
    assert!(failing.fetch().await.is_err());
    let garbled = fake_ecb(
        "<Cube><Cube time='2022-07-08'><Cube currency='GBP' rate='x'/>",
        200,
    )
    .await;
    let failing = EcbRates::new(
        format!("http://{garbled}/stats/eurofxref/eurofxref-daily.xml"),
        std::time::Duration::from_secs(3600),
    );
    assert!(failing.fetch().await.is_err());
}

#[tokio::test]
async fn a_bank_on_ecb_rates_quotes_from_the_feed_and_not_the_lek() {
    let address = fake_ecb(STORED_FEED, 200).await;
    let bank = TestBank::start_with(Backend::Sqlite, |config| {
        config.exchange.rates = bank::providers::rates::RatesConfig::Ecb {
            url: format!("http://{address}/stats/eurofxref/eurofxref-daily.xml"),
            every: std::time::Duration::from_secs(3600),
        };
    })
    .await;
    let (who, accounts) = holder(&bank, "olivia@example.com").await;
    // The first refresh runs in the background as the bank starts.
    let mut reply = ask_quote(
        &bank,
        &who,
        quote_body(&accounts[0], Currency::Eur, Direct, "100"),
    )
    .await;
    for _ in 0..50 {
        if reply.status == 200 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        reply = ask_quote(
            &bank,
            &who,
            quote_body(&accounts[0], Currency::Eur, Direct, "100"),
        )
        .await;
    }
    assert_eq!(reply.status, 200, "{}", reply.body);
    let q: ExchangeQuote = reply.read();
    assert_eq!(q.rates_as_of, "2022-07-08");
    // 1 ÷ 0.84585 = 1.18224271443 mid, less 0.5 %, down to 6 digits.
    assert_eq!(q.rate, "1.17633");
    assert_eq!(q.to_amount, "117.63");
    let lek = ask_quote(
        &bank,
        &who,
        quote_body(&accounts[0], Currency::All, Direct, "100"),
    )
    .await;
    assert_eq!(lek.status, 503, "{}", lek.body);
    assert_eq!(lek.error().code, "rate_unavailable");
    assert_eq!(lek.error().title, "Currency Exchange Limitation");
    bank.finish().await;
}

fn cookie(who: &Customer) -> String {
    format!("__Host-access={}", who.token)
}

async fn form_post(bank: &TestBank, who: &Customer, fields: &[(&str, &str)]) -> Reply {
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields)
        .finish();
    bank.send(
        axum::http::Request::post("/currency-converter")
            .header("content-type", "application/x-www-form-urlencoded")
            .header("origin", ORIGIN)
            .header("cookie", cookie(who))
            .body(axum::body::Body::from(body))
            .unwrap(),
    )
    .await
}

on_both_backends!(the_converter_page_is_guarded_by_the_server, |bank| {
    // One account: nothing to convert between (SPEC §2 redirects to the dashboard).
    let single = customer(bank, "single@example.com", "Single Ltd").await;
    open_account(bank, &single.profile_id, Currency::Gbp, true).await;
    for agent in [DESKTOP, IPHONE] {
        let page = page_with_cookie(bank, "/currency-converter", agent, &cookie(&single)).await;
        assert_eq!(page.status, 302, "{agent}");
        assert_eq!(page.header("location"), "/dashboard");
    }
    // Reading transactions is not enough to convert.
    let reader = customer_with_role(
        bank,
        "reader@example.com",
        "Reader Ltd",
        "accountant",
        &["transaction:r"],
    )
    .await;
    open_account(bank, &reader.profile_id, Currency::Gbp, true).await;
    open_account(bank, &reader.profile_id, Currency::Eur, false).await;
    let page = page_with_cookie(bank, "/currency-converter", DESKTOP, &cookie(&reader)).await;
    assert_eq!(page.status, 302);

    let (who, _) = holder(bank, "olivia@example.com").await;
    for agent in [DESKTOP, IPHONE] {
        let page = page_with_cookie(bank, "/currency-converter", agent, &cookie(&who)).await;
        assert_eq!(page.status, 200, "{agent}");
        assert!(page
            .body
            .contains("<h1 id=\"exchange-title\">Currency exchange</h1>"));
        assert!(page.body.contains("action=\"/currency-converter\""));
        assert!(
            page.body.contains("Currency exchange</a>"),
            "the menu links it"
        );
    }
    // The flag switched off closes the page as well as the calls.
    bank::store::features::set_override(&bank.db, "currencyExchange", false)
        .await
        .unwrap();
    let page = page_with_cookie(bank, "/currency-converter", DESKTOP, &cookie(&who)).await;
    assert_eq!(page.status, 302);
});

on_both_backends!(the_plain_forms_quote_and_convert_once, |bank| {
    let (who, accounts) = holder(bank, "olivia@example.com").await;
    let (gbp, usd) = (&accounts[0], &accounts[2]);
    // The select step as a GET form: the server answers with the quote and the approve step.
    let path = format!(
        "/currency-converter?type=direct&sellWas=&buyWas=&from={}&to={}&sell=1%2C250.00&buy=&step=approve",
        gbp.id, usd.id
    );
    let page = page_with_cookie(bank, &path, DESKTOP, &cookie(&who)).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("£1,250.00"), "{}", page.body);
    let quote_id = page
        .body
        .split("name=\"quoteId\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    assert_eq!(quote_id.len(), 36, "a live quote on the page");
    let fields = [
        ("quoteId", quote_id.as_str()),
        ("from", gbp.id.as_str()),
        ("to", usd.id.as_str()),
        ("type", Direct.as_str()),
        ("amount", "1250.00"),
    ];
    let done = form_post(bank, &who, &fields).await;
    assert_eq!(done.status, 303, "{}", done.body);
    let location = done.header("location").to_string();
    assert!(
        location.starts_with("/currency-converter?done="),
        "{location}"
    );
    // The form sent again converts nothing more and shows the same result.
    let again = form_post(bank, &who, &fields).await;
    assert_eq!(again.header("location"), location);
    assert_eq!(
        reload(bank, gbp).await.balance.booked,
        gbp.balance.booked - 125_000
    );
    let result = page_with_cookie(bank, &location, IPHONE, &cookie(&who)).await;
    assert_eq!(result.status, 200);
    assert!(
        result.body.contains("You converted £1,250.00 to $"),
        "{}",
        result.body
    );

    // An expired quote goes back to the select step with the message and the amount.
    let page = page_with_cookie(bank, &path, DESKTOP, &cookie(&who)).await;
    let stale = page
        .body
        .split("name=\"quoteId\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    bank.db.clock.advance(std::time::Duration::from_secs(31));
    let refused = form_post(
        bank,
        &who,
        &[
            ("quoteId", &stale),
            ("from", &gbp.id),
            ("to", &usd.id),
            ("type", Direct.as_str()),
            ("amount", "1250.00"),
        ],
    )
    .await;
    assert_eq!(refused.status, 303);
    let back = refused.header("location").to_string();
    assert!(
        back.contains("error=quote_expired") && back.contains("sell=1250.00"),
        "{back}"
    );
    let page = page_with_cookie(bank, &back, DESKTOP, &cookie(&who)).await;
    assert!(page
        .body
        .contains("The rate has expired. Please check the new rate and convert again."));
    assert_eq!(
        reload(bank, gbp).await.balance.booked,
        gbp.balance.booked - 125_000
    );
    ledger_is_sound(bank).await;
});

on_both_backends!(a_customer_asking_quotes_in_a_loop_is_stopped, |bank| {
    // Each quote holds a row for a day: 300 in 15 minutes per person, then 429 and no row.
    let (who, accounts) = holder(bank, "olivia@example.com").await;
    let body = quote_body(&accounts[0], Currency::Eur, Direct, "100");
    for n in 0..300 {
        let reply = ask_quote(bank, &who, body.clone()).await;
        assert_eq!(reply.status, 200, "quote {n}: {}", reply.body);
    }
    let rows = || async {
        sqlx::query_scalar::<_, i64>("SELECT CAST(COUNT(*) AS BIGINT) FROM exchange_quotes")
            .fetch_one(&bank.db.pool)
            .await
            .unwrap()
    };
    let before = rows().await;
    let refused = ask_quote(bank, &who, body.clone()).await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert_eq!(rows().await, before, "a refused quote holds nothing");
    // Someone else at the same bank is not held back by it.
    let (other, theirs) = holder(bank, "tom@example.com").await;
    let theirs = ask_quote(
        bank,
        &other,
        quote_body(&theirs[0], Currency::Eur, Direct, "100"),
    )
    .await;
    assert_eq!(theirs.status, 200, "{}", theirs.body);
});

/// The ECB as an outside party (issue 33 point 6): each refresh records its answer or its
/// failure for the back office's dashboard.
#[tokio::test]
async fn the_ecbs_answers_are_recorded_for_the_dashboard() {
    for (status, answered) in [(200, true), (503, false)] {
        let address = fake_ecb(STORED_FEED, status).await;
        let bank = TestBank::start_with(Backend::Sqlite, move |config| {
            config.exchange.rates = bank::config::RatesConfig::Ecb {
                url: format!("http://{address}/stats/eurofxref/eurofxref-daily.xml"),
                every: std::time::Duration::from_secs(3600),
            };
        })
        .await;
        let mut health = (None, None);
        for _ in 0..100 {
            health = sqlx::query_as::<_, (Option<i64>, Option<i64>)>(
                "SELECT last_success_at, last_failure_at FROM provider_health WHERE party = $1",
            )
            .bind(bank::providers::party::ECB)
            .fetch_optional(&bank.db.pool)
            .await
            .unwrap()
            .unwrap_or((None, None));
            if health != (None, None) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(
            (health.0.is_some(), health.1.is_some()),
            (answered, !answered)
        );
    }
}
