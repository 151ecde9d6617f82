//! Fixed windows in Redis (`BANK_REDIS_URL`): one INCR and, on a new key, its expiry, in one
//! script so that the count and the window cannot come apart; Redis drops ended windows itself.

use secrecy::{ExposeSecret, SecretString};
use tokio::sync::OnceCell;

const SCRIPT: &str = r"
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
";

pub struct RedisCounter {
    client: redis::Client,
    connection: OnceCell<redis::aio::ConnectionManager>,
    script: redis::Script,
}

impl RedisCounter {
    pub fn new(url: &SecretString) -> anyhow::Result<Self> {
        let client = redis::Client::open(url.expose_secret())
            .map_err(|e| anyhow::anyhow!("BANK_REDIS_URL: {}", e.category()))?;
        Ok(Self {
            client,
            connection: OnceCell::new(),
            script: redis::Script::new(SCRIPT),
        })
    }

    /// Counts one hit; answers the hits in the current window and when it ends.
    pub async fn hit(&self, key: &str, window_ms: i64, now: i64) -> anyhow::Result<(i64, i64)> {
        let connection = self
            .connection
            .get_or_try_init(|| self.client.get_connection_manager())
            .await?;
        let mut connection = connection.clone();
        let (hits, ttl): (i64, i64) = self
            .script
            .key(format!("bank:rate:{key}"))
            .arg(window_ms)
            .invoke_async(&mut connection)
            .await?;
        Ok((hits, now + ttl))
    }
}
