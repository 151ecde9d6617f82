//! Invitations (issue 13 point 3, and point 7's audit): the invite form's checks and
//! email_taken_already, the emailed single-use link, expiry after 7 days, resend and revoke,
//! accepting (the company joins the invitee's profiles with exactly the access given) and
//! declining, and the flag and rights that guard them.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;

fn form(email: &str, position: &str) -> Value {
    json!({"name": "Carl Price", "email": email, "position": position, "occupation": "", "agreement": true})
}

/// The token of the newest invitation link emailed to `email`.
async fn link_token(bank: &TestBank, email: &str) -> String {
    let body = last_message(bank, email).await.body;
    body.split("accept-invite?token=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

async fn team_statuses(bank: &TestBank, owner: &Customer) -> Vec<(String, String)> {
    let list = call(
        bank,
        owner,
        "POST",
        "/v2/account-profiles/users/fetch",
        json!({}),
    )
    .await;
    list.json()["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["email"].as_str().unwrap().to_string(),
                m["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

on_both_backends!(
    an_owner_invites_and_the_link_is_single_use_and_expires,
    |bank| {
        let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
        let invited = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            form("carl@example.com", "cfo"),
        )
        .await;
        assert_eq!(invited.status, 200, "{}", invited.body);
        let id = invited.json()["id"].as_str().unwrap().to_string();
        assert_eq!(invited.json()["state"], "invitation_pending");
        assert_eq!(
            invited.json()["rights"],
            json!(["transaction:r", "invoice:rw", "card_order:rw"])
        );
        let mail = last_message(bank, "carl@example.com").await;
        assert!(
            mail.body
                .contains("invited you to join Bennett & Hale Trading Ltd on Harbour as CFO"),
            "{}",
            mail.body
        );
        let token = link_token(bank, "carl@example.com").await;
        assert!(team_statuses(bank, &owner)
            .await
            .contains(&("carl@example.com".into(), "invitation_pending".into())));

        let verified = post(bank, "/v2/invitations/verify", json!({"token": token}), &[]).await;
        assert_eq!(verified.status, 200, "{}", verified.body);
        assert_eq!(verified.json()["profileName"], "Bennett & Hale Trading Ltd");
        let made_up = post(
            bank,
            "/v2/invitations/verify",
            json!({"token": "made-up"}),
            &[],
        )
        .await;
        assert_eq!(made_up.status, 404);
        assert_eq!(made_up.error().code, "invitation_not_found");
        assert!(made_up.json()["message"]
            .as_str()
            .unwrap()
            .starts_with("This invitation link is not valid."));

        // Seven days later the link has expired, and the team says so.
        sqlx::query("UPDATE invitations SET expires_at = 1 WHERE id = $1")
            .bind(&id)
            .execute(&bank.db.pool)
            .await
            .unwrap();
        let late = post(bank, "/v2/invitations/verify", json!({"token": token}), &[]).await;
        assert_eq!(late.status, 410);
        assert_eq!(late.error().code, "invitation_expired");
        assert!(team_statuses(bank, &owner)
            .await
            .contains(&("carl@example.com".into(), "invitation_expired".into())));

        // Resending gives a new link for another week; the old one stops working.
        let resent = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations/resend",
            json!({"id": id}),
        )
        .await;
        assert_eq!(resent.status, 200, "{}", resent.body);
        assert_eq!(resent.json()["message"], "Request was resent successfully");
        let fresh = link_token(bank, "carl@example.com").await;
        assert_ne!(fresh, token);
        assert_eq!(
            post(bank, "/v2/invitations/verify", json!({"token": token}), &[])
                .await
                .status,
            404
        );
        assert_eq!(
            post(bank, "/v2/invitations/verify", json!({"token": fresh}), &[])
                .await
                .status,
            200
        );

        // Revoked: the link is dead and the invitation leaves the team list.
        let revoked = call(bank, &owner, "DELETE", "/v2/invitations", json!({"id": id})).await;
        assert_eq!(revoked.json()["state"], "invitation_rejected");
        let dead = post(bank, "/v2/invitations/verify", json!({"token": fresh}), &[]).await;
        assert_eq!(dead.error().code, "invitation_answered");
        assert_eq!(team_statuses(bank, &owner).await.len(), 1);
        let events = bank::store::audit::events_for(&bank.db, &owner.user_id)
            .await
            .unwrap();
        for event in [
            "team.invited",
            "team.invitation_resent",
            "team.invitation_revoked",
        ] {
            assert!(events.contains(&event.to_string()), "{event}");
        }
    }
);

on_both_backends!(the_invite_form_is_checked_by_the_server, |bank| {
    let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let mut custom = form("carl@example.com", "custom");
    custom["agreement"] = json!(false);
    let reply = call(bank, &owner, "POST", "/v2/invitations", custom).await;
    assert_eq!(reply.status, 422);
    assert_eq!(
        reply.field_error("occupation"),
        "Position Other requires occupation"
    );
    assert_eq!(reply.field_error("agreement"), "Field is required");
    let admin = call(
        bank,
        &owner,
        "POST",
        "/v2/invitations",
        form("carl@example.com", "admin"),
    )
    .await;
    assert_eq!(admin.status, 422);
    // A registered email is marked on the form (SPEC §8).
    create_user(bank, "taken@example.com", "unused-hash").await;
    let taken = call(
        bank,
        &owner,
        "POST",
        "/v2/invitations",
        form("taken@example.com", "director"),
    )
    .await;
    assert_eq!(taken.status, 409);
    assert_eq!(taken.error().code, "email_taken_already");
    assert_eq!(
        call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            form("carl@example.com", "director")
        )
        .await
        .status,
        200
    );
    let twice = call(
        bank,
        &owner,
        "POST",
        "/v2/invitations",
        form("carl@example.com", "director"),
    )
    .await;
    assert_eq!(twice.error().code, "invitation_exists");
    let other = call(bank, &owner, "POST", "/v2/invitations",
        json!({"name": "Ann Lee", "email": "ann@example.com", "position": "custom", "occupation": "Bookkeeper", "agreement": true})).await;
    assert_eq!(other.json()["occupation"], "Bookkeeper");
    assert_eq!(
        other.json()["rights"],
        json!(["transaction:r", "card_order:rw"])
    );
    let occupations = bank.get("/v2/users/occupations", DESKTOP).await;
    assert!(occupations
        .json()
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o["value"] == "Bookkeeper"));

    // Only an Account Owner of a business invites, and only while the flag is on.
    let cfo = customer_with_role(
        bank,
        "cfo@example.com",
        "Other Ltd",
        "cfo",
        &["transaction:r"],
    )
    .await;
    assert_eq!(
        call(
            bank,
            &cfo,
            "POST",
            "/v2/invitations",
            form("x@example.com", "cfo")
        )
        .await
        .status,
        403
    );
    bank::store::features::set_override(&bank.db, "userInvite", false)
        .await
        .unwrap();
    assert_eq!(
        call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            form("y@example.com", "cfo")
        )
        .await
        .status,
        403
    );
});

on_both_backends!(
    the_invitee_accepts_or_declines_with_the_invited_email,
    |bank| {
        let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
        let id = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            form("carl@example.com", "accountant"),
        )
        .await
        .json()["id"]
            .as_str()
            .unwrap()
            .to_string();
        // Carl opened an account of his own before answering: the modal shows him the invitation.
        let carl = customer(bank, "carl@example.com", "Carl Price").await;
        let stranger = customer(bank, "eve@example.com", "Eve Ltd").await;
        let mine = call(
            bank,
            &carl,
            "POST",
            "/v2/invitations/fetch",
            json!({"side": "invitee"}),
        )
        .await;
        assert_eq!(mine.json()["results"][0]["id"], id.as_str());
        assert_eq!(
            call(bank, &stranger, "POST", "/v2/invitations/fetch", json!({}))
                .await
                .json()["results"],
            json!([])
        );
        assert_eq!(
            call(
                bank,
                &stranger,
                "POST",
                "/v2/invitations/accept",
                json!({"id": id})
            )
            .await
            .status,
            404
        );
        assert_eq!(
            call(
                bank,
                &stranger,
                "POST",
                "/v2/invitations/take",
                json!({"id": id})
            )
            .await
            .status,
            404
        );
        let sent = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations/fetch",
            json!({"side": "inviter"}),
        )
        .await;
        assert_eq!(sent.json()["results"].as_array().unwrap().len(), 1);

        let accepted = call(
            bank,
            &carl,
            "POST",
            "/v2/invitations/accept",
            json!({"id": id}),
        )
        .await;
        assert_eq!(accepted.status, 200, "{}", accepted.body);
        assert_eq!(accepted.json()["state"], "invitation_accepted");
        let profiles = call(bank, &carl, "POST", "/v2/account-profiles/fetch", json!({})).await;
        let joined = profiles.json()["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Bennett & Hale Trading Ltd")
            .cloned()
            .unwrap();
        assert_eq!(joined["myAccess"]["role"], "accountant");
        assert_eq!(
            joined["myAccess"]["rights"],
            json!(["transaction:r", "invoice:rw", "card_order:rw"])
        );
        // Answered once: a second accept is refused and adds nothing.
        let again = call(
            bank,
            &carl,
            "POST",
            "/v2/invitations/accept",
            json!({"id": id}),
        )
        .await;
        assert_eq!(again.error().code, "invitation_answered");
        assert_eq!(
            team_statuses(bank, &owner).await,
            vec![
                ("olivia@example.com".to_string(), "active".to_string()),
                ("carl@example.com".to_string(), "active".to_string()),
            ]
        );
        assert!(bank::store::audit::events_for(&bank.db, &carl.user_id)
            .await
            .unwrap()
            .contains(&"team.invitation_accepted".to_string()));

        // Another invitation, declined with its link.
        call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            form("dan@example.com", "director"),
        )
        .await;
        let token = link_token(bank, "dan@example.com").await;
        let dan = customer(bank, "dan@example.com", "Dan Ltd").await;
        let declined = call(
            bank,
            &dan,
            "POST",
            "/v2/invitations/decline",
            json!({"token": token}),
        )
        .await;
        assert_eq!(declined.json()["state"], "invitation_declined");
        assert!(team_statuses(bank, &owner)
            .await
            .contains(&("dan@example.com".into(), "invitation_declined".into())));
    }
);

on_both_backends!(
    a_live_invitation_link_logs_a_signed_in_visitor_out,
    |bank| {
        let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
        call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            form("carl@example.com", "cfo"),
        )
        .await;
        let token = link_token(bank, "carl@example.com").await;
        let cookie = format!("__Host-access={}", owner.token);
        // A made-up token leaves the session alone.
        page_with_cookie(bank, "/accept-invite?token=made-up", DESKTOP, &cookie).await;
        assert_eq!(
            call(
                bank,
                &owner,
                "POST",
                "/v2/account-profiles/fetch",
                json!({})
            )
            .await
            .status,
            200
        );
        page_with_cookie(
            bank,
            &format!("/accept-invite?token={token}"),
            DESKTOP,
            &cookie,
        )
        .await;
        assert_eq!(
            call(
                bank,
                &owner,
                "POST",
                "/v2/account-profiles/fetch",
                json!({})
            )
            .await
            .status,
            401
        );
    }
);

on_both_backends!(invitations_show_in_the_team_on_both_layouts, |bank| {
    let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let id = call(
        bank,
        &owner,
        "POST",
        "/v2/invitations",
        form("carl@example.com", "cfo"),
    )
    .await
    .json()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let cookie = format!("__Host-access={}", owner.token);
    let desktop = page_with_cookie(bank, "/client/details", DESKTOP, &cookie).await;
    assert!(
        desktop
            .body
            .contains("member-status member-status-blue\">Invitation pending</span>"),
        "{}",
        desktop.body
    );
    assert!(desktop.body.contains(">Resend</button>") && desktop.body.contains(">Revoke</button>"));
    assert!(desktop.body.contains(">Invite a team member</button>"));
    let mobile = page_with_cookie(bank, "/account", IPHONE, &cookie).await;
    assert!(mobile
        .body
        .contains(&format!("href=\"/account/users/invitation/{id}/view\"")));
    assert!(mobile.body.contains("href=\"/account/users/invite\""));
    let page = page_with_cookie(
        bank,
        &format!("/account/users/invitation/{id}/view"),
        IPHONE,
        &cookie,
    )
    .await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("CFO · carl@example.com"));
    let form = page_with_cookie(bank, "/account/users/invite", IPHONE, &cookie).await;
    assert_eq!(form.status, 200);
    assert!(form.body.contains("Send invitation"));
    // With the flag off, nobody is offered to invite, and the form's page is closed.
    bank::store::features::set_override(&bank.db, "userInvite", false)
        .await
        .unwrap();
    let desktop = page_with_cookie(bank, "/client/details", DESKTOP, &cookie).await;
    assert!(!desktop.body.contains("Invite a team member"));
    let closed = page_with_cookie(bank, "/account/users/invite", IPHONE, &cookie).await;
    assert_eq!(closed.header("location"), "/dashboard");
});

on_both_backends!(
    an_invitee_registers_from_the_link_and_joins_with_the_access_given,
    |bank| {
        let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
        call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            form("carl@example.com", "cfo"),
        )
        .await;
        let token = link_token(bank, "carl@example.com").await;

        // The link is for Carl's email only.
        let other = verified_email(bank, "mallory@example.com").await;
        let refused = post(bank, "/v2/users",
        json!({"password": "harbour2026", "onboardingFlow": "user_invited", "invitationToken": token,
            "acceptPolicies": true}),
        &[("cookie", &other)]).await;
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert_eq!(
            refused.field_error("email"),
            "This invitation was sent to another email address"
        );
        // Without a link, nobody signs up as an invited user.
        let registration = verified_email(bank, "carl@example.com").await;
        let bare = post(
            bank,
            "/v2/users",
            json!({"password": "harbour2026", "onboardingFlow": "user_invited"}),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(bare.status, 422);

        // The invitee accepts the bank's policies to join; without them nothing is created.
        let unaccepted = post(bank, "/v2/users",
        json!({"password": "harbour2026", "onboardingFlow": "user_invited", "invitationToken": token}),
        &[("cookie", &registration)]).await;
        assert_eq!(unaccepted.status, 422, "{}", unaccepted.body);
        assert_eq!(
            unaccepted.field_error("acceptPolicies"),
            "Field is required"
        );
        let joined = post(bank, "/v2/users",
        json!({"password": "harbour2026", "onboardingFlow": "user_invited", "invitationToken": token,
            "acceptPolicies": true}),
        &[("cookie", &registration)]).await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        let access = cookie_pair(&joined, "__Host-access");
        let session = send_json(
            bank,
            "GET",
            "/v2/session",
            json!({}),
            &[("cookie", &access)],
        )
        .await;
        assert_eq!(session.json()["onboardingFlow"], "user_invited");
        assert_eq!(session.json()["accessRole"], "cfo");
        // In the team while joining, and nothing of the company's money to see yet.
        assert!(team_statuses(bank, &owner)
            .await
            .contains(&("carl@example.com".into(), "in_progress".into())));
        let early = send_json(
            bank,
            "POST",
            "/v2/transactions/fetch",
            json!({}),
            &[("cookie", &access)],
        )
        .await;
        assert_eq!(early.status, 403);
        assert_eq!(early.error().code, "onboarding_incomplete");
        // The link was used: it opens nothing any more.
        let used = post(bank, "/v2/invitations/verify", json!({"token": token}), &[]).await;
        assert_eq!(used.error().code, "invitation_answered");

        // Once Carl's own checks are done he is in the dashboard set with exactly a CFO's access.
        let carl_id = bank::store::users::by_email(
            &bank.db,
            &bank::domain::auth::email::Email::parse("carl@example.com").unwrap(),
        )
        .await
        .unwrap()
        .unwrap()
        .id;
        let mut conn = bank.db.pool.acquire().await.unwrap();
        bank::store::users::move_status(
            &mut conn,
            &carl_id,
            &[bank::domain::onboarding::kyc::KycStatus::UserDataIncomplete],
            bank::domain::onboarding::kyc::KycStatus::Completed,
        )
        .await
        .unwrap();
        drop(conn);
        let session = send_json(
            bank,
            "GET",
            "/v2/session",
            json!({}),
            &[("cookie", &access)],
        )
        .await;
        assert!(session.json()["onboardingFlow"].is_null());
        assert_eq!(
            session.json()["accessRights"],
            json!(["transaction:r", "invoice:rw", "card_order:rw"])
        );
        let reads = send_json(
            bank,
            "POST",
            "/v2/recipients/fetch",
            json!({}),
            &[("cookie", &access)],
        )
        .await;
        assert_eq!(reads.status, 200, "{}", reads.body);
        let pays = send_json(
            bank,
            "PUT",
            "/v2/recipients",
            json!({}),
            &[("cookie", &access)],
        )
        .await;
        assert_eq!(pays.status, 403);
        assert!(team_statuses(bank, &owner)
            .await
            .contains(&("carl@example.com".into(), "active".into())));
    }
);

/// Registers Carl from Olivia's invitation and answers his user id.
async fn invited_carl(bank: &TestBank) -> bank::domain::ids::UserId {
    let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    call(
        bank,
        &owner,
        "POST",
        "/v2/invitations",
        form("carl@example.com", "cfo"),
    )
    .await;
    let token = link_token(bank, "carl@example.com").await;
    joins_from_invitation(bank, "carl@example.com", &token).await;
    bank::store::users::by_email(
        &bank.db,
        &bank::domain::auth::email::Email::parse("carl@example.com").unwrap(),
    )
    .await
    .unwrap()
    .unwrap()
    .id
}

fn login_form(body: &str) -> axum::http::Request<axum::body::Body> {
    axum::http::Request::post("/login")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("origin", ORIGIN)
        .body(axum::body::Body::from(body.to_string()))
        .unwrap()
}

on_both_backends!(
    an_invited_colleague_logs_in_only_with_the_current_policies_accepted,
    |bank| {
        let carl = invited_carl(bank).await;
        let version = bank::domain::policies::VERSION;
        let accepted = bank::store::policy_acceptances::accepted_at(&bank.db, &carl, version)
            .await
            .unwrap();
        assert!(accepted.is_some(), "accepted with the registration");
        let login = json!({"email": "carl@example.com", "password": "harbour2026"});
        let fine = post(bank, "/v2/auth/login", login.clone(), &[]).await;
        assert_eq!(fine.status, 200, "{}", fine.body);

        // Carl finishes his checks (his sign-up flow ends), then a newer version is published:
        // his acceptance is of an older one.
        let mut conn = bank.db.pool.acquire().await.unwrap();
        bank::store::users::move_status(
            &mut conn,
            &carl,
            &[bank::domain::onboarding::kyc::KycStatus::UserDataIncomplete],
            bank::domain::onboarding::kyc::KycStatus::Completed,
        )
        .await
        .unwrap();
        drop(conn);
        sqlx::query("UPDATE policy_acceptances SET version = '2020-01-01' WHERE user_id = $1")
            .bind(&carl)
            .execute(&bank.db.pool)
            .await
            .unwrap();
        let refused = post(bank, "/v2/auth/login", login.clone(), &[]).await;
        assert_eq!(refused.status, 403, "{}", refused.body);
        assert_eq!(refused.error().code, "policy_not_accepted");
        assert_eq!(
            refused.json()["message"],
            "Please accept the Terms and Conditions and the Privacy policy to continue."
        );
        assert!(
            refused
                .headers
                .get_all("set-cookie")
                .iter()
                .next()
                .is_none(),
            "no session without the policies"
        );
        // A wrong password learns nothing about the policies.
        let wrong = post(
            bank,
            "/v2/auth/login",
            json!({"email": "carl@example.com", "password": "not-his-password1", "acceptPolicies": true}),
            &[],
        )
        .await;
        assert_eq!(wrong.status, 401);
        assert!(
            bank::store::policy_acceptances::accepted_at(&bank.db, &carl, version)
                .await
                .unwrap()
                .is_none()
        );

        // Without JavaScript the form comes back with the policy error, then with the box ticked
        // it goes on.
        let form = bank
            .send(login_form("email=carl%40example.com&password=harbour2026"))
            .await;
        assert_eq!(form.status, 303);
        assert_eq!(form.header("location"), "/login?error=policy_not_accepted");
        let page = bank.get("/login?error=policy_not_accepted", DESKTOP).await;
        assert!(
            page.body.contains("Please accept the Terms and Conditions"),
            "{}",
            page.body
        );
        assert!(page.body.contains("name=\"acceptPolicies\""));
        assert!(page.body.contains("href=\"/terms-and-conditions\""));
        let ticked = bank
            .send(login_form(
                "email=carl%40example.com&password=harbour2026&acceptPolicies=on",
            ))
            .await;
        assert_eq!(ticked.status, 303);
        assert_ne!(
            ticked.header("location"),
            "/login?error=policy_not_accepted"
        );
        assert!(
            bank::store::policy_acceptances::accepted_at(&bank.db, &carl, version)
                .await
                .unwrap()
                .is_some()
        );
        let events = bank::store::audit::events_for(&bank.db, &carl)
            .await
            .unwrap();
        assert!(
            events.iter().any(|e| e == "auth.policies_accepted"),
            "{events:?}"
        );
        assert!(
            events.iter().any(|e| e == "auth.login_refused"),
            "{events:?}"
        );
        // Accepted once, asked no more.
        let again = post(bank, "/v2/auth/login", login, &[]).await;
        assert_eq!(again.status, 200, "{}", again.body);
    }
);
