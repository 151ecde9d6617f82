//! Sign-up through the router on both databases: e-mail code, password, personal details,
//! address search and address, and the KYC status they lead to.

use bank::api::common_answers::Success;
use bank::api::onboarding::reference::{AddressQuery, AddressResults};
use bank::api::signup::{CreateInput, KycStatusReply, PersonPatch};
use bank::domain::onboarding::kyc::KycStatus;
use bank::domain::onboarding::kyc::OnboardingFlow;
use bank::services::users::person::UserDetails;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;

fn create_body(password: &str, flow: OnboardingFlow) -> serde_json::Value {
    body(&CreateInput {
        password: password.into(),
        onboarding_flow: Some(flow),
        ..Default::default()
    })
}

const EMAIL: &str = "grace@example.com";

fn code_in(subject: &str) -> String {
    subject[..6].to_string()
}

/// Verifies Grace's e-mail and answers the registration cookie.
async fn verified(bank: &TestBank) -> String {
    let sent = post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body(EMAIL),
        &[],
    )
    .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let code = code_in(&last_message(bank, EMAIL).await.subject);
    let reply = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, &code),
        &[],
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    cookie_pair(&reply, "__Host-registration")
}

/// A new business sign-up, logged in: answers the access cookie.
async fn signed_up(bank: &TestBank) -> String {
    let registration = verified(bank).await;
    let reply = post(
        bank,
        "/v2/users",
        create_body("harbour2026", OnboardingFlow::Business),
        &[("cookie", &registration)],
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    cookie_pair(&reply, "__Host-access")
}

async fn patch_user(bank: &TestBank, access: &str, patch: PersonPatch) -> Reply {
    send_json(
        bank,
        "PATCH",
        "/v2/users",
        body(&patch),
        &[("cookie", access)],
    )
    .await
}

/// The personal-details step's answers.
fn details(title: &str, name: &str, surname: &str, dob: &str) -> PersonPatch {
    PersonPatch {
        title: Some(title.into()),
        name: Some(name.into()),
        surname: Some(surname.into()),
        dob: Some(dob.into()),
        ..Default::default()
    }
}

fn postcode(postal_code: &str) -> serde_json::Value {
    body(&AddressQuery {
        postal_code: postal_code.into(),
    })
}

on_both_backends!(an_email_code_verifies_the_address_once, |bank| {
    let bad = post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body("grace@"),
        &[],
    )
    .await;
    assert_eq!(bad.status, 422);
    assert_eq!(bad.field_error("email"), "Email is invalid");

    let sent = post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body(EMAIL),
        &[],
    )
    .await;
    let sent: Success = sent.read();
    assert!(sent.success && sent.message.is_none());
    let mail = last_message(bank, EMAIL).await;
    assert_eq!(mail.channel, "email");
    let code = code_in(&mail.subject);
    assert!(mail.body.contains(&code));

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let reply = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, wrong),
        &[],
    )
    .await;
    assert_eq!(reply.status, 400);
    assert_eq!(reply.error().message, "The code is incorrect");
    assert!(set_cookies(&reply).is_empty());

    let reply = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, &code),
        &[],
    )
    .await;
    assert_eq!(reply.status, 200);
    let cookie = set_cookies(&reply).join("; ");
    assert!(
        cookie.contains("__Host-registration=")
            && cookie.contains("HttpOnly")
            && cookie.contains("Secure")
    );

    let replay = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, &code),
        &[],
    )
    .await;
    assert_eq!(replay.status, 400);
    assert_eq!(replay.error().code, "code_used");

    // A new code replaces the old one; five wrong codes use it up.
    post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body(EMAIL),
        &[],
    )
    .await;
    let fresh = code_in(&last_message(bank, EMAIL).await.subject);
    let wrong = if fresh == "000000" {
        "111111"
    } else {
        "000000"
    };
    for _ in 0..5 {
        post(
            bank,
            "/v1/auth/verify-email-v2",
            verify_body(EMAIL, wrong),
            &[],
        )
        .await;
    }
    let late = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, &fresh),
        &[],
    )
    .await;
    assert_eq!(late.error().code, "code_failed");
});

on_both_backends!(
    sending_codes_is_rate_limited_and_says_nothing_about_existing_accounts,
    |bank| {
        create_user(bank, "anna@example.com", "unused").await;
        let reply = post(
            bank,
            "/v1/auth/send-verification-email-v2",
            send_body("anna@example.com"),
            &[],
        )
        .await;
        let answer = reply.read::<Success>();
        assert!(
            answer.success && answer.message.is_none(),
            "the same answer as for a new address"
        );
        let mail = last_message(bank, "anna@example.com").await;
        assert!(mail.subject.contains("already have"), "{}", mail.subject);
        let verify = post(
            bank,
            "/v1/auth/verify-email-v2",
            verify_body("anna@example.com", "123456"),
            &[],
        )
        .await;
        assert_eq!(verify.status, 400);

        for _ in 0..4 {
            post(
                bank,
                "/v1/auth/send-verification-email-v2",
                send_body(EMAIL),
                &[],
            )
            .await;
        }
        let limited = post(
            bank,
            "/v1/auth/send-verification-email-v2",
            send_body(EMAIL),
            &[],
        )
        .await;
        assert_eq!(limited.status, 200);
        let limited = post(
            bank,
            "/v1/auth/send-verification-email-v2",
            send_body(EMAIL),
            &[],
        )
        .await;
        assert_eq!(limited.status, 429);
        assert!(!limited.header("retry-after").is_empty());
    }
);

on_both_backends!(
    a_verified_email_creates_one_account_with_the_chosen_flow,
    |bank| {
        let none = post(
            bank,
            "/v2/users",
            create_body("harbour2026", OnboardingFlow::Business),
            &[],
        )
        .await;
        assert_eq!(none.status, 403, "no account without a verified email");

        let registration = verified(bank).await;
        let weak = post(
            bank,
            "/v2/users",
            create_body("harbour", OnboardingFlow::Business),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(weak.status, 422);
        assert_eq!(
            weak.field_error("password"),
            "Password must contain at least one latin letter and a number"
        );
        let short = post(
            bank,
            "/v2/users",
            create_body("h2", OnboardingFlow::Business),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(
            short.field_error("password"),
            "Password must be at least 8 characters"
        );

        let created = post(
            bank,
            "/v2/users",
            create_body("harbour2026", OnboardingFlow::Personal),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(created.status, 200, "{}", created.body);
        let access = cookie_pair(&created, "__Host-access");
        let again = post(
            bank,
            "/v2/users",
            create_body("harbour2026", OnboardingFlow::Personal),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(again.status, 403, "the registration cookie is spent");

        let me = post(bank, "/v2/users/take", json!({}), &[("cookie", &access)])
            .await
            .read::<UserDetails>();
        assert_eq!(me.email, EMAIL);
        assert_eq!(me.onboarding_flow, Some(OnboardingFlow::Personal));
        assert_eq!(me.kyc_status, KycStatus::UserDataIncomplete);
        assert!(!me.is_business_allowed);

        let kyc = bank
            .send(
                axum::http::Request::get("/v1/users/kyc/status-v3")
                    .header("cookie", &access)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .read::<KycStatusReply>();
        assert_eq!(kyc.kyc_status, KycStatus::UserDataIncomplete);
        assert!(!kyc.account_ready);
        assert_eq!(kyc.onboarding_flow, Some(OnboardingFlow::Personal));
    }
);

on_both_backends!(personal_details_and_address_complete_the_person, |bank| {
    let access = signed_up(bank).await;
    let address = PersonPatch {
        country: Some("GB".into()),
        postcode: Some("EC2M 7EA".into()),
        city: Some("London".into()),
        address1: Some("Finsbury Circus".into()),
        building_number: Some("20".into()),
        ..Default::default()
    };
    let early = patch_user(bank, &access, address.clone()).await;
    assert_eq!(early.status, 409, "details come before the address");

    let bad = patch_user(bank, &access, details("", "", "Hopper", "2015-01-01")).await;
    assert_eq!(bad.status, 422);
    assert_eq!(bad.field_error("title"), "Title required");
    assert_eq!(bad.field_error("name"), "Field is required");
    assert_eq!(bad.field_error("dob"), "You must be at least 18 years old");
    let me = post(bank, "/v2/users/take", json!({}), &[("cookie", &access)])
        .await
        .read::<UserDetails>();
    assert_eq!(me.surname, "", "bad input changes nothing");

    let good = patch_user(
        bank,
        &access,
        PersonPatch {
            middlename: Some("Brewster".into()),
            is_pep: Some(false),
            ..details("Ms", "Grace", "Hopper", "1990-02-09")
        },
    )
    .await;
    assert_eq!(good.status, 200, "{}", good.body);
    let good = good.read::<UserDetails>();
    assert_eq!(good.dob.as_deref(), Some("1990-02-09"));
    assert_eq!(good.middle_name.as_deref(), Some("Brewster"));

    let short = post(
        bank,
        "/v2/countries/addresses/search",
        postcode("EC2"),
        &[("cookie", &access)],
    )
    .await;
    assert_eq!(short.status, 422);
    let found = post(
        bank,
        "/v2/countries/addresses/search",
        postcode("ec2m 7ea"),
        &[("cookie", &access)],
    )
    .await;
    assert_eq!(found.status, 200);
    let results = found.read::<AddressResults>().results;
    assert!(results.iter().any(|r| r.building_number == "20"
        && r.address_line1 == "Finsbury Circus"
        && r.city == "London"
        && r.postal_code == "EC2M 7EA"));
    let anonymous = post(
        bank,
        "/v2/countries/addresses/search",
        postcode("EC2M 7EA"),
        &[],
    )
    .await;
    assert_eq!(anonymous.status, 401);

    let no_number = PersonPatch {
        building_number: Some(String::new()),
        ..address.clone()
    };
    let reply = patch_user(bank, &access, no_number).await;
    assert_eq!(reply.field_error("buildingNumber"), "Field is required");

    let done = patch_user(bank, &access, address).await;
    assert_eq!(done.status, 200, "{}", done.body);
    let done = done.read::<UserDetails>();
    assert_eq!(
        done.kyc_status,
        KycStatus::ProfileIncomplete,
        "a business sign-up goes on to the business"
    );
    assert_eq!(done.building_number.as_deref(), Some("20"));
    let locked = patch_user(bank, &access, details("Mr", "G", "H", "1990-02-09")).await;
    assert_eq!(locked.status, 409);
});

on_both_backends!(
    a_new_account_opens_the_director_set_where_the_wizard_resumes,
    |bank| {
        let access = signed_up(bank).await;
        for agent in [DESKTOP, IPHONE] {
            // The controller sends the new account on to its first step.
            let controller = page_with_cookie(bank, "/controller", agent, &access).await;
            assert_eq!(controller.status, 302, "{}", controller.body);
            assert_eq!(controller.header("location"), "/onboarding/user");
            let elsewhere = page_with_cookie(bank, "/dashboard", agent, &access).await;
            assert_eq!(elsewhere.status, 302);
            assert_eq!(elsewhere.header("location"), "/controller");
        }
        let wizard = page_with_cookie(bank, "/onboarding/user", DESKTOP, &access).await;
        assert!(wizard.body.contains("Personal details") && wizard.body.contains("Date of birth"));
        patch_user(
            bank,
            &access,
            details("Ms", "Grace", "Hopper", "1990-02-09"),
        )
        .await;
        let resumed = page_with_cookie(bank, "/onboarding/user", DESKTOP, &access).await;
        assert!(
            resumed.body.contains("Building number"),
            "the wizard resumes at the address"
        );
        assert!(resumed.body.contains("Welcome") || resumed.body.contains("Personal address"));
    }
);
