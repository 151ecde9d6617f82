use super::{now_ms, Db};
use crate::domain::auth::email::Email;

/// What creating a user needs; the password arrives already hashed.
pub struct NewUser<'a> {
    pub email: &'a Email,
    pub password_hash: &'a str,
    pub name: &'a str,
    pub surname: &'a str,
    pub phone_code: Option<&'a str>,
    pub phone_number: Option<&'a str>,
    pub mfa_method: &'a str,
    pub onboarding_flow: Option<&'a str>,
    pub kyc_status: &'a str,
}

#[derive(Debug, Clone)]
pub struct UserRow {
    pub id: String,
    pub email: String,
    pub password_hash: String,
    pub name: String,
    pub surname: String,
    pub mfa_method: String,
    pub onboarding_flow: Option<String>,
    pub kyc_status: String,
}

pub async fn create(db: &Db, user: &NewUser<'_>) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, name, surname, phone_code, phone_number, mfa_method, \
         onboarding_flow, kyc_status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&id)
    .bind(user.email.as_str())
    .bind(user.password_hash)
    .bind(user.name)
    .bind(user.surname)
    .bind(user.phone_code)
    .bind(user.phone_number)
    .bind(user.mfa_method)
    .bind(user.onboarding_flow)
    .bind(user.kyc_status)
    .bind(now_ms())
    .execute(&db.pool)
    .await?;
    Ok(id)
}

type Row = (
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    String,
);

const COLUMNS: &str =
    "id, email, password_hash, name, surname, mfa_method, onboarding_flow, kyc_status";

fn from_row(
    (id, email, password_hash, name, surname, mfa_method, onboarding_flow, kyc_status): Row,
) -> UserRow {
    UserRow {
        id,
        email,
        password_hash,
        name,
        surname,
        mfa_method,
        onboarding_flow,
        kyc_status,
    }
}

pub async fn by_email(db: &Db, email: &Email) -> Result<Option<UserRow>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!("SELECT {COLUMNS} FROM users WHERE email = $1"))
        .bind(email.as_str())
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(from_row))
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<UserRow>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!("SELECT {COLUMNS} FROM users WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(from_row))
}

/// The telephone the SMS step texts: country code and number.
pub async fn phone(db: &Db, id: &str) -> Result<Option<(String, String)>, sqlx::Error> {
    let row = sqlx::query_as::<_, (Option<String>, Option<String>)>(
        "SELECT phone_code, phone_number FROM users WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.and_then(|(code, number)| Some((code?, number?))))
}
