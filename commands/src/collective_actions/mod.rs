//! Collective actions (public spec §1 component 4, §3 "Collective action data"): the End GBVF
//! 100-Day Challenges and the collective actions an administrator records. A 100-Day Challenge
//! is one kind of collective action; the stored names (aggregate type `collective action`, events
//! `CollectiveActionLaunched`, `CollectiveActionResultReported`, `CollectiveActionCompleted`) keep the older word.
//!
//! - [`aggregate`]: the [`CollectiveAction`] aggregate, its commands and every rule they obey.
//!   The administrator's commands run on it through [`crate::execute::execute`]; the bulk
//!   import decides through the same `handle`.
//! - [`placement`]: where a collective action is on the map: by name for the shipped file
//!   ([`Placer`]), by boundary id for an administrator's record ([`find_boundary`]).
//! - [`import`]: the import of a collective-actions CSV (`gbvf import collective-actions <file>`).

pub mod aggregate;
pub mod import;
pub mod placement;

pub use aggregate::{
    CollectiveAction, CollectiveActionCommand, CollectiveActionError, CollectiveActionRow,
    CompleteCollectiveAction, ImportCollectiveAction, RecordCollectiveAction,
    ReportCollectiveActionResult, CONFLICT_MESSAGE,
};
pub use import::{
    import_collective_actions_file, CollectiveActionImportReport, UnplacedCollectiveAction,
};
pub use placement::{find_boundary, KnownBoundary, Placer};
