//! Sessions: opened by a completed log-in, renewed with the refresh token (a reused one
//! revokes its family), ended by log-out or a password reset; a session's step-up approval.

use crate::domain::accounts::money::Currency;
use crate::domain::ids::UserId;
use crate::store::profiles::Profile;
use crate::store::sessions::{RefreshError, SessionUser, Tokens};
use crate::store::users::UserRow;
use crate::store::{self, Db};

pub async fn open(db: &Db, user_id: &UserId) -> Result<Tokens, sqlx::Error> {
    store::sessions::issue(db, user_id, db.now_ms()).await
}

/// The session an access token belongs to, while it is live.
pub async fn of_token(db: &Db, access: &str) -> Result<Option<SessionUser>, sqlx::Error> {
    store::sessions::authenticate(db, access, db.now_ms()).await
}

pub async fn renew(db: &Db, refresh: &str) -> Result<Tokens, RefreshError> {
    store::sessions::refresh(db, refresh, db.now_ms()).await
}

/// Ends the session an access token belongs to; answers whose it was.
pub async fn end(db: &Db, access: &str) -> Result<Option<UserId>, sqlx::Error> {
    let now = db.now_ms();
    let Some(session) = store::sessions::authenticate(db, access, now).await? else {
        return Ok(None);
    };
    store::sessions::revoke(db, &session.session_id, now).await?;
    Ok(Some(session.user_id))
}

/// Ends every session of the person; answers how many.
pub async fn end_all(db: &Db, user_id: &UserId) -> Result<u64, sqlx::Error> {
    store::sessions::revoke_all_for_user(db, user_id, db.now_ms()).await
}

/// Who a live session is, the profiles they act for, the one selected (`wanted` if theirs, else
/// the default) and its primary account's currency: what a page or an API call starts from.
pub struct SignedIn {
    pub session: SessionUser,
    pub user: UserRow,
    pub profiles: Vec<Profile>,
    pub selected: Option<Profile>,
    pub primary_currency: Option<Currency>,
}

pub async fn signed_in(
    db: &Db,
    access: &str,
    wanted: Option<&str>,
) -> Result<Option<SignedIn>, sqlx::Error> {
    // One statement: the session with its person and their profiles with each one's primary
    // currency.
    let Some((session, user, profiles)) =
        store::sessions::signed_in(db, access, db.now_ms()).await?
    else {
        return Ok(None);
    };
    let (profiles, currencies): (Vec<Profile>, Vec<Option<Currency>>) =
        profiles.into_iter().unzip();
    let selected = store::profiles::choose(&profiles, wanted).cloned();
    let primary_currency = selected.as_ref().and_then(|chosen| {
        let at = profiles.iter().position(|p| p.id == chosen.id)?;
        currencies[at]
    });
    Ok(Some(SignedIn {
        session,
        user,
        profiles,
        selected,
        primary_currency,
    }))
}
