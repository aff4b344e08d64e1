//! Section 4: projector lag during section 1's command load — for every crime event of each
//! round, the first checkpoint sample (every 10 ms) at or past it minus its `recorded_at`.
//! Target: p99 < 250 ms over the HTTP loads (the raw paths' rounds are shown for information:
//! their projector hears of them only at its next poll).

use anyhow::Result;
use sqlx::PgPool;

use gbvf_events::crime::CRIME_SERIES_AGGREGATE;

use crate::checkpoints::{lag_of, LagResult, Sample, Window, SAMPLE_EVERY};
use crate::report::{ms, num, section_title, table, verdict_text, Verdict};

/// p99 of projector lag during the command load, seconds.
const TARGET_LAG_P99_S: f64 = 0.25;

/// Prints section 4's table, one row per (path, callers) of section 1's rounds and one for all
/// HTTP loads, from the crime projection's checkpoint `samples`; adds its target to the summary.
pub async fn report(
    pool: &PgPool,
    windows: &[Window],
    samples: &[Sample],
    summary: &mut Vec<Verdict>,
) -> Result<()> {
    section_title(
        4,
        "Projector lag during the command load (crime projection, per event)",
    );
    let mut t = table(&[
        "load",
        "events",
        "lag p50 ms",
        "lag p99 ms",
        "lag max ms",
        "not applied",
        "target",
        "result",
    ]);
    let mut all_http = LagResult::empty();
    // The rounds of one (path, level), in the order they first ran.
    let mut groups: Vec<((&str, usize), LagResult)> = Vec::new();
    for w in windows {
        let lag = lag_of(pool, CRIME_SERIES_AGGREGATE, samples, w.from, w.to).await?;
        match groups.iter_mut().find(|g| g.0 == (w.path, w.level)) {
            Some((_, acc)) => acc.add(&lag),
            None => groups.push(((w.path, w.level), lag)),
        }
    }
    for ((path, level), lag) in groups {
        let is_http = path == "HTTP";
        let (target, result) = if is_http {
            let pass = lag.unapplied == 0
                && lag.hist.value_at_quantile(0.99) < (TARGET_LAG_P99_S * 1e6) as u64;
            (
                format!("p99 < {TARGET_LAG_P99_S} s"),
                verdict_text(Some(pass)).to_string(),
            )
        } else {
            ("".into(), "info".into())
        };
        t.add_row(vec![
            format!("{path} x{level}"),
            num(lag.events as f64),
            ms(lag.hist.value_at_quantile(0.5)),
            ms(lag.hist.value_at_quantile(0.99)),
            ms(lag.hist.max()),
            num(lag.unapplied as f64),
            target,
            result,
        ]);
        if is_http {
            all_http.add(&lag);
        }
    }
    let p99 = all_http.hist.value_at_quantile(0.99);
    let pass = all_http.unapplied == 0 && p99 < (TARGET_LAG_P99_S * 1e6) as u64;
    t.add_row(vec![
        "all HTTP loads".into(),
        num(all_http.events as f64),
        ms(all_http.hist.value_at_quantile(0.5)),
        ms(p99),
        ms(all_http.hist.max()),
        num(all_http.unapplied as f64),
        format!("p99 < {TARGET_LAG_P99_S} s"),
        verdict_text(Some(pass)).to_string(),
    ]);
    println!("{t}");
    println!(
        "\nLag of one event = first moment the crime projection's checkpoint was seen at or past it, minus its recorded_at \
         (the writing transaction's start), both on the database clock; the checkpoint is sampled every {} ms ({} samples), \
         so each figure is an upper bound by up to one sampling interval. Projectors run inside the gbvf serve child.",
        SAMPLE_EVERY.as_millis(),
        num(samples.len() as f64)
    );
    summary.push(Verdict {
        section: "4 lag",
        figure: "projector lag p99 during the HTTP command load".into(),
        target: format!("p99 < {TARGET_LAG_P99_S} s"),
        measured: format!(
            "p50 {} ms, p99 {} ms",
            ms(all_http.hist.value_at_quantile(0.5)),
            ms(p99)
        ),
        pass: Some(pass),
    });
    Ok(())
}
