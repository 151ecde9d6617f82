//! A business waiting for the bank's review, so the back office (issue 32) has a case to open
//! on a fresh sandbox: its owner has done everything the journey asks (company, phone, identity)
//! and waits for the KYB decision.

use crate::domain::auth::email::Email;
use crate::domain::auth::mfa::Method;
use crate::domain::auth::password;
use crate::domain::onboarding::business::BusinessData;
use crate::domain::onboarding::kyc::{KycStatus, OnboardingFlow};
use crate::domain::onboarding::review::Review;
use crate::domain::profiles::access::{ProfileType, Role};
use crate::store::{self, users::NewUser, Db};

use super::DemoUser;

pub const APPLICANT: DemoUser = DemoUser {
    email: "ada@demo.harbour.example",
    password: "Harbour2026",
    phone: "+44 7700 900003",
    profile: "Lovelace Analytical Engines Ltd",
};

fn company() -> BusinessData {
    let text = |value: &str| value.to_string();
    BusinessData {
        country: text("GB"),
        kind: text("ltd"),
        name: text(APPLICANT.profile),
        number: text("11223344"),
        incorporation_date: text("2021-03-15"),
        email: text("office@lovelace-engines.example"),
        telephone: text("+44 161 496 0123"),
        website: text("lovelace-engines.example"),
        business_type: text("it"),
        business_size: text("micro"),
        monthly_incoming_transaction_count: text("11-50"),
        monthly_incoming_transaction_volume: text("10000-50000"),
        monthly_outgoing_transaction_count: text("11-50"),
        monthly_outgoing_transaction_volume: text("10000-50000"),
        legal_address_1: text("Oxford Road"),
        legal_city: text("Manchester"),
        legal_postcode: text("M1 5QA"),
        legal_building_number: text("12"),
        legal_country: text("GB"),
        actual_same_as_legal: true,
        source_of_funds: text("revenue"),
        purpose_description: text("payments_suppliers"),
        sending_counterparties: text("clients"),
        receiving_counterparties: text("suppliers"),
        sending_countries: text("GB"),
        receiving_countries: text("GB;DE"),
        ..BusinessData::default()
    }
}

pub async fn create(db: &Db) -> anyhow::Result<()> {
    let email = Email::parse(APPLICANT.email).expect("the demo email is valid");
    let number = APPLICANT.phone.trim_start_matches("+44").replace(' ', "");
    let user = store::users::create(
        db,
        &NewUser {
            email: &email,
            password_hash: &password::hash(APPLICANT.password),
            name: "Ada",
            surname: "Lovelace",
            phone_code: Some("+44"),
            phone_number: Some(&number),
            mfa_method: Method::Sms,
            onboarding_flow: Some(OnboardingFlow::Business),
            kyc_status: KycStatus::KybPending,
        },
    )
    .await?;
    let now = db.now_ms();
    store::policy_acceptances::record(db, &user, crate::domain::policies::VERSION, now).await?;
    let draft = store::onboardings::create(db, &user, now).await?;
    store::onboardings::save(db, &draft.id, 5, &company(), now).await?;
    let mut tx = db.begin_write().await?;
    store::users::mark_phone_verified(&mut tx, &user, now).await?;
    let profile =
        store::profiles::create_in(&mut tx, now, ProfileType::Business, APPLICANT.profile).await?;
    store::profiles::add_member_in(&mut tx, &profile, &user, Role::Admin, &[], true).await?;
    store::onboardings::submit(&mut tx, &draft.id, &profile, now).await?;
    tx.commit().await?;
    store::identity_checks::record(db, &user, "sandbox", "demo-ada", Review::Approved, now).await?;
    Ok(())
}
