//! Issue 32: the back office. With SPEC §1's adminPanel flag off none of it exists; a customer's
//! session reaches none of it; each staff role reaches only its duties (a matrix over the rights
//! table); every view and decision is in the staff audit log; the KYB decisions reach the
//! applicant exactly as `bank kyb` does. The passkey ceremonies themselves run in the browser
//! test (Chromium's virtual authenticator).

use bank::domain::backoffice::staff::{StaffRole, IDLE_MS, SESSION_MS};
use bank::domain::onboarding::kyc::KycStatus;
use bank::domain::profiles::rights::Need;
use bank::store::health::claim;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use crate::onboarding::{company, complete_wizard};

const STAFF_COOKIE: &str = "__Secure-staff";
const DESKTOP_AGENT: &str =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";

pub(crate) async fn open_back_office(bank: &TestBank) {
    bank::store::features::set_override(&bank.db, "adminPanel", true)
        .await
        .unwrap();
}

/// A member of staff as `bank staff add` makes them, enrolled (the passkey ceremony is the
/// browser test's) and signed in: their id and session cookie.
pub(crate) async fn staff(bank: &TestBank, email: &str, role: StaffRole) -> (String, String) {
    let (member, link) =
        bank::services::backoffice::staff::add(&bank.db, "https://bank.test", email, role)
            .await
            .unwrap();
    assert!(link.starts_with("https://bank.test/back-office/enrol?token="));
    sqlx::query("UPDATE staff SET enrolled_at = $1 WHERE id = $2")
        .bind(bank.db.now_ms())
        .bind(&member.id)
        .execute(&bank.db.pool)
        .await
        .unwrap();
    let token = bank::store::staff::open_session(&bank.db, &member.id, bank.db.now_ms())
        .await
        .unwrap();
    (member.id, format!("{STAFF_COOKIE}={token}"))
}

pub(crate) async fn as_staff(
    bank: &TestBank,
    cookie: &str,
    method: &str,
    path: &str,
    body: Value,
) -> Reply {
    send_json(bank, method, path, body, &[("cookie", cookie)]).await
}

/// A UK business whose details are in and whose review is waiting: its owner's id and bearer.
async fn business_in_review(bank: &TestBank, email: &str) -> (bank::domain::ids::UserId, String) {
    let (user_id, auth) = applicant(bank, email, "business", "profile_incomplete").await;
    complete_wizard(bank, &auth, &company()).await;
    bank::store::users::set_status(&bank.db, &user_id, KycStatus::KybPending)
        .await
        .unwrap();
    (user_id, auth)
}

pub(crate) async fn audit(
    bank: &TestBank,
    subject: Option<&str>,
) -> Vec<(Option<String>, String, String)> {
    bank::store::staff_audit::latest(&bank.db, subject, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|(who, action, _, reason, _, _)| (who, action, reason))
        .collect()
}

on_both_backends!(no_back_office_path_exists_with_the_flag_off, |bank| {
    let (_, cookie) = staff(bank, "rita@harbour.example", StaffRole::Compliance).await;
    // SPEC §1: the admin panel is off. Its pages and calls answer as unknown paths do.
    for path in ["/back-office", "/back-office/login", "/back-office/kyb"] {
        let page = page_with_cookie(bank, path, DESKTOP_AGENT, &cookie).await;
        assert_eq!(page.status, 404, "{path}");
        assert_eq!(page.body, "Not found", "{path}");
    }
    let me = as_staff(bank, &cookie, "GET", "/back-office/api/me", json!({})).await;
    assert_eq!(me.status, 404);
    assert_eq!(
        me.error().code,
        "not_found",
        "as an unknown API path answers"
    );
    let login = post(
        bank,
        "/back-office/api/log-in/options",
        json!({"email": "rita@harbour.example"}),
        &[],
    )
    .await;
    assert_eq!(login.status, 404);

    open_back_office(bank).await;
    let page = bank.get("/back-office/login", DESKTOP_AGENT).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Back office log in"), "{}", page.body);
    let me = as_staff(bank, &cookie, "GET", "/back-office/api/me", json!({})).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["role"], "compliance");
    let unknown = as_staff(bank, &cookie, "GET", "/back-office/api/nothing", json!({})).await;
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.error().code, "not_found");
});

on_both_backends!(a_customer_session_reaches_none_of_it, |bank| {
    open_back_office(bank).await;
    let owner = business_owner(bank).await;
    let (user_id, _) = business_in_review(bank, "ada@example.com").await;
    for (method, path, body) in [
        ("GET", "/back-office/api/me", json!({})),
        ("GET", "/back-office/api/kyb", json!({})),
        (
            "POST",
            "/back-office/api/kyb/case",
            json!({"userId": user_id.as_str()}),
        ),
        (
            "POST",
            "/back-office/api/kyb/decision",
            json!({"userId": user_id.as_str(), "decision": "approve"}),
        ),
    ] {
        let reply = call(bank, &owner, method, path, body).await;
        assert_eq!(reply.status, 401, "{method} {path}: {}", reply.body);
        assert_eq!(reply.error().code, "staff_session_required");
    }
    // A customer's page request with their own cookies renders the log-in, never their data.
    let customer_cookie = format!("__Host-access={}", owner.token);
    let page = page_with_cookie(bank, "/back-office/kyb", DESKTOP_AGENT, &customer_cookie).await;
    assert_eq!(page.status, 302);
    assert_eq!(page.header("location"), "/back-office");
    assert_eq!(
        bank::store::users::by_id(&bank.db, &user_id)
            .await
            .unwrap()
            .unwrap()
            .kyc_status,
        KycStatus::KybPending,
        "nothing was decided"
    );
});

on_both_backends!(each_staff_role_reaches_only_its_duties, |bank| {
    open_back_office(bank).await;
    let nobody = uuid::Uuid::new_v4().to_string();
    for role in StaffRole::ALL {
        let (_, cookie) = staff(bank, &format!("{}@harbour.example", role.as_str()), *role).await;
        for (method, path, need) in bank::api::rights::API {
            let Need::Staff(duty) = need else { continue };
            let body = json!({ "userId": nobody, "decision": "approve" });
            let reply = as_staff(bank, &cookie, method, path, body).await;
            if role.may(*duty) {
                assert!(
                    matches!(reply.status.as_u16(), 200 | 404 | 422),
                    "{role} {method} {path}: {} {}",
                    reply.status,
                    reply.body
                );
            } else {
                assert_eq!(reply.status, 403, "{role} {method} {path}: {}", reply.body);
            }
        }
    }
});

on_both_backends!(
    staff_sessions_end_idle_after_eight_hours_and_at_log_out,
    |bank| {
        open_back_office(bank).await;
        let me = |cookie: String| async move {
            as_staff(bank, &cookie, "GET", "/back-office/api/me", json!({}))
                .await
                .status
        };
        let (id, cookie) = staff(bank, "ida@harbour.example", StaffRole::Support).await;
        assert_eq!(me(cookie.clone()).await, 200);
        bank::store::staff::age_sessions(&bank.db, &id, IDLE_MS + 1000)
            .await
            .unwrap();
        assert_eq!(me(cookie).await, 401, "15 idle minutes end it");

        let (id, cookie) = staff(bank, "eve@harbour.example", StaffRole::Support).await;
        // Busy all day: each step is a few minutes after the last, until eight hours are up.
        for _ in 0..(SESSION_MS / (10 * 60_000)) - 1 {
            bank::store::staff::age_sessions(&bank.db, &id, 10 * 60_000)
                .await
                .unwrap();
            assert_eq!(me(cookie.clone()).await, 200);
        }
        bank::store::staff::age_sessions(&bank.db, &id, 10 * 60_000)
            .await
            .unwrap();
        assert_eq!(me(cookie).await, 401, "eight hours at most");

        let (_, cookie) = staff(bank, "lou@harbour.example", StaffRole::Support).await;
        let out = as_staff(bank, &cookie, "POST", "/back-office/api/log-out", json!({})).await;
        assert_eq!(out.status, 200);
        let cleared = set_cookies(&out).join("\n");
        assert!(cleared.contains("__Secure-staff=;"), "{cleared}");
        assert!(cleared.contains("Path=/back-office"), "{cleared}");
        assert_eq!(me(cookie).await, 401);
        let logged = audit(bank, None).await;
        assert!(logged
            .iter()
            .any(|(who, action, _)| action == "staff.logged_out"
                && who.as_deref() == Some("lou@harbour.example")));
    }
);

on_both_backends!(
    enrolment_links_are_one_time_and_log_in_is_passkey_only,
    |bank| {
        open_back_office(bank).await;
        let (member, link) = bank::services::backoffice::staff::add(
            &bank.db,
            "https://bank.test",
            "Nia@Harbour.example",
            StaffRole::Admin,
        )
        .await
        .unwrap();
        assert_eq!(member.email, "nia@harbour.example");
        let again = bank::services::backoffice::staff::add(
            &bank.db,
            "https://bank.test",
            "nia@harbour.example",
            StaffRole::Support,
        )
        .await;
        assert!(again.is_err(), "one member per email");
        let token = link.split_once("token=").unwrap().1;

        let bad = post(
            bank,
            "/back-office/api/enrolment/fetch",
            json!({"token": "nope"}),
            &[],
        )
        .await;
        assert_eq!(bad.status, 410);
        assert_eq!(bad.error().code, "enrolment_link_invalid");
        let good = post(
            bank,
            "/back-office/api/enrolment/fetch",
            json!({"token": token}),
            &[],
        )
        .await;
        assert_eq!(
            good.json(),
            json!({"email": "nia@harbour.example", "role": "admin"})
        );
        let options = post(
            bank,
            "/back-office/api/enrolment/options",
            json!({"token": token}),
            &[],
        )
        .await;
        assert_eq!(options.status, 200, "{}", options.body);
        let options = options.json();
        assert_eq!(options["publicKey"]["user"]["name"], "nia@harbour.example");
        assert_eq!(
            options["publicKey"]["authenticatorSelection"]["userVerification"],
            "required"
        );
        // A forged answer keeps nothing and leaves the link usable.
        let forged = post(
            bank,
            "/back-office/api/enrolment",
            json!({"token": token, "ceremonyId": options["ceremonyId"], "credential": {"id": "x"}}),
            &[],
        )
        .await;
        assert_eq!(forged.status, 401);
        assert!(set_cookies(&forged).is_empty());
        let reused = post(
            bank,
            "/back-office/api/enrolment",
            json!({"token": token, "ceremonyId": options["ceremonyId"], "credential": {"id": "x"}}),
            &[],
        )
        .await;
        assert_eq!(
            reused.error().code,
            "staff_login_expired",
            "a ceremony is answered once"
        );

        // Not enrolled yet, or unknown: no passkey to sign in with, said the same way.
        for email in ["nia@harbour.example", "nobody@harbour.example"] {
            let refused = post(
                bank,
                "/back-office/api/log-in/options",
                json!({"email": email}),
                &[],
            )
            .await;
            assert_eq!(refused.status, 401);
            assert_eq!(refused.error().code, "staff_login_failed");
        }
        let empty = post(
            bank,
            "/back-office/api/log-in/options",
            json!({"email": " "}),
            &[],
        )
        .await;
        assert_eq!(empty.field_error("email"), "Field is required");
    }
);

on_both_backends!(
    kyb_decisions_reach_the_applicant_as_the_command_did,
    |bank| {
        open_back_office(bank).await;
        let (_, cookie) = staff(bank, "cora@harbour.example", StaffRole::Compliance).await;
        let (ada, ada_auth) = business_in_review(bank, "ada@example.com").await;
        let (bob, _) = business_in_review(bank, "bob@example.com").await;
        let (cyd, _) = business_in_review(bank, "cyd@example.com").await;

        let queue = as_staff(bank, &cookie, "GET", "/back-office/api/kyb", json!({})).await;
        assert_eq!(queue.status, 200, "{}", queue.body);
        let waiting: Vec<String> = queue.json()["waiting"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["email"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(
            waiting,
            ["ada@example.com", "bob@example.com", "cyd@example.com"]
        );

        let case = as_staff(
            bank,
            &cookie,
            "POST",
            "/back-office/api/kyb/case",
            json!({"userId": ada.as_str()}),
        )
        .await;
        assert_eq!(case.status, 200, "{}", case.body);
        let case = case.json();
        assert_eq!(case["business"]["name"], company().name);
        assert_eq!(case["summary"]["status"], "kyb_pending");
        // The coded answers come with what they mean, for a reader who did not fill the wizard.
        let labels = &case["labels"];
        assert_eq!(labels["GB"], "United Kingdom");
        assert_eq!(labels["DE"], "Germany");
        assert_eq!(labels["ltd"], "Private limited company (Ltd)");
        assert!(
            labels["wholesale_retail"].as_str().unwrap().len() > 10,
            "{labels}"
        );
        assert!(labels["suppliers"].is_string(), "{labels}");

        // Request more: a note is needed; the applicant sees it, answers, and is back in the queue.
        let decide = |user: &bank::domain::ids::UserId, decision: &str, note: Option<&str>| {
            let body = json!({"userId": user.as_str(), "decision": decision, "note": note});
            let cookie = cookie.clone();
            async move { as_staff(bank, &cookie, "POST", "/back-office/api/kyb/decision", body).await }
        };
        let no_note = decide(&ada, "request_more", None).await;
        assert_eq!(
            no_note.field_error("note"),
            "Say what the business needs to send"
        );
        let asked = decide(&ada, "request_more", Some("Your latest annual accounts")).await;
        assert_eq!(asked.json()["status"], "kyb_requested");
        assert!(last_message(bank, "ada@example.com")
            .await
            .body
            .contains("Your latest annual accounts"));
        let take = post(
            bank,
            "/v2/onboardings/take",
            json!({}),
            &[("authorization", &ada_auth)],
        )
        .await;
        assert_eq!(take.json()["reviewNote"], "Your latest annual accounts");
        let answered = post(
            bank,
            "/v2/onboardings/additional-info",
            json!({"text": "Filed on 1 May"}),
            &[("authorization", &ada_auth)],
        )
        .await;
        assert_eq!(answered.status, 200, "{}", answered.body);

        let approved = decide(&ada, "approve", None).await;
        assert_eq!(approved.json()["status"], "registration_fee_assigned");
        assert!(last_message(bank, "ada@example.com")
            .await
            .subject
            .contains("application"));
        let twice = decide(&ada, "reject", None).await;
        assert_eq!(twice.status, 409);
        assert_eq!(twice.error().code, "not_in_review");
        let rejected = decide(&bob, "reject", None).await;
        assert_eq!(rejected.json()["status"], "rejected");
        // The command stays, on the same service.
        let by_command = bank::services::onboarding::review::decide_business(
            &bank.db,
            &bank::providers::notify::Notifications::new(&bank.db, true, None).unwrap(),
            "Harbour",
            "cyd@example.com",
            bank::domain::onboarding::review::KybDecision::Approve,
            None,
        )
        .await
        .unwrap();
        assert_eq!(by_command, KycStatus::RegistrationFeeAssigned);
        let _ = cyd;
        let left = as_staff(bank, &cookie, "GET", "/back-office/api/kyb", json!({})).await;
        assert_eq!(left.json()["waiting"], json!([]));

        // Every view and decision is in the audit log: who, what, why.
        let about_ada = audit(bank, Some(ada.as_str())).await;
        let cora = Some("cora@harbour.example".to_string());
        for (action, reason) in [
            ("customer.viewed", "KYB review"),
            ("kyb.decided", "KYB review"),
        ] {
            assert!(
                about_ada
                    .iter()
                    .any(|entry| entry == &(cora.clone(), action.into(), reason.into())),
                "{action}: {about_ada:?}"
            );
        }
        assert_eq!(
            about_ada
                .iter()
                .filter(|(_, action, _)| action == "kyb.decided")
                .count(),
            2,
            "request more, then approve"
        );
        assert!(audit(bank, None)
            .await
            .iter()
            .any(|(_, action, _)| action == "queue.viewed"));
    }
);

async fn status_of(bank: &TestBank, user_id: &bank::domain::ids::UserId) -> KycStatus {
    bank::store::users::by_id(&bank.db, user_id)
        .await
        .unwrap()
        .unwrap()
        .kyc_status
}

on_both_backends!(
    a_customer_is_found_opened_with_a_reason_and_restricted,
    |bank| {
        open_back_office(bank).await;
        let (_, support) = staff(bank, "sue@harbour.example", StaffRole::Support).await;
        let (_, compliance) = staff(bank, "cora@harbour.example", StaffRole::Compliance).await;
        let owner = business_owner(bank).await;
        let iban = open_account(
            bank,
            &owner.profile_id,
            bank::domain::accounts::money::Currency::Gbp,
            true,
        )
        .await
        .iban;
        let email = bank::store::users::by_id(&bank.db, &owner.user_id)
            .await
            .unwrap()
            .unwrap()
            .email;

        let find = |query: String| {
            let support = support.clone();
            async move {
                let reply = as_staff(
                    bank,
                    &support,
                    "POST",
                    "/back-office/api/customers/search",
                    json!({"query": query}),
                )
                .await;
                assert_eq!(reply.status, 200, "{}", reply.body);
                reply.json()["customers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["userId"].as_str().unwrap().to_string())
                    .collect::<Vec<_>>()
            }
        };
        let spaced: String = iban
            .chars()
            .collect::<Vec<_>>()
            .chunks(4)
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join(" ");
        for query in [email.to_uppercase(), "Bennett & Hale".to_string(), spaced] {
            assert_eq!(
                find(query.clone()).await,
                [owner.user_id.to_string()],
                "{query}"
            );
        }
        assert!(find("nobody-like-this".into()).await.is_empty());
        let short = as_staff(
            bank,
            &support,
            "POST",
            "/back-office/api/customers/search",
            json!({"query": "a"}),
        )
        .await;
        assert_eq!(short.field_error("query"), "Type at least 2 characters");

        let open = |reason: &str| {
            let body = json!({"userId": owner.user_id.as_str(), "reason": reason});
            let support = support.clone();
            async move {
                as_staff(
                    bank,
                    &support,
                    "POST",
                    "/back-office/api/customers/record",
                    body,
                )
                .await
            }
        };
        assert_eq!(
            open("").await.field_error("reason"),
            "Say why, in a few words"
        );
        let record = open("Customer called about a card").await;
        assert_eq!(record.status, 200, "{}", record.body);
        let record = record.json();
        let accounts = record["profiles"][0]["accounts"].as_array().unwrap();
        assert!(
            accounts.iter().any(|a| a["iban"] == iban.as_str()),
            "{accounts:?}"
        );
        assert_eq!(record["kycStatus"], "completed");
        let viewed = audit(bank, Some(owner.user_id.as_str())).await;
        assert!(viewed.contains(&(
            Some("sue@harbour.example".into()),
            "customer.viewed".into(),
            "Customer called about a card".into()
        )));

        // Support may not restrict; compliance restricts with a reason.
        let body = json!({"userId": owner.user_id.as_str(), "reason": "Suspicious payments"});
        assert_eq!(
            as_staff(
                bank,
                &support,
                "POST",
                "/back-office/api/customers/restrict",
                body.clone()
            )
            .await
            .status,
            403
        );
        assert_eq!(status_of(bank, &owner.user_id).await, KycStatus::Completed);
        let restricted = as_staff(
            bank,
            &compliance,
            "POST",
            "/back-office/api/customers/restrict",
            body.clone(),
        )
        .await;
        assert_eq!(restricted.json()["status"], "account_restricted");
        assert_eq!(
            status_of(bank, &owner.user_id).await,
            KycStatus::AccountRestricted
        );
        let again = as_staff(
            bank,
            &compliance,
            "POST",
            "/back-office/api/customers/restrict",
            body,
        )
        .await;
        assert_eq!(again.status, 409);

        // Ending the customer's sessions logs them out everywhere.
        let ended = as_staff(
            bank,
            &support,
            "POST",
            "/back-office/api/customers/sessions/end",
            json!({"userId": owner.user_id.as_str(), "reason": "Lost phone"}),
        )
        .await;
        assert_eq!(ended.json()["ended"], 1);
        let after = call(bank, &owner, "GET", "/v2/users/passkeys", json!({})).await;
        assert_eq!(after.status, 401);
    }
);

on_both_backends!(four_eyes_lift_a_restriction_and_add_staff, |bank| {
    open_back_office(bank).await;
    let (_, ann) = staff(bank, "ann@harbour.example", StaffRole::Compliance).await;
    let (_, bea) = staff(bank, "bea@harbour.example", StaffRole::Compliance).await;
    let (_, sue) = staff(bank, "sue@harbour.example", StaffRole::Support).await;
    let owner = business_owner(bank).await;
    bank::services::backoffice::customers::restrict(&bank.db, None, &owner.user_id, "test")
        .await
        .unwrap();

    let lift = json!({"kind": "lift_restriction", "userId": owner.user_id.as_str(), "reason": "Documents received"});
    assert_eq!(
        as_staff(
            bank,
            &sue,
            "POST",
            "/back-office/api/proposals",
            lift.clone()
        )
        .await
        .status,
        403
    );
    let made = as_staff(
        bank,
        &ann,
        "POST",
        "/back-office/api/proposals",
        lift.clone(),
    )
    .await;
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.json()["id"].as_str().unwrap().to_string();
    let twice = as_staff(bank, &ann, "POST", "/back-office/api/proposals", lift).await;
    assert_eq!(twice.error().code, "already_proposed");
    assert_eq!(
        status_of(bank, &owner.user_id).await,
        KycStatus::AccountRestricted,
        "proposing changes nothing"
    );

    let listed = as_staff(bank, &bea, "GET", "/back-office/api/proposals", json!({}))
        .await
        .json();
    assert_eq!(listed["proposals"][0]["mineToDecide"], true);
    let own_list = as_staff(bank, &ann, "GET", "/back-office/api/proposals", json!({}))
        .await
        .json();
    assert_eq!(own_list["proposals"][0]["mineToDecide"], false);

    let decide = |cookie: String, approve: bool| {
        let body = json!({"id": id, "approve": approve});
        async move {
            as_staff(
                bank,
                &cookie,
                "POST",
                "/back-office/api/proposals/decision",
                body,
            )
            .await
        }
    };
    let own = decide(ann.clone(), true).await;
    assert_eq!(own.status, 403);
    assert_eq!(own.error().code, "own_proposal");
    assert_eq!(
        decide(sue.clone(), true).await.status,
        403,
        "support lacks the duty"
    );
    assert_eq!(
        status_of(bank, &owner.user_id).await,
        KycStatus::AccountRestricted
    );
    let approved = decide(bea.clone(), true).await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    assert_eq!(status_of(bank, &owner.user_id).await, KycStatus::Completed);
    assert_eq!(
        decide(bea.clone(), true).await.error().code,
        "proposal_closed"
    );
    let history = audit(bank, Some(owner.user_id.as_str())).await;
    for (who, action) in [
        ("ann@harbour.example", "proposal.made"),
        ("bea@harbour.example", "proposal.approved"),
        ("bea@harbour.example", "customer.restriction_lifted"),
    ] {
        assert!(
            history.iter().any(|(w, a, r)| w.as_deref() == Some(who)
                && a == action
                && r == "Documents received"),
            "{who} {action}: {history:?}"
        );
    }

    // Adding staff: an admin proposes, another approves and receives the enrolment link.
    let (_, ada) = staff(bank, "ada@harbour.example", StaffRole::Admin).await;
    let (_, max) = staff(bank, "max@harbour.example", StaffRole::Admin).await;
    let add = json!({"kind": "add_staff", "email": "new@harbour.example", "role": "operations", "reason": "New starter"});
    assert_eq!(
        as_staff(
            bank,
            &ann,
            "POST",
            "/back-office/api/proposals",
            add.clone()
        )
        .await
        .status,
        403
    );
    let made = as_staff(bank, &ada, "POST", "/back-office/api/proposals", add).await;
    let id = made.json()["id"].as_str().unwrap().to_string();
    assert!(
        bank::store::staff::by_email(&bank.db, "new@harbour.example")
            .await
            .unwrap()
            .is_none()
    );
    let rejected = as_staff(
        bank,
        &max,
        "POST",
        "/back-office/api/proposals/decision",
        json!({"id": id, "approve": false}),
    )
    .await;
    assert_eq!(rejected.status, 200);
    assert!(
        bank::store::staff::by_email(&bank.db, "new@harbour.example")
            .await
            .unwrap()
            .is_none()
    );
    let add = json!({"kind": "add_staff", "email": "new@harbour.example", "role": "operations", "reason": "New starter, again"});
    let id = as_staff(bank, &ada, "POST", "/back-office/api/proposals", add)
        .await
        .json()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let approved = as_staff(
        bank,
        &max,
        "POST",
        "/back-office/api/proposals/decision",
        json!({"id": id, "approve": true}),
    )
    .await;
    let link = approved.json()["enrolmentLink"]
        .as_str()
        .unwrap()
        .to_string();
    let token = link.split_once("token=").unwrap().1;
    let enrolment = post(
        bank,
        "/back-office/api/enrolment/fetch",
        json!({"token": token}),
        &[],
    )
    .await;
    assert_eq!(
        enrolment.json(),
        json!({"email": "new@harbour.example", "role": "operations"})
    );
});

on_both_backends!(an_unapproved_proposal_lapses_after_a_day, |bank| {
    open_back_office(bank).await;
    let (_, ann) = staff(bank, "ann@harbour.example", StaffRole::Compliance).await;
    let (_, bea) = staff(bank, "bea@harbour.example", StaffRole::Compliance).await;
    let owner = business_owner(bank).await;
    bank::services::backoffice::customers::restrict(&bank.db, None, &owner.user_id, "test")
        .await
        .unwrap();
    let lift = json!({"kind": "lift_restriction", "userId": owner.user_id.as_str(), "reason": "Documents received"});
    let id = as_staff(
        bank,
        &ann,
        "POST",
        "/back-office/api/proposals",
        lift.clone(),
    )
    .await
    .json()["id"]
        .as_str()
        .unwrap()
        .to_string();
    sqlx::query(
        "UPDATE staff_proposals SET proposed_at = proposed_at - $1, expires_at = expires_at - $1",
    )
    .bind(bank::domain::backoffice::proposals::APPROVAL_WINDOW_MS)
    .execute(&bank.db.pool)
    .await
    .unwrap();
    let late = as_staff(
        bank,
        &bea,
        "POST",
        "/back-office/api/proposals/decision",
        json!({"id": id, "approve": true}),
    )
    .await;
    assert_eq!(late.error().code, "proposal_closed");
    assert_eq!(
        status_of(bank, &owner.user_id).await,
        KycStatus::AccountRestricted
    );
    // A lapsed proposal does not stop the change being proposed again.
    let again = as_staff(bank, &ann, "POST", "/back-office/api/proposals", lift).await;
    assert_eq!(again.status, 200, "{}", again.body);
});

on_both_backends!(the_dashboard_shows_the_banks_health, |bank| {
    open_back_office(bank).await;
    let (_, cookie) = staff(bank, "ops@harbour.example", StaffRole::Operations).await;
    let health = || {
        let cookie = cookie.clone();
        async move {
            let reply = as_staff(bank, &cookie, "GET", "/back-office/api/health", json!({})).await;
            assert_eq!(reply.status, 200, "{}", reply.body);
            reply.json()
        }
    };
    let before = health().await;
    assert_eq!(before["ledger"], Value::Null, "no check has run yet");
    assert_eq!(before["suspense"], json!([]));

    // Money for an account nobody has waits in suspense.
    bank::providers::sandbox_payments::credit_at(
        &bank.db,
        "GB33BUKB20201555555555",
        "125.50",
        "Unknown Payer",
        "INV-9",
        bank.db.now_ms(),
    )
    .await
    .unwrap();
    applicant(bank, "grace@example.com", "business", "kyb_pending").await;
    bank::store::health::job_failed(&bank.db, "settling due transfers", "database is locked")
        .await
        .unwrap();
    assert!(bank::jobs::check_ledger(&bank.db).await.unwrap().is_empty());

    let after = health().await;
    assert_eq!(
        after["suspense"],
        json!([{"currency": "GBP", "total": "£125.50"}])
    );
    assert_eq!(after["ledger"]["sound"], true);
    assert_eq!(after["ledger"]["detail"], "the ledger is sound");
    assert!(after["signUps"]
        .as_array()
        .unwrap()
        .contains(&json!({"status": "kyb_pending", "count": 1})));
    assert_eq!(after["jobFailures"][0]["job"], "settling due transfers");
    assert_eq!(after["jobFailures"][0]["lastError"], "database is locked");
});

on_both_backends!(an_admin_changes_a_flag_with_who_and_why, |bank| {
    open_back_office(bank).await;
    let (_, admin) = staff(bank, "nia@harbour.example", StaffRole::Admin).await;
    let (_, support) = staff(bank, "sue@harbour.example", StaffRole::Support).await;
    let change =
        json!({"name": "chatWidget", "on": true, "reason": "Trying the chat with support"});
    assert_eq!(
        as_staff(
            bank,
            &support,
            "POST",
            "/back-office/api/flags",
            change.clone()
        )
        .await
        .status,
        403
    );
    let no_reason = as_staff(
        bank,
        &admin,
        "POST",
        "/back-office/api/flags",
        json!({"name": "chatWidget", "on": true, "reason": ""}),
    )
    .await;
    assert_eq!(no_reason.field_error("reason"), "Say why, in a few words");
    let set = as_staff(bank, &admin, "POST", "/back-office/api/flags", change).await;
    assert_eq!(set.status, 200, "{}", set.body);
    let chat = set.json()["flags"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "chatWidget")
        .cloned()
        .unwrap();
    assert_eq!(chat["on"], true);
    assert_eq!(chat["configured"], false, "SPEC §1: chatWidget off");
    assert_eq!(chat["changedBy"], "nia@harbour.example");
    assert_eq!(chat["changedWhy"], "Trying the chat with support");
    // Customers see it at once.
    let features = bank.get("/v1/features", DESKTOP_AGENT).await.json();
    assert!(
        features
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["name"] == "chatWidget" && f["state"] == "on"),
        "{features}"
    );
    let back = as_staff(
        bank,
        &admin,
        "POST",
        "/back-office/api/flags",
        json!({"name": "chatWidget", "on": null, "reason": "Trial over"}),
    )
    .await;
    let chat = back.json()["flags"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "chatWidget")
        .cloned()
        .unwrap();
    assert_eq!(
        (chat["on"].clone(), chat["overridden"].clone()),
        (json!(false), Value::Null)
    );
});

on_both_backends!(
    support_answers_messages_call_backs_and_chats_from_one_inbox,
    |bank| {
        open_back_office(bank).await;
        bank::store::features::set_override(&bank.db, "chatWidget", true)
            .await
            .unwrap();
        let (_, sue) = staff(bank, "sue@harbour.example", StaffRole::Support).await;
        let (_, cora) = staff(bank, "cora@harbour.example", StaffRole::Compliance).await;
        let owner = business_owner(bank).await;
        let contact = json!({
            "name": "Olivia Bennett",
            "email": "olivia.b@example.com",
            "subject": "A card that did not arrive",
            "request": "I ordered a card two weeks ago.",
            "source": "dashboard",
        });
        assert_eq!(
            call(bank, &owner, "POST", "/v1/utils/contact-form", contact)
                .await
                .status,
            200
        );
        let callback = json!({"name": "Amir Khan", "company": "Khan Logistics Ltd", "email": "amir@khan-logistics.example", "phone": "07700 900123"});
        assert_eq!(
            post(bank, "/v1/utils/call-back", callback, &[])
                .await
                .status,
            200
        );
        let line = json!({"clientId": "line-0001", "text": "Is anyone there?"});
        assert_eq!(
            call(bank, &owner, "POST", "/v2/support/chat", line)
                .await
                .status,
            200
        );

        assert_eq!(
            as_staff(bank, &cora, "GET", "/back-office/api/inbox", json!({}))
                .await
                .status,
            403
        );
        let inbox = as_staff(bank, &sue, "GET", "/back-office/api/inbox", json!({})).await;
        assert_eq!(inbox.status, 200, "{}", inbox.body);
        let inbox = inbox.json();
        let kinds: Vec<&str> = inbox["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["kind"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["contact_form", "call_back"]);
        assert_eq!(inbox["chats"][0]["lastLine"], "Is anyone there?");
        assert_eq!(inbox["chats"][0]["waiting"], 1);
        let message_id = inbox["messages"][0]["id"].as_str().unwrap().to_string();
        let chat_id = owner.user_id.to_string();

        let act = |path: &'static str, body: Value| {
            let sue = sue.clone();
            async move { as_staff(bank, &sue, "POST", path, body).await }
        };
        let taken = act(
            "/back-office/api/inbox/take",
            json!({"kind": "message", "id": message_id}),
        )
        .await;
        assert_eq!(
            taken.json()["messages"][0]["assignedTo"],
            "sue@harbour.example"
        );
        let empty = act(
            "/back-office/api/inbox/answer",
            json!({"kind": "message", "id": message_id, "text": " "}),
        )
        .await;
        assert_eq!(empty.field_error("text"), "Field is required");
        let answered = act(
            "/back-office/api/inbox/answer",
            json!({"kind": "message", "id": message_id, "text": "Your new card left us today."}),
        )
        .await;
        assert_eq!(answered.json()["messages"][0]["status"], "answered");
        let mail = last_message(bank, "olivia.b@example.com").await;
        assert!(
            mail.subject.starts_with("Re: A card that did not arrive"),
            "{}",
            mail.subject
        );
        assert!(mail.body.contains("Your new card left us today."));

        let chat = act(
            "/back-office/api/inbox/answer",
            json!({"kind": "chat", "id": chat_id, "text": "Yes, how can I help?"}),
        )
        .await;
        assert_eq!(chat.json()["chats"][0]["waiting"], 0);
        let seen = call(
            bank,
            &owner,
            "POST",
            "/v2/support/chat/fetch",
            json!({"open": true}),
        )
        .await
        .json();
        assert_eq!(seen["lines"][1]["text"], "Yes, how can I help?");
        assert_eq!(seen["lines"][1]["author"], "support");

        let closed = act(
            "/back-office/api/inbox/close",
            json!({"kind": "message", "id": message_id}),
        )
        .await;
        assert_eq!(
            closed.json()["messages"].as_array().unwrap().len(),
            1,
            "the call-back stays"
        );
        let twice = act(
            "/back-office/api/inbox/answer",
            json!({"kind": "message", "id": message_id, "text": "Again"}),
        )
        .await;
        assert_eq!(twice.error().code, "message_closed");
        let closed = act(
            "/back-office/api/inbox/close",
            json!({"kind": "chat", "id": chat_id}),
        )
        .await;
        assert_eq!(closed.json()["chats"], json!([]));
        // The customer writes again: the chat is back.
        let again = json!({"clientId": "line-0002", "text": "One more thing"});
        assert_eq!(
            call(bank, &owner, "POST", "/v2/support/chat", again)
                .await
                .status,
            200
        );
        let back = as_staff(bank, &sue, "GET", "/back-office/api/inbox", json!({}))
            .await
            .json();
        assert_eq!(back["chats"][0]["lastLine"], "One more thing");

        let logged = audit(bank, None).await;
        for action in ["inbox.taken", "inbox.answered", "inbox.closed"] {
            assert!(logged.iter().any(|(who, a, _)| a == action && who.as_deref() == Some("sue@harbour.example")), "{action}");
        }
    }
);

on_both_backends!(an_admin_disables_a_member_at_once, |bank| {
    open_back_office(bank).await;
    let (admin_id, ada) = staff(bank, "ada@harbour.example", StaffRole::Admin).await;
    let (sue_id, sue) = staff(bank, "sue@harbour.example", StaffRole::Support).await;
    let listed = as_staff(bank, &ada, "GET", "/back-office/api/staff", json!({})).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    let members = listed.json()["members"].clone();
    assert_eq!(members[0]["email"], "ada@harbour.example");
    assert_eq!(members[0]["you"], true);
    assert_eq!(members[1]["role"], "support");
    assert_eq!(members[1]["disabledAt"], Value::Null);

    let disable = |id: &str, reason: &str| {
        let body = json!({"staffId": id, "reason": reason});
        as_staff(bank, &ada, "POST", "/back-office/api/staff/disable", body)
    };
    assert_eq!(
        disable(&sue_id, "").await.field_error("reason"),
        "Say why, in a few words"
    );
    assert_eq!(disable(&admin_id, "Leaving").await.error().code, "yourself");
    let done = disable(&sue_id, "Left the bank").await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert!(done.json()["members"][1]["disabledAt"].is_string());
    let me = as_staff(bank, &sue, "GET", "/back-office/api/me", json!({})).await;
    assert_eq!(me.status, 401, "her session ended");
    assert_eq!(
        disable(&sue_id, "Left the bank").await.error().code,
        "not_active"
    );
    let logged = audit(bank, Some(&sue_id)).await;
    assert_eq!(
        (logged[0].1.as_str(), logged[0].2.as_str()),
        ("staff.disabled", "Left the bank")
    );
});

on_both_backends!(
    identity_checks_that_need_a_look_are_queued_for_compliance,
    |bank| {
        use bank::domain::onboarding::review::Review;
        open_back_office(bank).await;
        let (_, cora) = staff(bank, "cora@harbour.example", StaffRole::Compliance).await;
        let mut people = Vec::new();
        for (email, review) in [
            ("waiting@example.com", Review::Submitted),
            ("retry@example.com", Review::Retry),
            ("refused@example.com", Review::Rejected),
            ("fine@example.com", Review::Approved),
        ] {
            let (user_id, _) = applicant(bank, email, "personal", "to_verify").await;
            bank::store::identity_checks::record(
                &bank.db,
                &user_id,
                "sandbox",
                "applicant-1",
                review,
                bank.db.now_ms(),
            )
            .await
            .unwrap();
            people.push(user_id);
        }
        let queue = || async {
            let reply = as_staff(
                bank,
                &cora,
                "GET",
                "/back-office/api/identity-checks",
                json!({}),
            )
            .await;
            assert_eq!(reply.status, 200, "{}", reply.body);
            reply.json()["checks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    (
                        c["email"].as_str().unwrap().to_string(),
                        c["why"].as_str().unwrap().to_string(),
                    )
                })
                .collect::<Vec<_>>()
        };
        let refused = ("refused@example.com".to_string(), "refused".to_string());
        assert_eq!(queue().await, vec![refused.clone()], "fresh checks wait");
        // The checks age (the staff session would idle out if the clock moved instead).
        let age = |ms: i64| async move {
            sqlx::query("UPDATE identity_checks SET updated_at = updated_at - $1")
                .bind(ms)
                .execute(&bank.db.pool)
                .await
                .unwrap();
        };
        age(2 * 3_600_000).await;
        assert_eq!(
            queue().await,
            vec![
                ("waiting@example.com".to_string(), "stalled".to_string()),
                refused.clone()
            ]
        );
        age(3 * 24 * 3_600_000).await;
        let three_days = queue().await;
        assert_eq!(three_days.len(), 3, "{three_days:?}");
        assert!(three_days.contains(&("retry@example.com".to_string(), "stuck".to_string())));
        assert!(
            !three_days
                .iter()
                .any(|(email, _)| email == "fine@example.com"),
            "approved checks never"
        );
        assert!(audit(bank, None)
            .await
            .iter()
            .any(|(_, action, _)| action == "queue.viewed"));
    }
);

on_both_backends!(
    one_process_of_a_fleet_checks_the_ledger_each_quarter,
    |bank| {
        let quarter = 15 * 60_000;
        let now = bank.db.now_ms();
        let (a, b) = tokio::join!(
            claim(&bank.db, "ledger", now, now - quarter),
            claim(&bank.db, "ledger", now, now - quarter)
        );
        let claims = [a.unwrap(), b.unwrap()];
        assert_eq!(claims.iter().filter(|c| **c).count(), 1, "{claims:?}");
        let soon = now + 60_000;
        assert!(!claim(&bank.db, "ledger", soon, soon - quarter)
            .await
            .unwrap());
        let next = now + quarter;
        assert!(claim(&bank.db, "ledger", next, next - quarter)
            .await
            .unwrap());
    }
);
