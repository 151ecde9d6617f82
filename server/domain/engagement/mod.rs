pub mod features;
pub mod promos;
pub mod settings;
