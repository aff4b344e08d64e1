//! Admin console: the dashboard, organisation applications, verification with e-mail, and an
//! organisation's verification history read from the event log (admin spec §2, §4, §7;
//! docs/admin-api.md).
//!
//! - [`applications`]: the dashboard, the applications list, one application and its verification.
//! - [`history`]: an organisation's verification history and the e-mail status.

pub mod applications;
pub mod history;

pub use applications::{
    __path_application, __path_dashboard, __path_search, __path_verify, application, dashboard,
    search, verify, AdminDashboard, OrganisationApplication, OrganisationApplicationAnswer,
    OrganisationPage, OrganisationRow, SearchBody, VerifyBody,
};
pub use history::{
    __path_history, __path_mail_status, history, mail_status, HistoryEntry, HistoryQuery,
    HistorySealAnswer, OrganisationHistory,
};
