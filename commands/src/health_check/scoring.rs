//! Scores and the privacy rules of health-check results
//! (docs/decisions/0070-scores-weights-and-bands.md,
//! docs/decisions/0082-survey-results-in-steps-of-five.md,
//! docs/decisions/0083-demographic-cells-below-five.md; the noise of releases is in
//! [`super::privacy`], the public cells in [`super::public_cells`]):
//! - a respondent's score on a question is the score of the chosen answer divided by the
//!   question's highest answer score (MultipleChoice: the sum of the chosen scores over the
//!   sum of all scores, capped at 1), so it lies in 0..=1 ([`answer_score`](super::answer_score));
//! - a question's score is the mean over the respondents who answered it;
//! - a category's score (Behaviours 1, Practices 2, Policies 3) is the mean of its questions'
//!   scores; General (4) and Demographic (5) are not scored;
//! - an organisation's GBVF maturity is the mean of its category scores (equal weights, ⅓
//!   each); percentages are these times 100 with 2 decimals (admin spec §9);
//! - the maturity of a group of organisations (public figures) is the average of their
//!   maturities weighted by their actual responses (admin spec §9 "weighted average").

use std::collections::{BTreeMap, HashMap};

use gbvf_events::health_check::{is_scored, QuestionnairePublished, RESULT_STEP};

use super::MIN_RESPONSES;

/// Per-question totals of a health check: respondents who answered and the sum of their
/// scores (0..=1 each).
pub type QuestionTotals = HashMap<String, (i64, f64)>;

/// Category scores (0..=1) of `q` from per-question totals: the mean of the question means,
/// for each scored category with at least one answered question.
pub fn category_scores(q: &QuestionnairePublished, totals: &QuestionTotals) -> BTreeMap<i32, f64> {
    let mut sums: BTreeMap<i32, (f64, u32)> = BTreeMap::new();
    for question in q.questions.iter().filter(|x| is_scored(x.category_id)) {
        if let Some((n, sum)) = totals.get(&question.question_id) {
            if *n > 0 {
                let e = sums.entry(question.category_id).or_default();
                e.0 += sum / *n as f64;
                e.1 += 1;
            }
        }
    }
    sums.into_iter()
        .map(|(c, (s, n))| (c, s / n as f64))
        .collect()
}

/// GBVF maturity (0..=1): the mean of the category scores, `None` without any.
pub fn maturity(categories: &BTreeMap<i32, f64>) -> Option<f64> {
    if categories.is_empty() {
        None
    } else {
        Some(categories.values().sum::<f64>() / categories.len() as f64)
    }
}

/// Responses from which a health check's figures are published when `actual` have arrived:
/// the largest multiple of [`RESULT_STEP`] not above it
/// (docs/decisions/0082-survey-results-in-steps-of-five.md; the read model keeps the others aside).
pub fn published_responses(actual: i64) -> i64 {
    actual.max(0) / RESULT_STEP * RESULT_STEP
}

/// Which answer cells of one demographic question are suppressed, given each answer's count of
/// respondents in the published figures (docs/decisions/0083-demographic-cells-below-five.md):
/// every cell with 1 to 4 respondents, and, for a single-choice question (whose shares add up
/// to 100 %), further cells — the smallest non-empty first — until the suppressed cells
/// together hold none or at least [`MIN_RESPONSES`], so no suppressed cell can be worked out
/// from the others.
pub fn suppressed_cells(single_choice: bool, counts: &[i64]) -> Vec<bool> {
    let mut out: Vec<bool> = counts
        .iter()
        .map(|n| (1..MIN_RESPONSES).contains(n))
        .collect();
    if single_choice {
        loop {
            let hidden: i64 = counts
                .iter()
                .zip(&out)
                .filter(|(_, h)| **h)
                .map(|(n, _)| n)
                .sum();
            if hidden == 0 || hidden >= MIN_RESPONSES {
                break;
            }
            let next = counts
                .iter()
                .enumerate()
                .filter(|(i, n)| !out[*i] && **n > 0)
                .min_by_key(|(_, n)| **n)
                .map(|(i, _)| i);
            match next {
                Some(i) => out[i] = true,
                None => break,
            }
        }
    }
    out
}

/// A share (0..=1) as a percentage with 2 decimals (admin spec §9).
pub fn percent(share: f64) -> f64 {
    (share * 10_000.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::health_check::built_in_questionnaires;
    use gbvf_events::health_check::{answer_score, BEHAVIOURS, POLICIES};

    #[test]
    fn scores_follow_the_documented_rule() {
        let q = &built_in_questionnaires().unwrap()[0];
        let p1 = q.questions.iter().find(|x| x.question_id == "P1").unwrap();
        assert_eq!(answer_score(p1, &[5]), Some(1.0));
        assert_eq!(answer_score(p1, &[4]), Some(2.0 / 3.0));
        assert_eq!(answer_score(p1, &[2]), Some(0.0));
        let d1 = q.questions.iter().find(|x| x.question_id == "D1").unwrap();
        assert_eq!(answer_score(d1, &[1]), None);
        let mut totals = QuestionTotals::new();
        totals.insert("P1".into(), (2, 1.0 + 1.0 / 3.0));
        totals.insert("P2".into(), (1, 0.0));
        totals.insert("B1".into(), (1, 1.0));
        let c = category_scores(q, &totals);
        assert!((c[&POLICIES] - (2.0 / 3.0 + 0.0) / 2.0).abs() < 1e-12);
        assert_eq!(c[&BEHAVIOURS], 1.0);
        assert!((maturity(&c).unwrap() - (1.0 / 3.0 + 1.0) / 2.0).abs() < 1e-12);
    }

    #[test]
    fn figures_are_published_in_steps_of_five() {
        assert_eq!(
            [0, 4, 5, 6, 9, 10, 14].map(published_responses),
            [0, 0, 5, 5, 5, 10, 10]
        );
    }

    #[test]
    fn demographic_cells_below_five_are_suppressed_with_a_complement() {
        assert_eq!(
            suppressed_cells(true, &[6, 0, 9]),
            vec![false, false, false]
        );
        // One small cell would follow from the others: the next smallest goes too.
        assert_eq!(suppressed_cells(true, &[1, 6, 8]), vec![true, true, false]);
        assert_eq!(suppressed_cells(true, &[2, 3, 10]), vec![true, true, false]);
        // Multiple choice: shares do not add up, each small cell alone.
        assert_eq!(
            suppressed_cells(false, &[1, 6, 8]),
            vec![true, false, false]
        );
    }
}
