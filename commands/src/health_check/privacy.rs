//! Differentially private releases of one organisation's survey results
//! (docs/decisions/0122-noisy-organisation-results.md).
//!
//! A designated person who sends four of the five responses of a step knows four answers to
//! every question; exact figures then give the fifth away. Each released count therefore
//! carries noise from the two-sided geometric mechanism (the discrete Laplace mechanism, Ghosh,
//! Roughgarden and Sundararajan 2009): `P(Z = k) ∝ α^|k|` with `α = exp(−ε / Δ)`, where `Δ` is
//! the L1 sensitivity of the question's released vector to one respondent's answer. The noise
//! is an integer (no floating-point Laplace output whose low bits could betray the true value,
//! Mironov 2012), drawn as the difference of two geometric variables (`rand_distr::Geometric`,
//! the exact sampler of Bringmann and Friedrich 2013).
//!
//! Results are released in steps of [`RESULT_STEP`] responses. Each step `s` draws its own
//! noise `Z_s` for every cell, once: the generator of `(health check, step, question)` is
//! ChaCha20 seeded with an HMAC-SHA256 of those names under a key derived from the
//! installation's secret, so every read (and every process, and every rebuild) sees the same
//! release, and reading it again gives nothing new to average. The release after `S` steps is
//! `exact cumulative count + Σ_{s ≤ S} Z_s`, which is the sum of the steps' noisy increments:
//! a respondent belongs to exactly one step, so all releases of a period together cost each
//! respondent [`EPSILON_PER_QUESTION`] per question, however many releases follow.

use hmac::{Hmac, Mac};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use rand_distr::{Distribution, Geometric};
use sha2::Sha256;

pub use gbvf_events::health_check::RESULT_STEP;

/// The privacy budget of one question in one release, for one respondent: ε = 1 (the ratio of
/// the probabilities of any released figures with and without that respondent's answer to the
/// question, or with any other answer, is at most e ≈ 2.72).
pub const EPSILON_PER_QUESTION: f64 = 1.0;

/// The name of the mechanism, as the answers state it.
pub const MECHANISM: &str = "two-sided geometric (discrete Laplace), ε = 1 per question";

/// L1 sensitivity of one question's released vector when one respondent's response is replaced
/// by any other (the number of responses in a step is known): a single-choice question moves
/// one count from one answer to another (2); a multiple-choice question with `options` answers
/// releases its answers' counts and the number who answered it, which one respondent changes by
/// at most `options + 1` together.
pub fn sensitivity(single_choice: bool, options: usize) -> f64 {
    if single_choice {
        2.0
    } else {
        options as f64 + 1.0
    }
}

/// The key from which every release's noise is derived: an HMAC-SHA256 of a fixed label under
/// the installation's secret (`server_secret`), so that the noise is the same for every reader
/// and unknown to anyone without the secret.
#[derive(Clone)]
pub struct NoiseKey([u8; 32]);

impl NoiseKey {
    /// The key under `secret` (any length).
    pub fn new(secret: &[u8]) -> Self {
        NoiseKey(hmac(secret, &[b"gbvf health-check release noise v1"]))
    }

    /// The generator of step `step` (1, 2, …) of question `question_id` of `health_check_id`.
    fn rng(&self, health_check_id: &str, step: i64, question_id: &str) -> ChaCha20Rng {
        let step = step.to_be_bytes();
        ChaCha20Rng::from_seed(hmac(
            &self.0,
            &[health_check_id.as_bytes(), &step, question_id.as_bytes()],
        ))
    }
}

fn hmac(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    for p in parts {
        mac.update(&(p.len() as u64).to_be_bytes());
        mac.update(p);
    }
    mac.finalize().into_bytes().into()
}

/// One draw of two-sided geometric noise with `P(Z = k) ∝ alpha^|k|` (0 < alpha < 1): the
/// difference of two independent geometric variables of success probability `1 − alpha`.
pub fn two_sided_geometric<R: rand::Rng + ?Sized>(rng: &mut R, alpha: f64) -> i64 {
    let g = Geometric::new(1.0 - alpha).expect("0 < alpha < 1");
    // A geometric variable above 2^62 has probability below alpha^(2^62): none.
    g.sample(rng).min(1 << 62) as i64 - g.sample(rng).min(1 << 62) as i64
}

/// One question's released figures: per answer (in the questionnaire's order) a count of
/// respondents, and the number of respondents who answered; noisy, clamped to 0 or more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoisyQuestion {
    /// Per answer, in the questionnaire's order.
    pub counts: Vec<i64>,
    /// Respondents who answered: the sum of `counts` for a single-choice question, a count of
    /// its own for a multiple-choice one.
    pub respondents: i64,
}

/// The release of one question of `health_check_id` after `steps` complete steps: the exact
/// cumulative `counts` (per answer, in the questionnaire's order) and `respondents`, each plus
/// the noise of every step so far, clamped at 0. `steps` 0 releases nothing but zeros.
pub fn noisy_question(
    key: &NoiseKey,
    health_check_id: &str,
    question_id: &str,
    single_choice: bool,
    steps: i64,
    counts: &[i64],
    respondents: i64,
) -> NoisyQuestion {
    let alpha = (-EPSILON_PER_QUESTION / sensitivity(single_choice, counts.len())).exp();
    let mut noisy: Vec<i64> = counts.to_vec();
    let mut answered = respondents;
    for step in 1..=steps.max(0) {
        let mut rng = key.rng(health_check_id, step, question_id);
        for c in noisy.iter_mut() {
            *c += two_sided_geometric(&mut rng, alpha);
        }
        if !single_choice {
            answered += two_sided_geometric(&mut rng, alpha);
        }
    }
    let counts: Vec<i64> = noisy.into_iter().map(|c| c.max(0)).collect();
    let respondents = if single_choice {
        counts.iter().sum()
    } else {
        answered.max(0)
    };
    NoisyQuestion {
        counts,
        respondents,
    }
}

/// A band of response counts shown to an organisation instead of the exact count (its own
/// responses must not let its designated person count the others): `"0"`, `"1–4"`, `"5–9"`,
/// `"10–19"`, `"20–49"`, `"50–99"`, `"100–199"`, `"200–499"`, `"500–999"`, `"1000 or more"`;
/// with the band's lowest count.
pub fn response_band(n: i64) -> (&'static str, i64) {
    const BANDS: [(i64, &str); 10] = [
        (1000, "1000 or more"),
        (500, "500–999"),
        (200, "200–499"),
        (100, "100–199"),
        (50, "50–99"),
        (20, "20–49"),
        (10, "10–19"),
        (5, "5–9"),
        (1, "1–4"),
        (0, "0"),
    ];
    BANDS
        .iter()
        .find(|(low, _)| n >= *low)
        .map(|(low, text)| (*text, *low))
        .unwrap_or(("0", 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_release_is_the_same_for_every_reader_and_differs_by_key_step_and_question() {
        let key = NoiseKey::new(b"secret");
        let q = |key: &NoiseKey, hc: &str, id: &str, steps| {
            noisy_question(key, hc, id, true, steps, &[1, 4, 0, 0, 0], 5)
        };
        assert_eq!(q(&key, "hc", "P1", 1), q(&key, "hc", "P1", 1));
        let other = NoiseKey::new(b"other secret");
        let differs = ["P1", "P2", "P3", "P4", "P5", "P6"]
            .iter()
            .filter(|id| q(&key, "hc", id, 1) != q(&other, "hc", id, 1))
            .count();
        assert!(differs >= 5, "another secret draws other noise");
        let differs = ["P1", "P2", "P3", "P4", "P5", "P6"]
            .iter()
            .filter(|id| q(&key, "hc", id, 1) != q(&key, "hc2", id, 1))
            .count();
        assert!(differs >= 5, "another health check draws other noise");
    }

    #[test]
    fn the_noise_of_a_step_is_kept_in_every_later_release() {
        // Release 2's noise is release 1's plus step 2's: with no second step's answers, the
        // difference between the two releases is step 2's noise alone (before clamping).
        let key = NoiseKey::new(b"k");
        let exact = [50, 50, 50, 50, 50];
        let one = noisy_question(&key, "hc", "P1", true, 1, &exact, 250);
        let mut rng = key.rng("hc", 1, "P1");
        let alpha = (-EPSILON_PER_QUESTION / 2.0).exp();
        let first: Vec<i64> = exact
            .iter()
            .map(|c| c + two_sided_geometric(&mut rng, alpha))
            .collect();
        assert_eq!(one.counts, first);
    }

    #[test]
    fn the_noise_has_the_stated_distribution() {
        // P(Z = 0) = (1 − α) / (1 + α); E|Z| = 2α / (1 − α²); symmetric.
        let alpha = (-0.5f64).exp();
        let mut rng = ChaCha20Rng::seed_from_u64(7);
        let n = 200_000;
        let draws: Vec<i64> = (0..n)
            .map(|_| two_sided_geometric(&mut rng, alpha))
            .collect();
        let zero = draws.iter().filter(|z| **z == 0).count() as f64 / n as f64;
        assert!(
            (zero - (1.0 - alpha) / (1.0 + alpha)).abs() < 0.005,
            "{zero}"
        );
        let abs = draws.iter().map(|z| z.abs() as f64).sum::<f64>() / n as f64;
        assert!(
            (abs - 2.0 * alpha / (1.0 - alpha * alpha)).abs() < 0.03,
            "{abs}"
        );
        let mean = draws.iter().sum::<i64>() as f64 / n as f64;
        assert!(mean.abs() < 0.03, "{mean}");
    }

    #[test]
    fn counts_and_respondents_are_never_negative() {
        let key = NoiseKey::new(b"k");
        for i in 0..50 {
            let r = noisy_question(&key, "hc", &format!("Q{i}"), false, 3, &[0, 0, 0], 0);
            assert!(r.counts.iter().all(|c| *c >= 0) && r.respondents >= 0);
        }
    }

    #[test]
    fn the_designated_persons_four_and_one_real_response_no_longer_give_the_fifth_away() {
        // Four known answers (1) and one real (3) on 22 single-choice questions of 5 answers:
        // released exactly, every question shows 20 % on the real answer. With the noise, the
        // release equals the exact counts on only a few questions.
        let key = NoiseKey::new(b"installation secret");
        let exact = [4, 0, 1, 0, 0];
        let same = (0..22)
            .filter(|i| {
                noisy_question(&key, "hc", &format!("Q{i}"), true, 1, &exact, 5).counts == exact
            })
            .count();
        assert!(same <= 3, "{same} of 22 questions released exactly");
    }

    #[test]
    fn counts_are_shown_to_organisations_in_bands() {
        assert_eq!(response_band(0), ("0", 0));
        assert_eq!(response_band(4), ("1–4", 1));
        assert_eq!(response_band(5), ("5–9", 5));
        assert_eq!(response_band(9), ("5–9", 5));
        assert_eq!(response_band(10), ("10–19", 10));
        assert_eq!(response_band(49), ("20–49", 20));
        assert_eq!(response_band(1000), ("1000 or more", 1000));
    }
}
