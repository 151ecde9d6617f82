//! Issue 10's screens render complete on the server, in the director set, in both layouts; the
//! controller redirects by KYC status; the plain-form steps work before hydration.

use axum::body::Body;
use axum::http::Request;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use bank::domain::onboarding::kyc::KycStatus;

fn cookie(auth: &str) -> String {
    format!("__Host-access={}", auth.trim_start_matches("Bearer "))
}

async fn set(bank: &TestBank, user_id: &bank::domain::ids::UserId, status: KycStatus) {
    bank::store::users::set_status(&bank.db, user_id, status)
        .await
        .unwrap();
}

on_both_backends!(the_controller_sends_each_status_to_its_step, |bank| {
    let (user_id, auth) = applicant(
        bank,
        "grace@example.com",
        "business",
        "user_data_incomplete",
    )
    .await;
    let cookie = cookie(&auth);
    let cases = [
        (KycStatus::UserDataIncomplete, Some("/onboarding/user")),
        (KycStatus::ProfileIncomplete, Some("/onboarding/business")),
        (KycStatus::KybRequested, Some("/additional-company-info")),
        (KycStatus::KybPending, Some("/additional-company-info")),
        (KycStatus::ToVerify, Some("/sumsub")),
        (KycStatus::ToComplete, Some("/sumsub")),
        (KycStatus::VerifyPhone, Some("/phone-verification")),
        (
            KycStatus::RegistrationFeeAssigned,
            Some("/account-activation"),
        ),
        (
            KycStatus::RegistrationFeePending,
            Some("/account-activation/transfer"),
        ),
        (KycStatus::NoProof, None),
        (KycStatus::Pending, None),
        (KycStatus::PendingSignoff, None),
        (KycStatus::Rejected, None),
        (KycStatus::AccountNotReady, None),
    ];
    for (status, target) in cases {
        set(bank, &user_id, status).await;
        for agent in [DESKTOP, IPHONE] {
            let page = page_with_cookie(bank, "/controller", agent, &cookie).await;
            match target {
                Some(path) => {
                    assert_eq!(page.status, 302, "{status:?}");
                    assert_eq!(page.header("location"), path, "{status:?}");
                }
                None => {
                    assert_eq!(page.status, 200, "{status:?}");
                    let (label, _) = status.words();
                    assert!(page.body.contains(label), "{status:?}: {label}");
                    assert!(page.body.contains("Onboarding steps"));
                }
            }
        }
    }
});

on_both_backends!(every_onboarding_screen_renders_on_the_server, |bank| {
    let (user_id, auth) =
        applicant(bank, "grace@example.com", "business", "profile_incomplete").await;
    let cookie = cookie(&auth);
    let screens: [(KycStatus, &str, &str); 7] = [
        (
            KycStatus::ProfileIncomplete,
            "/onboarding/business",
            "Company Type",
        ),
        (
            KycStatus::VerifyPhone,
            "/phone-verification",
            "Your mobile number",
        ),
        (KycStatus::ToVerify, "/sumsub", "I agree that my photos"),
        (
            KycStatus::KybPending,
            "/additional-company-info",
            "We are reviewing your business",
        ),
        (
            KycStatus::RegistrationFeeAssigned,
            "/account-activation",
            "Pay by bank transfer",
        ),
        (
            KycStatus::RegistrationFeePending,
            "/account-activation/transfer",
            "Account Activation Pending",
        ),
        (
            KycStatus::RegistrationFeePending,
            "/account-activation/card",
            "Card payment",
        ),
    ];
    for (status, path, text) in screens {
        if status == KycStatus::KybPending {
            // The review screen shows the company's saved onboarding.
            bank::store::onboardings::create(&bank.db, &user_id, bank.db.now_ms())
                .await
                .unwrap();
        }
        set(bank, &user_id, status).await;
        for agent in [DESKTOP, IPHONE] {
            let page = page_with_cookie(bank, path, agent, &cookie).await;
            assert_eq!(page.status, 200, "{path}: {}", page.body);
            assert!(page.body.contains(text), "{path} lacks {text}");
            assert!(
                page.body.contains("\"routeSet\":\"director\""),
                "{path} in the director set"
            );
            let layout = if agent == DESKTOP {
                "desktop"
            } else {
                "mobile"
            };
            assert!(
                page.body.contains(&format!("\"layout\":\"{layout}\"")),
                "{path} {layout}"
            );
        }
    }
    let other = page_with_cookie(bank, "/account-activation/elsewhere", DESKTOP, &cookie).await;
    assert_eq!(
        (other.status.as_u16(), other.header("location")),
        (302, "/account-activation")
    );
});

async fn form(bank: &TestBank, path: &str, cookie: &str, body: &str) -> Reply {
    bank.send(
        Request::post(path)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("origin", ORIGIN)
            .header("cookie", cookie)
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

on_both_backends!(the_phone_and_fee_steps_work_as_plain_forms, |bank| {
    let (user_id, auth) = applicant(bank, "grace@example.com", "personal", "verify_phone").await;
    let cookie = cookie(&auth);
    let long = form(
        bank,
        "/phone-verification",
        &cookie,
        "telephone=%2B44+7700+900123+45678",
    )
    .await;
    assert_eq!(
        long.header("location"),
        "/phone-verification?error=telephone"
    );
    let given = form(
        bank,
        "/phone-verification",
        &cookie,
        "telephone=%2B44+7700+900456",
    )
    .await;
    assert_eq!(given.header("location"), "/phone-verification?sent=1");
    let page = page_with_cookie(bank, "/phone-verification?sent=1", IPHONE, &cookie).await;
    assert!(
        page.body.contains("Verify your phone") && page.body.contains("name=\"code\""),
        "{}",
        page.body
    );
    let code = last_message(bank, "+447700900456").await.body[..6].to_string();
    let cells: Vec<String> = code.chars().map(|c| format!("code={c}")).collect();
    let verified = form(bank, "/phone-verification", &cookie, &cells.join("&")).await;
    assert_eq!(verified.header("location"), "/controller");
    assert_eq!(
        bank::store::users::by_id(&bank.db, &user_id)
            .await
            .unwrap()
            .unwrap()
            .kyc_status,
        KycStatus::ToVerify
    );

    set(bank, &user_id, KycStatus::RegistrationFeeAssigned).await;
    let chosen = form(bank, "/account-activation/transfer", &cookie, "").await;
    assert_eq!(chosen.header("location"), "/account-activation/transfer");
    assert_eq!(
        bank::store::users::by_id(&bank.db, &user_id)
            .await
            .unwrap()
            .unwrap()
            .kyc_status,
        KycStatus::RegistrationFeePending
    );
    let fee = post(
        bank,
        "/v2/account-profiles/registration-fees/take",
        json!({}),
        &[("authorization", &auth)],
    )
    .await;
    let page = page_with_cookie(bank, "/account-activation/transfer", DESKTOP, &cookie).await;
    assert!(page.body.contains(
        &fee.read::<bank::api::onboarding::fee::FeeReply>()
            .transfer
            .reference
    ));
});

on_both_backends!(an_invited_colleague_has_their_own_controller, |bank| {
    let (user_id, auth) = applicant(
        bank,
        "ada@example.com",
        "user_invited",
        "user_data_incomplete",
    )
    .await;
    let cookie = cookie(&auth);
    let cases = [
        (KycStatus::UserDataIncomplete, "/invite-onboarding/user"),
        (KycStatus::VerifyPhone, "/phone-verification"),
        (KycStatus::ToVerify, "/sumsub"),
        (KycStatus::Pending, "/invite-onboarding/status"),
    ];
    for (status, target) in cases {
        set(bank, &user_id, status).await;
        let page = page_with_cookie(bank, "/controller", IPHONE, &cookie).await;
        assert_eq!(
            (page.status.as_u16(), page.header("location")),
            (302, target),
            "{status:?}"
        );
        let step = page_with_cookie(bank, target, DESKTOP, &cookie).await;
        assert_eq!(step.status, 200, "{target}");
        assert!(step.body.contains("\"routeSet\":\"invited\""), "{target}");
    }
    assert!(
        page_with_cookie(bank, "/invite-onboarding/status", DESKTOP, &cookie)
            .await
            .body
            .contains("Under review")
    );
    let elsewhere = page_with_cookie(bank, "/account-activation", DESKTOP, &cookie).await;
    assert_eq!(elsewhere.header("location"), "/controller");
});

async fn status_of(bank: &TestBank, user_id: &bank::domain::ids::UserId) -> KycStatus {
    bank::store::users::by_id(&bank.db, user_id)
        .await
        .unwrap()
        .unwrap()
        .kyc_status
}

// Issue 28 point 6: Back from the phone step returns to the personal details and address, where
// the flow had them right before it; from the business wizard's first page too. A submitted
// company is not reopened, and Back from anywhere else is refused and changes nothing.
on_both_backends!(back_returns_to_the_personal_details, |bank| {
    let (user_id, auth) = applicant(bank, "grace@example.com", "personal", "verify_phone").await;
    let back = |auth: String| async move {
        send_json(
            bank,
            "POST",
            "/v1/users/kyc/back",
            json!({}),
            &[("authorization", &auth)],
        )
        .await
    };
    let moved = back(auth.clone()).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(moved.json()["kyc_status"], "user_data_incomplete");
    assert_eq!(
        status_of(bank, &user_id).await,
        KycStatus::UserDataIncomplete
    );
    // There is nothing before the personal details.
    let again = back(auth.clone()).await;
    assert_eq!(again.status, 409);
    assert_eq!(again.error().code, "step_not_open");
    assert_eq!(
        status_of(bank, &user_id).await,
        KycStatus::UserDataIncomplete
    );

    // A business's phone step follows its submitted company: no way back.
    let (owner, owner_auth) = applicant(bank, "ada@example.com", "business", "verify_phone").await;
    assert_eq!(back(owner_auth.clone()).await.status, 409);
    assert_eq!(status_of(bank, &owner).await, KycStatus::VerifyPhone);
    // Its wizard's first page goes back to the personal details.
    set(bank, &owner, KycStatus::ProfileIncomplete).await;
    assert_eq!(back(owner_auth).await.status, 200);
    assert_eq!(status_of(bank, &owner).await, KycStatus::UserDataIncomplete);

    // Without JavaScript, Back is the phone form's own post; the controller opens the details.
    set(bank, &user_id, KycStatus::VerifyPhone).await;
    let cookie = cookie(&auth);
    let page = page_with_cookie(bank, "/phone-verification", IPHONE, &cookie).await;
    assert!(page.body.contains("name=\"back\""), "{}", page.body);
    let posted = form(bank, "/phone-verification", &cookie, "back=1").await;
    assert_eq!(posted.header("location"), "/controller");
    assert_eq!(
        status_of(bank, &user_id).await,
        KycStatus::UserDataIncomplete
    );
    let controller = page_with_cookie(bank, "/controller", IPHONE, &cookie).await;
    assert_eq!(controller.header("location"), "/onboarding/user");
});
