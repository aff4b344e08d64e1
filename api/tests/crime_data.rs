//! Import → projection → API on the real shipped files: figures equal sums computed
//! independently from the raw CSVs; re-import adds nothing; unplaced rows are reported.

mod common;

use std::collections::HashMap;
use std::path::Path;

use common::{catch_up, data_dir, import_geography, start_server, TestDb};
use gbvf_commands::import::import_crime_file;
use gbvf_commands::sources::geography::Gazetteer;
use gbvf_events::metadata::EventMetadata;
use serde_json::Value;

const FILES: [&str; 4] = [
    "crime/afrith-crime-stats-2003-2012.csv",
    "crime/SouthAfricaCrimeStats_v2.csv",
    "crime/df_crime_sa_provincial.csv",
    "crime/df_crime_sa_national.csv",
];

fn rows(path: &Path) -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let headers = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            headers
                .iter()
                .zip(rec.unwrap().iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// Sum of the ds4owd long file for `place` (the `station` column), category and year label.
fn saps_annual(file: &str, place: &str, category: &str, year: i32) -> i64 {
    let label = format!("x{}_{}", year, year + 1);
    rows(&data_dir().join(file))
        .iter()
        .filter(|r| {
            r["station"].eq_ignore_ascii_case(place)
                && r["crime_category"] == category
                && r["year"] == label
        })
        .map(|r| r["crime_count"].parse::<i64>().unwrap())
        .sum()
}

/// The Kaggle station file's figure for one station, category and year (2005..=2015).
fn kaggle(station: &str, category: &str, year: i32) -> i64 {
    let col = format!("{}-{}", year, year + 1);
    let all = rows(&data_dir().join(FILES[1]));
    let hits: Vec<i64> = all
        .iter()
        .filter(|r| r["Station"].eq_ignore_ascii_case(station) && r["Category"] == category)
        .map(|r| r[&col].parse::<i64>().unwrap())
        .collect();
    assert_eq!(hits.len(), 1, "{station} {category} appears once");
    hits[0]
}

fn afrith(station: &str, category: &str, year: i32) -> i64 {
    let all = rows(&data_dir().join(FILES[0]));
    let hits: Vec<i64> = all
        .iter()
        .filter(|r| r["station"].eq_ignore_ascii_case(station) && r["crime"].trim() == category)
        .map(|r| r[&year.to_string()].parse::<i64>().unwrap())
        .collect();
    assert_eq!(hits.len(), 1, "{station} {category} appears once");
    hits[0]
}

async fn get(base: &str, path: &str) -> (u16, Value) {
    let res = reqwest::get(format!("{base}{path}")).await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// The figure of `crime_type` in `year` from a CrimeStats document's series.
fn figure(stats: &Value, crime_type: i32, year: i32) -> Option<i64> {
    stats["series"]
        .as_array()?
        .iter()
        .find(|s| s["year"] == year)?["values"][crime_type.to_string()]
    .as_i64()
}

async fn stats(base: &str, boundary: i64, types: &str) -> Value {
    let (status, body) = get(
        base,
        &format!("/api/crime/stats?boundaryId={boundary}&componentOptions={types}"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn boundary_id(base: &str, type_id: i32, name: &str) -> i64 {
    let (_, list) = get(
        base,
        &format!("/api/geography/boundary/list/{type_id}?filter={name}"),
    )
    .await;
    list.as_array()
        .unwrap()
        .iter()
        .find(|b| {
            b["description"]
                .as_str()
                .unwrap()
                .to_lowercase()
                .starts_with(&name.to_lowercase())
        })
        .unwrap()["boundaryId"]
        .as_i64()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn imported_figures_equal_independent_sums_of_the_raw_files() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let gazetteer = Gazetteer::load(&data_dir()).unwrap();
    let meta = EventMetadata::now("import", "test", "test");
    let mut reports = Vec::new();
    for f in FILES {
        reports.push(
            import_crime_file(&db.pool, &data_dir().join(f), None, &gazetteer, &meta)
                .await
                .unwrap(),
        );
    }
    catch_up(&db.pool).await;
    let base = start_server(&db.pool, None).await;

    // An unknown boundary is a 404 naming it, not empty statistics.
    let (status, body) = get(&base, "/api/crime/stats?boundaryId=987654321").await;
    assert_eq!(
        (status, body["message"].as_str()),
        (404, Some("No boundary has id 987654321."))
    );

    // Nothing dropped silently: every row is a figure, unplaced, or in a non-GBVF category.
    for r in &reports {
        assert!(r.figures_appended > 0, "{}: figures appended", r.file_name);
        let ignored: u64 = r.ignored_categories.values().sum();
        assert!(
            r.rows_read >= r.unplaced.len() as u64 + ignored,
            "{}",
            r.file_name
        );
    }

    // Nation and province: SAPS annual totals (ds4owd), 2013/14 and 2022/23.
    let nation = stats(&base, 1, "1,2,6,10").await;
    for year in [2013, 2022] {
        assert_eq!(
            figure(&nation, 6, year),
            Some(saps_annual(
                FILES[3],
                "Republic Of South Africa",
                "Murder",
                year
            ))
        );
        assert_eq!(
            figure(&nation, 2, year),
            Some(saps_annual(
                FILES[3],
                "Republic Of South Africa",
                "Rape",
                year
            ))
        );
        assert_eq!(
            figure(&nation, 10, year),
            Some(saps_annual(
                FILES[3],
                "Republic Of South Africa",
                "Kidnapping",
                year
            ))
        );
    }
    assert_eq!(
        figure(&nation, 6, 2022),
        Some(27_494),
        "SOURCE.md spot check"
    );
    assert_eq!(nation["period"], "2022/23");
    // The rate divides by the population of its own year (decision 0157): Census 2022
    // (62,027,502) carried from census night, 3 February 2022, to 1 October 2022 (240 days) at
    // the nation's growth since Census 2011 (51,770,560 on 10 October 2011, 3,769 days before):
    // 62,027,502 × (62,027,502 / 51,770,560)^(240 / 3,769) = 62,745,568.
    assert_eq!(nation["population"], 62_745_568);
    let total = nation["total"].as_i64().unwrap();
    assert_eq!(
        nation["rate"].as_f64().unwrap(),
        (total as f64 / 62_745_568.0 * 100_000.0 * 100.0).round() / 100.0
    );
    // The provinces of the nation's map: each its own year's population, so a province whose
    // latest figures are of 2022/23 has more people than at Census 2022 night.
    for child in nation["containedBoundaryData"].as_array().unwrap() {
        let people = child["peopleCount"].as_i64().unwrap();
        assert!(people > 1_000_000, "{child}");
        let rate = child["rate"].as_f64().unwrap();
        let expected = child["total"].as_i64().unwrap() as f64 / people as f64 * 100_000.0;
        assert!((rate - expected).abs() < 0.006, "{child}");
    }
    let gauteng = boundary_id(&base, 2, "Gauteng").await;
    let gp = stats(&base, gauteng, "1,6").await;
    for year in [2016, 2020] {
        assert_eq!(
            figure(&gp, 1, year),
            Some(saps_annual(FILES[2], "Gauteng", "Sexual offences", year))
        );
        assert_eq!(
            figure(&gp, 6, year),
            Some(saps_annual(FILES[2], "Gauteng", "Murder", year))
        );
    }

    // A station: the newer Kaggle release for 2005/06 onward, the 2013 release before.
    let station = boundary_id(&base, 5, "Jeffreys Bay").await;
    let jb = stats(&base, station, "1,6,8").await;
    assert_eq!(
        figure(&jb, 6, 2012),
        Some(kaggle("Jeffreys Bay", "Murder", 2012))
    );
    assert_eq!(
        figure(&jb, 8, 2015),
        Some(kaggle(
            "Jeffreys Bay",
            "Assault with the intent to inflict grievous bodily harm",
            2015
        ))
    );
    assert_eq!(
        figure(&jb, 1, 2003),
        Some(afrith("Jeffreys Bay", "Total Sexual Crimes", 2003))
    );
    assert_eq!(jb["period"], "2015/16");
    assert_eq!(jb["boundary"]["boundaryTypeId"], 5);

    // A municipality (Kouga, EC108): the sum of its six precincts' stations.
    let kouga_stations = [
        "St Francis Bay",
        "Jeffreys Bay",
        "Humansdorp",
        "Thornhill",
        "Hankey",
        "Patensie",
    ];
    let kouga = boundary_id(&base, 3, "Kouga").await;
    let k = stats(&base, kouga, "1,6,9").await;
    for (t, cat) in [(6, "Murder"), (1, "Sexual Offences"), (9, "Common assault")] {
        for year in [2008, 2014] {
            let expected: i64 = kouga_stations.iter().map(|s| kaggle(s, cat, year)).sum();
            assert_eq!(figure(&k, t, year), Some(expected), "Kouga {cat} {year}");
        }
    }
    // Its rate is of 2015/16 and divides by the population then: its precincts' Census 2022
    // 107,221 at the Eastern Cape's growth (6,562,053 → 7,230,208), 2,317 days back from
    // census night to 1 October 2015: 107,221 × (7,230,208 / 6,562,053)^(−2,317 / 3,769).
    assert_eq!(k["period"], "2015/16");
    assert_eq!(k["population"], 101_016);
    // Children of the municipality are its precincts, each with its own figure.
    assert_eq!(
        k["containedBoundaryData"].as_array().unwrap().len(),
        kouga_stations.len()
    );

    // Re-importing every file adds nothing.
    let before: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    for f in FILES {
        let again = import_crime_file(&db.pool, &data_dir().join(f), None, &gazetteer, &meta)
            .await
            .unwrap();
        assert!(again.already_imported);
        assert_eq!(again.figures_appended, 0);
    }
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(before, after);

    // Unplaced rows are reported with a reason.
    let unplaced: usize = reports.iter().map(|r| r.unplaced.len()).sum();
    eprintln!("unplaced rows: {unplaced}");
    for r in &reports {
        for u in &r.unplaced {
            assert!(!u.reason.is_empty());
        }
    }
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_csv_with_an_unknown_station_reports_it_and_a_rerun_adds_nothing() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let gazetteer = Gazetteer::load(&data_dir()).unwrap();
    let meta = EventMetadata::now("import", "test", "test");
    let dir = tempdir();
    let file = dir.join("long.csv");
    std::fs::write(
        &file,
        "boundary,province,crime_category,period_start,period_end,count\n\
         Jeffreys Bay,EC,Murder,2023-04-01,2024-03-31,17\n\
         Nowhere Station,EC,Murder,2023-04-01,2024-03-31,3\n",
    )
    .unwrap();
    let r = import_crime_file(&db.pool, &file, None, &gazetteer, &meta)
        .await
        .unwrap();
    assert_eq!(r.figures_appended, 1);
    assert_eq!(r.unplaced.len(), 1, "{:?}", r.unplaced);
    assert_eq!(r.unplaced[0].line, 3);
    // A changed copy of the file is a new import; the unchanged figure adds nothing.
    std::fs::write(&file, "boundary,province,crime_category,period_start,period_end,count\nJeffreys Bay,EC,Murder,2023-04-01,2024-03-31,17\n").unwrap();
    let again = import_crime_file(&db.pool, &file, None, &gazetteer, &meta)
        .await
        .unwrap();
    assert!(!again.already_imported);
    assert_eq!((again.figures_appended, again.figures_unchanged), (0, 1));
    db.drop_db().await;
}

fn tempdir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gbvf-test-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
