//! The read model of questionnaire translations (`questionnaire_translations`), beside the
//! questionnaire read model of [`super`] (docs/decisions/0074-questionnaire-translations.md).
//!
//! Table (view in `public`):
//! `questionnaire_translation(questionnaire_id, language, questionnaire_version,
//! loaded_title, loaded_questions jsonb, loaded_sha256, translator_credit_id, loaded_at,
//! offered_title, offered_questions jsonb, offered_sha256, offered_translator_credit_id,
//! reviewer_credit_id, reviewed_on, reviewed_at)` — per questionnaire version and language the
//! text loaded last and, apart from it, the text offered to respondents: the one reviewed last,
//! until withdrawn (all `offered_*` NULL while nothing reviewed is offered). A changed text
//! loaded after a review waits in `loaded_*` while respondents keep the reviewed one.
//! Translators and reviewers appear by credit id only; their names are in the write-side table
//! `questionnaire_translation_credit`.

use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, SubsecRound, Utc};
use gbvf_events::health_check_translation::{
    TranslatedQuestion, TranslationEvent, QUESTIONNAIRE_TRANSLATION_AGGREGATE,
};
use gbvf_events::store::StoredEvent;
use serde::{Deserialize, Serialize};
use sqlx::{Postgres, Transaction};

use crate::engine::{insert_rows, FoldPage, Projection, RebuildFold};

/// The projection of questionnaire translations (`questionnaire_translations`).
pub struct TranslationProjection;

#[async_trait]
impl Projection for TranslationProjection {
    fn name(&self) -> &'static str {
        "questionnaire_translations"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &[QUESTIONNAIRE_TRANSLATION_AGGREGATE]
    }
    fn tables(&self) -> &'static [&'static str] {
        &["questionnaire_translation"]
    }
    fn ddl(&self, schema: &str) -> String {
        format!(
            "CREATE TABLE {schema}.questionnaire_translation (
                questionnaire_id text NOT NULL, language text NOT NULL, questionnaire_version integer NOT NULL,
                loaded_title text NOT NULL, loaded_questions jsonb NOT NULL, loaded_sha256 text NOT NULL,
                translator_credit_id uuid NOT NULL, loaded_at timestamptz NOT NULL,
                offered_title text, offered_questions jsonb, offered_sha256 text, offered_translator_credit_id uuid,
                reviewer_credit_id uuid, reviewed_on date, reviewed_at timestamptz,
                PRIMARY KEY (questionnaire_id, language));"
        )
    }

    fn rebuild_fold(&self) -> Option<Box<dyn RebuildFold>> {
        Some(Box::<TranslationFold>::default())
    }

    async fn apply(
        &self,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
        events: &[StoredEvent],
    ) -> anyhow::Result<()> {
        for e in events {
            if e.aggregate_type != QUESTIONNAIRE_TRANSLATION_AGGREGATE {
                continue;
            }
            match TranslationEvent::deserialize(&e.payload)? {
                TranslationEvent::TranslationLoaded(l) => {
                    sqlx::query(&format!(
                        "INSERT INTO {schema}.questionnaire_translation (questionnaire_id, language, questionnaire_version,
                             loaded_title, loaded_questions, loaded_sha256, translator_credit_id, loaded_at)
                         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
                         ON CONFLICT (questionnaire_id, language) DO UPDATE SET
                             loaded_title = excluded.loaded_title, loaded_questions = excluded.loaded_questions,
                             loaded_sha256 = excluded.loaded_sha256, translator_credit_id = excluded.translator_credit_id,
                             loaded_at = excluded.loaded_at"
                    ))
                    .bind(&l.questionnaire_id)
                    .bind(&l.language)
                    .bind(l.questionnaire_version)
                    .bind(&l.title)
                    .bind(sqlx::types::Json(&l.questions))
                    .bind(&l.content_sha256)
                    .bind(l.translator_credit_id)
                    .bind(e.recorded_at)
                    .execute(&mut **tx)
                    .await?;
                }
                TranslationEvent::TranslationReviewed(r) => {
                    // The aggregate reviews the text loaded last, whose hash the event names.
                    sqlx::query(&format!(
                        "UPDATE {schema}.questionnaire_translation SET
                             offered_title = loaded_title, offered_questions = loaded_questions,
                             offered_sha256 = loaded_sha256, offered_translator_credit_id = translator_credit_id,
                             reviewer_credit_id = $3, reviewed_on = $4, reviewed_at = $5
                         WHERE questionnaire_id = $1 AND language = $2 AND loaded_sha256 = $6"
                    ))
                    .bind(&r.questionnaire_id)
                    .bind(&r.language)
                    .bind(r.reviewer_credit_id)
                    .bind(r.reviewed_on)
                    .bind(e.recorded_at)
                    .bind(&r.content_sha256)
                    .execute(&mut **tx)
                    .await?;
                }
                TranslationEvent::TranslationWithdrawn(w) => {
                    sqlx::query(&format!(
                        "UPDATE {schema}.questionnaire_translation SET
                             offered_title = NULL, offered_questions = NULL, offered_sha256 = NULL,
                             offered_translator_credit_id = NULL, reviewer_credit_id = NULL,
                             reviewed_on = NULL, reviewed_at = NULL
                         WHERE questionnaire_id = $1 AND language = $2"
                    ))
                    .bind(&w.questionnaire_id)
                    .bind(&w.language)
                    .execute(&mut **tx)
                    .await?;
                }
            }
        }
        Ok(())
    }
}

/// One row of `questionnaire_translation`, as the rebuild fold writes it (keys: the columns).
#[derive(Debug, Clone, Serialize)]
struct TranslationRow {
    questionnaire_id: String,
    language: String,
    questionnaire_version: i32,
    loaded_title: String,
    loaded_questions: Vec<TranslatedQuestion>,
    loaded_sha256: String,
    translator_credit_id: uuid::Uuid,
    loaded_at: DateTime<Utc>,
    offered_title: Option<String>,
    offered_questions: Option<Vec<TranslatedQuestion>>,
    offered_sha256: Option<String>,
    offered_translator_credit_id: Option<uuid::Uuid>,
    reviewer_credit_id: Option<uuid::Uuid>,
    reviewed_on: Option<NaiveDate>,
    reviewed_at: Option<DateTime<Utc>>,
}

/// The whole history folded in memory, written once (the same rows as [`Projection::apply`]).
#[derive(Default)]
struct TranslationFold {
    rows: BTreeMap<(String, String), TranslationRow>,
}

#[async_trait]
impl RebuildFold for TranslationFold {
    fn fold(&mut self, events: FoldPage<'_>) -> anyhow::Result<()> {
        for e in events.decoded()? {
            if e.aggregate_type != QUESTIONNAIRE_TRANSLATION_AGGREGATE {
                continue;
            }
            // PostgreSQL keeps microseconds.
            let at = e.recorded_at.trunc_subsecs(6);
            match TranslationEvent::deserialize(&e.payload)? {
                TranslationEvent::TranslationLoaded(l) => {
                    let key = (l.questionnaire_id.clone(), l.language.clone());
                    let previous = self.rows.remove(&key);
                    let mut row = TranslationRow {
                        questionnaire_id: l.questionnaire_id,
                        language: l.language,
                        questionnaire_version: l.questionnaire_version,
                        loaded_title: l.title,
                        loaded_questions: l.questions,
                        loaded_sha256: l.content_sha256,
                        translator_credit_id: l.translator_credit_id,
                        loaded_at: at,
                        offered_title: None,
                        offered_questions: None,
                        offered_sha256: None,
                        offered_translator_credit_id: None,
                        reviewer_credit_id: None,
                        reviewed_on: None,
                        reviewed_at: None,
                    };
                    if let Some(p) = previous {
                        // The version number stays that of the first load, as the upsert's.
                        row.questionnaire_version = p.questionnaire_version;
                        row.offered_title = p.offered_title;
                        row.offered_questions = p.offered_questions;
                        row.offered_sha256 = p.offered_sha256;
                        row.offered_translator_credit_id = p.offered_translator_credit_id;
                        row.reviewer_credit_id = p.reviewer_credit_id;
                        row.reviewed_on = p.reviewed_on;
                        row.reviewed_at = p.reviewed_at;
                    }
                    self.rows.insert(key, row);
                }
                TranslationEvent::TranslationReviewed(r) => {
                    if let Some(row) = self.rows.get_mut(&(r.questionnaire_id, r.language)) {
                        if row.loaded_sha256 == r.content_sha256 {
                            row.offered_title = Some(row.loaded_title.clone());
                            row.offered_questions = Some(row.loaded_questions.clone());
                            row.offered_sha256 = Some(row.loaded_sha256.clone());
                            row.offered_translator_credit_id = Some(row.translator_credit_id);
                            row.reviewer_credit_id = Some(r.reviewer_credit_id);
                            row.reviewed_on = Some(r.reviewed_on);
                            row.reviewed_at = Some(at);
                        }
                    }
                }
                TranslationEvent::TranslationWithdrawn(w) => {
                    if let Some(row) = self.rows.get_mut(&(w.questionnaire_id, w.language)) {
                        row.offered_title = None;
                        row.offered_questions = None;
                        row.offered_sha256 = None;
                        row.offered_translator_credit_id = None;
                        row.reviewer_credit_id = None;
                        row.reviewed_on = None;
                        row.reviewed_at = None;
                    }
                }
            }
        }
        Ok(())
    }

    async fn write(
        self: Box<Self>,
        tx: &mut Transaction<'_, Postgres>,
        schema: &str,
    ) -> anyhow::Result<()> {
        insert_rows(
            tx,
            schema,
            "questionnaire_translation",
            self.rows.into_values(),
        )
        .await?;
        Ok(())
    }
}
