//! Who may read what: the rules about reads that are narrower than a route's permission.
//!
//! A route's permission (`x-permission` in the OpenAPI document) is checked by the HTTP layer
//! before any handler runs. Some reads are narrower still: a provider's unverified details
//! only inside the reader's area, an organisation's results only for its own people unless
//! the reader may see every organisation's. Those rules live beside the aggregates of their
//! domain ([`crate::building_blocks::StaffArea`], [`crate::health_check::ResultsReader`]) and
//! refuse with [`ReadRefused`], which the HTTP layer answers with 403 and the specification's
//! message (public spec §6).

/// A read the rules do not allow this reader: HTTP 403 "You do not have permission to perform
/// this action." (public spec §6). It says nothing about whether the thing exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("You do not have permission to perform this action.")]
pub struct ReadRefused;
