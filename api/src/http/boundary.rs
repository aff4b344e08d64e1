//! Boundaries of the geography read model (`gbvf_projections::geography::queries`) as the
//! handlers hold them, and their JSON shape.
//!
//! JSON (public spec §3 "Boundary", plus explicit fields): `{boundaryId, code, description,
//! level, boundaryTypeId (public numbering), adminBoundaryTypeId, parentBoundaryId,
//! districtBoundaryId, nationalBoundaryId, provinceBoundaryId, peopleCount, areaKm2}`.
//! `nationalBoundaryId` is the entry of the cascade's first ("National") dropdown, i.e. the
//! boundary's province, for districts, municipalities and precincts
//! (docs/decisions/0044-the-cascades-national-dropdown-lists-provinces.md).

use std::ops::Deref;

use gbvf_events::boundary::BoundaryLevel;
use gbvf_projections::geography::queries as geography;
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;

use super::error::ApiError;

/// One row of the `boundary` read model (without geometry), with its answer shapes; its
/// columns are those of [`geography::BoundaryRow`], reached through `Deref`.
#[derive(Debug, Clone)]
pub struct BoundaryRow(pub geography::BoundaryRow);

impl Deref for BoundaryRow {
    type Target = geography::BoundaryRow;
    fn deref(&self) -> &geography::BoundaryRow {
        &self.0
    }
}

impl BoundaryRow {
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
    /// docs/decisions/0044-the-cascades-national-dropdown-lists-provinces.md).
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
    geography::boundary(pool, id)
        .await?
        .map(BoundaryRow)
        .ok_or_else(|| ApiError::NotFound(format!("No boundary has id {id}.")))
}

/// Direct children of boundary `id`, ordered by name.
pub async fn children(pool: &PgPool, id: i64) -> Result<Vec<BoundaryRow>, ApiError> {
    Ok(geography::children(pool, id)
        .await?
        .into_iter()
        .map(BoundaryRow)
        .collect())
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
