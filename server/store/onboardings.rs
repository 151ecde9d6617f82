//! The business onboarding wizard's saved answers (SPEC §7 Onboarding) and the bank's review.

use crate::domain::ids::{ProfileId, UserId};
use sqlx::AnyConnection;

use super::Db;
use crate::domain::onboarding::business::BusinessData;

#[derive(Debug, Clone)]
pub struct Onboarding {
    pub id: String,
    pub user_id: UserId,
    /// How many wizard steps are done.
    pub step: i64,
    pub data: BusinessData,
    pub profile_id: Option<ProfileId>,
    pub submitted_at: Option<i64>,
    pub review_note: Option<String>,
    pub additional_info: Option<String>,
}

type Row = (
    String,
    String,
    i64,
    String,
    Option<String>,
    Option<i64>,
    Option<String>,
    Option<String>,
);

const COLUMNS: &str =
    "id, user_id, step, data, profile_id, submitted_at, review_note, additional_info";

fn from_row(
    (id, user_id, step, data, profile_id, submitted_at, review_note, additional_info): Row,
) -> Result<Onboarding, sqlx::Error> {
    Ok(Onboarding {
        // Answers saved by an older version read with defaults for what it did not ask
        // (`#[serde(default)]`); answers that do not read at all are an error, never lost.
        data: super::json("data", &data)?,
        id,
        user_id: user_id.into(),
        step,
        profile_id: profile_id.map(ProfileId::from),
        submitted_at,
        review_note,
        additional_info,
    })
}

/// The person's newest onboarding: the one the wizard works on, or under review.
pub async fn latest(db: &Db, user_id: &UserId) -> Result<Option<Onboarding>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM onboardings WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1"
    ))
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

pub async fn by_profile(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<Option<Onboarding>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM onboardings WHERE profile_id = $1"
    ))
    .bind(profile_id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

/// Starts a new draft for the person.
pub async fn create(db: &Db, user_id: &UserId, now: i64) -> Result<Onboarding, sqlx::Error> {
    let id = uuid::Uuid::now_v7().to_string();
    let data = BusinessData::default();
    sqlx::query(
        "INSERT INTO onboardings (id, user_id, step, data, created_at, updated_at) VALUES ($1, $2, 0, $3, $4, $4)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(serde_json::to_string(&data).unwrap_or_default())
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(Onboarding {
        id,
        user_id: user_id.into(),
        step: 0,
        data,
        profile_id: None,
        submitted_at: None,
        review_note: None,
        additional_info: None,
    })
}

/// Saves a draft's answers, unless it has been submitted meanwhile.
pub async fn save(
    db: &Db,
    id: &str,
    step: i64,
    data: &BusinessData,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE onboardings SET step = $1, data = $2, updated_at = $3 WHERE id = $4 AND submitted_at IS NULL",
    )
    .bind(step)
    .bind(serde_json::to_string(data).unwrap_or_default())
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks the draft submitted as the company `profile_id`, in the caller's transaction; false
/// when it was submitted already.
pub async fn submit(
    conn: &mut AnyConnection,
    id: &str,
    profile_id: &ProfileId,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE onboardings SET profile_id = $1, submitted_at = $2, updated_at = $2 WHERE id = $3 AND submitted_at IS NULL",
    )
    .bind(profile_id)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The bank's note when it asks for more (kyb_requested), and the customer's answer.
pub async fn set_review_note(
    conn: &mut AnyConnection,
    id: &str,
    note: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE onboardings SET review_note = $1, additional_info = NULL, updated_at = $2 WHERE id = $3")
        .bind(note)
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn set_additional_info(
    conn: &mut AnyConnection,
    id: &str,
    info: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE onboardings SET additional_info = $1, updated_at = $2 WHERE id = $3")
        .bind(info)
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The submitted applications of businesses waiting for the bank's review (`statuses`), the
/// oldest submission first: each applicant's newest onboarding.
pub async fn awaiting_review(
    db: &Db,
    statuses: [crate::domain::onboarding::kyc::KycStatus; 2],
    limit: i64,
) -> Result<Vec<Onboarding>, sqlx::Error> {
    let [first, second] = statuses.map(|s| s.as_str());
    let rows = sqlx::query_as::<_, Row>(&format!(
        "SELECT {} FROM onboardings o JOIN users u ON u.id = o.user_id \
         WHERE u.kyc_status IN ($1, $2) AND o.submitted_at IS NOT NULL \
         AND o.created_at = (SELECT MAX(created_at) FROM onboardings WHERE user_id = o.user_id) \
         ORDER BY o.submitted_at, o.id LIMIT $3",
        COLUMNS
            .split(", ")
            .map(|c| format!("o.{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
    .bind(first)
    .bind(second)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter().map(from_row).collect()
}
