//! Where the demo customers live and trade, as their onboarding would have recorded it: a
//! home address for each person, and for the company its registered and trading addresses
//! (so a card can be sent to either, as it can for a customer who signed up).

use crate::domain::ids::{ProfileId, UserId};
use crate::domain::onboarding::business::BusinessData;
use crate::domain::onboarding::kyc::KycStatus;
use crate::domain::profiles::access::ProfileType;
use crate::store::{self, Db};

pub async fn record(
    db: &Db,
    user: &UserId,
    profile: &ProfileId,
    kind: ProfileType,
    name: &str,
    now: i64,
) -> anyhow::Result<()> {
    let home = match kind {
        ProfileType::Business => ("N1 9GU", "London", "Regent's Wharf", "4"),
        _ => ("M1 4BT", "Manchester", "Whitworth Street", "21"),
    };
    store::users::set_address(
        db,
        user,
        &store::users::Address {
            country: "GB",
            postcode: home.0,
            city: home.1,
            region: None,
            address1: home.2,
            building_number: Some(home.3),
        },
        KycStatus::Completed,
    )
    .await?;
    if kind == ProfileType::Business {
        company(db, user, profile, name, now).await?;
    }
    Ok(())
}

/// The company's answers to the business onboarding, submitted and reviewed.
async fn company(
    db: &Db,
    user: &UserId,
    profile: &ProfileId,
    name: &str,
    now: i64,
) -> anyhow::Result<()> {
    let data = BusinessData {
        country: "GB".into(),
        kind: "ltd".into(),
        name: name.into(),
        number: "09876543".into(),
        incorporation_date: "2019-05-01".into(),
        email: "office@bennett-hale.example".into(),
        // Registered for VAT, so its invoices can be VAT invoices.
        vat_number: "GB123456782".into(),
        telephone: "+44 7700 900123".into(),
        business_type: "wholesale_retail".into(),
        business_size: "micro".into(),
        monthly_incoming_transaction_count: "11-50".into(),
        monthly_incoming_transaction_volume: "10000-50000".into(),
        monthly_outgoing_transaction_count: "11-50".into(),
        monthly_outgoing_transaction_volume: "10000-50000".into(),
        legal_building_number: "10".into(),
        legal_address_1: "Finsbury Square".into(),
        legal_city: "London".into(),
        legal_postcode: "EC2A 1AF".into(),
        legal_country: "GB".into(),
        actual_same_as_legal: false,
        actual_building_number: "3".into(),
        actual_address_1: "Ropemaker Street".into(),
        actual_city: "London".into(),
        actual_postcode: "EC2Y 9LY".into(),
        actual_country: "GB".into(),
        source_of_funds: "revenue".into(),
        purpose_description: "payments_suppliers".into(),
        sending_counterparties: "clients".into(),
        receiving_counterparties: "suppliers;tax".into(),
        sending_countries: "GB;DE".into(),
        receiving_countries: "GB".into(),
        ..BusinessData::default()
    };
    let draft = store::onboardings::create(db, user, now).await?;
    let steps = crate::domain::onboarding::business::STEPS.len() as i64;
    store::onboardings::save(db, &draft.id, steps, &data, now).await?;
    let mut conn = db.pool.acquire().await?;
    store::onboardings::submit(&mut conn, &draft.id, profile, now).await?;
    Ok(())
}
