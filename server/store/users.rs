use super::Db;
use crate::domain::auth::email::Email;
use crate::domain::auth::mfa::Method;
use crate::domain::ids::UserId;
use crate::domain::onboarding::kyc::{KycStatus, OnboardingFlow, RegistrationState};

/// What creating a user needs; the password arrives already hashed.
pub struct NewUser<'a> {
    pub email: &'a Email,
    pub password_hash: &'a str,
    pub name: &'a str,
    pub surname: &'a str,
    pub phone_code: Option<&'a str>,
    pub phone_number: Option<&'a str>,
    pub mfa_method: Method,
    pub onboarding_flow: Option<OnboardingFlow>,
    pub kyc_status: KycStatus,
}

#[derive(Clone)]
pub struct UserRow {
    pub id: UserId,
    pub email: String,
    pub password_hash: String,
    pub name: String,
    pub surname: String,
    pub mfa_method: Method,
    pub onboarding_flow: Option<OnboardingFlow>,
    pub kyc_status: KycStatus,
}

impl UserRow {
    /// The flow a person without one follows: a personal customer.
    pub fn flow(&self) -> OnboardingFlow {
        self.onboarding_flow.unwrap_or(OnboardingFlow::Personal)
    }
}

/// The password hash stays out of logs.
impl std::fmt::Debug for UserRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UserRow")
            .field("id", &self.id)
            .field("kyc_status", &self.kyc_status)
            .finish_non_exhaustive()
    }
}

pub async fn create(db: &Db, user: &NewUser<'_>) -> Result<UserId, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    create_in(&mut conn, db.now_ms(), user).await
}

/// Creates a user inside the caller's transaction.
pub async fn create_in(
    conn: &mut sqlx::AnyConnection,
    now: i64,
    user: &NewUser<'_>,
) -> Result<UserId, sqlx::Error> {
    let id = UserId::fresh();
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, name, surname, phone_code, phone_number, mfa_method, \
         onboarding_flow, kyc_status, created_at, phone_verified_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&id)
    .bind(user.email.as_str())
    .bind(user.password_hash)
    .bind(user.name)
    .bind(user.surname)
    .bind(user.phone_code)
    .bind(user.phone_number)
    .bind(user.mfa_method.as_str())
    .bind(user.onboarding_flow.map(OnboardingFlow::as_str))
    .bind(user.kyc_status.as_str())
    .bind(now)
    // A phone given at creation comes from the bank (demo customers, invitations), not typed by
    // the person, so it counts as verified.
    .bind(user.phone_number.map(|_| now))
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

pub(super) type Row = (
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    String,
);

pub(super) const COLUMNS: &str =
    "id, email, password_hash, name, surname, mfa_method, onboarding_flow, kyc_status";

pub(super) fn from_row(
    (id, email, password_hash, name, surname, mfa_method, onboarding_flow, kyc_status): Row,
) -> Result<UserRow, sqlx::Error> {
    Ok(UserRow {
        id: id.into(),
        email,
        password_hash,
        name,
        surname,
        mfa_method: stored_method(&mfa_method),
        onboarding_flow: flow(onboarding_flow.as_deref())?,
        kyc_status: KycStatus::stored(&kyc_status),
    })
}

/// None until the person chooses; a stored flow this code does not know is an error.
fn flow(stored: Option<&str>) -> Result<Option<OnboardingFlow>, sqlx::Error> {
    stored
        .map(|text| super::named("onboarding_flow", text))
        .transpose()
}

/// An unknown stored method falls back to the texted code, which every user can receive.
fn stored_method(text: &str) -> Method {
    Method::parse(text).unwrap_or(Method::Sms)
}

pub async fn by_email(db: &Db, email: &Email) -> Result<Option<UserRow>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!("SELECT {COLUMNS} FROM users WHERE email = $1"))
        .bind(email.as_str())
        .fetch_optional(&db.pool)
        .await?;
    row.map(from_row).transpose()
}

pub async fn by_id(db: &Db, id: &UserId) -> Result<Option<UserRow>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!("SELECT {COLUMNS} FROM users WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.map(from_row).transpose()
}

/// The verified telephone the SMS steps text: country code and number. A number typed during
/// onboarding and not yet confirmed is no second factor.
pub async fn phone(db: &Db, id: &UserId) -> Result<Option<(String, String)>, sqlx::Error> {
    let row = sqlx::query_as::<_, (Option<String>, Option<String>)>(
        "SELECT phone_code, phone_number FROM users WHERE id = $1 AND phone_verified_at IS NOT NULL",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.and_then(|(code, number)| Some((code?, number?))))
}

/// SPEC §3 "User", as the wizard and the account page read it.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDetails {
    pub id: String,
    pub email: String,
    pub title: Option<String>,
    pub name: String,
    pub middle_name: Option<String>,
    pub surname: String,
    pub dob: Option<String>,
    pub is_pep: bool,
    pub telephone_details: Option<Telephone>,
    pub country: Option<String>,
    pub region: Option<String>,
    pub city: Option<String>,
    pub address1: Option<String>,
    pub postcode: Option<String>,
    pub building_number: Option<String>,
    pub mfa_method: Method,
    pub onboarding_flow: Option<OnboardingFlow>,
    pub kyc_status: KycStatus,
    pub is_business_allowed: bool,
    pub is_private_allowed: bool,
    /// The registration wizard's step the person was last on (PATCH /v1/users/registration/state).
    pub registration_state: Option<RegistrationState>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Telephone {
    pub country_code: String,
    pub number: String,
}

pub async fn details(db: &Db, id: &UserId) -> Result<Option<UserDetails>, sqlx::Error> {
    // sqlx's Any rows decode at most 16 columns into a tuple; three small reads keep it typed.
    let row = sqlx::query_as::<
        _,
        (
            String,
            String,
            Option<String>,
            String,
            Option<String>,
            String,
            Option<String>,
            i64,
        ),
    >(
        "SELECT id, email, title, name, middle_name, surname, dob, is_pep FROM users WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    let Some((id, email, title, name, middle_name, surname, dob, is_pep)) = row else {
        return Ok(None);
    };
    let (phone_code, phone_number, country, region, city, address1, postcode, building_number) =
        sqlx::query_as::<_, (Option<String>, Option<String>, Option<String>, Option<String>, Option<String>, Option<String>, Option<String>, Option<String>)>(
            "SELECT phone_code, phone_number, country, region, city, address1, postcode, building_number \
             FROM users WHERE id = $1",
        )
        .bind(&id)
        .fetch_one(&db.pool)
        .await?;
    let (mfa_method, onboarding_flow, kyc_status, registration_state) =
        sqlx::query_as::<_, (String, Option<String>, String, Option<String>)>(
            "SELECT mfa_method, onboarding_flow, kyc_status, registration_state FROM users \
             WHERE id = $1",
        )
        .bind(&id)
        .fetch_one(&db.pool)
        .await?;
    let telephone_details = match (phone_code, phone_number) {
        (Some(country_code), Some(number)) => Some(Telephone {
            country_code,
            number,
        }),
        _ => None,
    };
    let onboarding_flow = flow(onboarding_flow.as_deref())?;
    Ok(Some(UserDetails {
        registration_state: registration_state
            .map(|s| super::named::<RegistrationState>("registration_state", &s))
            .transpose()?,
        is_business_allowed: onboarding_flow != Some(OnboardingFlow::Personal),
        is_private_allowed: true,
        id,
        email,
        title,
        name,
        middle_name,
        surname,
        dob,
        is_pep: is_pep != 0,
        telephone_details,
        country,
        region,
        city,
        address1,
        postcode,
        building_number,
        mfa_method: stored_method(&mfa_method),
        onboarding_flow,
        kyc_status: KycStatus::stored(&kyc_status),
    }))
}

/// SPEC §3 "Person payload", checked: personal details.
pub struct PersonalDetails<'a> {
    pub title: &'a str,
    pub name: &'a str,
    pub middle_name: Option<&'a str>,
    pub surname: &'a str,
    pub dob: &'a str,
    pub is_pep: bool,
}

pub async fn set_personal_details(
    db: &Db,
    id: &UserId,
    person: &PersonalDetails<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET title = $1, name = $2, middle_name = $3, surname = $4, dob = $5, is_pep = $6 \
         WHERE id = $7",
    )
    .bind(person.title)
    .bind(person.name)
    .bind(person.middle_name)
    .bind(person.surname)
    .bind(person.dob)
    .bind(i64::from(person.is_pep))
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// SPEC §3 "Person payload", checked: the home address.
pub struct Address<'a> {
    pub country: &'a str,
    pub postcode: &'a str,
    pub city: &'a str,
    pub region: Option<&'a str>,
    pub address1: &'a str,
    pub building_number: Option<&'a str>,
}

/// Stores the address and moves the KYC status on, in one statement.
pub async fn set_address(
    db: &Db,
    id: &UserId,
    address: &Address<'_>,
    kyc_status: KycStatus,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET country = $1, postcode = $2, city = $3, region = $4, address1 = $5, \
         building_number = $6, kyc_status = $7 WHERE id = $8",
    )
    .bind(address.country)
    .bind(address.postcode)
    .bind(address.city)
    .bind(address.region)
    .bind(address.address1)
    .bind(address.building_number)
    .bind(kyc_status.as_str())
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn set_mfa_method(db: &Db, id: &UserId, method: Method) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET mfa_method = $1 WHERE id = $2")
        .bind(method.as_str())
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The telephone given during onboarding and not yet verified.
pub async fn unverified_phone(
    db: &Db,
    id: &UserId,
) -> Result<Option<(String, String)>, sqlx::Error> {
    let row = sqlx::query_as::<_, (Option<String>, Option<String>)>(
        "SELECT phone_code, phone_number FROM users WHERE id = $1 AND phone_verified_at IS NULL",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.and_then(|(code, number)| Some((code?, number?))))
}

pub async fn phone_verified(db: &Db, id: &UserId) -> Result<bool, sqlx::Error> {
    Ok(phone(db, id).await?.is_some())
}

/// Stores a telephone typed during onboarding; it needs verifying.
pub async fn set_unverified_phone(
    db: &Db,
    id: &UserId,
    code: &str,
    number: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET phone_code = $1, phone_number = $2, phone_verified_at = NULL WHERE id = $3",
    )
    .bind(code)
    .bind(number)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn mark_phone_verified(
    conn: &mut sqlx::AnyConnection,
    id: &UserId,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET phone_verified_at = $1 WHERE id = $2 AND phone_number IS NOT NULL",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Moves the KYC status on, only from one of `from`: of two requests that race, one moves it and
/// the other sees `false`. Reaching `completed` ends the onboarding flow, so the dashboard opens.
pub async fn move_status(
    conn: &mut sqlx::AnyConnection,
    id: &UserId,
    from: &[KycStatus],
    to: KycStatus,
) -> Result<bool, sqlx::Error> {
    let list = (0..from.len())
        .map(|i| format!("${}", i + 3))
        .collect::<Vec<_>>()
        .join(", ");
    let flow = if to == KycStatus::Completed {
        ", onboarding_flow = NULL"
    } else {
        ""
    };
    let sql =
        format!("UPDATE users SET kyc_status = $1{flow} WHERE id = $2 AND kyc_status IN ({list})");
    let mut query = sqlx::query(&sql).bind(to.as_str()).bind(id);
    for status in from {
        query = query.bind(status.as_str());
    }
    Ok(query.execute(&mut *conn).await?.rows_affected() == 1)
}

/// Sets a status whatever it was: the bank's operators' decision (restrict, reopen).
pub async fn set_status(db: &Db, id: &UserId, to: KycStatus) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET kyc_status = $1 WHERE id = $2")
        .bind(to.as_str())
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Starts the onboarding of a further profile: from completed, with no flow under way, into
/// `flow` at `to`; false when the person was not there (of two requests that race, one moves).
pub async fn start_flow(
    db: &Db,
    id: &UserId,
    flow: OnboardingFlow,
    to: KycStatus,
) -> Result<bool, sqlx::Error> {
    let moved = sqlx::query(
        "UPDATE users SET onboarding_flow = $1, kyc_status = $2 \
         WHERE id = $3 AND kyc_status = $4 AND onboarding_flow IS NULL",
    )
    .bind(flow.as_str())
    .bind(to.as_str())
    .bind(id)
    .bind(KycStatus::Completed.as_str())
    .execute(&db.pool)
    .await?;
    Ok(moved.rows_affected() == 1)
}

/// The campaign key of the link a person signed up from (kept for the bank's marketing reports).
pub async fn set_campaign_in(
    conn: &mut sqlx::AnyConnection,
    id: &UserId,
    campaign: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET campaign = $1 WHERE id = $2")
        .bind(campaign)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Where the person is in the registration wizard.
pub async fn set_registration_state(
    db: &Db,
    id: &UserId,
    state: RegistrationState,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET registration_state = $1 WHERE id = $2")
        .bind(state.as_str())
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// A person's home address, as payment messages carry it (each part when onboarding asked it).
#[derive(Debug, Default, Clone)]
pub struct HomeAddress {
    pub country: Option<String>,
    pub city: Option<String>,
    pub region: Option<String>,
    pub street: Option<String>,
    pub building: Option<String>,
    pub postcode: Option<String>,
}

pub async fn home_address(db: &Db, id: &UserId) -> Result<HomeAddress, sqlx::Error> {
    let row = sqlx::query_as::<_, (Option<String>, Option<String>, Option<String>, Option<String>, Option<String>, Option<String>)>(
        "SELECT country, city, region, address1, building_number, postcode FROM users WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row
        .map(
            |(country, city, region, street, building, postcode)| HomeAddress {
                country,
                city,
                region,
                street,
                building,
                postcode,
            },
        )
        .unwrap_or_default())
}
