//! The crime-series aggregate: one boundary's counts of one crime type, one per SAPS financial
//! year. Its rules: counts are whole numbers ≥ 0, the crime type must be a GBVF type, the year
//! must be a plausible SAPS financial year, a series never changes boundary, recording the same
//! count again changes nothing, and a different count is a revision naming the count it
//! replaces.

use std::collections::BTreeMap;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use gbvf_events::crime::{CrimeFigure, CrimeSeriesEvent, CRIME_SERIES_AGGREGATE};
use gbvf_events::crime_types::crime_type;
use serde::{Deserialize, Serialize};

/// First SAPS financial year the product accepts (1994/95, the first post-1994 series).
pub const FIRST_YEAR: i32 = 1994;

/// State of one crime series, rebuilt from its events.
#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct CrimeSeries {
    /// Boundary of the series, once the first figure is recorded.
    pub boundary_id: Option<i64>,
    /// Crime type of the series.
    pub crime_type_id: Option<i32>,
    /// Recorded count per financial-year start.
    pub figures: BTreeMap<i32, i64>,
    /// Number of events applied (the aggregate's last sequence).
    pub version: i64,
}

/// Commands of a crime series.
#[derive(Debug, Clone)]
pub enum CrimeSeriesCommand {
    /// Record `figure`; when `expected_version` is given the series must be at that version
    /// (a client's optimistic concurrency check).
    RecordCrimeFigure {
        /// The figure.
        figure: CrimeFigure,
        /// The version the caller last saw, if it cares.
        expected_version: Option<i64>,
    },
}

/// Why a crime-series command was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CrimeSeriesError {
    /// The series moved on since the caller read it (HTTP 409).
    #[error("This crime series was changed by someone else (now at version {actual}, you expected {expected}). Reload and try again.")]
    VersionConflict {
        /// What the caller expected.
        expected: i64,
        /// What it is.
        actual: i64,
    },
    /// Not a GBVF crime type.
    #[error("Unknown crime type {0}.")]
    UnknownCrimeType(i32),
    /// Negative count.
    #[error("A crime count must be a whole number of 0 or more.")]
    NegativeCount,
    /// A count above [`MAX_COUNT`].
    #[error("A crime count cannot be more than 10,000,000.")]
    CountTooLarge,
    /// Year outside the SAPS series.
    #[error("The period must be a SAPS financial year from {FIRST_YEAR}/{} onward and not in the future.", (FIRST_YEAR + 1) % 100)]
    InvalidYear(i32),
    /// The figure names another boundary or crime type than the series.
    #[error("This figure belongs to another crime series.")]
    WrongSeries,
}

/// The largest count one figure may have: 10,000,000, more than five times the largest national
/// annual figure of any category in the shipped SAPS series (1,803,991 community-reported
/// serious crimes in 2013/14, data/crime/df_crime_sa_national.csv), so no real figure is
/// refused. The read models add station figures into district, provincial and national sums
/// (`bigint`); without a bound, two figures near 2^63 overflow that sum, the projector's page
/// fails on every retry and no later crime figure is ever shown (found by attacking the
/// command path with the largest JSON integer while fuzzing). 1,150 precincts at this
/// bound still sum far below 2^63.
pub const MAX_COUNT: i64 = 10_000_000;

impl CrimeSeries {
    /// Decides the events for `command` without side effects: `Ok(None)` when the figure is
    /// already recorded with the same count. Used by both the cqrs-es command path and the
    /// bulk import, so both enforce the same rules.
    pub fn decide(
        &self,
        command: &CrimeSeriesCommand,
    ) -> Result<Option<CrimeSeriesEvent>, CrimeSeriesError> {
        let CrimeSeriesCommand::RecordCrimeFigure {
            figure,
            expected_version,
        } = command;
        if let Some(expected) = *expected_version {
            if expected != self.version {
                return Err(CrimeSeriesError::VersionConflict {
                    expected,
                    actual: self.version,
                });
            }
        }
        if crime_type(figure.crime_type_id).is_none() {
            return Err(CrimeSeriesError::UnknownCrimeType(figure.crime_type_id));
        }
        if figure.count < 0 {
            return Err(CrimeSeriesError::NegativeCount);
        }
        if figure.count > MAX_COUNT {
            return Err(CrimeSeriesError::CountTooLarge);
        }
        let this_year = chrono::Datelike::year(&chrono::Utc::now());
        if figure.period_start_year < FIRST_YEAR || figure.period_start_year > this_year {
            return Err(CrimeSeriesError::InvalidYear(figure.period_start_year));
        }
        if self
            .boundary_id
            .is_some_and(|b| b != figure.place.boundary_id)
            || self
                .crime_type_id
                .is_some_and(|t| t != figure.crime_type_id)
        {
            return Err(CrimeSeriesError::WrongSeries);
        }
        Ok(match self.figures.get(&figure.period_start_year) {
            Some(&count) if count == figure.count => None,
            Some(&previous_count) => Some(CrimeSeriesEvent::CrimeFigureRevised {
                figure: figure.clone(),
                previous_count,
            }),
            None => Some(CrimeSeriesEvent::CrimeFigureRecorded(figure.clone())),
        })
    }
}

impl Aggregate for CrimeSeries {
    const TYPE: &'static str = CRIME_SERIES_AGGREGATE;
    type Command = CrimeSeriesCommand;
    type Event = CrimeSeriesEvent;
    type Error = CrimeSeriesError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        if let Some(event) = self.decide(&command)? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        let figure = event.figure();
        self.boundary_id = Some(figure.place.boundary_id);
        self.crime_type_id = Some(figure.crime_type_id);
        self.figures.insert(figure.period_start_year, figure.count);
        self.version += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cqrs_es::test::TestFramework;
    use gbvf_events::boundary::BoundaryLevel;
    use gbvf_events::crime::SeriesPlace;

    fn figure(year: i32, count: i64) -> CrimeFigure {
        CrimeFigure {
            place: SeriesPlace {
                boundary_id: 10,
                level: BoundaryLevel::Province,
                ancestor_ids: vec![1],
            },
            crime_type_id: 6,
            period_start_year: year,
            count,
            source: "test".into(),
        }
    }
    fn record(year: i32, count: i64, expected_version: Option<i64>) -> CrimeSeriesCommand {
        CrimeSeriesCommand::RecordCrimeFigure {
            figure: figure(year, count),
            expected_version,
        }
    }
    type Fw = TestFramework<CrimeSeries>;

    #[test]
    fn a_new_year_is_recorded() {
        Fw::with(())
            .given_no_previous_events()
            .when(record(2015, 3441, None))
            .then_expect_events(vec![CrimeSeriesEvent::CrimeFigureRecorded(figure(
                2015, 3441,
            ))]);
    }

    #[test]
    fn the_same_count_again_records_nothing() {
        Fw::with(())
            .given(vec![CrimeSeriesEvent::CrimeFigureRecorded(figure(
                2015, 3441,
            ))])
            .when(record(2015, 3441, None))
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_different_count_is_a_revision() {
        Fw::with(())
            .given(vec![CrimeSeriesEvent::CrimeFigureRecorded(figure(
                2015, 3441,
            ))])
            .when(record(2015, 3450, None))
            .then_expect_events(vec![CrimeSeriesEvent::CrimeFigureRevised {
                figure: figure(2015, 3450),
                previous_count: 3441,
            }]);
    }

    #[test]
    fn a_stale_expected_version_conflicts() {
        Fw::with(())
            .given(vec![CrimeSeriesEvent::CrimeFigureRecorded(figure(
                2015, 3441,
            ))])
            .when(record(2016, 1, Some(0)))
            .then_expect_error(CrimeSeriesError::VersionConflict {
                expected: 0,
                actual: 1,
            });
    }

    #[test]
    fn negative_counts_unknown_types_and_future_years_are_refused() {
        Fw::with(())
            .given_no_previous_events()
            .when(record(2015, -1, None))
            .then_expect_error(CrimeSeriesError::NegativeCount);
        Fw::with(())
            .given_no_previous_events()
            .when(record(2015, MAX_COUNT + 1, None))
            .then_expect_error(CrimeSeriesError::CountTooLarge);
        Fw::with(())
            .given_no_previous_events()
            .when(record(2015, MAX_COUNT, None))
            .then_expect_events(vec![CrimeSeriesEvent::CrimeFigureRecorded(figure(
                2015, MAX_COUNT,
            ))]);
        Fw::with(())
            .given_no_previous_events()
            .when(record(3000, 1, None))
            .then_expect_error(CrimeSeriesError::InvalidYear(3000));
        let mut f = figure(2015, 1);
        f.crime_type_id = 99;
        Fw::with(())
            .given_no_previous_events()
            .when(CrimeSeriesCommand::RecordCrimeFigure {
                figure: f,
                expected_version: None,
            })
            .then_expect_error(CrimeSeriesError::UnknownCrimeType(99));
    }

    #[test]
    fn a_series_never_changes_boundary() {
        let mut f = figure(2016, 1);
        f.place.boundary_id = 11;
        Fw::with(())
            .given(vec![CrimeSeriesEvent::CrimeFigureRecorded(figure(
                2015, 3441,
            ))])
            .when(CrimeSeriesCommand::RecordCrimeFigure {
                figure: f,
                expected_version: None,
            })
            .then_expect_error(CrimeSeriesError::WrongSeries);
    }

    fn recorded(year: i32, count: i64) -> CrimeSeriesEvent {
        CrimeSeriesEvent::CrimeFigureRecorded(figure(year, count))
    }

    #[test]
    fn given_a_series_when_a_figure_names_the_version_it_saw_then_it_is_recorded() {
        Fw::with(())
            .given(vec![recorded(2015, 3441), recorded(2016, 3500)])
            .when(record(2017, 3600, Some(2)))
            .then_expect_events(vec![recorded(2017, 3600)]);
    }

    #[test]
    fn given_a_revision_when_a_stale_version_is_named_then_the_conflict_names_both_versions() {
        Fw::with(())
            .given(vec![
                recorded(2015, 3441),
                CrimeSeriesEvent::CrimeFigureRevised {
                    figure: figure(2015, 3450),
                    previous_count: 3441,
                },
            ])
            .when(record(2016, 1, Some(1)))
            .then_expect_error_message(
                "This crime series was changed by someone else (now at version 2, you expected 1). Reload and try again.",
            );
    }

    #[test]
    fn given_a_revision_when_the_figure_is_revised_again_then_it_names_the_revised_count() {
        Fw::with(())
            .given(vec![
                recorded(2015, 3441),
                CrimeSeriesEvent::CrimeFigureRevised {
                    figure: figure(2015, 3450),
                    previous_count: 3441,
                },
            ])
            .when(record(2015, 3460, None))
            .then_expect_events(vec![CrimeSeriesEvent::CrimeFigureRevised {
                figure: figure(2015, 3460),
                previous_count: 3450,
            }]);
    }

    #[test]
    fn given_a_revision_when_the_revised_count_is_recorded_again_then_nothing_is_recorded() {
        Fw::with(())
            .given(vec![
                recorded(2015, 3441),
                CrimeSeriesEvent::CrimeFigureRevised {
                    figure: figure(2015, 3450),
                    previous_count: 3441,
                },
            ])
            .when(record(2015, 3450, None))
            .then_expect_events(vec![]);
    }

    #[test]
    fn given_a_revision_back_when_the_original_count_is_recorded_then_it_is_a_revision() {
        Fw::with(())
            .given(vec![
                recorded(2015, 3441),
                CrimeSeriesEvent::CrimeFigureRevised {
                    figure: figure(2015, 3450),
                    previous_count: 3441,
                },
            ])
            .when(record(2015, 3441, None))
            .then_expect_events(vec![CrimeSeriesEvent::CrimeFigureRevised {
                figure: figure(2015, 3441),
                previous_count: 3450,
            }]);
    }

    #[test]
    fn refusals_carry_the_messages_users_read() {
        Fw::with(())
            .given_no_previous_events()
            .when(record(2015, -1, None))
            .then_expect_error_message("A crime count must be a whole number of 0 or more.");
        Fw::with(())
            .given_no_previous_events()
            .when(record(2015, MAX_COUNT + 1, None))
            .then_expect_error_message("A crime count cannot be more than 10,000,000.");
        Fw::with(())
            .given_no_previous_events()
            .when(record(FIRST_YEAR - 1, 1, None))
            .then_expect_error_message(
                "The period must be a SAPS financial year from 1994/95 onward and not in the future.",
            );
        let mut f = figure(2015, 1);
        f.crime_type_id = 0;
        Fw::with(())
            .given_no_previous_events()
            .when(CrimeSeriesCommand::RecordCrimeFigure {
                figure: f,
                expected_version: None,
            })
            .then_expect_error_message("Unknown crime type 0.");
    }

    #[test]
    fn given_no_series_when_the_first_or_the_current_year_is_recorded_then_it_is_recorded() {
        Fw::with(())
            .given_no_previous_events()
            .when(record(FIRST_YEAR, 0, None))
            .then_expect_events(vec![recorded(FIRST_YEAR, 0)]);
        let this_year = chrono::Datelike::year(&chrono::Utc::now());
        Fw::with(())
            .given_no_previous_events()
            .when(record(this_year, 5, None))
            .then_expect_events(vec![recorded(this_year, 5)]);
    }

    #[test]
    fn given_a_series_when_a_figure_of_another_crime_type_arrives_then_it_is_refused() {
        let mut f = figure(2016, 1);
        f.crime_type_id = 7;
        Fw::with(())
            .given(vec![recorded(2015, 3441)])
            .when(CrimeSeriesCommand::RecordCrimeFigure {
                figure: f,
                expected_version: None,
            })
            .then_expect_error_message("This figure belongs to another crime series.");
    }
}
