//! A UK local transfer before the page hydrates (issue 11 point 7): the form posts, the SMS
//! approval page with the fee, the code, and the redirect to the account; a re-sent form pays
//! once. Refusals and the approval page answer the post itself, so the payee's details never
//! go into an address (issue 28).

use crate::helpers::*;
use crate::on_both_backends;
use crate::transfers::payer;
use bank::api::payments::recipients::{RecipientBody, Saved};

fn as_refs(list: &[(String, String)]) -> Vec<(&str, &str)> {
    list.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

on_both_backends!(a_saved_recipient_is_paid_with_plain_forms, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let saved = send_json(
        bank,
        "PUT",
        "/v2/recipients",
        body(&RecipientBody {
            name: "Acme Ltd".into(),
            reference: "Rent".into(),
            ..crate::recipients::local()
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let recipient = saved.read::<Saved>().recipient.id;

    let refused = form_post(
        bank,
        "/transfer/1",
        &auth,
        &[
            ("bankAccountId", &p.gbp.id),
            ("amount", "5,000.00"),
            ("recipientId", &recipient),
            ("details", "Rent"),
        ],
    )
    .await;
    // Refused: the form again, what was typed kept and the amount named.
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(refused.header("location").is_empty());
    let kept = refused.posted();
    assert_eq!(kept["error"], "amount");
    assert_eq!(kept["amount"], "5000.00");
    assert_eq!(kept["recipientId"], recipient);

    let started = form_post(
        bank,
        "/transfer/1",
        &auth,
        &[
            ("bankAccountId", &p.gbp.id),
            ("amount", "120.00"),
            ("recipientId", &recipient),
            ("details", "Rent"),
        ],
    )
    .await;
    // The approval page answers the post, with the fee and the total to show before the code.
    assert_eq!(started.status, 200, "{}", started.body);
    assert!(started.header("location").is_empty());
    assert!(
        started.body.contains("Approve the transfer"),
        "{}",
        started.body
    );
    let shown = started.posted();
    assert_eq!(
        (shown["fee"].as_str(), shown["total"].as_str()),
        ("0.2", "120.2")
    );
    assert_eq!(shown["currency"], "GBP");
    assert!(!shown["arrivesEarliest"].is_empty());
    let sms = last_message(bank, "+447700900123").await.body;
    assert!(
        sms.starts_with("Approve £120.20 (£120.00 + £0.20 fee) to Acme Ltd with code "),
        "{sms}"
    );
    let code = sms.split("code ").nth(1).unwrap()[..6].to_string();

    let mut fields: Vec<(String, String)> = shown.into_iter().collect();
    let wrong: Vec<(String, String)> = fields
        .iter()
        .cloned()
        .chain((0..6).map(|_| ("code".to_string(), "0".to_string())))
        .collect();
    let bad = form_post(bank, "/transfer/approve", &auth, &as_refs(&wrong)).await;
    assert_eq!(bad.form_error(), "invalid_code");
    assert_eq!(
        bad.posted()["total"],
        "120.2",
        "the refused code shows the same quote again"
    );
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000);

    fields.extend(code.chars().map(|c| ("code".to_string(), c.to_string())));
    let paid = form_post(bank, "/transfer/approve", &auth, &as_refs(&fields)).await;
    assert_eq!(paid.status, 303);
    let landed = paid.header("location").to_string();
    assert!(
        landed.starts_with(&format!("/dashboard?account={}&txn=", p.gbp.id)),
        "{landed}"
    );
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 12_020);
    // The form sent again (a reload, a double tap) lands on the same transaction, paid once.
    let again = form_post(bank, "/transfer/approve", &auth, &as_refs(&fields)).await;
    assert_eq!(again.header("location"), landed);
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 12_020);
    ledger_is_sound(bank).await;
});

// Confirmation of Payee before hydration: the approval page shows the payee's bank's answer,
// and a name that does not match goes only when the payer ticks the box there.
on_both_backends!(
    a_name_that_does_not_match_is_sent_only_when_ticked,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let auth = p.customer.bearer();
        // The sandbox register holds 20-00-00 87654321 in the name of Jane Smith.
        let started = form_post(
            bank,
            "/transfer/1",
            &auth,
            &[
                ("bankAccountId", &p.gbp.id),
                ("amount", "40.00"),
                ("name", "Robert Brown"),
                ("type", "private"),
                ("ukSortCode", "200000"),
                ("ukAccountNumber", "87654321"),
                ("details", "Rent"),
            ],
        )
        .await;
        assert_eq!(started.status, 200, "{}", started.body);
        assert!(
            started.body.contains("The name does not match"),
            "{}",
            started.body
        );
        assert!(started
            .body
            .contains("I have checked the details and want to pay this account"));
        let shown = started.posted();
        assert_eq!(shown["payeeCheckResult"], "no_match");
        assert_eq!(shown["payeeCheckConsent"], "true");
        let sms = last_message(bank, "+447700900123").await.body;
        let code = sms.split("code ").nth(1).unwrap()[..6].to_string();
        let mut fields: Vec<(String, String)> = shown.into_iter().collect();
        fields.extend(code.chars().map(|c| ("code".to_string(), c.to_string())));

        // Not ticked: refused with the reason, nothing paid, the box shown again.
        let unticked = form_post(bank, "/transfer/approve", &auth, &as_refs(&fields)).await;
        assert_eq!(unticked.form_error(), "payee_not_confirmed");
        assert!(unticked.body.contains("The name does not match"));
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000);

        // Ticked: sent, and the transfer keeps the payer's word.
        fields.push(("payeeRiskAccepted".into(), "true".into()));
        let paid = form_post(bank, "/transfer/approve", &auth, &as_refs(&fields)).await;
        assert_eq!(paid.status, 303, "{}", paid.body);
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 4_020);
        let accepted: i64 = sqlx::query_scalar(
            "SELECT payee_risk_accepted FROM transfers WHERE bank_account_id = $1",
        )
        .bind(&p.gbp.id)
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
        assert_eq!(accepted, 1);
        ledger_is_sound(bank).await;
    }
);

// The same two steps as once hydrated (issue 34 point 3: the first screen does not change when
// the page hydrates): the amount page is checked by the fee call and answered with the payee
// page carrying the amount; nothing is asked of the payer's phone before the payee is known.
on_both_backends!(the_amount_step_posts_before_the_payee, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let texts = || async {
        bank::store::outbox::latest(&bank.db, Some("+447700900123"), 100)
            .await
            .unwrap()
            .len()
    };
    let before = texts().await;
    async fn amount_step(bank: &TestBank, auth: &str, amount: &str, account: &str) -> Reply {
        form_post(
            bank,
            "/transfer/1",
            auth,
            &[
                ("step", "amount"),
                ("bankAccountId", account),
                ("amount", amount),
                ("recipientId", ""),
                ("name", "Acme Ltd"),
                ("type", "company"),
            ],
        )
        .await
    }

    // More than is available with the fee: the amount page again, the amount named.
    let refused = amount_step(bank, &auth, "999.90", &p.gbp.id).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    let kept = refused.posted();
    assert_eq!(
        (kept["error"].as_str(), kept["step"].as_str()),
        ("amount", "amount")
    );
    assert_eq!(kept["amount"], "999.90");
    assert_eq!(
        kept["name"], "Acme Ltd",
        "the payee typed earlier is carried"
    );
    // Another profile's account is not this payer's to send from.
    let foreign = amount_step(bank, &auth, "1.00", "no-such-account").await;
    assert_eq!(foreign.status, 422, "{}", foreign.body);
    assert_eq!(foreign.posted()["step"], "amount");

    // Within what is available: the payee page, with the amount it carries.
    let shown = amount_step(bank, &auth, "120.00", &p.gbp.id).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    assert!(shown.header("location").is_empty());
    assert!(shown.body.contains("Who you are paying"), "{}", shown.body);
    let carried = shown.posted();
    assert_eq!(carried["step"], "payee");
    assert_eq!(carried["amount"], "120.00");
    assert_eq!(texts().await, before, "no approval asked before the payee");

    // Back: the amount page with what was typed.
    let back = form_post(
        bank,
        "/transfer/1",
        &auth,
        &[
            ("back", "amount"),
            ("step", "payee"),
            ("bankAccountId", &p.gbp.id),
            ("amount", "120.00"),
            ("name", "Acme Ltd"),
        ],
    )
    .await;
    assert_eq!(back.status, 200, "{}", back.body);
    assert!(back.body.contains("How much, and from where"));
    assert_eq!(back.posted()["amount"], "120.00");
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000);
});
