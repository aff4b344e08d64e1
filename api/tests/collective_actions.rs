//! Collective actions against real PostgreSQL and the real router: the shipped
//! End GBVF 100-Day Challenges CSV imported as events, counts per cycle and pillar equal to
//! counts computed independently from the CSV, every row kept (unplaced ones reported), the
//! `/api/CollectiveAction/*` calls, actionsGeomarker pins opening the collective action card with the
//! source link, filters, the WorldOfImpactAdmin permission matrix of the record / report /
//! complete commands, and a rebuild giving identical tables.

mod common;

use std::collections::HashMap;

use common::session::{member_of, setup, Client};
use common::{catch_up, data_dir};
use gbvf_commands::accounts::permissions::DEFAULT_GROUPS;
use gbvf_commands::collective_actions::import_collective_actions_file;
use gbvf_events::metadata::EventMetadata;
use serde_json::{json, Value};

fn csv_rows() -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_path(data_dir().join("challenges/challenges.csv")).unwrap();
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

/// The cycle label of a CSV row as SOURCE.md defines it: `cycle`, else `year`, else none.
fn label(r: &HashMap<String, String>) -> String {
    if !r["cycle"].is_empty() {
        r["cycle"].clone()
    } else if !r["year"].is_empty() {
        r["year"].clone()
    } else {
        "Year not stated".into()
    }
}

async fn table(pool: &sqlx::PgPool) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT row_to_json(c)::text FROM collective_action c ORDER BY collective_action_id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shipped_collective_actions_on_dashboard_map_and_cards() {
    let (db, base, dir) = setup().await;
    let meta = EventMetadata::now("import", "test", "test");
    let file = data_dir().join("challenges/challenges.csv");
    let report = import_collective_actions_file(&db.pool, &file, &meta)
        .await
        .unwrap();
    let rows = csv_rows();
    assert_eq!(report.rows_read as usize, rows.len());
    assert_eq!(rows.len(), 51, "SOURCE.md: 51 rows");
    catch_up(&db.pool).await;

    // Never drop a row: every CSV row is a collective action; the unplaced ones have no boundary and
    // are exactly those reported.
    let stored: Vec<(String, Option<i64>)> = sqlx::query_as(
        "SELECT collective_action_id, boundary_id FROM collective_action ORDER BY 1",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(stored.len(), 51);
    let mut unplaced: Vec<&str> = stored
        .iter()
        .filter(|(_, b)| b.is_none())
        .map(|(id, _)| id.as_str())
        .collect();
    let mut reported: Vec<&str> = report
        .unplaced
        .iter()
        .map(|u| u.challenge_id.as_str())
        .collect();
    unplaced.sort();
    reported.sort();
    assert_eq!(unplaced, reported);
    assert!(
        reported.contains(&"exxaro-p5-2022"),
        "a workplace with no place"
    );
    assert!(
        reported.len() < 20,
        "most rows are placed: {:?}",
        report.unplaced
    );
    // Places checked by hand against the MDB names.
    for (id, muni) in [
        (
            "tshwane-p2-2022",
            "City of Tshwane Metropolitan Municipality",
        ),
        ("polokwane-divorce-2023", "Polokwane Local Municipality"),
        ("mankweng-so-2023", "Polokwane Local Municipality"),
        ("thohoyandou-dv-2023", "Thulamela Local Municipality"),
        ("solplaatje-p1-2022", "Sol Plaatje Local Municipality"),
    ] {
        let name: Option<String> = sqlx::query_scalar(
            "SELECT boundary_name FROM collective_action WHERE collective_action_id = $1",
        )
        .bind(id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
        assert_eq!(name.as_deref(), Some(muni), "{id}");
    }

    // Re-import: nothing appended.
    let again = import_collective_actions_file(&db.pool, &file, &meta)
        .await
        .unwrap();
    assert!(again.already_imported);

    // Per cycle at national level equals the CSV's counts per cycle label.
    let c = Client::new(&base).await;
    let (s, d) = c.get("/api/dashboard?boundaryId=1").await;
    assert_eq!(s, 200, "{d}");
    let ca = &d["collectiveAction"];
    assert_eq!(ca["totalActions"], 51);
    let mut per_label: HashMap<String, i64> = HashMap::new();
    for r in &rows {
        *per_label.entry(label(r)).or_default() += 1;
    }
    let mut seen = 0;
    for cycle in ca["cycles"].as_array().unwrap() {
        let want = per_label
            .get(cycle["description"].as_str().unwrap())
            .copied()
            .unwrap_or(0);
        assert_eq!(cycle["totalCollectiveActions"], want, "{cycle}");
        assert_eq!(
            cycle["completedCollectiveActions"].as_i64().unwrap()
                + cycle["activeCollectiveActions"].as_i64().unwrap(),
            want
        );
        seen += want;
    }
    assert_eq!(seen, 51, "every row is in a cycle");
    // Today (after 2025) no shipped collective action is inside its dates.
    assert_eq!(ca["activeCollectiveActions"], 0);
    assert_eq!(ca["inactiveCollectiveActions"], 51);
    // Per pillar equals the CSV's nsp_pillar column; blank is "Pillar not stated" (0).
    for p in ca["pillarStats"].as_array().unwrap() {
        let id = p["pillarId"].as_i64().unwrap();
        let want = rows
            .iter()
            .filter(|r| {
                if id == 0 {
                    r["nsp_pillar"].is_empty()
                } else {
                    r["nsp_pillar"] == id.to_string()
                }
            })
            .count();
        assert_eq!(p["totalCollectiveActions"], want as i64, "{p}");
    }
    assert_eq!(
        ca["pillarStats"][2]["description"],
        "Justice, safety and protection"
    );

    // Filters: pillar 3, then pillar 3 courts only ('pillarId-typeId', type 2 = court).
    let p3 = rows.iter().filter(|r| r["nsp_pillar"] == "3").count();
    let p3_courts = rows
        .iter()
        .filter(|r| r["nsp_pillar"] == "3" && r["ecosystem"] == "court")
        .count();
    assert!(p3_courts > 0 && p3_courts < p3);
    let (_, d) = c
        .get("/api/dashboard?boundaryId=1&componentId=4&componentOptions=3")
        .await;
    assert_eq!(d["collectiveAction"]["totalActions"], p3 as i64);
    assert_eq!(d["collectiveAction"]["pillarStats"][0]["isIncluded"], false);
    assert_eq!(d["collectiveAction"]["pillarStats"][2]["isIncluded"], true);
    let (_, d) = c
        .get("/api/dashboard?boundaryId=1&componentId=4&componentSubOptions=3-2")
        .await;
    assert_eq!(d["collectiveAction"]["totalActions"], p3_courts as i64);
    let (s, v) = c
        .get("/api/dashboard?boundaryId=1&componentId=4&componentSubOptions=x")
        .await;
    assert_eq!(s, 400, "{v}");

    // A province: Limpopo's collective actions are those placed in it.
    let limpopo: i64 = sqlx::query_scalar(
        "SELECT boundary_id FROM boundary WHERE level = 'province' AND name = 'Limpopo'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let in_limpopo: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM collective_action WHERE $1 = ANY(ancestor_ids) OR boundary_id = $1",
    )
    .bind(limpopo)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert!(in_limpopo >= 15, "{in_limpopo}");
    // Those named only by the province (no municipality or district placed) are listed there
    // too, and nowhere else below the nation.
    let named_only: Vec<String> = sqlx::query_scalar(
        "SELECT collective_action_id FROM collective_action WHERE boundary_id IS NULL AND province = 'Limpopo'",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert!(
        !named_only.is_empty(),
        "SOURCE.md: Limpopo rows without a place"
    );
    let (_, list) = c
        .get(&format!(
            "/api/CollectiveAction/getCollectiveActionsByBoundary?boundaryId={limpopo}"
        ))
        .await;
    let listed: Vec<&Value> = list.as_array().unwrap().iter().collect();
    assert_eq!(listed.len() as i64, in_limpopo + named_only.len() as i64);
    let unplaced_listed = listed.iter().filter(|a| a["boundaryId"].is_null()).count();
    assert_eq!(unplaced_listed, named_only.len(), "{list}");
    let gauteng: i64 = sqlx::query_scalar(
        "SELECT boundary_id FROM boundary WHERE level = 'province' AND name = 'Gauteng'",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let (_, list) = c
        .get(&format!(
            "/api/CollectiveAction/getCollectiveActionsByBoundary?boundaryId={gauteng}"
        ))
        .await;
    for id in &named_only {
        assert!(
            !list.to_string().contains(id.as_str()),
            "{id} listed in Gauteng"
        );
    }

    // Pins: one per placed collective action; a pin opens the collective action card with the source link.
    let (s, pins) = c.get("/api/geography/actionsGeomarker/4/1").await;
    assert_eq!(s, 200);
    let features = pins["features"].as_array().unwrap();
    assert_eq!(features.len(), 51 - report.unplaced.len());
    let pin = features
        .iter()
        .find(|f| f["id"] == "polokwane-divorce-2023")
        .expect("Polokwane divorce pin");
    let stakeholder = pin["properties"]["stakeholder"].as_str().unwrap();
    let (s, card) = c
        .get(&format!(
            "/api/CollectiveAction/getCollectiveActionDetailsByStakeholderId?stakeholderId={stakeholder}"
        ))
        .await;
    assert_eq!(s, 200);
    assert_eq!(
        card["localMunicipalityName"],
        "Polokwane Local Municipality"
    );
    assert!(card["activeCollectiveActions"]
        .as_array()
        .unwrap()
        .is_empty());
    let done = card["inactiveCollectiveActions"].as_array().unwrap();
    let divorce = done
        .iter()
        .find(|a| a["collectiveActionId"] == "polokwane-divorce-2023")
        .unwrap();
    let csv_row = rows
        .iter()
        .find(|r| r["challenge_id"] == "polokwane-divorce-2023")
        .unwrap();
    assert_eq!(divorce["sourceUrl"], csv_row["source_url"].as_str());
    assert_eq!(divorce["outcome"], csv_row["reported_result"].as_str());
    assert_eq!(divorce["validFrom"], "2023-08-09");
    assert_eq!(c.get("/api/geography/actionsGeomarker/3/1").await.0, 400);
    assert_eq!(
        c.get("/api/CollectiveAction/getCollectiveActionsByBoundary")
            .await
            .0,
        400
    );

    // Permission matrix of the three commands: WorldOfImpactAdmin (33) only.
    let new = json!({"name": "Test team", "description": "Test goal", "collectiveActionTypeId": 1,
        "pillarId": 2, "cycleId": 5, "validFrom": "2026-01-01", "validTo": "2030-12-31",
        "boundaryId": pin["properties"]["boundaryId"], "sourceUrl": ""});
    let anon = Client::new(&base).await;
    assert_eq!(
        anon.post("/api/admin/collectiveActions", new.clone())
            .await
            .0,
        403
    );
    let mut admin = None;
    for g in DEFAULT_GROUPS {
        let m = member_of(&db, &base, &dir, g.id).await;
        let (s, v) = m.post("/api/admin/collectiveActions", new.clone()).await;
        if g.actions.contains(&33) {
            assert_eq!(s, 201, "{}: {v}", g.name);
            admin = Some((m, v["collectiveActionId"].as_str().unwrap().to_string()));
        } else {
            assert_eq!(
                (s, v["message"].as_str()),
                (
                    403,
                    Some("You do not have permission to perform this action.")
                ),
                "{}",
                g.name
            );
            for path in ["result", "complete"] {
                let (s, _) = m
                    .post(
                        &format!("/api/admin/collectiveActions/polokwane-divorce-2023/{path}"),
                        json!({"outcome": "x"}),
                    )
                    .await;
                assert_eq!(s, 403, "{} {path}", g.name);
            }
        }
    }
    let (admin, id) = admin.expect("a WorldOfImpactAdmin group");
    catch_up(&db.pool).await;
    let (_, d) = c.get("/api/dashboard?boundaryId=1").await;
    assert_eq!(d["collectiveAction"]["activeCollectiveActions"], 1);
    assert_eq!(d["collectiveAction"]["totalActions"], 52);
    // Bad input: the field is named, nothing written.
    let mut bad = new.clone();
    bad["validTo"] = json!("2020-01-01");
    let (s, v) = admin.post("/api/admin/collectiveActions", bad).await;
    assert_eq!(
        (s, v["message"].as_str()),
        (400, Some("validTo must not be before validFrom."))
    );
    let (s, _) = admin
        .post(
            &format!("/api/admin/collectiveActions/{id}/result"),
            json!({"outcome": "Done well"}),
        )
        .await;
    assert_eq!(s, 200);
    let (s, _) = admin
        .post(
            &format!("/api/admin/collectiveActions/{id}/complete"),
            json!({}),
        )
        .await;
    assert_eq!(s, 200);
    let (s, _) = admin
        .post(
            &format!("/api/admin/collectiveActions/{id}/complete"),
            json!({}),
        )
        .await;
    assert_eq!(s, 409, "completed once only");
    catch_up(&db.pool).await;
    let (_, d) = c.get("/api/dashboard?boundaryId=1").await;
    assert_eq!(d["collectiveAction"]["activeCollectiveActions"], 0);
    // Who and when are in the events' metadata.
    let actors: Vec<String> = sqlx::query_scalar(
        "SELECT metadata->>'actor' FROM events WHERE aggregate_type = 'challenge' AND aggregate_id = $1 ORDER BY sequence",
    )
    .bind(&id)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(actors.len(), 3);
    assert!(actors.iter().all(|a| a.starts_with("user:")), "{actors:?}");

    // Rebuilding the projection from the log gives identical rows.
    let before = table(&db.pool).await;
    let p = gbvf_projections::by_name(gbvf_projections::collective_actions::NAME).unwrap();
    gbvf_projections::engine::rebuild(&db.pool, p.as_ref(), 7, |_| {})
        .await
        .unwrap();
    assert_eq!(table(&db.pool).await, before);
    let _: Value = json!(null);
    db.drop_db().await;
}
