//! Crime figures as of a day (a permalink's date): given figures recorded, revised and added on
//! three South African days, the crime statistics as of each day show exactly what was shown at
//! its end, through the read functions and `GET /api/crime/stats?asOf`; a rebuild from the log
//! gives the same tables, kept rows included.

mod common;

use chrono::{DateTime, NaiveDate, Utc};
use common::{catch_up, import_geography, start_server, TestDb};
use gbvf_commands::crime_series::{CrimeSeries, CrimeSeriesCommand};
use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::{crime_series_id, CrimeFigure, SeriesPlace};
use gbvf_events::metadata::EventMetadata;
use gbvf_projections::crime::queries::{crime_stats_reads, AsOf};
use serde_json::Value;
use sqlx::PgPool;

/// A SAPS precinct and its ancestors, nearest first, ending with the nation.
struct Precinct {
    id: i64,
    municipality: i64,
    ancestors: Vec<i64>,
}

/// Two police precincts of one municipality.
async fn two_precincts(pool: &PgPool) -> (Precinct, Precinct) {
    let rows: Vec<(i64, i64, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT p.boundary_id, p.parent_id, p.district_id, p.province_id FROM boundary p
         WHERE p.level = 'saps_precinct' AND p.parent_id = (
             SELECT parent_id FROM boundary WHERE level = 'saps_precinct'
             GROUP BY parent_id HAVING count(*) >= 2 ORDER BY parent_id LIMIT 1)
         ORDER BY p.boundary_id LIMIT 2",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let precinct = |(id, parent, district, province): (i64, i64, Option<i64>, Option<i64>)| {
        let mut ancestors = vec![parent];
        ancestors.extend(district);
        ancestors.extend(province);
        ancestors.push(1);
        Precinct {
            id,
            municipality: parent,
            ancestors,
        }
    };
    let mut rows = rows.into_iter().map(precinct);
    (rows.next().unwrap(), rows.next().unwrap())
}

/// Records `count` crimes of type 1 in `year` at `precinct` through the crime series
/// aggregate, as the API does.
async fn record(pool: &PgPool, precinct: &Precinct, year: i32, count: i64) {
    let cqrs = cqrs_es::CqrsFramework::<CrimeSeries, _>::new(
        gbvf_api::telemetry::event_store(pool),
        vec![],
        (),
    );
    let figure = CrimeFigure {
        place: SeriesPlace {
            boundary_id: precinct.id,
            level: BoundaryLevel::SapsPrecinct,
            ancestor_ids: precinct.ancestors.clone(),
        },
        crime_type_id: 1,
        period_start_year: year,
        count,
        source: "SAPS figure recorded in a test".into(),
    };
    let meta = EventMetadata::now("test", "test", "test");
    gbvf_commands::execute::execute(
        &cqrs,
        &crime_series_id(precinct.id, 1),
        CrimeSeriesCommand::RecordCrimeFigure {
            figure,
            expected_version: None,
        },
        meta.to_map(),
    )
    .await
    .unwrap();
}

/// Dates the crime events appended after `after` (global position) at `at`: the events of a
/// day, as if they had been recorded then.
async fn recorded_at(pool: &PgPool, after: i64, at: &str) -> i64 {
    let at: DateTime<Utc> = at.parse().unwrap();
    sqlx::query("UPDATE events SET recorded_at = $2 WHERE aggregate_type = 'crime_series' AND global_position > $1")
        .bind(after)
        .bind(at)
        .execute(pool)
        .await
        .unwrap();
    last_position(pool).await
}

async fn last_position(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT COALESCE(max(global_position), 0) FROM events")
        .fetch_one(pool)
        .await
        .unwrap()
}

/// The type-1 figures of `boundary` as of `as_of`: (year, crimes), by year.
async fn figures(pool: &PgPool, boundary: i64, as_of: AsOf) -> Vec<(i32, i64)> {
    let reads = crime_stats_reads(pool, boundary, as_of)
        .await
        .unwrap()
        .unwrap();
    let mut out: Vec<(i32, i64)> = reads
        .own
        .iter()
        .filter(|f| f.crime_type_id == 1)
        .map(|f| (f.year, f.value))
        .collect();
    out.sort();
    out
}

fn day(s: &str) -> AsOf {
    AsOf::EndOf(s.parse::<NaiveDate>().unwrap())
}

async fn table(pool: &PgPool, sql: &str) -> Vec<String> {
    sqlx::query_scalar::<_, String>(sql)
        .fetch_all(pool)
        .await
        .unwrap()
}

const CRIME_TOTAL: &str = "SELECT concat_ws(',', boundary_id, crime_type_id, year, reported, reported_source, station_sum, station_count, sum_source, changed_on)
     FROM crime_total ORDER BY boundary_id, crime_type_id, year";
const CRIME_TOTAL_BEFORE: &str = "SELECT concat_ws(',', boundary_id, crime_type_id, year, reported, reported_source, station_sum, station_count, sum_source, valid_from, valid_until)
     FROM crime_total_before ORDER BY boundary_id, crime_type_id, year, valid_from";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn figures_as_of_a_day_are_those_shown_at_its_end_and_survive_a_rebuild() {
    let db = TestDb::new().await;
    let pool = &db.pool;
    import_geography(pool).await;
    let (p, q) = two_precincts(pool).await;
    let start = last_position(pool).await;

    // Given: on 2 March (late evening, South African time) P records 10 crimes in 2022/23; on
    // 5 March (shortly after midnight) P's figure is revised to 12 and 2023/24 gets 7. Both
    // days are applied in one page, which therefore spans midnight.
    record(pool, &p, 2022, 10).await;
    let after_first_day = recorded_at(pool, start, "2026-03-02T21:30:00Z").await;
    record(pool, &p, 2022, 12).await;
    record(pool, &p, 2023, 7).await;
    let after_second_day = recorded_at(pool, after_first_day, "2026-03-04T22:10:00Z").await;
    catch_up(pool).await;
    // And on 9 March Q, in the same municipality, records 5 crimes in 2022/23.
    record(pool, &q, 2022, 5).await;
    recorded_at(pool, after_second_day, "2026-03-09T08:00:00Z").await;
    catch_up(pool).await;

    // Then each day shows what was shown at its end.
    assert_eq!(figures(pool, p.id, day("2026-03-01")).await, vec![]);
    assert_eq!(
        figures(pool, p.id, day("2026-03-02")).await,
        vec![(2022, 10)]
    );
    assert_eq!(
        figures(pool, p.id, day("2026-03-04")).await,
        vec![(2022, 10)]
    );
    assert_eq!(
        figures(pool, p.id, day("2026-03-05")).await,
        vec![(2022, 12), (2023, 7)]
    );
    assert_eq!(
        figures(pool, p.id, AsOf::Now).await,
        vec![(2022, 12), (2023, 7)]
    );
    let m = p.municipality;
    assert_eq!(figures(pool, m, day("2026-03-01")).await, vec![]);
    assert_eq!(figures(pool, m, day("2026-03-03")).await, vec![(2022, 10)]);
    assert_eq!(
        figures(pool, m, day("2026-03-08")).await,
        vec![(2022, 12), (2023, 7)]
    );
    assert_eq!(
        figures(pool, m, day("2026-03-09")).await,
        vec![(2022, 17), (2023, 7)]
    );
    assert_eq!(
        figures(pool, m, AsOf::Now).await,
        vec![(2022, 17), (2023, 7)]
    );
    // The children's figures and the nation's latest year follow the day too.
    let reads = crime_stats_reads(pool, m, day("2026-03-04"))
        .await
        .unwrap()
        .unwrap();
    let children: Vec<(i64, i32, i64)> = reads
        .child_figures
        .iter()
        .filter(|f| f.crime_type_id == 1)
        .map(|f| (f.boundary_id, f.year, f.value))
        .collect();
    assert_eq!(children, vec![(p.id, 2022, 10)]);
    assert_eq!(reads.national_latest, Some(2022));

    // And through the API: the answer names its day; a day after today is refused.
    let base = start_server(pool, None).await;
    let client = reqwest::Client::new();
    let stats = |as_of: &'static str| {
        let client = client.clone();
        let url = format!("{base}/api/crime/stats?boundaryId={m}&componentOptions=1&asOf={as_of}");
        async move {
            let res = client.get(url).send().await.unwrap();
            (res.status().as_u16(), res.json::<Value>().await.unwrap())
        }
    };
    let (status, body) = stats("2026-03-04").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["asOf"], "2026-03-04");
    assert_eq!(body["period"], "2022/23");
    assert_eq!(body["total"], 10);
    let (status, body) = stats("2026-03-01").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["total"], Value::Null);
    assert_eq!(body["series"], serde_json::json!([]));
    for refused in [
        "2999-01-01",
        "2026-3-04",
        "2026-02-30",
        "yesterday",
        "2026-03-04%00",
        "2026-03-04%2000",
    ] {
        let (status, body) = stats(refused).await;
        assert_eq!(status, 400, "{refused}: {body}");
        assert_eq!(
            body["errors"][0]["description"],
            "asOf must be a date written YYYY-MM-DD, no later than today."
        );
    }

    // And a rebuild from the log writes the same rows, the kept ones included.
    let live = (
        table(pool, CRIME_TOTAL).await,
        table(pool, CRIME_TOTAL_BEFORE).await,
    );
    assert!(
        live.1.len() >= 3,
        "rows kept from earlier days: {:?}",
        live.1
    );
    let crime = gbvf_projections::all()
        .into_iter()
        .find(|p| p.name() == "crime")
        .unwrap();
    gbvf_projections::engine::rebuild(pool, crime.as_ref(), 500, |_| {})
        .await
        .unwrap();
    let rebuilt = (
        table(pool, CRIME_TOTAL).await,
        table(pool, CRIME_TOTAL_BEFORE).await,
    );
    assert_eq!(live, rebuilt);
    db.drop_db().await;
}
