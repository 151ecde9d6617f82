//! Issue 32 point 3, operations' queues: money in suspense is credited to the customer it was
//! for or sent back, each only when a second member approves (four eyes); a second activation
//! fee waits there to be refunded; returned transfers are listed; money in that named no invoice
//! is counted towards the right one by hand. Every view and action is in the staff audit log.

use bank::domain::backoffice::staff::StaffRole;
use bank::providers::sandbox_payments::credit;
use serde_json::{json, Value};

use crate::back_office::{as_staff, audit, open_back_office, staff};
use crate::helpers::*;
use crate::on_both_backends;

/// An IBAN of a UK bank that is not this one: a payment naming it lands in suspense.
const ELSEWHERE: &str = "GB82WEST12345698765432";

async fn suspense(bank: &TestBank, cookie: &str) -> Vec<Value> {
    let reply = as_staff(bank, cookie, "GET", "/back-office/api/suspense", json!({})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["items"].as_array().unwrap().clone()
}

async fn propose(bank: &TestBank, cookie: &str, item: &str, action: &str, iban: &str) -> Reply {
    let body = json!({"kind": "release_suspense", "itemId": item, "action": action,
                      "iban": iban, "reason": "Payer confirmed by phone"});
    as_staff(bank, cookie, "POST", "/back-office/api/proposals", body).await
}

async fn decide(bank: &TestBank, cookie: &str, proposal: &Reply) -> Reply {
    let id = proposal.json()["id"].as_str().unwrap().to_string();
    let body = json!({"id": id, "approve": true});
    as_staff(
        bank,
        cookie,
        "POST",
        "/back-office/api/proposals/decision",
        body,
    )
    .await
}

on_both_backends!(
    money_in_suspense_is_credited_or_sent_back_with_four_eyes,
    |bank| {
        open_back_office(bank).await;
        let (_, olga) = staff(bank, "olga@harbour.example", StaffRole::Operations).await;
        let (_, otto) = staff(bank, "otto@harbour.example", StaffRole::Operations).await;
        let p = crate::transfers::payer(bank, "olivia@example.com").await;
        let held = credit(&bank.db, ELSEWHERE, "120.00", "Acme Supplies Ltd", "INV-7")
            .await
            .unwrap();
        assert!(held.in_suspense);
        let stray = credit(&bank.db, ELSEWHERE, "45.50", "Stray Payer", "gift")
            .await
            .unwrap();
        assert!(stray.in_suspense);
        assert_eq!(ledger_balance(bank, "suspense:GBP").await, 16_550);

        let items = suspense(bank, &olga).await;
        assert_eq!(items.len(), 2);
        assert_eq!(items[0]["amount"], "£120.00");
        assert_eq!(items[0]["origin"], "unknown_account");
        assert_eq!(items[0]["payer"], "Acme Supplies Ltd");
        assert_eq!(items[0]["accountText"], ELSEWHERE);
        assert_eq!(items[0]["releaseProposed"], false);
        let first = items[0]["id"].as_str().unwrap().to_string();
        let second = items[1]["id"].as_str().unwrap().to_string();

        // What cannot be done is refused when it is proposed, with the reason.
        let euro = propose(bank, &olga, &first, "match", &p.eur.iban).await;
        assert_eq!(euro.status, 409, "{}", euro.body);
        assert_eq!(
            euro.error().message,
            "That account is in another currency than the money."
        );
        let nowhere = propose(bank, &olga, &first, "match", ELSEWHERE).await;
        assert_eq!(
            nowhere.error().message,
            "No account of the bank has that IBAN."
        );

        let made = propose(bank, &olga, &first, "match", &p.gbp.iban).await;
        assert_eq!(made.status, 200, "{}", made.body);
        assert_eq!(suspense(bank, &olga).await[0]["releaseProposed"], true);
        let listed = as_staff(bank, &otto, "GET", "/back-office/api/proposals", json!({}))
            .await
            .json();
        let summary = listed["proposals"][0]["summary"].as_str().unwrap();
        assert!(
            summary.starts_with("Credit £120.00 from suspense to GB"),
            "{summary}"
        );
        assert_eq!(
            reload(bank, &p.gbp).await.balance.booked,
            100_000,
            "proposing moves nothing"
        );
        let own = decide(bank, &olga, &made).await;
        assert_eq!(own.error().code, "own_proposal");
        let approved = decide(bank, &otto, &made).await;
        assert_eq!(approved.status, 200, "{}", approved.body);
        assert_eq!(
            approved.json()["message"],
            "Approved. The money is credited to the account."
        );
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 112_000);
        let (payer, details, amount): (Option<String>, String, i64) = sqlx::query_as(
            "SELECT counterparty_name, details, amount FROM transactions \
             WHERE bank_account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
        )
        .bind(&p.gbp.id)
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
        assert_eq!(
            (payer.as_deref(), details.as_str(), amount),
            (Some("Acme Supplies Ltd"), "INV-7", 12_000),
            "the customer sees the payment as it came"
        );
        let again = propose(bank, &otto, &first, "return", "").await;
        assert_eq!(
            again.error().message,
            "This money has been matched or returned already."
        );

        // The other goes back to the payer, proposed by one and approved by the other.
        let back = propose(bank, &otto, &second, "return", "").await;
        assert_eq!(back.status, 200, "{}", back.body);
        let returned = decide(bank, &olga, &back).await;
        assert_eq!(
            returned.json()["message"],
            "Approved. The money is sent back to the payer."
        );
        assert!(suspense(bank, &olga).await.is_empty());
        assert_eq!(ledger_balance(bank, "suspense:GBP").await, 0);
        ledger_is_sound(bank).await;

        let actions: Vec<(String, String)> = audit(bank, None)
            .await
            .into_iter()
            .map(|(_, action, reason)| (action, reason))
            .collect();
        for done in ["suspense.matched", "suspense.returned"] {
            assert!(
                actions
                    .iter()
                    .any(|(a, r)| a == done && r == "Payer confirmed by phone"),
                "{done}: {actions:?}"
            );
        }
        assert!(actions.iter().any(|(a, _)| a == "queue.viewed"));
    }
);

on_both_backends!(
    a_second_activation_fee_waits_in_suspense_and_is_refunded,
    |bank| {
        use bank::domain::onboarding::fee::FeePayment;
        use bank::services::onboarding::fee::{settle, Settled};
        open_back_office(bank).await;
        let (_, olga) = staff(bank, "olga@harbour.example", StaffRole::Operations).await;
        let (_, otto) = staff(bank, "otto@harbour.example", StaffRole::Operations).await;
        let (user_id, auth) =
            crate::activation::approved_business(bank, "olivia@example.com").await;
        crate::activation::fee_of(bank, &auth).await;
        let row = bank::store::registration_fees::latest(&bank.db, &user_id)
            .await
            .unwrap()
            .unwrap();
        let first = settle(&bank.db, &row, FeePayment::Card, "pay-1", "card_acquiring").await;
        assert_eq!(first.unwrap(), Settled::Paid);
        let twice = settle(&bank.db, &row, FeePayment::Card, "pay-2", "card_acquiring").await;
        assert_eq!(twice.unwrap(), Settled::AlreadyPaid);

        let items = suspense(bank, &olga).await;
        assert_eq!(items.len(), 1, "{items:?}");
        assert_eq!(items[0]["origin"], "activation_fee");
        assert_eq!(items[0]["userId"], user_id.as_str());
        assert_eq!(items[0]["scheme"], "card_acquiring");
        let id = items[0]["id"].as_str().unwrap().to_string();
        let clearing = ledger_balance(bank, "scheme_clearing:card_acquiring:GBP").await;

        let refund = propose(bank, &olga, &id, "return", "").await;
        assert_eq!(refund.status, 200, "{}", refund.body);
        assert_eq!(decide(bank, &otto, &refund).await.status, 200);
        assert!(suspense(bank, &olga).await.is_empty());
        assert_eq!(ledger_balance(bank, "suspense:GBP").await, 0);
        assert_eq!(
            ledger_balance(bank, "scheme_clearing:card_acquiring:GBP").await - clearing,
            row.amount_minor,
            "the money went back the way it came"
        );
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(returned_transfers_are_listed_for_operations, |bank| {
    open_back_office(bank).await;
    let (_, olga) = staff(bank, "olga@harbour.example", StaffRole::Operations).await;
    let p = crate::transfers::payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let terms = crate::transfers::local_terms(&p.gbp, "300.00", "Please RETURN Ltd");
    let request_id = crate::transfers::approved(bank, &auth, &terms).await;
    let id = crate::transfers::new_id();
    let transfer = crate::transfers::with(&terms, &id, &request_id);
    let paid = crate::transfers::submit(bank, &auth, &transfer).await;
    assert_eq!(paid.status, 200, "{}", paid.body);
    let none = as_staff(
        bank,
        &olga,
        "GET",
        "/back-office/api/returned-transfers",
        json!({}),
    )
    .await;
    assert_eq!(
        none.json()["transfers"],
        json!([]),
        "pending is not returned"
    );
    assert_eq!(crate::transfers::settle_now(bank).await, 1);
    let listed = as_staff(
        bank,
        &olga,
        "GET",
        "/back-office/api/returned-transfers",
        json!({}),
    )
    .await
    .json();
    let returned = &listed["transfers"][0];
    assert_eq!(returned["id"], id.as_str());
    assert_eq!(returned["payeeName"], "Please RETURN Ltd");
    assert_eq!(returned["amount"], "£300.00");
    assert_eq!(returned["profileName"], "Bennett & Hale Trading Ltd");
    assert_eq!(returned["userId"], p.customer.user_id.as_str());
    assert!(
        returned["reason"].as_str().unwrap().starts_with("AC04"),
        "{returned}"
    );
});

on_both_backends!(money_in_that_named_no_invoice_is_matched_by_hand, |bank| {
    use crate::invoice_sending::{iban_of, sent_invoice, take};
    use crate::invoices::{gbp_account, partner};
    open_back_office(bank).await;
    let (_, olga) = staff(bank, "olga@harbour.example", StaffRole::Operations).await;
    let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
    let acme = partner(bank, &owner, "Acme Trading").await;
    let account = gbp_account(bank, &owner).await;
    let iban = iban_of(bank, &owner, &account).await;
    let invoice = sent_invoice(bank, &owner, "INV-0001", &account, &acme).await;
    // The payer forgot the reference.
    credit(&bank.db, &iban, "1984.50", "Acme Trading", "March services")
        .await
        .unwrap();
    bank::services::invoices::matching::match_due(&bank.db, bank.db.now_ms(), 100)
        .await
        .unwrap();

    let queue = as_staff(
        bank,
        &olga,
        "GET",
        "/back-office/api/unmatched-payments",
        json!({}),
    )
    .await
    .json();
    let payment = &queue["payments"][0];
    assert_eq!(payment["amount"], "£1,984.50");
    assert_eq!(payment["details"], "March services");
    assert_eq!(payment["profileName"], "Bennett & Hale Ltd");
    assert_eq!(payment["invoices"][0]["number"], "INV-0001");
    assert_eq!(payment["invoices"][0]["outstanding"], "£1,984.50");
    let transaction = payment["transactionId"].as_str().unwrap().to_string();

    let body = |reason: &str| json!({"transactionId": transaction, "invoiceId": invoice.id, "reason": reason});
    let path = "/back-office/api/unmatched-payments/match";
    let unexplained = as_staff(bank, &olga, "POST", path, body("")).await;
    assert_eq!(unexplained.field_error("reason"), "Say why, in a few words");
    let matched = as_staff(bank, &olga, "POST", path, body("Customer asked by chat")).await;
    assert_eq!(matched.status, 200, "{}", matched.body);
    let standing = take(bank, &owner, &invoice.id).await.sent.unwrap();
    assert_eq!(standing.paid, "1984.50");
    let twice = as_staff(bank, &olga, "POST", path, body("Customer asked by chat")).await;
    assert_eq!(twice.status, 409, "counted once");
    let after = as_staff(
        bank,
        &olga,
        "GET",
        "/back-office/api/unmatched-payments",
        json!({}),
    )
    .await
    .json();
    assert_eq!(after["payments"], json!([]));
    let logged = audit(bank, Some(&invoice.id)).await;
    assert_eq!(logged[0].1, "invoice_payment.matched");
    assert_eq!(logged[0].2, "Customer asked by chat");
});

on_both_backends!(
    a_profiles_own_transfer_limits_take_four_eyes_and_apply,
    |bank| {
        use crate::transfers::{approved, local_terms, new_id, payer, submit, with};
        open_back_office(bank).await;
        let (_, olga) = staff(bank, "olga@harbour.example", StaffRole::Operations).await;
        let (_, otto) = staff(bank, "otto@harbour.example", StaffRole::Operations).await;
        let p = payer(bank, "olivia@example.com").await;
        let profile = p.customer.profile_id.to_string();
        let limit = |per_transfer: &str, daily: &str| {
            json!({"kind": "change_limit", "profileId": profile, "currency": "GBP",
                   "perTransfer": per_transfer, "daily": daily,
                   "reason": "Asked to cap payments after a fraud attempt"})
        };
        let path = "/back-office/api/proposals";
        let backwards = as_staff(bank, &olga, "POST", path, limit("300.00", "200.00")).await;
        assert_eq!(
            backwards.error().message,
            "A single transfer cannot be allowed more than a whole day."
        );
        let typo = as_staff(bank, &olga, "POST", path, limit("1O0", "200.00")).await;
        assert_eq!(typo.error().message, "Enter both limits as amounts.");

        let made = as_staff(bank, &olga, "POST", path, limit("100.00", "250.00")).await;
        assert_eq!(made.status, 200, "{}", made.body);
        let listed = as_staff(bank, &otto, "GET", path, json!({})).await.json();
        assert_eq!(
            listed["proposals"][0]["summary"],
            "Let Bennett & Hale Trading Ltd send up to £100.00 a transfer and £250.00 a day"
        );
        // Until a second member approves, the bank's limits hold.
        let terms = local_terms(&p.gbp, "300.00", "Acme Ltd");
        let request_id = approved(bank, &p.customer.bearer(), &terms).await;
        let before = submit(
            bank,
            &p.customer.bearer(),
            &with(&terms, &new_id(), &request_id),
        )
        .await;
        assert_eq!(before.status, 200, "{}", before.body);

        assert_eq!(
            decide(bank, &olga, &made).await.error().code,
            "own_proposal"
        );
        let approved_now = decide(bank, &otto, &made).await;
        assert_eq!(
            approved_now.json()["message"],
            "Approved. The profile's new limits apply to its next transfer."
        );
        let request_id = approved(bank, &p.customer.bearer(), &terms).await;
        let after = submit(
            bank,
            &p.customer.bearer(),
            &with(&terms, &new_id(), &request_id),
        )
        .await;
        assert_eq!(after.error().code, "limit_exceeded");
        assert_eq!(
            after.error().message,
            "A single transfer can be at most £100.00. Please send a smaller amount."
        );

        let record = as_staff(
            bank,
            &olga,
            "POST",
            "/back-office/api/customers/record",
            json!({"userId": p.customer.user_id.as_str(), "reason": "Checking the new limits"}),
        )
        .await
        .json();
        let limits = &record["profiles"][0]["limits"];
        let gbp = limits
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["currency"] == "GBP")
            .unwrap();
        assert_eq!(
            (&gbp["perTransfer"], &gbp["daily"], &gbp["own"]),
            (&json!("£100.00"), &json!("£250.00"), &json!(true))
        );
        let eur = limits
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["currency"] == "EUR")
            .unwrap();
        assert_eq!(
            eur["own"], false,
            "the bank's limits stay in other currencies"
        );
        let logged = audit(bank, None).await;
        assert!(logged
            .iter()
            .any(|(_, action, _)| action == "limit.changed"));
    }
);

on_both_backends!(
    a_profiles_own_fee_takes_four_eyes_and_is_what_its_transfers_cost,
    |bank| {
        use crate::transfers::{approved, local_terms, new_id, payer, submit, with};
        open_back_office(bank).await;
        let (_, olga) = staff(bank, "olga@harbour.example", StaffRole::Operations).await;
        let (_, otto) = staff(bank, "otto@harbour.example", StaffRole::Operations).await;
        let (_, sue) = staff(bank, "sue@harbour.example", StaffRole::Support).await;
        let p = payer(bank, "olivia@example.com").await;
        let profile = p.customer.profile_id.to_string();
        let fee = |scheme: &str, currency: &str, fee: &str| {
            json!({"kind": "change_fee", "profileId": profile, "scheme": scheme,
                   "currency": currency, "fee": fee,
                   "reason": "Waived for the first year, agreed by the account manager"})
        };
        let path = "/back-office/api/proposals";
        let not_theirs = as_staff(bank, &sue, "POST", path, fee("local", "GBP", "0")).await;
        assert_eq!(not_theirs.status, 403, "support changes no price");
        for (body, message) in [
            (
                fee("local", "GBP", "0.21"),
                "A profile's own fee may lower the bank's price, never raise it.",
            ),
            (
                fee("sepa", "GBP", "0"),
                "This scheme does not carry that currency.",
            ),
            (fee("local", "GBP", "-1"), "Enter the fee as an amount."),
        ] {
            let refused = as_staff(bank, &olga, "POST", path, body).await;
            assert_eq!(refused.status, 409, "{}", refused.body);
            assert_eq!(refused.error().message, message);
        }
        let made = as_staff(bank, &olga, "POST", path, fee("local", "GBP", "0")).await;
        assert_eq!(made.status, 200, "{}", made.body);
        let again = as_staff(bank, &otto, "POST", path, fee("local", "GBP", "0.10")).await;
        assert_eq!(again.error().code, "already_proposed");
        let listed = as_staff(bank, &otto, "GET", path, json!({})).await.json();
        assert_eq!(
            listed["proposals"][0]["summary"],
            "Charge Bennett & Hale Trading Ltd £0.00 for a UK local transfer in GBP \
             (the bank's price: £0.20)"
        );

        async fn quote(bank: &TestBank, p: &crate::transfers::Payer) -> f64 {
            let body = json!({"amount": "10.00",
                "sender": {"bankAccountId": p.gbp.id.to_string()},
                "receiver": {"name": "Acme Ltd", "ukSortCode": "20-00-00",
                             "ukAccountNumber": "55779911"}});
            let auth = p.customer.bearer();
            let reply = post(
                bank,
                "/v2/transactions/fees/take",
                body,
                &[("authorization", &auth)],
            )
            .await;
            assert_eq!(reply.status, 200, "{}", reply.body);
            reply.json()["fee"].as_f64().unwrap()
        }
        assert_eq!(
            quote(bank, &p).await,
            0.2,
            "the bank's price until approved"
        );
        assert_eq!(
            decide(bank, &olga, &made).await.error().code,
            "own_proposal"
        );
        let approved_now = decide(bank, &otto, &made).await;
        assert_eq!(
            approved_now.json()["message"],
            "Approved. The profile's new fee applies to its next transfer."
        );
        assert_eq!(quote(bank, &p).await, 0.0);

        // The transfer costs what the quote said: the amount, and no fee booked.
        let terms = local_terms(&p.gbp, "10.00", "Acme Ltd");
        let request_id = approved(bank, &p.customer.bearer(), &terms).await;
        let paid = submit(
            bank,
            &p.customer.bearer(),
            &with(&terms, &new_id(), &request_id),
        )
        .await;
        assert_eq!(paid.status, 200, "{}", paid.body);
        assert_eq!(paid.json()["transaction"]["fee"], 0.0);
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 1_000);

        let record = as_staff(
            bank,
            &olga,
            "POST",
            "/back-office/api/customers/record",
            json!({"userId": p.customer.user_id.as_str(), "reason": "Checking the waiver"}),
        )
        .await
        .json();
        let fees = record["profiles"][0]["fees"].as_array().unwrap().clone();
        let of = |scheme: &str, currency: &str| {
            fees.iter()
                .find(|f| f["scheme"] == scheme && f["currency"] == currency)
                .cloned()
                .unwrap_or_default()
        };
        assert_eq!(
            (&of("local", "GBP")["fee"], &of("local", "GBP")["own"]),
            (&json!("£0.00"), &json!(true))
        );
        assert_eq!(
            (&of("sepa", "EUR")["fee"], &of("sepa", "EUR")["own"]),
            (&json!("€0.50"), &json!(false)),
            "the bank's price stays for every other scheme"
        );
        assert_eq!(of("sepa", "GBP"), Value::Null, "no scheme it cannot use");
        let logged = audit(bank, None).await;
        assert!(logged
            .iter()
            .any(|(_, action, reason)| action == "fee.changed"
                && reason == "Waived for the first year, agreed by the account manager"));
    }
);
