//! The publication of the public health-check figures (docs/decisions/
//! 0123-public-cells-and-suppression.md): once a quarter has ended, its survey periods are
//! final, and the whole fixed table of its cells is computed and suppressed at once
//! (`gbvf_commands::health_check::public_cells`) and stored; public reads only select from it.
//! `gbvf serve` publishes every 10 minutes; a quarter is written again only when its cells
//! changed (an organisation rejected, example data removed, a late projection).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use gbvf_commands::health_check::{
    end_of_quarter, public_cells, quarter_of, Contribution, NoiseKey,
};
use gbvf_projections::health_check::queries::participation_in;
use gbvf_projections::health_check::queries_results::period_results;
use gbvf_projections::health_check::{publish_quarter, withdraw_quarters_except, PublishedCell};
use sqlx::PgPool;

use super::results::{figures, release, scores};

/// Publishes every quarter that ended before `as_of` (the public figures of a quarter are
/// final once its survey periods have ended), from the approved organisations' periods; each
/// organisation's maturity is its released (noisy) maturity, so the public figures add no
/// privacy loss for respondents. Withdraws quarters left with no period. Returns the quarters
/// written. `secret` is the installation's secret (the noise key).
pub async fn publish_ended_quarters(
    pool: &PgPool,
    secret: &[u8],
    as_of: DateTime<Utc>,
) -> anyhow::Result<Vec<String>> {
    let key = NoiseKey::new(secret);
    let mut quarters: BTreeMap<String, Vec<Contribution>> = BTreeMap::new();
    for r in participation_in(pool, 1).await? {
        if end_of_quarter(r.effective_from) >= as_of {
            continue;
        }
        let (y, q) = quarter_of(r.effective_from);
        let mut maturity = None;
        if r.actual_responses > 0 {
            if let Some(p) = period_results(pool, &r.health_check_id).await? {
                let def = &p.questionnaire.0;
                let f = figures(&p);
                let rel = release(def, &f, &key, &r.health_check_id);
                maturity = scores(def, &rel)
                    .and_then(|(_, m)| m)
                    .map(|m| (m, f.published));
            }
        }
        quarters
            .entry(format!("{y}Q{q}"))
            .or_default()
            .push(Contribution {
                organisation_id: r.organisation_id,
                organisation_type_id: r.organisation_type_id,
                areas: [r.province_id, r.district_id, r.municipality_id],
                responses: r.actual_responses,
                expected: r.expected_responses as i64,
                maturity,
                example: r.example,
            });
    }
    let mut written = Vec::new();
    for (quarter, contributions) in &quarters {
        let cells: Vec<PublishedCell> = public_cells(contributions)
            .into_iter()
            .map(|c| PublishedCell {
                quarter: quarter.clone(),
                boundary_id: c.boundary_id,
                parent_id: c.parent_id,
                cell: c.kind.key(),
                organisations: c.organisations,
                participating: c.participating,
                responses: c.responses,
                expected: c.expected,
                maturity: c.maturity,
                example: c.example,
            })
            .collect();
        if publish_quarter(pool, quarter, &cells).await? {
            written.push(quarter.clone());
        }
    }
    let keep: Vec<String> = quarters.keys().cloned().collect();
    written.extend(withdraw_quarters_except(pool, &keep).await?);
    Ok(written)
}

/// Publishes ended quarters now and every 10 minutes, until the process ends.
pub fn spawn_publisher(pool: PgPool, secret: crate::server_secret::ServerSecret) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(600));
        loop {
            every.tick().await;
            let run = async {
                let secret = secret.get(&pool).await?.to_vec();
                publish_ended_quarters(&pool, &secret, Utc::now()).await
            };
            match run.await {
                Ok(q) if !q.is_empty() => {
                    tracing::info!(quarters = ?q, "published health-check figures")
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "publishing health-check figures failed"),
            }
        }
    });
}
