//! Profiles' use cases: the team's invitations.

pub mod invitations;
