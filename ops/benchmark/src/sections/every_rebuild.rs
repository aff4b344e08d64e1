//! Section 9: rebuild of every projection, twice, over the shipped data, the example
//! organisations and 100,000 synthetic survey responses: with its fold in memory (what `gbvf
//! projections rebuild` does), then page by page with `Projection::apply`; both must give the
//! same rows. No target: each projection's rate is printed.

use std::sync::Arc;

use anyhow::{bail, Context, Result};
use rand::SeedableRng;
use sqlx::PgPool;

use gbvf_api::cli;
use gbvf_events::store::{append_batch, NewEvent};
use gbvf_projections::engine;

use crate::config::Config;
use crate::db::{open_db, Databases};
use crate::report::{num, section_title, table};
use crate::setup::questionnaires;
use crate::synthetic::APPEND_BATCH;

/// Synthetic survey responses appended for section 9.
const EVERY_REBUILD_RESPONSES: usize = 100_000;

/// A projection without its rebuild fold: `engine::rebuild` then applies it page by page with
/// `Projection::apply`, as every rebuild did before rebuild folds.
struct PageByPage(Arc<dyn engine::Projection>);

#[async_trait::async_trait]
impl engine::Projection for PageByPage {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        self.0.aggregate_types()
    }
    fn tables(&self) -> &'static [&'static str] {
        self.0.tables()
    }
    fn ddl(&self, schema: &str) -> String {
        self.0.ddl(schema)
    }
    async fn apply(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
        schema: &str,
        events: &[gbvf_events::store::StoredEvent],
    ) -> anyhow::Result<()> {
        self.0.apply(tx, schema, events).await
    }
}

/// Appends `n` anonymous responses to the open survey periods, each answering every question
/// of its questionnaire as the example respondents do (`cli::examples::answers`, seeded): the
/// health-check projection's load, as respondents would make it.
async fn append_synthetic_responses(pool: &PgPool, n: usize) -> Result<usize> {
    use gbvf_events::health_check::{
        GivenAnswer, SurveyResponseEvent, SurveyResponseSubmitted, SURVEY_RESPONSE_AGGREGATE,
    };
    let periods: Vec<(String, String, String, i32)> = sqlx::query_as(
        "SELECT health_check_id, invite_code, questionnaire_id, questionnaire_version FROM health_check ORDER BY 1",
    )
    .fetch_all(pool)
    .await?;
    if periods.is_empty() {
        bail!("no survey period to answer");
    }
    let questionnaires = questionnaires()?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(20261125);
    let mut batch = Vec::with_capacity(APPEND_BATCH);
    let mut conn = pool.acquire().await?;
    for i in 0..n {
        let (health_check_id, invite_code, questionnaire_id, version) = &periods[i % periods.len()];
        let q = questionnaires
            .get(questionnaire_id)
            .with_context(|| format!("questionnaire {questionnaire_id}"))?;
        // The example respondents' answers (`gbvf examples load`), as the survey call takes
        // them, read into the event's form.
        let answers = cli::examples::answers(q, 0.5, &mut rng)
            .iter()
            .map(|a| GivenAnswer {
                question_id: a["QuestionId"].as_str().unwrap_or_default().to_string(),
                possible_answer_ids: a["PossibleAnswerIds"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|id| id.as_i64().and_then(|id| i32::try_from(id).ok()))
                    .collect(),
            })
            .collect();
        let event = SurveyResponseEvent::SurveyResponseSubmitted(SurveyResponseSubmitted {
            health_check_id: health_check_id.clone(),
            invite_code: invite_code.clone(),
            questionnaire_id: questionnaire_id.clone(),
            questionnaire_version: *version,
            answers,
            response_key: None,
        });
        batch.push(NewEvent {
            aggregate_type: SURVEY_RESPONSE_AGGREGATE.into(),
            aggregate_id: uuid::Uuid::new_v4().to_string(),
            sequence: 1,
            event_type: "SurveyResponseSubmitted".into(),
            event_version: "1.0".into(),
            payload: serde_json::to_value(&event)?,
            metadata: serde_json::json!({}),
        });
        if batch.len() == APPEND_BATCH {
            append_batch(&mut conn, &batch).await?;
            batch.clear();
        }
    }
    if !batch.is_empty() {
        append_batch(&mut conn, &batch).await?;
    }
    Ok(n)
}

/// Rows in the tables of `p` (through the views).
async fn projection_rows(pool: &PgPool, p: &dyn engine::Projection) -> Result<i64> {
    let mut rows = 0;
    for table in p.tables() {
        let n: i64 = sqlx::query_scalar(&format!("SELECT count(*) FROM public.{table}"))
            .fetch_one(pool)
            .await?;
        rows += n;
    }
    Ok(rows)
}

/// Runs section 9 on a new database (its own import of the shipped data).
pub async fn run(cfg: &Config, dbs: &mut Databases) -> Result<()> {
    eprintln!("==> section 9: rebuild of every projection, folded and page by page");
    let url = dbs.create("every").await?;
    let pool = open_db(&url).await?;
    cli::import::run(
        &pool,
        cli::import::ImportCommand::Shipped {
            data_dir: cfg.data_dir.clone(),
        },
    )
    .await?;
    let loaded = cli::examples::load(&pool, 1).await?;
    let responses = append_synthetic_responses(&pool, EVERY_REBUILD_RESPONSES).await?;
    sqlx::query("VACUUM (ANALYZE) events")
        .execute(&pool)
        .await?;
    let mut t = table(&[
        "projection",
        "events",
        "rows",
        "folded in memory: s",
        "events/s",
        "page by page: s",
        "events/s",
        "folded / page by page",
    ]);
    for p in gbvf_projections::all() {
        let (_, applied, fold_s) = engine::rebuild(&pool, p.as_ref(), engine::PAGE, |_| {}).await?;
        let folded_rows = projection_rows(&pool, p.as_ref()).await?;
        let (_, paged_applied, paged_s) =
            engine::rebuild(&pool, &PageByPage(p.clone()), engine::PAGE, |_| {}).await?;
        let paged_rows = projection_rows(&pool, p.as_ref()).await?;
        if (applied, folded_rows) != (paged_applied, paged_rows) {
            bail!(
                "{}: the fold gave {folded_rows} rows from {applied} events, page by page {paged_rows} from {paged_applied}",
                p.name()
            );
        }
        t.add_row(vec![
            p.name().to_string(),
            num(applied as f64),
            num(folded_rows as f64),
            format!("{fold_s:.2}"),
            num(applied as f64 / fold_s),
            format!("{paged_s:.2}"),
            num(applied as f64 / paged_s),
            format!("{:.1}x", paged_s / fold_s),
        ]);
    }
    section_title(
        9,
        "Rebuild of every projection: folded in memory vs page by page",
    );
    println!("{t}");
    println!(
        "\nThe log: everything shipped (gbvf import shipped), the example organisations ({} events) and {} \
         synthetic survey responses answered as the example respondents answer. Each projection is rebuilt twice into a new \
         version: with its fold (gbvf projections rebuild), then page by page with Projection::apply \
         (pages of {}); both give the same number of rows (api/tests/projector.rs compares them row by \
         row). Rebuild times include the switch, ANALYZE and dropping the old version. The crime \
         projection's million-event figure is section 3's.",
        loaded.events,
        num(responses as f64),
        num(engine::PAGE as f64),
    );
    Ok(())
}
