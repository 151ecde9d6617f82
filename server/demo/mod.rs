//! Demo customers for a sandbox bank on an empty database, so that a newcomer can log in at
//! once. Their SMS codes appear on the sandbox outbox page.

mod addresses;
pub mod applicant;
mod invoices;
pub mod past_year;

use crate::domain::auth::email::Email;
use crate::domain::auth::mfa::Method;
use crate::domain::auth::password;
use crate::domain::onboarding::kyc::KycStatus;
use crate::domain::profiles::access::{ProfileType, Role};
use crate::store::{self, users::NewUser, Db};

pub struct DemoUser {
    pub email: &'static str,
    pub password: &'static str,
    pub phone: &'static str,
    pub profile: &'static str,
}

/// Numbers from Ofcom's range reserved for drama, so no real phone is ever texted.
pub const DEMO_USERS: [DemoUser; 2] = [
    DemoUser {
        email: "olivia@demo.harbour.example",
        password: "Harbour2026",
        phone: "+44 7700 900001",
        profile: "Bennett & Hale Trading Ltd",
    },
    DemoUser {
        email: "tom@demo.harbour.example",
        password: "Harbour2026",
        phone: "+44 7700 900002",
        profile: "Tom Fischer",
    },
];

/// Creates the demo users when no user exists yet; answers whether it did.
pub async fn ensure(db: &Db) -> anyhow::Result<bool> {
    if store::profiles::count_users(db).await? > 0 {
        return Ok(false);
    }
    let people = [
        ("Olivia", "Bennett", ProfileType::Business),
        ("Tom", "Fischer", ProfileType::Personal),
    ];
    for (demo, (name, surname, kind)) in DEMO_USERS.iter().zip(people) {
        let email = Email::parse(demo.email).expect("demo emails are valid");
        let hash = password::hash(demo.password);
        let number = demo.phone.trim_start_matches("+44").replace(' ', "");
        let user = store::users::create(
            db,
            &NewUser {
                email: &email,
                password_hash: &hash,
                name,
                surname,
                phone_code: Some("+44"),
                phone_number: Some(&number),
                mfa_method: Method::Sms,
                onboarding_flow: None,
                kyc_status: KycStatus::Completed,
            },
        )
        .await?;
        let profile = store::profiles::create(db, kind, demo.profile).await?;
        store::profiles::add_member(db, &profile, &user, Role::Admin, &[], true).await?;
        let now = db.now_ms();
        // They accepted the policies in force when they signed up.
        store::policy_acceptances::record(db, &user, crate::domain::policies::VERSION, now).await?;
        addresses::record(db, &user, &profile, kind, demo.profile, now).await?;
        match kind {
            ProfileType::Business => {
                past_year::business(db, &profile, demo.profile, now).await?;
                invoices::business(db, &profile, now).await?;
            }
            _ => past_year::personal(db, &profile, demo.profile, now).await?,
        }
    }
    applicant::create(db).await?;
    Ok(true)
}
