//! The typed reads of the accounts read model (tables in [`super`]): accounts and their
//! groups, groups and their actions, organisations and their applications. Each function
//! names the tables it reads; all read the views in `public`, and fail only with the
//! database's error.

use chrono::{DateTime, Utc};
use gbvf_events::person::ERASED_PERSON;
use serde::Deserialize;
use sqlx::PgPool;

/// A group an account belongs to, by id and name (`access_group`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct GroupName {
    /// The group id.
    pub group_id: i64,
    /// The group's name.
    pub name: String,
}

/// A live account of the users list (`user_account` with its live groups).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserListEntry {
    /// The user id (UUID).
    pub user_id: String,
    /// First and last name, trimmed.
    pub display_name: String,
    /// The e-mail address.
    pub email: String,
    /// Its groups that are not deleted, by name.
    #[sqlx(json)]
    pub groups: Vec<GroupName>,
    /// True for the shipped example accounts.
    pub example: bool,
}

/// Every live (not deleted) account with its live groups, ordered by first then last name
/// (case-insensitive), from `user_account`, `user_group` and `access_group`.
pub async fn live_users(pool: &PgPool) -> sqlx::Result<Vec<UserListEntry>> {
    sqlx::query_as(
        "SELECT u.user_id, trim(u.first_name || ' ' || u.last_name) AS display_name, u.email,
                COALESCE(json_agg(json_build_object('group_id', g.group_id, 'name', g.name) ORDER BY g.name)
                         FILTER (WHERE g.group_id IS NOT NULL), '[]') AS groups, u.example
         FROM user_account u LEFT JOIN user_group ug ON ug.user_id = u.user_id
         LEFT JOIN access_group g ON g.group_id = ug.group_id AND NOT g.deleted
         WHERE NOT u.deleted GROUP BY u.user_id, u.first_name, u.last_name, u.email, u.example ORDER BY lower(u.first_name), lower(u.last_name)",
    )
    .fetch_all(pool)
    .await
}

/// A live account's id and e-mail address (`user_account`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LiveAccount {
    /// The user id (UUID).
    pub user_id: String,
    /// The e-mail address.
    pub email: String,
}

/// The account `user_id` unless it is deleted or unknown (`None`), from `user_account`.
pub async fn live_account(pool: &PgPool, user_id: &str) -> sqlx::Result<Option<LiveAccount>> {
    sqlx::query_as("SELECT user_id, email FROM user_account WHERE user_id = $1 AND NOT deleted")
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

/// One account's details as the user form shows them (`user_account` and the name of its
/// `organisation`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccountDetails {
    /// Title id (reference list), if chosen.
    pub title_id: Option<i32>,
    /// First name (empty once erased).
    pub first_name: String,
    /// Last name (empty once erased).
    pub last_name: String,
    /// Job role id (reference list), if chosen.
    pub job_role_id: Option<i32>,
    /// Mobile number, digits.
    pub mobile_number: Option<String>,
    /// Alternative number, digits.
    pub alternative_number: Option<String>,
    /// The organisation id, if any.
    pub organisation_id: Option<String>,
    /// Relationship type ids (1 Contact Person, 6 Building Block Coordinator).
    pub relationship_type_ids: Vec<i32>,
    /// The municipalities (boundary ids) of a coordinator.
    pub municipality_ids: Vec<i64>,
    /// The provinces (boundary ids) of a coordinator (a province's designated person).
    pub province_ids: Vec<i64>,
    /// The organisation's name; `None` without an organisation or for an unknown one.
    pub organisation_name: Option<String>,
}

/// The details of account `user_id` (deleted or not), from `user_account` and
/// `organisation`. Errors with `RowNotFound` for an unknown account.
pub async fn account_details(pool: &PgPool, user_id: &str) -> sqlx::Result<AccountDetails> {
    sqlx::query_as(
        "SELECT u.title_id, u.first_name, u.last_name, u.job_role_id, u.mobile_number, u.alternative_number, u.organisation_id,
                u.relationship_type_ids, u.municipality_ids, u.province_ids, o.name AS organisation_name
         FROM user_account u LEFT JOIN organisation o ON o.organisation_id = u.organisation_id WHERE u.user_id = $1",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await
}

/// The ids of the groups account `user_id` belongs to, deleted groups included, ascending
/// (`user_group`); empty for an unknown account.
pub async fn group_ids_of(pool: &PgPool, user_id: &str) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT group_id FROM user_group WHERE user_id = $1 ORDER BY group_id")
        .bind(user_id)
        .fetch_all(pool)
        .await
}

/// The organisation account `user_id` belongs to (`user_account`); `None` for an account
/// without one and for an unknown account.
pub async fn organisation_of(pool: &PgPool, user_id: &str) -> sqlx::Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT organisation_id FROM user_account WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(pool)
            .await?
            .flatten(),
    )
}

/// The actions (admin spec §3 action ids, each once, in no order) that the groups
/// `group_ids` give now (`group_action` of groups in `access_group` that are not deleted);
/// what a member holds.
pub async fn actions_of_live_groups(pool: &PgPool, group_ids: &[i64]) -> sqlx::Result<Vec<i32>> {
    sqlx::query_scalar(
        "SELECT DISTINCT ga.action_id FROM group_action ga
         JOIN access_group g ON g.group_id = ga.group_id AND NOT g.deleted WHERE ga.group_id = ANY($1)",
    )
    .bind(group_ids)
    .fetch_all(pool)
    .await
}

/// What every live group grants now: group id → its action ids (`group_action` of groups in
/// `access_group` that are not deleted; a live group without actions maps to none). The user
/// aggregate judges delegation over it (`gbvf_commands::accounts::delegation::GroupActions`).
pub async fn actions_by_live_group(
    pool: &PgPool,
) -> sqlx::Result<std::collections::BTreeMap<i64, std::collections::BTreeSet<i32>>> {
    let rows: Vec<(i64, Option<i32>)> = sqlx::query_as(
        "SELECT g.group_id, ga.action_id FROM access_group g
         LEFT JOIN group_action ga ON ga.group_id = g.group_id WHERE NOT g.deleted",
    )
    .fetch_all(pool)
    .await?;
    let mut by_group = std::collections::BTreeMap::<i64, std::collections::BTreeSet<i32>>::new();
    for (group, action) in rows {
        let actions = by_group.entry(group).or_default();
        actions.extend(action);
    }
    Ok(by_group)
}

/// The action ids of group `group_id`, ascending (`group_action`); empty for an unknown group.
pub async fn group_actions(pool: &PgPool, group_id: i64) -> sqlx::Result<Vec<i32>> {
    sqlx::query_scalar("SELECT action_id FROM group_action WHERE group_id = $1 ORDER BY action_id")
        .bind(group_id)
        .fetch_all(pool)
        .await
}

/// How many of `group_ids` are groups that exist and are not deleted (`access_group`).
pub async fn live_group_count(pool: &PgPool, group_ids: &[i64]) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM access_group WHERE group_id = ANY($1) AND NOT deleted")
        .bind(group_ids)
        .fetch_one(pool)
        .await
}

/// Whether a live group is called `name`, compared case-insensitively (`access_group`).
pub async fn live_group_name_taken(pool: &PgPool, name: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM access_group WHERE lower(name) = lower($1) AND NOT deleted)",
    )
    .bind(name)
    .fetch_one(pool)
    .await
}

/// A live group with its actions (`access_group`, `group_action`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GroupWithActions {
    /// The group id.
    pub group_id: i64,
    /// The group's name.
    pub name: String,
    /// Its action ids, ascending.
    pub action_ids: Vec<i32>,
}

/// The live groups with their actions, ordered by name (case-insensitive); only group
/// `group_id` when given (empty when it is unknown or deleted). From `access_group` and
/// `group_action`.
pub async fn live_groups(
    pool: &PgPool,
    group_id: Option<i64>,
) -> sqlx::Result<Vec<GroupWithActions>> {
    sqlx::query_as(
        "SELECT g.group_id, g.name, COALESCE(array_agg(a.action_id ORDER BY a.action_id) FILTER (WHERE a.action_id IS NOT NULL), '{}') AS action_ids
         FROM access_group g LEFT JOIN group_action a ON a.group_id = g.group_id
         WHERE NOT g.deleted AND ($1::bigint IS NULL OR g.group_id = $1) GROUP BY g.group_id, g.name ORDER BY lower(g.name)",
    )
    .bind(group_id)
    .fetch_all(pool)
    .await
}

/// The name shown for a person named by user id.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PersonName {
    /// The user id.
    pub user_id: String,
    /// "First Last" (trimmed), or [`ERASED_PERSON`] once erased.
    pub name: String,
}

/// The names to show for the accounts `user_ids` (unknown ids are left out, in no order): read
/// from the side table `person` through `user_account.person_id`, so an erasure shows at once,
/// before the projector has run (docs/decisions/0038-erasing-an-account-holder.md).
pub async fn person_names(pool: &PgPool, user_ids: &[String]) -> sqlx::Result<Vec<PersonName>> {
    sqlx::query_as(
        "SELECT u.user_id, CASE WHEN p.erased_at IS NOT NULL THEN $2
                                ELSE trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) END AS name
         FROM user_account u JOIN person p ON p.person_id = u.person_id WHERE u.user_id = ANY($1)",
    )
    .bind(user_ids)
    .bind(ERASED_PERSON)
    .fetch_all(pool)
    .await
}

/// An organisation by id and name (`organisation`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrganisationName {
    /// The organisation id (UUID).
    pub organisation_id: String,
    /// Its name.
    pub name: String,
}

/// Every organisation, whatever its verification status, ordered by name
/// (case-insensitive), from `organisation`.
pub async fn organisation_names(pool: &PgPool) -> sqlx::Result<Vec<OrganisationName>> {
    sqlx::query_as("SELECT organisation_id, name FROM organisation ORDER BY lower(name)")
        .fetch_all(pool)
        .await
}

/// Whether organisation `organisation_id` exists, whatever its status (`organisation`).
pub async fn organisation_exists(pool: &PgPool, organisation_id: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM organisation WHERE organisation_id = $1)")
        .bind(organisation_id)
        .fetch_one(pool)
        .await
}

/// What the health check and the session need to know of an organisation (`organisation`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrganisationFacts {
    /// Its name.
    pub name: String,
    /// Its type id (admin spec §3; 4: higher education institution).
    pub organisation_type_id: i32,
    /// 1 In Progress, 2 Rejected, 3 Approved (as the read model last applied it).
    pub verification_status_id: i32,
    /// Number of members as registered (public spec §3 "Registration payload"; shown to the
    /// verifier who approves the application).
    pub members: i64,
}

/// Name, type, verification status and registered size of organisation `organisation_id`; `None` when the
/// read model does not know it. From `organisation`.
pub async fn organisation_facts(
    pool: &PgPool,
    organisation_id: &str,
) -> sqlx::Result<Option<OrganisationFacts>> {
    sqlx::query_as(
        "SELECT name, organisation_type_id, verification_status_id, coalesce(members, 1) AS members FROM organisation WHERE organisation_id = $1",
    )
    .bind(organisation_id)
    .fetch_optional(pool)
    .await
}

/// The organisation counts of the admin dashboard (`organisation`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ApplicationCounts {
    /// Applications in progress (status 1).
    pub in_progress: i64,
    /// Approved organisations (status 3).
    pub approved: i64,
    /// The latest status change of any application; `None` before any application.
    pub last_status_change: Option<DateTime<Utc>>,
}

/// The counts of applications in progress and approved, and the latest status change, over
/// every organisation in `organisation`.
pub async fn application_counts(pool: &PgPool) -> sqlx::Result<ApplicationCounts> {
    sqlx::query_as(
        "SELECT count(*) FILTER (WHERE verification_status_id = 1) AS in_progress,
                count(*) FILTER (WHERE verification_status_id = 3) AS approved,
                max(status_date) AS last_status_change FROM organisation",
    )
    .fetch_one(pool)
    .await
}

/// The approved organisations of one type (`organisation`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrganisationTypeCount {
    /// The organisation type id.
    pub organisation_type_id: i32,
    /// Approved organisations of that type.
    pub organisations: i64,
}

/// Per organisation type with any, the approved organisations (status 3) inside boundary
/// `boundary_id` (by their province, district or municipality; the nation, 1, holds every
/// organisation), in no order. From `organisation`.
pub async fn approved_organisations_by_type(
    db: impl sqlx::PgExecutor<'_>,
    boundary_id: i64,
) -> sqlx::Result<Vec<OrganisationTypeCount>> {
    sqlx::query_as(
        "SELECT organisation_type_id, count(*) AS organisations FROM organisation WHERE verification_status_id = 3
           AND ($1 = 1 OR $1 IN (province_id, district_id, municipality_id)) GROUP BY 1",
    )
    .bind(boundary_id)
    .fetch_all(db)
    .await
}

/// What the applications search asks for (admin spec §2 "Organisations").
#[derive(Debug, Clone)]
pub struct ApplicationSearch<'a> {
    /// Only this verification status (1, 2 or 3); every status when `None`.
    pub status_id: Option<i32>,
    /// Only names containing this text (case-insensitive); every name when `None`.
    pub name_contains: Option<&'a str>,
    /// Names Z to A instead of A to Z (case-insensitive; ties by organisation id).
    pub descending: bool,
    /// Rows in the page.
    pub limit: i64,
    /// Rows skipped before the page.
    pub offset: i64,
}

/// One organisation application of the search (`organisation` with its designated person's
/// `user_account`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ApplicationRow {
    /// The organisation id (UUID).
    pub organisation_id: String,
    /// Its name.
    pub name: String,
    /// The designated person's first name, [`ERASED_PERSON`] once erased; `None` without an
    /// account.
    pub designated_first_name: Option<String>,
    /// Their last name, empty once erased; `None` without an account.
    pub designated_last_name: Option<String>,
    /// When it registered.
    pub registered_at: DateTime<Utc>,
    /// 1 In Progress, 2 Rejected, 3 Approved.
    pub verification_status_id: i32,
    /// When the status last changed.
    pub status_date: DateTime<Utc>,
    /// Rows matching the search over every page.
    pub total_rows: i64,
    /// True for the shipped example organisations.
    pub example: bool,
}

/// One page of the applications matching `search`, from `organisation` and `user_account`.
/// Every row carries the number of matches over all pages (`total_rows`); a page past the last
/// is empty.
pub async fn search_applications(
    pool: &PgPool,
    search: &ApplicationSearch<'_>,
) -> sqlx::Result<Vec<ApplicationRow>> {
    let order = if search.descending { "DESC" } else { "ASC" };
    sqlx::query_as(&format!(
        "SELECT o.organisation_id, o.name,
                CASE WHEN u.erased THEN 'Erased person' ELSE u.first_name END AS designated_first_name,
                CASE WHEN u.erased THEN '' ELSE u.last_name END AS designated_last_name, o.registered_at,
                o.verification_status_id, o.status_date, count(*) OVER () AS total_rows, o.example
         FROM organisation o LEFT JOIN user_account u ON u.user_id = o.designated_user_id
         WHERE ($1::int IS NULL OR o.verification_status_id = $1) AND ($2::text IS NULL OR o.name ILIKE '%' || $2 || '%')
         ORDER BY lower(o.name) {order}, o.organisation_id LIMIT $3 OFFSET $4"
    ))
    .bind(search.status_id)
    .bind(search.name_contains)
    .bind(search.limit)
    .bind(search.offset)
    .fetch_all(pool)
    .await
}

/// The user ids of the live accounts (not deleted, not erased, e-mail verified) whose groups
/// (not deleted) give action `action_id` now, ascending; from `user_account`, `user_group`,
/// `access_group` and `group_action`. Takes any executor: the mail worker asks inside its
/// queueing transaction.
pub async fn holders_of_action<'e, E>(executor: E, action_id: i64) -> sqlx::Result<Vec<String>>
where
    E: sqlx::Executor<'e, Database = sqlx::Postgres>,
{
    sqlx::query_scalar(
        "SELECT DISTINCT u.user_id FROM user_account u
         JOIN user_group ug ON ug.user_id = u.user_id
         JOIN access_group g ON g.group_id = ug.group_id AND NOT g.deleted
         JOIN group_action ga ON ga.group_id = g.group_id AND ga.action_id = $1
         WHERE NOT u.deleted AND NOT u.erased AND u.email_verified
         ORDER BY u.user_id",
    )
    .bind(action_id as i32)
    .fetch_all(executor)
    .await
}

/// The live accounts (not deleted, not erased, e-mail verified) that review building-block
/// submissions in province `province_id` and have not declined the notification e-mails:
/// holders of action `action_id` (ValidateBuildingBlock, 22) with the province assigned, or a
/// municipality in it (the area rule of the verification queue,
/// docs/decisions/0035-government-staff-accounts.md). User ids ascending.
pub async fn building_block_reviewers<'e, E>(
    executor: E,
    action_id: i64,
    province_id: i64,
) -> sqlx::Result<Vec<String>>
where
    E: sqlx::Executor<'e, Database = sqlx::Postgres>,
{
    sqlx::query_scalar(
        "SELECT DISTINCT u.user_id FROM user_account u
         JOIN user_group ug ON ug.user_id = u.user_id
         JOIN access_group g ON g.group_id = ug.group_id AND NOT g.deleted
         JOIN group_action ga ON ga.group_id = g.group_id AND ga.action_id = $2
         WHERE NOT u.deleted AND NOT u.erased AND u.email_verified AND u.building_block_emails
           AND ($1 = ANY(u.province_ids)
                OR EXISTS (SELECT 1 FROM boundary b
                           WHERE b.boundary_id = ANY(u.municipality_ids) AND b.province_id = $1))
         ORDER BY u.user_id",
    )
    .bind(province_id)
    .bind(action_id as i32)
    .fetch_all(executor)
    .await
}

/// Whether live account `user_id` receives the building-block notification e-mails (it has
/// not declined them); `false` for an unknown, deleted or erased account.
pub async fn receives_building_block_emails<'e, E>(executor: E, user_id: &str) -> sqlx::Result<bool>
where
    E: sqlx::Executor<'e, Database = sqlx::Postgres>,
{
    Ok(sqlx::query_scalar::<_, bool>(
        "SELECT building_block_emails FROM user_account
         WHERE user_id = $1 AND NOT deleted AND NOT erased AND email_verified",
    )
    .bind(user_id)
    .fetch_optional(executor)
    .await?
    .unwrap_or(false))
}
