//! Which provider a row names: by id, else by name and building block (narrowed by
//! municipality), inside the uploader's area.

use crate::building_blocks::bulk_load::plan::lower;
use crate::building_blocks::bulk_load::plan::message;
use crate::building_blocks::bulk_load::plan::HashSet;
use crate::building_blocks::bulk_load::BlockInfo;
use crate::building_blocks::bulk_load::CellError;
use crate::building_blocks::bulk_load::Column;
use crate::building_blocks::bulk_load::DirectoryEntry;
use crate::building_blocks::bulk_load::Known;
use crate::building_blocks::bulk_load::SheetRow;
use crate::building_blocks::provider::ProviderError;
use crate::building_blocks::HashMap;
pub(super) fn identity_column(row: &SheetRow) -> Column {
    if row.cell(Column::ProviderId).is_some() {
        Column::ProviderId
    } else {
        Column::ProviderName
    }
}

pub(super) fn block_of<'a>(known: Known<'a>, cell: &str) -> Option<&'a BlockInfo> {
    let id: Option<i32> = cell.trim().parse().ok();
    known
        .blocks
        .iter()
        .find(|b| Some(b.building_block_id) == id || lower(&b.name) == lower(cell))
}

/// The provider a row names (by id, else by name and building block, narrowed by
/// municipality), inside the uploader's area; errors added to `errors`.
pub(super) fn find<'a>(
    row: &SheetRow,
    known: Known<'a>,
    by_id: &HashMap<i64, &'a DirectoryEntry>,
    by_name: &HashMap<(String, i32), Vec<&'a DirectoryEntry>>,
    area: &HashSet<i64>,
    errors: &mut Vec<CellError>,
) -> Option<&'a DirectoryEntry> {
    let r = row.row;
    let block = match row.cell(Column::BuildingBlock) {
        Some(b) => match block_of(known, b) {
            Some(b) => Some(b),
            None => {
                errors.push(CellError::new(
                    r,
                    Some(Column::BuildingBlock),
                    message::UNKNOWN_BLOCK,
                ));
                return None;
            }
        },
        None => None,
    };
    let outside = || ProviderError::OutsideArea.to_string();
    if let Some(id) = row.cell(Column::ProviderId) {
        let Ok(id) = id.parse::<i64>() else {
            errors.push(CellError::new(
                r,
                Some(Column::ProviderId),
                message::ID_NUMBER,
            ));
            return None;
        };
        let Some(e) = by_id.get(&id).copied() else {
            errors.push(CellError::new(
                r,
                Some(Column::ProviderId),
                ProviderError::UnknownProvider.to_string(),
            ));
            return None;
        };
        if !area.contains(&e.municipality_id) {
            errors.push(CellError::new(r, Some(Column::ProviderId), outside()));
            return None;
        }
        if row
            .cell(Column::ProviderName)
            .is_some_and(|n| lower(n) != lower(&e.name))
        {
            errors.push(CellError::new(
                r,
                Some(Column::ProviderName),
                format!("Provider {id} is named \"{}\".", e.name),
            ));
        }
        if block.is_some_and(|b| b.building_block_id != e.building_block_id) {
            errors.push(CellError::new(
                r,
                Some(Column::BuildingBlock),
                ProviderError::WrongBuildingBlock.to_string(),
            ));
        }
        return Some(e);
    }
    let Some(name) = row.cell(Column::ProviderName) else {
        errors.push(CellError::new(
            r,
            Some(Column::ProviderName),
            message::NAME_OR_ID,
        ));
        return None;
    };
    let Some(block) = block else {
        errors.push(CellError::new(
            r,
            Some(Column::BuildingBlock),
            message::BLOCK_REQUIRED,
        ));
        return None;
    };
    let named = by_name
        .get(&(lower(name), block.building_block_id))
        .map(Vec::as_slice)
        .unwrap_or_default();
    let muni = row.cell(Column::Municipality).map(lower);
    let candidates: Vec<&DirectoryEntry> = named
        .iter()
        .copied()
        .filter(|e| {
            muni.as_ref()
                .is_none_or(|m| *m == lower(&e.municipality_name))
        })
        .collect();
    let inside: Vec<&DirectoryEntry> = candidates
        .iter()
        .copied()
        .filter(|e| area.contains(&e.municipality_id))
        .collect();
    match (inside.as_slice(), candidates.is_empty()) {
        ([e], _) => Some(e),
        ([], true) => {
            let column = if muni.is_some() && !named.is_empty() {
                Column::Municipality
            } else {
                Column::ProviderName
            };
            errors.push(CellError::new(r, Some(column), message::NO_SUCH_NAME));
            None
        }
        ([], false) => {
            errors.push(CellError::new(r, Some(Column::ProviderName), outside()));
            None
        }
        _ => {
            errors.push(CellError::new(
                r,
                Some(Column::ProviderName),
                message::AMBIGUOUS,
            ));
            None
        }
    }
}
