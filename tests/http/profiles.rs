//! Profiles (issue 10 point 7): the list, the default, a personal profile beside a business,
//! and a second company through the business wizard again.

use bank::api::onboarding::fee::FeeReply;
use bank::api::profiles::{NewProfile, ProfileList};
use bank::api::signup::KycStatusReply;
use bank::domain::onboarding::kyc::{KycStatus, OnboardingFlow};
use bank::domain::profiles::access::ProfileType;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use crate::onboarding::{company, complete_wizard};

on_both_backends!(profiles_are_listed_and_added, |bank| {
    let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let auth = owner.bearer();
    let list = post(
        bank,
        "/v2/account-profiles/fetch",
        json!({}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(list.read::<ProfileList>().results.len(), 1);
    let default = bank
        .send(
            axum::http::Request::get("/v2/account-profiles/default")
                .header("authorization", &auth)
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(
        default.read::<bank::services::profiles::Profile>().name,
        "Bennett & Hale Trading Ltd"
    );

    let personal = post(
        bank,
        "/v2/account-profiles",
        body(&NewProfile {
            kind: ProfileType::Personal,
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(personal.status, 200, "{}", personal.body);
    // Every profile passes its own fee (issue 26 point 4): nothing opens before it is paid.
    assert_eq!(
        personal.read::<KycStatusReply>().kyc_status,
        KycStatus::RegistrationFeeAssigned
    );
    assert_eq!(
        personal.read::<KycStatusReply>().onboarding_flow,
        Some(OnboardingFlow::Personal)
    );
    let profiles = bank::store::profiles::for_user(&bank.db, &owner.user_id)
        .await
        .unwrap();
    assert_eq!(profiles.len(), 1);
    let fee = post(
        bank,
        "/v2/account-profiles/registration-fees/take",
        json!({}),
        &[("authorization", &auth)],
    )
    .await;
    let fee = fee.read::<FeeReply>();
    assert_eq!(fee.amount, 19.0);
    let reference = fee.transfer.reference;
    bank::providers::sandbox_payments::credit(
        &bank.db,
        bank::domain::accounts::identifiers::FEE_COLLECTION_NUMBER,
        "19.00",
        "Olivia Bennett",
        &reference,
    )
    .await
    .unwrap();
    let profiles = bank::store::profiles::for_user(&bank.db, &owner.user_id)
        .await
        .unwrap();
    assert_eq!(profiles.len(), 2);
    let own = profiles
        .iter()
        .find(|p| p.kind.as_str() == "personal")
        .unwrap();
    let accounts = bank::store::bank_accounts::for_profile(&bank.db, &own.id)
        .await
        .unwrap();
    assert_eq!((accounts.len(), accounts[0].status.as_str()), (1, "active"));
    ledger_is_sound(bank).await;
    let twice = post(
        bank,
        "/v2/account-profiles",
        body(&NewProfile {
            kind: ProfileType::Personal,
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(twice.status, 409);

    // A second company: the wizard again, then the review and its own fee.
    let company_add = post(
        bank,
        "/v2/account-profiles",
        body(&NewProfile {
            kind: ProfileType::Business,
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(
        company_add.read::<KycStatusReply>().kyc_status,
        KycStatus::ProfileIncomplete
    );
    assert_eq!(
        company_add.read::<KycStatusReply>().onboarding_flow,
        Some(OnboardingFlow::BusinessAdditional)
    );
    let mut second = company();
    (second.name, second.number) = ("Hale Logistics Ltd".into(), "12345678".into());
    let submitted = complete_wizard(bank, &auth, &second).await;
    assert_eq!(
        submitted.read::<KycStatusReply>().kyc_status,
        KycStatus::KybPending,
        "identity and phone are done already"
    );
    let profiles = bank::store::profiles::for_user(&bank.db, &owner.user_id)
        .await
        .unwrap();
    assert_eq!(profiles.len(), 3);
    assert!(profiles
        .iter()
        .any(|p| p.name == "Hale Logistics Ltd" && !p.is_default));
    // Every signed-in call reads its caller's profiles with the session: the default first,
    // then by name, each with its own access.
    let session = call(bank, &owner, "GET", "/v2/session", json!({}))
        .await
        .read::<serde_json::Value>();
    let listed: Vec<(String, bool, String)> = session["profilesList"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["isDefault"].as_bool().unwrap(),
                p["myAccess"]["role"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let names: Vec<&str> = listed.iter().map(|(name, _, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Bennett & Hale Trading Ltd",
            "Anna Smith",
            "Hale Logistics Ltd"
        ],
        "{session}"
    );
    assert_eq!(
        listed
            .iter()
            .map(|(_, default, _)| *default)
            .collect::<Vec<_>>(),
        [true, false, false]
    );
    assert!(
        listed.iter().all(|(_, _, role)| role == "admin"),
        "{session}"
    );
});

// A business owner who starts a personal account and does not want to pay its fee goes back to
// the business: nothing was opened, and the business's calls answer again. A first account
// cannot be declined this way.
on_both_backends!(
    a_further_personal_account_can_be_declined_at_its_fee,
    |bank| {
        let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
        let auth = owner.bearer();
        let headers = [("authorization", auth.as_str())];
        post(
            bank,
            "/v2/account-profiles",
            body(&NewProfile {
                kind: ProfileType::Personal,
            }),
            &headers,
        )
        .await;
        let team = post(
            bank,
            "/v2/account-profiles/users/fetch",
            json!({}),
            &headers,
        )
        .await;
        assert_eq!(team.error().code, "account_not_ready");
        let fee = post(
            bank,
            "/v2/account-profiles/registration-fees/take",
            json!({}),
            &headers,
        )
        .await;
        assert!(fee.read::<FeeReply>().cancellable, "{}", fee.body);
        let declined = post(
            bank,
            "/v2/account-profiles/registration-fees/cancel",
            json!({}),
            &headers,
        )
        .await;
        assert_eq!(declined.status, 200, "{}", declined.body);
        assert_eq!(
            declined.read::<KycStatusReply>().kyc_status,
            KycStatus::Completed
        );
        let team = post(
            bank,
            "/v2/account-profiles/users/fetch",
            json!({}),
            &headers,
        )
        .await;
        assert_eq!(team.status, 200, "{}", team.body);
        assert_eq!(
            bank::store::profiles::for_user(&bank.db, &owner.user_id)
                .await
                .unwrap()
                .len(),
            1
        );

        let (_, first) = applicant(
            bank,
            "tom@example.com",
            "personal",
            "registration_fee_assigned",
        )
        .await;
        let refused = post(
            bank,
            "/v2/account-profiles/registration-fees/cancel",
            json!({}),
            &[("authorization", &first)],
        )
        .await;
        assert_eq!(refused.status, 409, "{}", refused.body);
    }
);
