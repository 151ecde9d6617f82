//! Issue 13 point 1: the rights table covers the whole router, and the router honours it. Every
//! call that needs a signed-in person or a member is made as each role (and as nobody); where the
//! table refuses, the answer is 401, 403 or 404 and nothing in the database changed. Every page
//! of the dashboard set is opened as each role; where its guard refuses, the server redirects to
//! the dashboard.

use axum::body::Body;
use axum::http::Request;

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::rights::{API, PAGES};
use bank::domain::accounts::money::Currency;
use bank::domain::profiles::access::{Access, Role};
use bank::domain::profiles::rights::{Facts, Need};

/// The roles of SPEC §6 with the rights an owner might give them.
const ROLES: &[(&str, &[&str])] = &[
    ("admin", &[]),
    (
        "director",
        &[
            "transaction:rw",
            "invoice:rw",
            "loan:rw",
            "mortgage:rw",
            "merchant:rw",
            "factoring:rw",
        ],
    ),
    ("cfo", &["transaction:r", "invoice:rw"]),
    ("accountant", &["transaction:r", "invoice:rw"]),
    ("custom", &["transaction:r"]),
    // A card user loads no accounts, whatever rights it was given.
    ("card_user", &["transaction:rw", "card:rw"]),
    ("user", &[]),
    ("none", &[]),
];

/// Rows per table: what "nothing changed" compares.
async fn snapshot(bank: &TestBank) -> Vec<(String, i64)> {
    let tables: Vec<(String,)> = match bank.db.backend {
        bank::store::Backend::Sqlite => {
            sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                .fetch_all(&bank.db.pool)
                .await
                .unwrap()
        }
        bank::store::Backend::Postgres => sqlx::query_as(
            "SELECT CAST(table_name AS TEXT) FROM information_schema.tables \
             WHERE table_schema = 'public' ORDER BY table_name",
        )
        .fetch_all(&bank.db.pool)
        .await
        .unwrap(),
    };
    let mut counts = Vec::new();
    for (table,) in tables {
        let (count,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
        counts.push((table, count));
    }
    counts
}

async fn call(bank: &TestBank, method: &str, path: &str, auth: Option<&str>) -> Reply {
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("origin", ORIGIN)
        .header("content-type", "application/json");
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    let body = if method == "GET" {
        Body::empty()
    } else {
        Body::from("{}")
    };
    bank.send(request.body(body).unwrap()).await
}

fn allowed(need: Need, role: Role, rights: &[&str]) -> bool {
    let access = Access::new(
        role,
        &rights.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
    );
    match need {
        Need::Public | Need::Signed | Need::User => true,
        // The back office is staff's alone (tests/http/back_office.rs).
        Need::Staff(_) => false,
        Need::Member(rule) => rule.allows(&Facts {
            access: &access,
            business: true,
            uk_primary: true,
            complete: true,
            flag_on: &|_| true,
        }),
    }
}

on_both_backends!(every_call_honours_the_rights_table, |bank| {
    // Nobody signed in: everything beyond the public calls is refused.
    let before = snapshot(bank).await;
    for (method, path, need) in API {
        if matches!(need, Need::User | Need::Member(_)) {
            let reply = call(bank, method, path, None).await;
            assert_eq!(
                reply.status, 401,
                "{method} {path} without a session: {}",
                reply.body
            );
        }
    }
    assert_eq!(snapshot(bank).await, before);

    for (i, (role, rights)) in ROLES.iter().enumerate() {
        let member = customer_with_role(
            bank,
            &format!("m{i}@example.com"),
            "Bennett & Hale Trading Ltd",
            role,
            rights,
        )
        .await;
        open_account(bank, &member.profile_id, Currency::Gbp, true).await;
        open_account(bank, &member.profile_id, Currency::Eur, false).await;
        let auth = member.bearer();
        let role = Role::parse(role).unwrap();
        for (method, path, need) in API {
            if !matches!(need, Need::Member(_)) {
                continue;
            }
            let before = snapshot(bank).await;
            let reply = call(bank, method, path, Some(&auth)).await;
            if allowed(*need, role, rights) {
                assert!(
                    !(reply.status == 403 && reply.error().code == "forbidden"),
                    "{role} may {method} {path} by the table, but was refused: {}",
                    reply.body
                );
            } else {
                assert!(
                    [403, 404].contains(&reply.status.as_u16()),
                    "{role} may not {method} {path}, yet got {}: {}",
                    reply.status,
                    reply.body
                );
                assert_eq!(
                    snapshot(bank).await,
                    before,
                    "{role} {method} {path} changed something"
                );
            }
        }
    }
});

on_both_backends!(every_dashboard_page_honours_its_guard, |bank| {
    for (i, (role, rights)) in ROLES.iter().enumerate() {
        let member = customer_with_role(
            bank,
            &format!("p{i}@example.com"),
            "Bennett & Hale Trading Ltd",
            role,
            rights,
        )
        .await;
        open_account(bank, &member.profile_id, Currency::Gbp, true).await;
        open_account(bank, &member.profile_id, Currency::Eur, false).await;
        let cookie = format!("__Host-access={}", member.token);
        let parsed = Role::parse(role).unwrap();
        for (pattern, rule) in PAGES {
            // The approval page needs the request it approves (else the app sends it away).
            let path = pattern
                .replace("/transfer/approve", "/transfer/approve?request=r&id=i")
                .replace("{realmId}", "1")
                .replace("{userId}", &member.user_id)
                .replace("{path}", "roaming")
                .replace("{cardId}", "00000000-0000-0000-0000-000000000000")
                .replace("{recipientId}", "00000000-0000-0000-0000-000000000000");
            // SPEC §2: some pages exist in one layout only (the other sends to the dashboard).
            let agents: &[&str] = match *pattern {
                "/bank-accounts/details" | "/client/details" | "/terms-and-policies" => &[DESKTOP],
                "/account"
                | "/account/users/{userId}/view"
                | "/account/users/invite"
                | "/cards/benefits"
                | "/cards/benefits/{path}"
                | "/cards/transactions"
                | "/cards/corporate"
                | "/cards/corporate/invite"
                | "/cards/corporate/{cardId}/view" => &[IPHONE],
                // An invitation's page needs an invitation (else the app sends it back).
                "/account/users/invitation/{invitationId}/view" => &[],
                _ => &[DESKTOP, IPHONE],
            };
            for agent in agents.iter().copied() {
                let page = page_with_cookie(bank, &path, agent, &cookie).await;
                let refused = page.status == 302 && page.header("location") == "/dashboard";
                if allowed(Need::Member(*rule), parsed, rights) {
                    assert!(
                        !refused,
                        "{role} may open {path}, but was sent to the dashboard"
                    );
                } else {
                    assert!(
                        refused,
                        "{role} may not open {path}, yet got {} {}",
                        page.status,
                        page.header("location")
                    );
                }
            }
        }
    }
});

#[test]
fn the_table_covers_every_documented_call_once() {
    assert_eq!(
        bank::api::rights::check_coverage(&bank::api::openapi()),
        Ok(())
    );
}

on_both_backends!(
    the_server_keeps_manager_pages_from_an_incomplete_account,
    |bank| {
        // A restricted account is in the app but not complete: the manager's pages (SPEC §6) are
        // closed by the server's guard, which the app itself does not repeat for them.
        let owner = customer(bank, "owner@example.com", "Bennett & Hale Trading Ltd").await;
        open_account(bank, &owner.profile_id, Currency::Gbp, true).await;
        bank::store::users::set_status(
            &bank.db,
            &owner.user_id,
            bank::domain::onboarding::kyc::KycStatus::AccountRestricted,
        )
        .await
        .unwrap();
        let cookie = format!("__Host-access={}", owner.token);
        for path in ["/statement", "/proof-letter", "/transfer/1"] {
            let page = page_with_cookie(bank, path, DESKTOP, &cookie).await;
            assert_eq!(
                (page.status.as_u16(), page.header("location")),
                (302, "/dashboard"),
                "{path}"
            );
        }
        let home = page_with_cookie(bank, "/dashboard", DESKTOP, &cookie).await;
        assert_eq!(home.status, 200);
    }
);
