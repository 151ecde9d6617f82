use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::Db;

/// How long a process answers the overrides it read without asking again. Every page and many
/// calls consult the flags; an operator's change reaches the process that made it at once (it
/// forgets what it read) and the rest of the fleet within this long.
pub const REREAD_AFTER: Duration = Duration::from_secs(1);

type Overrides = Vec<(String, bool)>;

/// The overrides as last read, and when; the generation counts the process's own changes, so a
/// read that began before one is not kept after it.
#[derive(Clone, Default)]
pub struct Cache(Arc<Mutex<Held>>);

#[derive(Default)]
struct Held {
    generation: u64,
    read: Option<(Instant, Overrides)>,
}

impl Cache {
    /// The overrides when read lately; else the generation a new read starts in.
    fn fresh(&self) -> Result<Overrides, u64> {
        let held = self.0.lock().expect("feature cache");
        match &held.read {
            Some((read_at, overrides)) if read_at.elapsed() < REREAD_AFTER => Ok(overrides.clone()),
            _ => Err(held.generation),
        }
    }

    fn keep(&self, generation: u64, read_at: Instant, overrides: &Overrides) {
        let mut held = self.0.lock().expect("feature cache");
        if held.generation == generation {
            held.read = Some((read_at, overrides.clone()));
        }
    }

    fn forget(&self) {
        let mut held = self.0.lock().expect("feature cache");
        held.generation += 1;
        held.read = None;
    }
}

/// Per-flag overrides that operators stored; they win over configuration. Read at most once a
/// second per process (`REREAD_AFTER`).
pub async fn overrides(db: &Db) -> Result<Vec<(String, bool)>, sqlx::Error> {
    let generation = match db.feature_overrides.fresh() {
        Ok(overrides) => return Ok(overrides),
        Err(generation) => generation,
    };
    let read_at = Instant::now();
    let overrides = read(db).await?;
    db.feature_overrides.keep(generation, read_at, &overrides);
    Ok(overrides)
}

async fn read(db: &Db) -> Result<Overrides, sqlx::Error> {
    // Stored as 0/1: booleans do not travel the same way through SQLite and PostgreSQL.
    let rows = sqlx::query_as::<_, (String, i64)>(
        "SELECT name, enabled FROM feature_overrides ORDER BY name",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(name, enabled)| (name, enabled != 0))
        .collect())
}

pub async fn set_override(db: &Db, name: &str, enabled: bool) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO feature_overrides (name, enabled, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at",
    )
    .bind(name)
    .bind(i64::from(enabled))
    .bind(db.now_ms())
    .execute(&db.pool)
    .await?;
    db.feature_overrides.forget();
    Ok(())
}

pub async fn clear_override(db: &Db, name: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM feature_overrides WHERE name = $1")
        .bind(name)
        .execute(&db.pool)
        .await?;
    db.feature_overrides.forget();
    Ok(done.rows_affected() > 0)
}
