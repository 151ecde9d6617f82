//! System events and surveys (issue 31 point 3): what a person's app is told (SPEC §3 settings
//! `events` and `surveys`), what the person did with an event, and the operator's queuing for
//! one customer or a segment (`bank events`).

use crate::domain::auth::email::Email;
use crate::domain::engagement::events::{dismissed_by, Closed, SystemEvent};
use crate::domain::engagement::promos::{Audience, Facts};
use crate::domain::engagement::surveys::{self, Survey};
use crate::domain::ids::{ProfileId, UserId};
use crate::store::{self, Db};

/// SPEC §3 Settings as one person's app reads them.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Their open events in the selected profile, oldest first: the app shows the first.
    pub events: Vec<SystemEvent>,
    /// The surveys they have answered.
    pub surveys: Vec<Survey>,
}

/// What the app is told now; the events named are delivered from now on (see `keep_only`).
pub async fn settings_for(
    db: &Db,
    user_id: &UserId,
    profile_id: &str,
) -> Result<Settings, sqlx::Error> {
    let open = store::system_events::open(db, user_id, profile_id).await?;
    let fresh: Vec<&str> = open
        .iter()
        .filter(|q| !q.delivered)
        .map(|q| q.id.as_str())
        .collect();
    store::system_events::mark_delivered(db, &fresh).await?;
    Ok(Settings {
        events: open.iter().map(|q| q.event).collect(),
        surveys: store::system_events::surveys_answered(db, user_id).await?,
    })
}

/// SPEC §7 POST /v1/utils/settings `events`: the app keeps only `still`; an event it knew of
/// and left out was closed by the person.
pub async fn keep_only(
    db: &Db,
    user_id: &UserId,
    profile_id: &str,
    still: &[String],
) -> Result<Settings, sqlx::Error> {
    let open = store::system_events::open(db, user_id, profile_id).await?;
    for id in dismissed_by(&open, still) {
        store::system_events::close(db, &id, Closed::Dismissed).await?;
    }
    settings_for(db, user_id, profile_id).await
}

/// The person did what the event asked in this profile (for example chose the shipping
/// address, from the event or from the cards page): it is closed.
pub async fn answered(
    db: &Db,
    user_id: &UserId,
    profile_id: &str,
    event: SystemEvent,
) -> Result<(), sqlx::Error> {
    store::system_events::answered(
        &db.pool,
        user_id.as_str(),
        Some(profile_id),
        event,
        db.now_ms(),
    )
    .await?;
    Ok(())
}

#[derive(Debug)]
pub enum AnswerError {
    Fields(surveys::FieldErrors),
    Storage(sqlx::Error),
}

impl From<sqlx::Error> for AnswerError {
    fn from(error: sqlx::Error) -> Self {
        Self::Storage(error)
    }
}

/// Keeps the person's answers to a survey (checked against its form) and closes its event.
/// Answering twice keeps the first answers; the second is not an error (a retried send).
pub async fn answer_survey(
    db: &Db,
    user_id: &UserId,
    profile_id: &str,
    survey: Survey,
    answers: &std::collections::BTreeMap<String, serde_json::Value>,
) -> Result<(), AnswerError> {
    let checked = surveys::check(&survey.form(), answers).map_err(AnswerError::Fields)?;
    let event = SystemEvent::ALL
        .into_iter()
        .find(|e| e.survey() == Some(survey));
    store::system_events::keep_answers(db, user_id, profile_id, survey, event, &checked).await?;
    Ok(())
}

/// Whom an operator queues an event for: one customer by email, or everyone the audience holds
/// for (both may be given: that customer's profiles the audience holds for).
pub struct Target {
    pub email: Option<Email>,
    pub audience: Audience,
}

/// Queues the event for every member the target reaches, in each such profile; answers how many
/// were newly queued (one already open is not queued twice). A survey is not queued again for
/// someone who has answered it; the card address only where cards are issued.
pub async fn queue(
    db: &Db,
    event: SystemEvent,
    target: &Target,
    queued_by: &str,
) -> Result<usize, sqlx::Error> {
    let only = match &target.email {
        Some(email) => match store::users::by_email(db, email).await? {
            Some(user) => Some(user.id),
            None => return Ok(0),
        },
        None => None,
    };
    let a = &target.audience;
    let mut queued = 0;
    for (user, profile, kind, role) in store::system_events::members(db).await? {
        if only.as_ref().is_some_and(|id| id.as_str() != user) {
            continue;
        }
        let profile_id = ProfileId::from(profile.clone());
        let facts = Facts {
            profile_type: Some(kind),
            role,
            primary_currency: match a.primary_currency {
                Some(_) => crate::services::accounts::primary_currency(db, &profile_id).await?,
                None => None,
            },
            has_card: match a.has_card {
                Some(_) => store::promos::profile_has_card(db, &profile).await?,
                None => false,
            },
        };
        if !a.holds_for(&facts) {
            continue;
        }
        // Cards are issued on a UK primary account (SPEC §6): elsewhere there is nothing to
        // send, and the choice could not be saved.
        if event == SystemEvent::CardShippingAddress
            && !crate::services::accounts::has_uk_primary(db, &profile_id).await?
        {
            continue;
        }
        if let Some(survey) = event.survey() {
            let user_id = UserId::from(user.clone());
            if store::system_events::answers(db, &user_id, survey)
                .await?
                .is_some()
            {
                continue;
            }
        }
        if store::system_events::queue(db, &user, &profile, event, queued_by).await? {
            queued += 1;
        }
    }
    Ok(queued)
}
