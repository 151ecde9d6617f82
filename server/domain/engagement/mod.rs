pub mod features;
pub mod settings;
