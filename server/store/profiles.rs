use super::Db;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::profiles::access::{ProfileType, Role};

/// SPEC §3 "Profile", as the app receives it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    #[schema(value_type = String)]
    pub id: ProfileId,
    #[serde(rename = "type")]
    pub kind: ProfileType,
    pub name: String,
    pub is_default: bool,
    pub my_access: Access,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Access {
    pub role: Role,
    pub rights: Vec<String>,
}

pub async fn create(db: &Db, kind: ProfileType, name: &str) -> Result<ProfileId, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    create_in(&mut conn, db.now_ms(), kind, name).await
}

pub async fn create_in(
    conn: &mut sqlx::AnyConnection,
    now: i64,
    kind: ProfileType,
    name: &str,
) -> Result<ProfileId, sqlx::Error> {
    let id = ProfileId::fresh();
    sqlx::query("INSERT INTO profiles (id, type, name, created_at) VALUES ($1, $2, $3, $4)")
        .bind(&id)
        .bind(kind.as_str())
        .bind(name)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(id)
}

pub async fn add_member(
    db: &Db,
    profile_id: &ProfileId,
    user_id: &UserId,
    role: Role,
    rights: &[&str],
    is_default: bool,
) -> Result<(), sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    add_member_in(&mut conn, profile_id, user_id, role, rights, is_default).await
}

pub async fn add_member_in(
    conn: &mut sqlx::AnyConnection,
    profile_id: &ProfileId,
    user_id: &UserId,
    role: Role,
    rights: &[&str],
    is_default: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO profile_members (profile_id, user_id, role, rights, is_default) VALUES ($1, $2, $3, $4, $5)")
        .bind(profile_id)
        .bind(user_id)
        .bind(role.as_str())
        .bind(rights.join(";"))
        .bind(i64::from(is_default))
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The profiles a user may act for, the default first.
pub async fn for_user(db: &Db, user_id: &UserId) -> Result<Vec<Profile>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String, String, String, i64, String, String)>(
        "SELECT p.id, p.type, p.name, m.is_default, m.role, m.rights FROM profiles p \
         JOIN profile_members m ON m.profile_id = p.id WHERE m.user_id = $1 ORDER BY m.is_default DESC, p.name",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter()
        .map(|(id, kind, name, is_default, role, rights)| {
            profile(id, &kind, name, is_default, &role, &rights)
        })
        .collect()
}

pub(super) fn profile(
    id: String,
    kind: &str,
    name: String,
    is_default: i64,
    role: &str,
    rights: &str,
) -> Result<Profile, sqlx::Error> {
    Ok(Profile {
        id: id.into(),
        kind: super::named("kind", kind)?,
        name,
        is_default: is_default != 0,
        my_access: Access {
            role: Role::stored(role),
            rights: super::rights_list(rights),
        },
    })
}

pub async fn count_users(db: &Db) -> Result<i64, sqlx::Error> {
    let (count,) = sqlx::query_as::<_, (i64,)>("SELECT COUNT(*) FROM users")
        .fetch_one(&db.pool)
        .await?;
    Ok(count)
}

/// The profile a request acts for: the one the profile cookie names if the user is a member of
/// it, else the user's default, else the first.
pub fn choose<'a>(profiles: &'a [Profile], wanted: Option<&str>) -> Option<&'a Profile> {
    profiles
        .iter()
        .find(|p| Some(p.id.as_str()) == wanted)
        .or_else(|| profiles.iter().find(|p| p.is_default))
        .or(profiles.first())
}

/// Serialises the caller's transaction with every other that locks this profile (a transfer's
/// daily limit under concurrency) on PostgreSQL; SQLite's write lock already does.
pub async fn lock_in(
    conn: &mut sqlx::AnyConnection,
    backend: super::Backend,
    profile_id: &ProfileId,
) -> Result<(), sqlx::Error> {
    if backend == super::Backend::Postgres {
        sqlx::query("SELECT id FROM profiles WHERE id = $1 FOR UPDATE")
            .bind(profile_id)
            .fetch_optional(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A profile's name (a business's registered name), if the profile exists.
pub async fn name(db: &Db, profile_id: &ProfileId) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query_as::<_, (String,)>("SELECT name FROM profiles WHERE id = $1")
        .bind(profile_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|(name,)| name))
}

/// A profile's name and type: how the bank answers a check of the name on one of its accounts.
pub async fn name_and_type(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<Option<(String, ProfileType)>, sqlx::Error> {
    let row =
        sqlx::query_as::<_, (String, String)>("SELECT name, type FROM profiles WHERE id = $1")
            .bind(profile_id)
            .fetch_optional(&db.pool)
            .await?;
    row.map(|(name, kind)| Ok((name, super::named("type", &kind)?)))
        .transpose()
}
