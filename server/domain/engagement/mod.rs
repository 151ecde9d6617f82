pub mod events;
pub mod features;
pub mod promos;
pub mod referrals;
pub mod reviews;
pub mod settings;
pub mod surveys;
