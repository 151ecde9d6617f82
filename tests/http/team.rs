//! A profile's team (issue 13 point 2, and point 7's audit of it): the list with statuses, one
//! member, changes of access and removals by the Account Owner only, each audited, and a removed
//! member losing the profile at once.

use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::accounts::transactions::FetchInput;
use bank::api::profiles::users::{AccessChange, MemberRef, Removed, TeamList, TeamMember};
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::request::{Sender, TransferTermsBody};
use bank::domain::profiles::access::Role;
use bank::domain::profiles::team::MemberStatus;

async fn members(bank: &TestBank, who: &Customer) -> Vec<TeamMember> {
    let list = call(
        bank,
        who,
        "POST",
        "/v2/account-profiles/users/fetch",
        json!({}),
    )
    .await;
    assert_eq!(list.status, 200, "{}", list.body);
    list.read::<TeamList>().results
}

pub fn member(id: &str) -> serde_json::Value {
    body(&MemberRef { id: id.into() })
}

/// An owner's business with a CFO in it; answers (owner, cfo).
async fn team(bank: &TestBank) -> (Customer, Customer) {
    let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let cfo = colleague(
        bank,
        &owner.profile_id,
        "carl@example.com",
        Role::Cfo,
        &["transaction:r", "invoice:rw"],
    )
    .await;
    (owner, cfo)
}

on_both_backends!(the_team_list_shows_members_and_their_status, |bank| {
    let (owner, cfo) = team(bank).await;
    // A member still verifying themselves is in progress.
    bank::store::users::set_status(
        &bank.db,
        &cfo.user_id,
        bank::domain::onboarding::kyc::KycStatus::ToVerify,
    )
    .await
    .unwrap();
    let results = members(bank, &owner).await;
    assert_eq!(results.len(), 2);
    assert_eq!(results[0].role, Role::Admin);
    assert!(results[0].is_me);
    assert_eq!(results[0].status, MemberStatus::Active);
    assert_eq!(results[1].email, "carl@example.com");
    assert_eq!(results[1].status, MemberStatus::InProgress);
    assert_eq!(results[1].rights, ["transaction:r", "invoice:rw"]);
    let one = call(
        bank,
        &owner,
        "POST",
        "/v2/account-profiles/users/take",
        member(&cfo.user_id),
    )
    .await;
    assert_eq!(one.read::<TeamMember>().role, Role::Cfo);
    let none = call(
        bank,
        &owner,
        "POST",
        "/v2/account-profiles/users/take",
        member("nobody"),
    )
    .await;
    assert_eq!(none.status, 404);
    // A member still verifying themselves acts for no company yet (issue 26 point 4).
    let early = call(
        bank,
        &cfo,
        "POST",
        "/v2/account-profiles/users/fetch",
        json!({}),
    )
    .await;
    assert_eq!(early.status, 403, "{}", early.body);
    assert_eq!(early.error().code, "account_not_ready");
    bank::store::users::set_status(
        &bank.db,
        &cfo.user_id,
        bank::domain::onboarding::kyc::KycStatus::Completed,
    )
    .await
    .unwrap();
    // Members see the team; a stranger's profile is not theirs to see.
    assert_eq!(
        call(
            bank,
            &cfo,
            "POST",
            "/v2/account-profiles/users/fetch",
            json!({})
        )
        .await
        .status,
        200
    );
    let stranger = customer(bank, "tom@example.com", "Tom Fischer").await;
    assert_eq!(members(bank, &stranger).await.len(), 1);
});

on_both_backends!(
    only_the_owner_changes_access_and_each_change_is_audited,
    |bank| {
        let (owner, cfo) = team(bank).await;
        let change = |role: Role, rights: &[&str]| {
            body(&AccessChange {
                id: cfo.user_id.to_string(),
                role: Some(role),
                occupation: None,
                rights: rights.iter().map(|r| r.to_string()).collect(),
            })
        };
        // The CFO may not change anyone, not even themselves.
        let refused = call(
            bank,
            &cfo,
            "PATCH",
            "/v2/account-profiles/users/access",
            change(Role::Director, &["transaction:rw"]),
        )
        .await;
        assert_eq!(refused.status, 403, "{}", refused.body);

        let changed = call(
            bank,
            &owner,
            "PATCH",
            "/v2/account-profiles/users/access",
            change(Role::Accountant, &["transaction:rw", "invoice:r"]),
        )
        .await;
        assert_eq!(changed.status, 200, "{}", changed.body);
        let changed: TeamMember = changed.read();
        assert_eq!(changed.role, Role::Accountant);
        assert_eq!(
            changed.rights,
            ["transaction:rw", "invoice:r", "card_order:rw"]
        );
        // The new rights apply to the member's very next call.
        let terms = TransferTermsBody {
            amount: "1.00".into(),
            sender: Sender {
                bank_account_id: "x".into(),
            },
            scheme: Some(Scheme::Local),
            ..Default::default()
        };
        let pays = call(
            bank,
            &cfo,
            "POST",
            "/v2/transactions/fees/take",
            body(&terms),
        )
        .await;
        assert_ne!(pays.status, 403, "{}", pays.body);

        for (body, field, message) in [
            (
                change(Role::Custom, &[]),
                "occupation",
                "Position Other requires occupation",
            ),
            (
                change(Role::Admin, &[]),
                "role",
                "Choose Director, CFO, Accountant or Other",
            ),
            (
                change(Role::Cfo, &["vault:rw"]),
                "rights",
                "'vault:rw' is not a right",
            ),
        ] {
            let reply = call(
                bank,
                &owner,
                "PATCH",
                "/v2/account-profiles/users/access",
                body,
            )
            .await;
            assert_eq!(reply.status, 422, "{}", reply.body);
            assert_eq!(reply.field_error(field), message);
        }
        let bookkeeper = AccessChange {
            id: cfo.user_id.to_string(),
            role: Some(Role::Custom),
            occupation: Some("Bookkeeper".into()),
            rights: vec!["transaction:r".into()],
        };
        let custom = call(
            bank,
            &owner,
            "PATCH",
            "/v2/account-profiles/users/access",
            body(&bookkeeper),
        )
        .await;
        assert_eq!(
            custom.read::<TeamMember>().occupation.as_deref(),
            Some("Bookkeeper")
        );
        // An Account Owner's own access is fixed.
        let own = call(
            bank,
            &owner,
            "PATCH",
            "/v2/account-profiles/users/access",
            body(&AccessChange {
                id: owner.user_id.to_string(),
                role: Some(Role::User),
                ..Default::default()
            }),
        )
        .await;
        assert_eq!(own.status, 409);
        assert_eq!(own.error().code, "owner_access_fixed");

        let events = bank::store::audit::events_for(&bank.db, &owner.user_id)
            .await
            .unwrap();
        assert_eq!(
            events
                .iter()
                .filter(|e| *e == "team.access_changed")
                .count(),
            2
        );
        let (detail,): (String,) = sqlx::query_as("SELECT detail FROM audit_log WHERE event = 'team.access_changed' ORDER BY created_at, id LIMIT 1")
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
        let detail: serde_json::Value = serde_json::from_str(&detail).unwrap();
        assert_eq!(detail["member"], cfo.user_id.as_str());
        assert_eq!(detail["from"]["role"], "cfo");
        assert_eq!(detail["to"]["role"], "accountant");
    }
);

on_both_backends!(a_removed_member_loses_the_profile_at_once, |bank| {
    let (owner, cfo) = team(bank).await;
    let cookie = format!("profile={}", owner.profile_id);
    let before = send_json(
        bank,
        "POST",
        "/v2/transactions/fetch",
        body(&FetchInput {
            bank_account_id: Some("x".into()),
            ..Default::default()
        }),
        &[("authorization", &cfo.bearer()), ("cookie", &cookie)],
    )
    .await;
    assert_ne!(before.status, 403, "{}", before.body);
    let refused = call(
        bank,
        &cfo,
        "DELETE",
        "/v2/account-profiles/users/access",
        member(&owner.user_id),
    )
    .await;
    assert_eq!(refused.status, 403);
    let removed = call(
        bank,
        &owner,
        "DELETE",
        "/v2/account-profiles/users/access",
        member(&cfo.user_id),
    )
    .await;
    assert_eq!(removed.status, 200, "{}", removed.body);
    assert_eq!(removed.read::<Removed>().id, cfo.user_id.as_str());
    // The same session, the same profile cookie: the profile is gone from it.
    let after = send_json(
        bank,
        "POST",
        "/v2/bank-accounts/fetch",
        json!({}),
        &[("authorization", &cfo.bearer()), ("cookie", &cookie)],
    )
    .await;
    assert_eq!(after.status, 403, "{}", after.body);
    assert_eq!(after.error().code, "no_profile");
    let again = call(
        bank,
        &owner,
        "DELETE",
        "/v2/account-profiles/users/access",
        member(&cfo.user_id),
    )
    .await;
    assert_eq!(again.status, 404);
    assert_eq!(members(bank, &owner).await.len(), 1);
    assert!(bank::store::audit::events_for(&bank.db, &owner.user_id)
        .await
        .unwrap()
        .contains(&"team.member_removed".to_string()));
});

on_both_backends!(the_team_renders_on_the_server_in_both_layouts, |bank| {
    let (owner, cfo) = team(bank).await;
    let cookie = |who: &Customer| format!("__Host-access={}", who.token);
    let desktop = page_with_cookie(bank, "/client/details", DESKTOP, &cookie(&owner)).await;
    assert_eq!(desktop.status, 200);
    assert!(
        desktop.body.contains("<h2 id=\"team-title\">Team</h2>"),
        "{}",
        desktop.body
    );
    assert!(desktop
        .body
        .contains("member-status member-status-green\">Active</span>"));
    assert!(desktop.body.contains("CFO · carl@example.com"));
    assert!(
        desktop.body.contains("Change access"),
        "the owner may change access"
    );
    let mobile = page_with_cookie(bank, "/account", IPHONE, &cookie(&owner)).await;
    let link = format!("href=\"/account/users/{}/view\"", cfo.user_id);
    assert!(mobile.body.contains(&link), "{}", mobile.body);
    let member = page_with_cookie(
        bank,
        &format!("/account/users/{}/view", cfo.user_id),
        IPHONE,
        &cookie(&owner),
    )
    .await;
    assert_eq!(member.status, 200);
    assert!(member.body.contains("Save access"));
    // The CFO sees the team but no way to change it.
    let theirs = page_with_cookie(bank, "/client/details", DESKTOP, &cookie(&cfo)).await;
    assert!(theirs.body.contains("Account Owner · olivia@example.com"));
    assert!(!theirs.body.contains("Change access"));
});
