//! The bank: one binary serving the JSON API, server-rendered pages and static assets.

pub mod api;
pub mod config;
pub mod demo;
pub mod domain;
pub mod http;
pub mod jobs;
pub mod lifecycle;
pub mod providers;
pub mod rate_limit;
pub mod services;
pub mod store;
