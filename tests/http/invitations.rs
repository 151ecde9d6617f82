//! Invitations (issue 13 point 3, and point 7's audit): the invite form's checks and
//! email_taken_already, the emailed single-use link, expiry after 7 days, resend and revoke,
//! accepting (the company joins the invitee's profiles with exactly the access given) and
//! declining, and the flag and rights that guard them.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::auth::LoginInput;
use bank::api::profiles::invitations::{
    FetchBody, InvitationList, InvitationRef, InvitationView, InviteBody, Resent, Side,
};
use bank::api::profiles::users::TeamList;
use bank::api::profiles::ProfileList;
use bank::api::session_state::SessionState;
use bank::api::signup::CreateInput;
use bank::domain::onboarding::kyc::OnboardingFlow;
use bank::domain::profiles::access::Role;
use bank::domain::profiles::invitation::InvitationState;

/// Carl Price invited at `email` as `position`.
pub fn invite(email: &str, position: Role) -> InviteBody {
    InviteBody {
        name: "Carl Price".into(),
        email: email.into(),
        position: Some(position),
        agreement: true,
        ..Default::default()
    }
}

fn form(email: &str, position: Role) -> Value {
    body(&invite(email, position))
}

pub fn by_id(id: &str) -> Value {
    body(&InvitationRef {
        id: id.into(),
        ..Default::default()
    })
}

fn by_token(token: &str) -> Value {
    body(&InvitationRef {
        token: token.into(),
        ..Default::default()
    })
}

fn side(side: Side) -> Value {
    body(&FetchBody { side: Some(side) })
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
    list.read::<TeamList>()
        .results
        .into_iter()
        .map(|m| (m.email, m.status.as_str().to_string()))
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
            form("carl@example.com", Role::Cfo),
        )
        .await;
        assert_eq!(invited.status, 200, "{}", invited.body);
        let invited: InvitationView = invited.read();
        let id = invited.id;
        assert_eq!(invited.state, InvitationState::InvitationPending);
        assert_eq!(
            invited.rights,
            ["transaction:r", "invoice:rw", "card_order:rw"]
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

        let verified = post(bank, "/v2/invitations/verify", by_token(&token), &[]).await;
        assert_eq!(verified.status, 200, "{}", verified.body);
        assert_eq!(
            verified.read::<InvitationView>().profile_name,
            "Bennett & Hale Trading Ltd"
        );
        let made_up = post(bank, "/v2/invitations/verify", by_token("made-up"), &[]).await;
        assert_eq!(made_up.status, 404);
        assert_eq!(made_up.error().code, "invitation_not_found");
        assert!(made_up
            .error()
            .message
            .starts_with("This invitation link is not valid."));

        // Seven days later the link has expired, and the team says so.
        sqlx::query("UPDATE invitations SET expires_at = 1 WHERE id = $1")
            .bind(&id)
            .execute(&bank.db.pool)
            .await
            .unwrap();
        let late = post(bank, "/v2/invitations/verify", by_token(&token), &[]).await;
        assert_eq!(late.status, 410);
        assert_eq!(late.error().code, "invitation_expired");
        assert!(team_statuses(bank, &owner)
            .await
            .contains(&("carl@example.com".into(), "invitation_expired".into())));

        // Resending gives a new link for another week; the old one stops working.
        let resent = call(bank, &owner, "POST", "/v2/invitations/resend", by_id(&id)).await;
        assert_eq!(resent.status, 200, "{}", resent.body);
        assert_eq!(
            resent.read::<Resent>().message,
            "Request was resent successfully"
        );
        let fresh = link_token(bank, "carl@example.com").await;
        assert_ne!(fresh, token);
        assert_eq!(
            post(bank, "/v2/invitations/verify", by_token(&token), &[])
                .await
                .status,
            404
        );
        assert_eq!(
            post(bank, "/v2/invitations/verify", by_token(&fresh), &[])
                .await
                .status,
            200
        );

        // Revoked: the link is dead and the invitation leaves the team list.
        let revoked = call(bank, &owner, "DELETE", "/v2/invitations", by_id(&id)).await;
        assert_eq!(
            revoked.read::<InvitationView>().state,
            InvitationState::InvitationRejected
        );
        let dead = post(bank, "/v2/invitations/verify", by_token(&fresh), &[]).await;
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
    let custom = InviteBody {
        agreement: false,
        ..invite("carl@example.com", Role::Custom)
    };
    let reply = call(bank, &owner, "POST", "/v2/invitations", body(&custom)).await;
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
        form("carl@example.com", Role::Admin),
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
        form("taken@example.com", Role::Director),
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
            form("carl@example.com", Role::Director)
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
        form("carl@example.com", Role::Director),
    )
    .await;
    assert_eq!(twice.error().code, "invitation_exists");
    let bookkeeper = InviteBody {
        name: "Ann Lee".into(),
        occupation: "Bookkeeper".into(),
        ..invite("ann@example.com", Role::Custom)
    };
    let other: InvitationView = call(bank, &owner, "POST", "/v2/invitations", body(&bookkeeper))
        .await
        .read();
    assert_eq!(other.occupation.as_deref(), Some("Bookkeeper"));
    assert_eq!(other.rights, ["transaction:r", "card_order:rw"]);
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
            form("x@example.com", Role::Cfo)
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
            form("y@example.com", Role::Cfo)
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
            form("carl@example.com", Role::Accountant),
        )
        .await
        .read::<InvitationView>()
        .id;
        // Carl opened an account of his own before answering: the modal shows him the invitation.
        let carl = customer(bank, "carl@example.com", "Carl Price").await;
        let stranger = customer(bank, "eve@example.com", "Eve Ltd").await;
        let mine = call(
            bank,
            &carl,
            "POST",
            "/v2/invitations/fetch",
            side(Side::Invitee),
        )
        .await;
        assert_eq!(mine.read::<InvitationList>().results[0].id, id);
        assert!(
            call(bank, &stranger, "POST", "/v2/invitations/fetch", json!({}))
                .await
                .read::<InvitationList>()
                .results
                .is_empty()
        );
        assert_eq!(
            call(
                bank,
                &stranger,
                "POST",
                "/v2/invitations/accept",
                by_id(&id)
            )
            .await
            .status,
            404
        );
        assert_eq!(
            call(bank, &stranger, "POST", "/v2/invitations/take", by_id(&id))
                .await
                .status,
            404
        );
        let sent = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations/fetch",
            side(Side::Inviter),
        )
        .await;
        assert_eq!(sent.read::<InvitationList>().results.len(), 1);

        let accepted = call(bank, &carl, "POST", "/v2/invitations/accept", by_id(&id)).await;
        assert_eq!(accepted.status, 200, "{}", accepted.body);
        assert_eq!(
            accepted.read::<InvitationView>().state,
            InvitationState::InvitationAccepted
        );
        let profiles = call(bank, &carl, "POST", "/v2/account-profiles/fetch", json!({})).await;
        let joined = profiles
            .read::<ProfileList>()
            .results
            .into_iter()
            .find(|p| p.name == "Bennett & Hale Trading Ltd")
            .expect("the company among Carl's profiles");
        assert_eq!(joined.my_access.role, Role::Accountant);
        assert_eq!(
            joined.my_access.rights,
            ["transaction:r", "invoice:rw", "card_order:rw"]
        );
        // Answered once: a second accept is refused and adds nothing.
        let again = call(bank, &carl, "POST", "/v2/invitations/accept", by_id(&id)).await;
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
            form("dan@example.com", Role::Director),
        )
        .await;
        let token = link_token(bank, "dan@example.com").await;
        let dan = customer(bank, "dan@example.com", "Dan Ltd").await;
        let declined = call(
            bank,
            &dan,
            "POST",
            "/v2/invitations/decline",
            by_token(&token),
        )
        .await;
        assert_eq!(
            declined.read::<InvitationView>().state,
            InvitationState::InvitationDeclined
        );
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
            form("carl@example.com", Role::Cfo),
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
        form("carl@example.com", Role::Cfo),
    )
    .await
    .read::<InvitationView>()
    .id;
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
            form("carl@example.com", Role::Cfo),
        )
        .await;
        let token = link_token(bank, "carl@example.com").await;

        // The link is for Carl's email only.
        let other = verified_email(bank, "mallory@example.com").await;
        let refused = post(
            bank,
            "/v2/users",
            body(&invited_signup(&token)),
            &[("cookie", &other)],
        )
        .await;
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
            body(&CreateInput {
                invitation_token: None,
                ..invited_signup("")
            }),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(bare.status, 422);

        // The invitee accepts the bank's policies to join; without them nothing is created.
        let unaccepted = post(
            bank,
            "/v2/users",
            body(&CreateInput {
                accept_policies: false,
                ..invited_signup(&token)
            }),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(unaccepted.status, 422, "{}", unaccepted.body);
        assert_eq!(
            unaccepted.field_error("acceptPolicies"),
            "Field is required"
        );
        let joined = post(
            bank,
            "/v2/users",
            body(&invited_signup(&token)),
            &[("cookie", &registration)],
        )
        .await;
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
        let session: SessionState = session.read();
        assert_eq!(session.onboarding_flow, Some(OnboardingFlow::UserInvited));
        assert_eq!(session.access_role, Role::Cfo);
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
        let used = post(bank, "/v2/invitations/verify", by_token(&token), &[]).await;
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
        let session: SessionState = session.read();
        assert!(session.onboarding_flow.is_none());
        assert_eq!(
            session.access_rights,
            ["transaction:r", "invoice:rw", "card_order:rw"]
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
        form("carl@example.com", Role::Cfo),
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
        let login = login_body("carl@example.com", "harbour2026");
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
            refused.error().message,
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
            body(&LoginInput {
                email: Some("carl@example.com".into()),
                password: Some("not-his-password1".into()),
                accept_policies: true,
            }),
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
