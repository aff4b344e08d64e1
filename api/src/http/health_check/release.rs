//! The released (noisy) figures of one health check (docs/decisions/
//! 0122-noisy-organisation-results.md): every question's counts with the noise of each complete
//! step of 5, the scores computed from them, the response count as a band, and the privacy
//! statement shown with them.

use crate::http::error::ApiError;
use crate::http::AppState;
use gbvf_commands::health_check::published_responses;
use gbvf_commands::health_check::{
    answer_score, category_scores, maturity, noisy_question, response_band, NoiseKey,
    NoisyQuestion, QuestionTotals, EPSILON_PER_QUESTION, MECHANISM, MIN_RESPONSES, RESULT_STEP,
};
use gbvf_events::health_check::{QuestionnairePublished, SINGLE_CHOICE};
use gbvf_projections::health_check::queries_results::PeriodResults;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// A health check's figures as the read model holds them: `actual` responses so far, and the
/// published figures (per-question totals and per-answer counts) of the first `published` of
/// them ([`published_responses`]), from the read model's [`PeriodResults`]. Exact: never shown as they are, only through [`release`].
pub(super) struct Figures {
    pub(super) actual: i64,
    pub(super) published: i64,
    pub(super) totals: QuestionTotals,
    pub(super) counts: HashMap<(String, i32), i64>,
}

pub(super) fn figures(p: &PeriodResults) -> Figures {
    Figures {
        actual: p.actual_responses,
        published: published_responses(p.actual_responses),
        totals: p
            .questions
            .iter()
            .map(|q| (q.question_id.clone(), (q.respondents, q.score_sum)))
            .collect(),
        counts: p
            .answers
            .iter()
            .map(|a| ((a.question_id.clone(), a.possible_answer_id), a.responses))
            .collect(),
    }
}

/// The installation's noise key (`privacy::NoiseKey` under the server's secret).
pub(super) async fn noise_key(s: &AppState) -> Result<NoiseKey, ApiError> {
    Ok(NoiseKey::new(s.secret.get(&s.pool).await?))
}

/// The released (noisy) figures of one health check: per question id its noisy counts and
/// respondents (docs/decisions/0122-noisy-organisation-results.md), and whether anything is
/// released (at least [`MIN_RESPONSES`] responses).
pub(super) struct Release {
    pub(super) available: bool,
    pub(super) questions: HashMap<String, NoisyQuestion>,
}

/// The release of health check `health_check_id` of questionnaire `def` from its exact
/// figures `f`: every question's counts with the noise of each complete step so far.
pub(super) fn release(
    def: &QuestionnairePublished,
    f: &Figures,
    key: &NoiseKey,
    health_check_id: &str,
) -> Release {
    let steps = f.published / RESULT_STEP;
    let questions = def
        .questions
        .iter()
        .map(|q| {
            let counts: Vec<i64> = q
                .answers
                .iter()
                .map(|a| {
                    f.counts
                        .get(&(q.question_id.clone(), a.possible_answer_id))
                        .copied()
                        .unwrap_or(0)
                })
                .collect();
            let respondents = f.totals.get(&q.question_id).map(|t| t.0).unwrap_or(0);
            let noisy = noisy_question(
                key,
                health_check_id,
                &q.question_id,
                q.question_type_id == SINGLE_CHOICE,
                steps,
                &counts,
                respondents,
            );
            (q.question_id.clone(), noisy)
        })
        .collect();
    Release {
        available: f.published >= MIN_RESPONSES,
        questions,
    }
}

/// Per-question totals (respondents, score sum) of a release, for [`category_scores`]: each
/// released count times its answer's score (`answer_score` of that answer alone).
pub(super) fn release_totals(def: &QuestionnairePublished, r: &Release) -> QuestionTotals {
    def.questions
        .iter()
        .filter_map(|q| {
            let noisy = r.questions.get(&q.question_id)?;
            let sum: f64 = q
                .answers
                .iter()
                .zip(&noisy.counts)
                .map(|(a, c)| *c as f64 * answer_score(q, &[a.possible_answer_id]).unwrap_or(0.0))
                .sum();
            let n = noisy.respondents;
            Some((q.question_id.clone(), (n, sum.min(n as f64))))
        })
        .collect()
}

/// Category scores and maturity of a release, `None` below the privacy threshold.
pub(super) fn scores(
    def: &QuestionnairePublished,
    r: &Release,
) -> Option<(BTreeMap<i32, f64>, Option<f64>)> {
    if !r.available {
        return None;
    }
    let c = category_scores(def, &release_totals(def, r));
    let m = maturity(&c);
    Some((c, m))
}

/// What an organisation is told of its response count: a band, never the exact number
/// (`privacy::response_band`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseBand {
    /// The band: "0", "1–4", "5–9", "10–19", "20–49", "50–99", "100–199", "200–499", "500–999"
    /// or "1000 or more".
    pub band: &'static str,
    /// The band's lowest count (for a progress bar).
    pub at_least: i64,
}

impl ResponseBand {
    pub(super) fn of(n: i64) -> Self {
        let (band, at_least) = response_band(n);
        ResponseBand { band, at_least }
    }
}

/// How the figures of a result are protected: the privacy budget stated with them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReleasePrivacy {
    /// The mechanism and its budget.
    pub mechanism: &'static str,
    /// ε per question and respondent, over all releases of the survey period.
    pub epsilon_per_question: f64,
    /// For people.
    pub note: &'static str,
}

/// The privacy statement of every release.
pub(super) fn release_privacy() -> ReleasePrivacy {
    ReleasePrivacy {
        mechanism: MECHANISM,
        epsilon_per_question: EPSILON_PER_QUESTION,
        note: NOISE_NOTE,
    }
}

/// What the results say about their noise.
pub const NOISE_NOTE: &str = "To protect each respondent, every figure carries a small random adjustment, fixed for each set of results: figures from few responses are rough, and become steadier as more people respond.";
