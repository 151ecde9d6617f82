//! The listener's connection limits.

use std::time::Duration;

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A request's headers must be complete this long after its first byte could come.
    pub header_read: Duration,
    /// A connection with no bytes either way for this long is closed.
    pub idle: Duration,
    pub max_connections: usize,
    /// How long in-flight requests may run on after shutdown begins.
    pub grace: Duration,
    /// How long `/readyz` answers unready before the listener stops accepting (a load balancer
    /// needs a few health checks to take the process out).
    pub drain: Duration,
}
