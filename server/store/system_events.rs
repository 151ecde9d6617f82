//! System events queued for people, and their survey answers (migration 20261210000012).

use super::{named, Db};
use crate::domain::engagement::events::{Closed, Queued, SystemEvent};
use crate::domain::engagement::surveys::Survey;
use crate::domain::ids::UserId;
use crate::domain::profiles::access::{ProfileType, Role};

/// Queues an event for a person in a profile; false when one of its name is open already.
pub async fn queue(
    db: &Db,
    user_id: &str,
    profile_id: &str,
    event: SystemEvent,
    queued_by: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO system_events (id, user_id, profile_id, name, queued_by, queued_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(user_id)
    .bind(profile_id)
    .bind(event.name())
    .bind(queued_by)
    .bind(db.now_ms())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The person's open events in a profile, oldest first.
pub async fn open(db: &Db, user_id: &UserId, profile_id: &str) -> Result<Vec<Queued>, sqlx::Error> {
    sqlx::query_as::<_, (String, String, Option<i64>)>(
        "SELECT id, name, delivered_at FROM system_events \
         WHERE user_id = $1 AND profile_id = $2 AND closed_at IS NULL ORDER BY queued_at, id",
    )
    .bind(user_id)
    .bind(profile_id)
    .fetch_all(&db.pool)
    .await?
    .into_iter()
    .map(|(id, name, delivered_at)| {
        Ok(Queued {
            id,
            event: named::<SystemEvent>("name", &name)?,
            delivered: delivered_at.is_some(),
        })
    })
    .collect()
}

/// Notes that the person's app was told of these events.
pub async fn mark_delivered(db: &Db, ids: &[&str]) -> Result<(), sqlx::Error> {
    for id in ids {
        sqlx::query(
            "UPDATE system_events SET delivered_at = $1 WHERE id = $2 AND delivered_at IS NULL",
        )
        .bind(db.now_ms())
        .bind(id)
        .execute(&db.pool)
        .await?;
    }
    Ok(())
}

/// Closes one open event; false when it was closed already.
pub async fn close(db: &Db, id: &str, outcome: Closed) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE system_events SET closed_at = $1, outcome = $2 WHERE id = $3 AND closed_at IS NULL",
    )
    .bind(db.now_ms())
    .bind(outcome.as_str())
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Closes the person's open events of a name as answered, in `profile_id` or in every profile.
pub async fn answered<'c>(
    conn: impl sqlx::Executor<'c, Database = sqlx::Any>,
    user_id: &str,
    profile_id: Option<&str>,
    event: SystemEvent,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let in_profile = if profile_id.is_some() {
        " AND profile_id = $4"
    } else {
        ""
    };
    let query = format!(
        "UPDATE system_events SET closed_at = $1, outcome = 'answered' \
         WHERE user_id = $2 AND name = $3 AND closed_at IS NULL{in_profile}"
    );
    let mut query = sqlx::query(&query)
        .bind(now)
        .bind(user_id)
        .bind(event.name());
    if let Some(profile_id) = profile_id {
        query = query.bind(profile_id);
    }
    let done = query.execute(conn).await?;
    Ok(done.rows_affected())
}

/// Every membership, for an operator's segment: who, in which profile, of which type and role.
pub async fn members(db: &Db) -> Result<Vec<(String, String, ProfileType, Role)>, sqlx::Error> {
    sqlx::query_as::<_, (String, String, String, String)>(
        "SELECT m.user_id, m.profile_id, p.type, m.role FROM profile_members m \
         JOIN profiles p ON p.id = m.profile_id ORDER BY m.user_id, m.profile_id",
    )
    .fetch_all(&db.pool)
    .await?
    .into_iter()
    .map(|(user, profile, kind, role)| {
        Ok((
            user,
            profile,
            named::<ProfileType>("type", &kind)?,
            named::<Role>("role", &role)?,
        ))
    })
    .collect()
}

/// Keeps a person's answers to a survey and closes its events, in one transaction; false when
/// the person had answered it already (the first answer stands, nothing is kept twice).
pub async fn keep_answers(
    db: &Db,
    user_id: &UserId,
    profile_id: &str,
    survey: Survey,
    event: Option<SystemEvent>,
    answers: &serde_json::Value,
) -> Result<bool, sqlx::Error> {
    let now = db.now_ms();
    let mut tx = db.pool.begin().await?;
    let kept = sqlx::query(
        "INSERT INTO survey_answers (user_id, survey, profile_id, answers, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(user_id)
    .bind(survey.name())
    .bind(profile_id)
    .bind(answers.to_string())
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if let Some(event) = event {
        answered(&mut *tx, user_id.as_str(), None, event, now).await?;
    }
    tx.commit().await?;
    Ok(kept)
}

/// The surveys the person has answered.
pub async fn surveys_answered(db: &Db, user_id: &UserId) -> Result<Vec<Survey>, sqlx::Error> {
    sqlx::query_scalar::<_, String>(
        "SELECT survey FROM survey_answers WHERE user_id = $1 ORDER BY created_at",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(|name| named::<Survey>("survey", name))
    .collect()
}

/// A person's answers to a survey, as kept.
pub async fn answers(
    db: &Db,
    user_id: &UserId,
    survey: Survey,
) -> Result<Option<serde_json::Value>, sqlx::Error> {
    let stored = sqlx::query_scalar::<_, String>(
        "SELECT answers FROM survey_answers WHERE user_id = $1 AND survey = $2",
    )
    .bind(user_id)
    .bind(survey.name())
    .fetch_optional(&db.pool)
    .await?;
    stored
        .map(|text| super::json::<serde_json::Value>("answers", &text))
        .transpose()
}
