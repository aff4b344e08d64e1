//! Where boundaries are, as the geography read model knows them: (level, code) → boundary id
//! and ancestors. Imports place every figure through this index.

use std::collections::HashMap;

use gbvf_events::boundary::BoundaryLevel;
use gbvf_events::crime::SeriesPlace;
use sqlx::PgPool;

/// Index of the boundaries in the `boundary` read model.
#[derive(Debug, Default, Clone)]
pub struct PlaceIndex {
    by_code: HashMap<(BoundaryLevel, String), i64>,
    parent: HashMap<i64, (Option<i64>, BoundaryLevel)>,
}

impl PlaceIndex {
    /// Loads the index from the `boundary` read model. Empty when geography was never imported.
    pub async fn load(pool: &PgPool) -> sqlx::Result<PlaceIndex> {
        let rows: Vec<(i64, String, String, Option<i64>)> =
            sqlx::query_as("SELECT boundary_id, code, level, parent_id FROM boundary")
                .fetch_all(pool)
                .await?;
        let mut index = PlaceIndex::default();
        for (id, code, level, parent) in rows {
            let Some(level) = BoundaryLevel::parse(&level) else {
                continue;
            };
            index.by_code.insert((level, code), id);
            index.parent.insert(id, (parent, level));
        }
        Ok(index)
    }

    /// Number of boundaries known.
    pub fn len(&self) -> usize {
        self.by_code.len()
    }

    /// Whether no boundary is known (geography not imported yet).
    pub fn is_empty(&self) -> bool {
        self.by_code.is_empty()
    }

    /// The place of the boundary `code` at `level`: its id and its ancestors' ids, nearest
    /// first, ending with the nation. `None` when unknown.
    pub fn place(&self, level: BoundaryLevel, code: &str) -> Option<SeriesPlace> {
        let id = *self.by_code.get(&(level, code.to_string()))?;
        let mut ancestor_ids = Vec::new();
        let mut cur = self.parent.get(&id).and_then(|p| p.0);
        while let Some(p) = cur {
            ancestor_ids.push(p);
            cur = self.parent.get(&p).and_then(|x| x.0);
        }
        Some(SeriesPlace {
            boundary_id: id,
            level,
            ancestor_ids,
        })
    }

    /// The place of a boundary id.
    pub fn place_of_id(&self, boundary_id: i64) -> Option<SeriesPlace> {
        let (_, level) = *self.parent.get(&boundary_id)?;
        let mut ancestor_ids = Vec::new();
        let mut cur = self.parent.get(&boundary_id).and_then(|p| p.0);
        while let Some(p) = cur {
            ancestor_ids.push(p);
            cur = self.parent.get(&p).and_then(|x| x.0);
        }
        Some(SeriesPlace {
            boundary_id,
            level,
            ancestor_ids,
        })
    }
}
