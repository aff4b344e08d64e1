//! Accounts: users, organisations' registration, permission groups, validation and reference
//! lists (public spec §2–§6).
pub mod delegation;
pub mod group;
pub mod organisation;
pub mod permissions;
pub mod reference;
pub mod user;
pub mod user_side_tables;
pub mod validation;
