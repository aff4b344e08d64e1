//! Read side of the GBVF dashboard: the projector engine ([`engine`]) and the read models it
//! maintains ([`geography`], [`crime`], [`accounts`], [`collective_actions`]).
use std::sync::Arc;

pub mod accounts;
pub mod building_blocks;
pub mod collective_actions;
pub mod crime;
pub mod engine;
pub mod geography;
pub mod health_check;
pub mod reasons;

/// Every projection of the product, in the order they are installed.
pub fn all() -> Vec<Arc<dyn engine::Projection>> {
    vec![
        Arc::new(geography::GeographyProjection),
        Arc::new(crime::CrimeProjection),
        Arc::new(accounts::AccountsProjection),
        Arc::new(building_blocks::BuildingBlockProjection),
        Arc::new(collective_actions::CollectiveActionsProjection),
        Arc::new(health_check::HealthCheckProjection),
        Arc::new(health_check::translations::TranslationProjection),
    ]
}

/// The projection called `name`, if any.
pub fn by_name(name: &str) -> Option<Arc<dyn engine::Projection>> {
    all().into_iter().find(|p| p.name() == name)
}
