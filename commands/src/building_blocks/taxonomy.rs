//! The taxonomy aggregate (type `bb_taxonomy`, id `reference`): the building-block reference
//! taxonomy as shipped in `data/building-blocks/taxonomy.json` and what administrators with
//! CreateNewBuildingBlock (public spec §6 action 13) added to it
//! (docs/decisions/0053-additions-to-the-taxonomy.md).
//!
//! Commands: [`TaxonomyCommand::RecordShippedTaxonomy`] (the import of the file: the shipped
//! part is replaced whole, the additions are kept), [`AddBuildingBlock`] and [`AddRequirement`].
//! Every event is a new version of the taxonomy: its version number is the aggregate's sequence
//! (1, 2, ...), carried in the additions' payloads; who added and when is the event's metadata.
//!
//! Ids: the shipped file owns ids below [`ADDED_ID_BASE`]; an addition takes the next id from
//! [`ADDED_ID_BASE`] up (above every id ever added), so a later file can never name the same id.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::building_block::{
    BuildingBlockAdded, RequirementAdded, Taxonomy, TaxonomyEvent, ADDED_ID_BASE,
    TAXONOMY_AGGREGATE,
};
use serde::{Deserialize, Serialize};

use crate::execute::{Recorded, SideTables};
use crate::text::{LineText, ShortText};

/// State of the taxonomy, folded from its events.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ReferenceTaxonomy {
    /// Events applied: the current taxonomy version (0 before the first import).
    pub version: i64,
    /// The shipped part, as last imported.
    pub shipped: Option<Taxonomy>,
    /// Building blocks added, in the order they were added.
    pub added_blocks: Vec<BuildingBlockAdded>,
    /// Requirements added, in the order they were added.
    pub added_requirements: Vec<RequirementAdded>,
}

/// An administrator adds a building block to a category (CreateNewBuildingBlock).
#[derive(Debug, Clone, PartialEq)]
pub struct AddBuildingBlock {
    /// The category (`buildingBlockCategoryId`) of the shipped taxonomy.
    pub building_block_category_id: i32,
    /// Its name (required once trimmed; unique in the category, ignoring case and spaces).
    pub name: ShortText,
    /// What asks for it, e.g. `Provincial DSD circular 2026/14` (required once trimmed).
    pub source: LineText,
    /// What it is, in a sentence (optional; blank is none).
    pub description: Option<LineText>,
}

/// An administrator adds a requirement to a building block, shipped or added
/// (CreateNewBuildingBlock).
#[derive(Debug, Clone, PartialEq)]
pub struct AddRequirement {
    /// The building block (`buildingBlockId`).
    pub building_block_id: i32,
    /// Its name (required once trimmed; unique in the block, ignoring case and spaces).
    pub name: ShortText,
    /// What asks for it (required once trimmed).
    pub source: LineText,
}

/// Commands of the taxonomy.
#[derive(Debug, Clone, PartialEq)]
pub enum TaxonomyCommand {
    /// The import of `taxonomy.json`: recorded when it differs from the shipped part last
    /// recorded; nothing when it is the same.
    RecordShippedTaxonomy(Taxonomy),
    /// See [`AddBuildingBlock`].
    AddBuildingBlock(AddBuildingBlock),
    /// See [`AddRequirement`].
    AddRequirement(AddRequirement),
}

/// Why a taxonomy command was refused (the spec has no wording for these; ours).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TaxonomyError {
    /// No taxonomy imported yet.
    #[error("The building-block taxonomy has not been imported yet.")]
    NotImported,
    /// The category does not exist (HTTP 400 on `buildingBlockCategoryId`).
    #[error("No building-block category has id {0}.")]
    UnknownCategory(i32),
    /// The building block does not exist (HTTP 400 on `buildingBlockId`).
    #[error("No building block has id {0}.")]
    UnknownBuildingBlock(i32),
    /// A blank name.
    #[error("A name is required.")]
    NameRequired,
    /// A blank source.
    #[error("A source is required: the Act, policy or circular that asks for it.")]
    SourceRequired,
    /// The parent already holds this name (ignoring case and surrounding or repeated spaces).
    #[error("\"{0}\" already exists there.")]
    DuplicateName(String),
    /// The name looks like one the parent holds (the same UTS #39 confusable skeleton: a
    /// Cyrillic о for a Latin o, a digit 1 for an l, ...).
    #[error("\"{name}\" looks the same as \"{existing}\", which already exists there.")]
    LooksLikeExisting {
        /// The name given.
        name: String,
        /// The name already there that it looks like.
        existing: String,
    },
    /// The name holds a character that shows as nothing (zero-width space or joiner, a
    /// direction mark, a soft hyphen, a variation selector, a blank Braille pattern, an
    /// unassigned or private-use code point).
    #[error("The name must not contain invisible characters (zero-width spaces, direction marks and the like).")]
    InvisibleCharacter,
    /// The shipped file uses an id reserved for additions.
    #[error("The taxonomy file uses id {0}, reserved for additions (ids from 1001 up).")]
    ReservedId(i32),
    /// The shipped file drops a category or building block that an addition hangs under.
    #[error("The taxonomy file no longer holds {0}, which an administrator's addition is under.")]
    ParentDropped(String),
}

/// A name as compared for duplicates: trimmed, inner runs of white space as one space,
/// lower-cased.
pub fn comparable_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A name as compared for look-alikes: the UTS #39 confusable skeleton of its
/// [`comparable_name`] (Unicode's `confusables.txt`, crate `unicode-security`), so that
/// `SAPS pоlice station` with a Cyrillic о, or `SAPS po1ice station`, is the same as `SAPS
/// police station`.
pub fn name_skeleton(name: &str) -> String {
    let lower: String = unicode_security::skeleton(&comparable_name(name)).collect();
    // The skeleton of a lower-case letter may be an upper-case prototype, and back.
    comparable_name(&unicode_security::skeleton(&lower.to_lowercase()).collect::<String>())
}

/// Whether `c` shows as nothing: a default-ignorable code point (zero-width space, joiners,
/// direction marks, soft hyphen, variation selectors, tags, Hangul fillers: Unicode's
/// Default_Ignorable_Code_Point, UTS #39 identifier type `Default_Ignorable`), an unassigned
/// or control code point (`Not_Character`), a private-use one, or the blank Braille pattern
/// U+2800.
pub fn is_invisible(c: char) -> bool {
    use unicode_security::general_security_profile::IdentifierType;
    use unicode_security::GeneralSecurityProfile;
    // Private use shows as whatever a font makes of it, often nothing.
    let private = matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{10FFFF}');
    private
        || c == '\u{2800}'
        || matches!(
            c.identifier_type(),
            Some(IdentifierType::Default_Ignorable | IdentifierType::Not_Character)
        )
}

/// A required text: trimmed, or `None` when blank.
fn required(text: &str) -> Option<String> {
    Some(text.trim().to_string()).filter(|t| !t.is_empty())
}

impl ReferenceTaxonomy {
    /// Whether the locations of the providers of building block `block` are secret (shelters):
    /// its category is [`gbvf_events::building_block::Category::location_secret`], or it was
    /// added as secret. The one rule; the read model's `bb_block.location_secret` and
    /// `bb_category.location_secret` hold the same facts for the handlers and public reads
    /// (`gbvf_projections::building_blocks::queries::LOCATION_SECRET`). False for an unknown
    /// block.
    pub fn location_secret(&self, block: i32) -> bool {
        let Some(shipped) = self.shipped.as_ref() else {
            return false;
        };
        let category_secret = |id: i32| {
            shipped
                .categories
                .iter()
                .any(|c| c.building_block_category_id == id && c.location_secret)
        };
        if let Some(c) = shipped.categories.iter().find(|c| {
            c.building_blocks
                .iter()
                .any(|b| b.building_block_id == block)
        }) {
            return c.location_secret;
        }
        self.added_blocks
            .iter()
            .find(|b| b.building_block_id == block)
            .is_some_and(|b| b.location_secret || category_secret(b.building_block_category_id))
    }

    /// The names of the building blocks of category `category`, shipped and added; `None`
    /// when there is no such category.
    fn block_names(&self, category: i32) -> Option<Vec<&str>> {
        let shipped = self.shipped.as_ref()?;
        let c = shipped
            .categories
            .iter()
            .find(|c| c.building_block_category_id == category)?;
        Some(
            c.building_blocks
                .iter()
                .map(|b| b.description.as_str())
                .chain(
                    self.added_blocks
                        .iter()
                        .filter(|b| b.building_block_category_id == category)
                        .map(|b| b.name.as_str()),
                )
                .collect(),
        )
    }

    /// The names of the requirements of building block `block`, shipped and added; `None`
    /// when there is no such block.
    fn requirement_names(&self, block: i32) -> Option<Vec<&str>> {
        let shipped = self.shipped.as_ref()?;
        let mut names: Vec<&str> = match shipped
            .categories
            .iter()
            .flat_map(|c| &c.building_blocks)
            .find(|b| b.building_block_id == block)
        {
            Some(b) => b
                .requirements
                .iter()
                .map(|r| r.description.as_str())
                .collect(),
            None if self
                .added_blocks
                .iter()
                .any(|b| b.building_block_id == block) =>
            {
                Vec::new()
            }
            None => return None,
        };
        names.extend(
            self.added_requirements
                .iter()
                .filter(|r| r.building_block_id == block)
                .map(|r| r.name.as_str()),
        );
        Some(names)
    }

    /// The next id of an added block (`blocks`) or requirement: one above the last added, from
    /// [`ADDED_ID_BASE`].
    fn next_id(&self, blocks: bool) -> i32 {
        let last = if blocks {
            self.added_blocks.iter().map(|b| b.building_block_id).max()
        } else {
            self.added_requirements
                .iter()
                .map(|r| r.building_block_requirement_id)
                .max()
        };
        last.map_or(ADDED_ID_BASE, |id| id + 1)
    }

    /// Name and source of an addition, trimmed, checked against `siblings`.
    fn name_and_source(
        siblings: &[&str],
        name: &ShortText,
        source: &LineText,
    ) -> Result<(String, String), TaxonomyError> {
        let name = required(name).ok_or(TaxonomyError::NameRequired)?;
        let source = required(source).ok_or(TaxonomyError::SourceRequired)?;
        if name.chars().any(is_invisible) {
            return Err(TaxonomyError::InvisibleCharacter);
        }
        let wanted = comparable_name(&name);
        if siblings.iter().any(|s| comparable_name(s) == wanted) {
            return Err(TaxonomyError::DuplicateName(name));
        }
        let looks = name_skeleton(&name);
        if let Some(existing) = siblings.iter().find(|s| name_skeleton(s) == looks) {
            return Err(TaxonomyError::LooksLikeExisting {
                name,
                existing: existing.to_string(),
            });
        }
        Ok((name, source))
    }

    /// The import of the shipped file: ids below [`ADDED_ID_BASE`] only, every category and
    /// block an addition is under still there; nothing when it equals the last recorded.
    fn record_shipped(&self, t: &Taxonomy) -> Result<Option<TaxonomyEvent>, TaxonomyError> {
        if self.shipped.as_ref() == Some(t) {
            return Ok(None);
        }
        let blocks = t.categories.iter().flat_map(|c| &c.building_blocks);
        let ids = t
            .categories
            .iter()
            .map(|c| c.building_block_category_id)
            .chain(blocks.clone().map(|b| b.building_block_id))
            .chain(
                blocks
                    .clone()
                    .flat_map(|b| &b.requirements)
                    .map(|r| r.building_block_requirement_id),
            );
        if let Some(id) = ids.into_iter().find(|id| *id >= ADDED_ID_BASE) {
            return Err(TaxonomyError::ReservedId(id));
        }
        for b in &self.added_blocks {
            if !t
                .categories
                .iter()
                .any(|c| c.building_block_category_id == b.building_block_category_id)
            {
                return Err(TaxonomyError::ParentDropped(format!(
                    "category {}",
                    b.building_block_category_id
                )));
            }
        }
        for r in &self.added_requirements {
            let shipped = blocks
                .clone()
                .any(|b| b.building_block_id == r.building_block_id);
            let added = self
                .added_blocks
                .iter()
                .any(|b| b.building_block_id == r.building_block_id);
            if !shipped && !added {
                return Err(TaxonomyError::ParentDropped(format!(
                    "building block {}",
                    r.building_block_id
                )));
            }
        }
        Ok(Some(TaxonomyEvent::TaxonomyRecorded(t.clone())))
    }

    /// The events `command` produces (none for an unchanged file), or why it is refused.
    pub fn decide(&self, command: &TaxonomyCommand) -> Result<Vec<TaxonomyEvent>, TaxonomyError> {
        let version = self.version + 1;
        Ok(match command {
            TaxonomyCommand::RecordShippedTaxonomy(t) => {
                self.record_shipped(t)?.into_iter().collect()
            }
            TaxonomyCommand::AddBuildingBlock(c) => {
                if self.shipped.is_none() {
                    return Err(TaxonomyError::NotImported);
                }
                let siblings = self
                    .block_names(c.building_block_category_id)
                    .ok_or(TaxonomyError::UnknownCategory(c.building_block_category_id))?;
                let (name, source) = Self::name_and_source(&siblings, &c.name, &c.source)?;
                // A block added under a category of shelters is a shelter: its providers'
                // locations are secret, whatever it is called.
                let location_secret = self.shipped.as_ref().is_some_and(|t| {
                    t.categories.iter().any(|k| {
                        k.building_block_category_id == c.building_block_category_id
                            && k.location_secret
                    })
                });
                vec![TaxonomyEvent::BuildingBlockAdded(BuildingBlockAdded {
                    taxonomy_version: version,
                    building_block_id: self.next_id(true),
                    building_block_category_id: c.building_block_category_id,
                    name,
                    source,
                    description: c.description.as_deref().and_then(required),
                    location_secret,
                })]
            }
            TaxonomyCommand::AddRequirement(c) => {
                if self.shipped.is_none() {
                    return Err(TaxonomyError::NotImported);
                }
                let siblings = self
                    .requirement_names(c.building_block_id)
                    .ok_or(TaxonomyError::UnknownBuildingBlock(c.building_block_id))?;
                let (name, source) = Self::name_and_source(&siblings, &c.name, &c.source)?;
                vec![TaxonomyEvent::RequirementAdded(RequirementAdded {
                    taxonomy_version: version,
                    building_block_requirement_id: self.next_id(false),
                    building_block_id: c.building_block_id,
                    name,
                    source,
                })]
            }
        })
    }
}

impl Aggregate for ReferenceTaxonomy {
    const TYPE: &'static str = TAXONOMY_AGGREGATE;
    type Command = TaxonomyCommand;
    type Event = TaxonomyEvent;
    type Error = TaxonomyError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        for e in self.decide(&command)? {
            sink.write(e, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.version += 1;
        match event {
            TaxonomyEvent::TaxonomyRecorded(t) => self.shipped = Some(t),
            TaxonomyEvent::BuildingBlockAdded(b) => self.added_blocks.push(b),
            TaxonomyEvent::RequirementAdded(r) => self.added_requirements.push(r),
        }
    }
}

impl Recorded for ReferenceTaxonomy {}

impl SideTables<ReferenceTaxonomy> for TaxonomyCommand {
    type Written = ();

    /// The taxonomy writes no row outside the event log (nothing personal in it); it runs
    /// through [`crate::execute::execute_with_side_tables`] for the events it answers with
    /// (the new ids and version).
    async fn write_side_tables(
        &self,
        _: &mut sqlx::PgConnection,
        _: &str,
        _: &ReferenceTaxonomy,
    ) -> Result<(), cqrs_es::AggregateError<TaxonomyError>> {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
