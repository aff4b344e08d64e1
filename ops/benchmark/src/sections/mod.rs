//! The sections of `gbvf-bench run`, one module each (docs/benchmarks.md "What each section
//! measures"); each has a `run` that creates what it needs, measures, prints its table and adds
//! its targets to the summary. Sections 1 and 4 share one load, so [`commands`] runs both and
//! [`lag`] prints section 4's table.

pub mod audit;
pub mod building_blocks;
pub mod bulk_load;
pub mod command_paths;
pub mod commands;
pub mod every_rebuild;
pub mod import;
pub mod lag;
pub mod login_flood;
pub mod open_data;
pub mod queue;
pub mod reads;
pub mod rebuild;
pub mod rebuild_replica;
pub mod replica_reads;
pub mod scale;
pub mod survey;
pub mod survey_links;
pub mod ussd;
