//! Identity rules of SPEC §5 and the secrets of log-in: passwords, one-time codes, tokens.
pub mod birth_date;
pub mod email;
pub mod mfa;
pub mod password;
pub mod secrets;
