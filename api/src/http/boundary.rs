//! Reading boundaries from the geography read model and their JSON shape.
//!
//! JSON (public spec §3 "Boundary", plus explicit fields): `{boundaryId, code, description,
//! level, boundaryTypeId (public numbering), adminBoundaryTypeId, parentBoundaryId,
//! districtBoundaryId, nationalBoundaryId, provinceBoundaryId, peopleCount, areaKm2}`.
//! `nationalBoundaryId` is the entry of the cascade's first ("National") dropdown, i.e. the
//! boundary's province, for districts, municipalities and precincts (docs/decisions.md).

use gbvf_events::boundary::BoundaryLevel;
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;

use super::error::ApiError;

/// One row of the `boundary` read model (without geometry).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BoundaryRow {
    /// Stable id.
    pub boundary_id: i64,
    /// Source code.
    pub code: String,
    /// Level name.
    pub level: String,
    /// Name.
    pub name: String,
    /// Containing boundary.
    pub parent_id: Option<i64>,
    /// Own province.
    pub province_id: Option<i64>,
    /// Own district.
    pub district_id: Option<i64>,
    /// Census 2022 population.
    pub population: Option<i64>,
    /// Area, km².
    pub area_km2: Option<f64>,
}

/// Columns selected for [`BoundaryRow`].
pub const COLUMNS: &str =
    "boundary_id, code, level, name, parent_id, province_id, district_id, population, area_km2";

impl BoundaryRow {
    /// Its level.
    pub fn level(&self) -> BoundaryLevel {
        BoundaryLevel::parse(&self.level).unwrap_or(BoundaryLevel::SapsPrecinct)
    }

    /// Its [`Boundary`] answer.
    pub fn to_boundary(&self) -> Boundary {
        let level = self.level();
        let below_province = matches!(
            level,
            BoundaryLevel::District
                | BoundaryLevel::Municipality
                | BoundaryLevel::SapsPrecinct
                | BoundaryLevel::Ward
        );
        Boundary {
            boundary_id: self.boundary_id,
            code: self.code.clone(),
            description: self.name.clone(),
            level: self.level.clone(),
            boundary_type_id: level.public_type_id(),
            admin_boundary_type_id: level.admin_type_id(),
            parent_boundary_id: self.parent_id,
            district_boundary_id: if matches!(
                level,
                BoundaryLevel::Municipality | BoundaryLevel::SapsPrecinct
            ) {
                self.district_id
            } else {
                None
            },
            national_boundary_id: if below_province {
                self.province_id
            } else {
                None
            },
            province_boundary_id: self.province_id,
            people_count: self.population,
            area_km2: self.area_km2,
        }
    }

    /// [`Self::to_boundary`] as JSON, for answers not typed yet.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self.to_boundary()).expect("a boundary serialises")
    }
}

/// One boundary as the API answers it (public spec §3 "Boundary"; geography read model, Municipal
/// Demarcation Board boundaries, SAPS precincts, Census 2022 populations).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Boundary {
    /// Stable id.
    pub boundary_id: i64,
    /// Code of the source (MDB code, SAPS station code).
    pub code: String,
    /// Name.
    pub description: String,
    /// `national`, `province`, `district`, `municipality`, `saps_precinct` or `ward`.
    pub level: String,
    /// Public numbering: national 1, province and district 2, municipality 3, precinct 5
    /// (`null` for a level without a public number).
    #[schema(required)]
    pub boundary_type_id: Option<i32>,
    /// Administrative numbering of the level.
    #[schema(required)]
    pub admin_boundary_type_id: Option<i32>,
    /// Containing boundary.
    #[schema(required)]
    pub parent_boundary_id: Option<i64>,
    /// For a municipality or precinct: its district.
    #[schema(required)]
    pub district_boundary_id: Option<i64>,
    /// For a district, municipality or precinct: its province (the cascade's first dropdown,
    /// docs/decisions.md).
    #[schema(required)]
    pub national_boundary_id: Option<i64>,
    /// Its province.
    #[schema(required)]
    pub province_boundary_id: Option<i64>,
    /// Census 2022 population (Statistics South Africa).
    #[schema(required)]
    pub people_count: Option<i64>,
    /// Area in km².
    #[schema(required)]
    pub area_km2: Option<f64>,
}

/// The boundary `id`, or 404.
#[tracing::instrument(name = "read model boundary", skip_all, fields(boundary.id = id))]
pub async fn fetch(pool: &PgPool, id: i64) -> Result<BoundaryRow, ApiError> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM boundary WHERE boundary_id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| ApiError::NotFound(format!("No boundary has id {id}.")))
}

/// The boundary `id` from the process's boundary cache, read from the model on a miss (or 404).
/// Commands use it; the cache is emptied when the geography projection moves
/// ([`super::cache::ResponseCache::spawn_invalidator`]).
pub async fn fetch_cached(s: &super::AppState, id: i64) -> Result<BoundaryRow, ApiError> {
    if let Some(b) = s.cache.boundary(id) {
        return Ok(b);
    }
    let b = fetch(&s.pool, id).await?;
    s.cache.put_boundary(b.clone());
    Ok(b)
}

/// Direct children of boundary `id`, ordered by name.
pub async fn children(pool: &PgPool, id: i64) -> Result<Vec<BoundaryRow>, ApiError> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM boundary WHERE parent_id = $1 ORDER BY name"
    ))
    .bind(id)
    .fetch_all(pool)
    .await?)
}

/// The levels a public `boundaryTypeId` stands for (1 National, 2 District/Province,
/// 3 Local, 5 SAPS precinct), or 400.
pub fn levels_of_public_type(type_id: i64) -> Result<&'static [&'static str], ApiError> {
    Ok(match type_id {
        1 => &["national"],
        2 => &["province", "district"],
        3 => &["municipality"],
        5 => &["saps_precinct"],
        _ => return Err(ApiError::bad("boundaryTypeId", "boundaryTypeId must be 1 (National), 2 (District/Province), 3 (Local) or 5 (SAPS precinct).")),
    })
}
