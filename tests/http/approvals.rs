//! Second approvals (issue 13 point 6): below and at the owner's threshold a colleague's transfer
//! goes at once; above it the money is held until another member approves it with their own
//! approval of its terms, or rejects it (the hold is released). The maker cannot approve their
//! own; an Account Owner's transfers never wait; each step is audited.

use bank::api::payments::approvals::{ApprovalRule, Decision, RuleList, WaitingList};
use bank::api::payments::transfers::TransferResult;
use bank::domain::accounts::money::Currency;
use bank::domain::ids::ProfileId;
use bank::domain::payments::request::TransferTermsBody;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use crate::transfers::{approved, local_terms, payer, submit, with};
use bank::domain::profiles::access::Role;

fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A director of the payer's business, with the full transaction right.
async fn director(bank: &TestBank, profile_id: &ProfileId) -> Customer {
    colleague(
        bank,
        profile_id,
        "dora@example.com",
        Role::Director,
        &["transaction:rw"],
    )
    .await
}

async fn balance(bank: &TestBank, account: &bank::store::bank_accounts::BankAccount) -> (i64, i64) {
    let a = reload(bank, account).await;
    (a.balance.booked, a.balance.available())
}

async fn pay(bank: &TestBank, who: &Customer, terms: &TransferTermsBody) -> (String, Reply) {
    let auth = who.bearer();
    let request = approved(bank, &auth, terms).await;
    let id = new_id();
    let reply = submit(bank, &auth, &with(terms, &id, &request)).await;
    (id, reply)
}

/// The profile's approval threshold for GBP; none removes the rule.
pub fn gbp_rule(threshold: Option<&str>) -> serde_json::Value {
    body(&ApprovalRule {
        currency: Some(Currency::Gbp),
        threshold: threshold.map(String::from),
    })
}

/// A decision on the waiting transfer `id`, approved with `request_id` (empty to reject).
fn decision(id: &str, request_id: &str) -> serde_json::Value {
    body(&Decision {
        id: id.into(),
        request_id: request_id.into(),
    })
}

on_both_backends!(
    a_transfer_above_the_threshold_waits_for_a_second_approval,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let owner = &p.customer;
        let dora = director(bank, &owner.profile_id).await;
        let rule = gbp_rule(Some("100.00"));
        let refused = send_json(
            bank,
            "PUT",
            "/v2/account-profiles/approval-rules",
            rule.clone(),
            &[("authorization", &dora.bearer())],
        )
        .await;
        assert_eq!(refused.status, 403);
        let set = send_json(
            bank,
            "PUT",
            "/v2/account-profiles/approval-rules",
            rule,
            &[("authorization", &owner.bearer())],
        )
        .await;
        assert_eq!(
            set.read::<RuleList>().results[0].threshold.as_deref(),
            Some("100.00")
        );

        // At the threshold: paid at once.
        let (_, at) = pay(bank, &dora, &local_terms(&p.gbp, "100.00", "Acme Ltd")).await;
        assert_eq!(at.read::<TransferResult>().status, "pending", "{}", at.body);
        let (booked, available) = balance(bank, &p.gbp).await;

        // Above it: held, not paid; a retry answers the same.
        let terms = local_terms(&p.gbp, "150.00", "Acme Ltd");
        let auth = dora.bearer();
        let request = approved(bank, &auth, &terms).await;
        let id = new_id();
        let waiting = submit(bank, &auth, &with(&terms, &id, &request)).await;
        assert_eq!(waiting.status, 200, "{}", waiting.body);
        assert_eq!(waiting.read::<TransferResult>().status, "awaiting_approval");
        assert!(waiting.read::<TransferResult>().transaction.is_none());
        assert_eq!(balance(bank, &p.gbp).await, (booked, available - 15_020));
        assert_eq!(
            submit(bank, &auth, &with(&terms, &id, &request))
                .await
                .read::<TransferResult>()
                .status,
            "awaiting_approval"
        );

        // The maker cannot approve their own transfer.
        let list = post(
            bank,
            "/v2/transactions/approvals/fetch",
            json!({}),
            &[("authorization", &auth)],
        )
        .await;
        assert!(!list.read::<WaitingList>().results[0].can_approve);
        let mine = post(
            bank,
            "/v2/transactions/approvals/approve",
            decision(&id, "x"),
            &[("authorization", &auth)],
        )
        .await;
        assert_eq!(mine.error().code, "own_transfer");

        // The owner approves with their own approval of the very terms, and it is paid once.
        let list = post(
            bank,
            "/v2/transactions/approvals/fetch",
            json!({}),
            &[("authorization", &owner.bearer())],
        )
        .await;
        let item = list.read::<WaitingList>().results.remove(0);
        assert!(item.can_approve);
        assert_eq!(item.amount, "150.00");
        assert_eq!(item.created_by, "Anna Smith");
        let owners = approved(bank, &owner.bearer(), &item.terms).await;
        let done = post(
            bank,
            "/v2/transactions/approvals/approve",
            decision(&id, &owners),
            &[("authorization", &owner.bearer())],
        )
        .await;
        assert_eq!(done.status, 200, "{}", done.body);
        assert_eq!(done.read::<TransferResult>().status, "pending");
        assert_eq!(
            balance(bank, &p.gbp).await,
            (booked - 15_020, available - 15_020)
        );
        let again = post(
            bank,
            "/v2/transactions/approvals/approve",
            decision(&id, &owners),
            &[("authorization", &owner.bearer())],
        )
        .await;
        assert_eq!(again.error().code, "already_decided");
        // The maker's retry now answers the payment.
        let retry = submit(bank, &auth, &with(&terms, &id, &request)).await;
        assert_eq!(
            retry.read::<TransferResult>().transaction_id(),
            done.read::<TransferResult>().transaction_id()
        );
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(
    a_rejection_releases_the_hold_and_owners_never_wait,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let owner = &p.customer;
        let dora = director(bank, &owner.profile_id).await;
        send_json(
            bank,
            "PUT",
            "/v2/account-profiles/approval-rules",
            gbp_rule(Some("100")),
            &[("authorization", &owner.bearer())],
        )
        .await;
        let before = balance(bank, &p.gbp).await;
        let (id, waiting) = pay(bank, &dora, &local_terms(&p.gbp, "300.00", "Acme Ltd")).await;
        assert_eq!(waiting.read::<TransferResult>().status, "awaiting_approval");
        let rejected = post(
            bank,
            "/v2/transactions/approvals/reject",
            decision(&id, ""),
            &[("authorization", &owner.bearer())],
        )
        .await;
        assert_eq!(
            rejected.read::<TransferResult>().status,
            "rejected",
            "{}",
            rejected.body
        );
        assert_eq!(
            balance(bank, &p.gbp).await,
            before,
            "the hold is released and nothing is paid"
        );
        let events = bank::store::audit::events_for(&bank.db, &owner.user_id)
            .await
            .unwrap();
        assert!(events.contains(&"transfer.rejected".to_string()));
        assert!(events.contains(&"team.approval_rule_set".to_string()));

        // An Account Owner's own transfer above the threshold is paid at once.
        let (_, own) = pay(bank, owner, &local_terms(&p.gbp, "300.00", "Acme Ltd")).await;
        assert_eq!(
            own.read::<TransferResult>().status,
            "pending",
            "{}",
            own.body
        );
        // Removing the rule: the director's large transfer goes at once too.
        send_json(
            bank,
            "PUT",
            "/v2/account-profiles/approval-rules",
            gbp_rule(None),
            &[("authorization", &owner.bearer())],
        )
        .await;
        let (_, free) = pay(bank, &dora, &local_terms(&p.gbp, "200.00", "Acme Ltd")).await;
        assert_eq!(free.read::<TransferResult>().status, "pending");
        ledger_is_sound(bank).await;
    }
);
