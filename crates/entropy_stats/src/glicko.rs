//! Glicko-2 ratings: a player's strength as a rating with its spread (the
//! deviation), on the scale the computer's levels are measured on.
//!
//! The rating updates are [`skillratings`]' Glicko-2 (system constant tau
//! 0.5); this module adds what it lacks:
//!
//! - [`Rating`], with [`Rating::NEW`] (Glicko-2's starting point) and
//!   [`Rating::fixed`] (a computer level's rating and spread);
//! - [`expected_score`]: Glicko-2's E, the player's expected score against
//!   an opponent, the opponent's deviation widening it;
//! - [`rate_period`]: one rating period's results;
//! - [`history`]: the rating after each match, each match its own period;
//! - [`fit`]: the ratings of several players (the levels) from a round
//!   robin between them, the most probable given Glicko-2's prior
//!   (1500 ± 350), each with its posterior's standard deviation.
//!
//! Scores are a win 1, a draw ½, a loss 0.
//!
//! ```
//! use entropy_stats::glicko::{self, Rating};
//!
//! // Three levels: 0 beats 1 and 2 always, 1 beats 2 three times in four.
//! let mut results = Vec::new();
//! for game in 0..40 {
//!     results.push((0, 1, 1.0));
//!     results.push((0, 2, 1.0));
//!     results.push((1, 2, if game % 4 == 0 { 0.0 } else { 1.0 }));
//! }
//! let levels = glicko::fit(3, &results);
//! assert!(levels[0].rating > levels[1].rating && levels[1].rating > levels[2].rating);
//!
//! // A player who beat level 2 and lost to level 1, twice.
//! let matches = [(levels[2], 1.0), (levels[1], 0.0), (levels[2], 1.0), (levels[1], 0.0)];
//! let after = glicko::history(&matches);
//! assert_eq!(after.len(), 4);
//! let now = after[3];
//! assert!(now.rating > levels[2].rating && now.rating < levels[1].rating);
//! assert!(now.deviation < Rating::NEW.deviation);
//! let chance = glicko::expected_score(now, levels[1]);
//! assert!(chance > 0.0 && chance < 0.5);
//! ```

use skillratings::Outcomes;
use skillratings::glicko2::{self as g2, Glicko2Config, Glicko2Rating};

/// Glicko-2's scale factor: a rating is `1500 + SCALE · μ` for `μ` on
/// Glicko-2's own scale (400 / ln 10).
const SCALE: f64 = 173.7178;

/// A Glicko-2 rating: the rating, its deviation (the spread: one standard
/// deviation of the belief about the strength) and its volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, 1500 for a newcomer.
    pub rating: f64,
    /// One standard deviation of the rating, 350 for a newcomer.
    pub deviation: f64,
    /// How much the strength is expected to move between rating periods.
    pub volatility: f64,
}

impl Rating {
    /// Glicko-2's starting point: 1500, deviation 350, volatility 0.06.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// A fixed rating with a spread (volatility 0.06), e.g. a computer level's.
    ///
    /// ```
    /// let hard = entropy_stats::glicko::Rating::fixed(1850.0, 40.0);
    /// assert_eq!((hard.rating, hard.deviation, hard.volatility), (1850.0, 40.0, 0.06));
    /// ```
    pub const fn fixed(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEW
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// The system constant tau: how fast volatility may change.
const CONFIG: Glicko2Config = Glicko2Config {
    tau: 0.5,
    convergence_tolerance: 0.000_001,
};

/// A score as skillratings' outcome: above ¾ a win, below ¼ a loss, else a draw.
fn outcome(score: f64) -> Outcomes {
    debug_assert!((0.0..=1.0).contains(&score), "a score is 0, ½ or 1: {score}");
    if score > 0.75 {
        Outcomes::WIN
    } else if score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

/// The expected score (0..1) of `player` against `opponent` (Glicko-2's E,
/// with the opponent's deviation): the rating period's E, the player's own
/// deviation left out.
///
/// ```
/// use entropy_stats::glicko::{expected_score, Rating};
/// assert_eq!(expected_score(Rating::NEW, Rating::NEW), 0.5);
/// // 400 points apart with no spread: ten to one.
/// let e = expected_score(Rating::fixed(1900.0, 0.0), Rating::fixed(1500.0, 0.0));
/// assert!((e - 10.0 / 11.0).abs() < 1e-4);
/// ```
pub fn expected_score(player: Rating, opponent: Rating) -> f64 {
    // skillratings widens E by both deviations; with the player's at 0 it
    // is the paper's E(μ, μj, φj).
    let player = Rating {
        deviation: 0.0,
        ..player
    };
    g2::expected_score(&player.into(), &opponent.into()).0
}

/// One rating period: the player's results against opponents (score 1 win,
/// 0.5 draw, 0 loss). System constant tau 0.5. With no results the
/// deviation grows as for a period without play.
pub fn rate_period(player: Rating, results: &[(Rating, f64)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = results.iter().map(|&(o, s)| (o.into(), outcome(s))).collect();
    g2::glicko2_rating_period(&player.into(), &results, &CONFIG).into()
}

/// The player's rating after each match, in order, each match its own
/// rating period, starting from [`Rating::NEW`].
pub fn history(results: &[(Rating, f64)]) -> Vec<Rating> {
    let mut now = Rating::NEW;
    results
        .iter()
        .map(|&result| {
            now = rate_period(now, &[result]);
            now
        })
        .collect()
}

/// Ratings of n players (computer levels) from a round robin's results (a,
/// b, a's score), on the same scale: the most probable ratings given each
/// starts from Glicko-2's prior (1500, 350) — a maximum a posteriori fit on
/// Glicko-2's scale by Newton's method — with each one's deviation the
/// posterior's standard deviation.
///
/// A round robin measures only the differences between the players: where
/// the scale sits is the prior's alone, and the mode puts the players'
/// mean at exactly 1500. Each deviation is the posterior's standard
/// deviation given that anchor (given the players' mean), so it shrinks as
/// matches are played; left in, the scale's own uncertainty would add
/// about 350/√n to every one whatever the matches, and say nothing about
/// how the players compare.
///
/// The model is Glicko-2's with no spread on either side: `a` scores
/// `1 / (1 + exp(μb − μa))` against `b` on average (a draw counts half a
/// win and half a loss). The prior keeps a player who won or lost every
/// match finite. Volatility is 0.06. Players with no matches stay at 1500,
/// their spread the prior's (350 · √(1 − 1/n) given the anchor).
///
/// ```
/// use entropy_stats::glicko;
/// // One match each way between two players: a draw on the whole.
/// let r = glicko::fit(2, &[(0, 1, 1.0), (1, 0, 1.0)]);
/// assert!((r[0].rating - 1500.0).abs() < 1e-9 && (r[1].rating - 1500.0).abs() < 1e-9);
/// assert!(r[0].deviation < 350.0);
/// ```
///
/// # Panics
///
/// When a result names a player `n` or above, or a player against itself.
pub fn fit(n: usize, results: &[(usize, usize, f64)]) -> Vec<Rating> {
    for &(a, b, _) in results {
        assert!(a < n && b < n && a != b, "a result between players {a} and {b} of {n}");
    }
    let prior = 1.0 / (Rating::NEW.deviation / SCALE).powi(2);
    let log_posterior = |mu: &[f64]| -> f64 {
        let mut sum = -0.5 * prior * mu.iter().map(|m| m * m).sum::<f64>();
        for &(a, b, s) in results {
            let d = mu[a] - mu[b];
            // log σ(d) = −ln(1 + e^−d), computed without overflow.
            sum -= s * softplus(-d) + (1.0 - s) * softplus(d);
        }
        sum
    };
    let mut mu = vec![0.0; n];
    let mut value = log_posterior(&mu);
    let mut hessian = vec![vec![0.0; n]; n];
    for _ in 0..100 {
        // The gradient and the negated Hessian (positive definite: the
        // prior's term on its diagonal).
        let mut gradient: Vec<f64> = mu.iter().map(|m| -prior * m).collect();
        for (i, row) in hessian.iter_mut().enumerate() {
            row.fill(0.0);
            row[i] = prior;
        }
        for &(a, b, s) in results {
            let p = logistic(mu[a] - mu[b]);
            gradient[a] += s - p;
            gradient[b] -= s - p;
            let w = p * (1.0 - p);
            hessian[a][a] += w;
            hessian[b][b] += w;
            hessian[a][b] -= w;
            hessian[b][a] -= w;
        }
        let step = solve(&hessian, &gradient);
        // Halve the step until the posterior does not fall (it is concave,
        // so Newton's full step nearly always does).
        let mut scale = 1.0;
        let mut next: Vec<f64>;
        loop {
            next = mu.iter().zip(&step).map(|(m, d)| m + scale * d).collect();
            let v = log_posterior(&next);
            if v >= value || scale < 1e-6 {
                value = v;
                break;
            }
            scale *= 0.5;
        }
        let moved = step.iter().map(|d| (scale * d).abs()).fold(0.0, f64::max);
        mu = next;
        if moved < 1e-10 {
            break;
        }
    }
    // The posterior's covariance at the mode: the inverse of the negated
    // Hessian there (Laplace's approximation).
    for (i, row) in hessian.iter_mut().enumerate() {
        row.fill(0.0);
        row[i] = prior;
    }
    for &(a, b, _) in results {
        let p = logistic(mu[a] - mu[b]);
        let w = p * (1.0 - p);
        hessian[a][a] += w;
        hessian[b][b] += w;
        hessian[a][b] -= w;
        hessian[b][a] -= w;
    }
    let covariance: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            let mut unit = vec![0.0; n];
            unit[i] = 1.0;
            solve(&hessian, &unit)
        })
        .collect();
    // Given the scale's anchor: the covariance of μ given Σμ (which the
    // mode puts at 0), C − C·1·1ᵀ·C / 1ᵀ·C·1.
    let row_sums: Vec<f64> = covariance.iter().map(|row| row.iter().sum()).collect();
    let total: f64 = row_sums.iter().sum();
    (0..n)
        .map(|i| {
            let variance = if n < 2 {
                covariance[i][i]
            } else {
                (covariance[i][i] - row_sums[i] * row_sums[i] / total).max(0.0)
            };
            Rating::fixed(1500.0 + SCALE * mu[i], SCALE * variance.sqrt())
        })
        .collect()
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// ln(1 + e^x), without overflow for large x.
fn softplus(x: f64) -> f64 {
    if x > 30.0 { x } else { x.exp().ln_1p() }
}

/// `x` with `a · x = b` for a symmetric positive definite `a` (Cholesky).
fn solve(a: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let n = b.len();
    let mut l = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let sum: f64 = (0..j).map(|k| l[i][k] * l[j][k]).sum();
            if i == j {
                l[i][i] = (a[i][i] - sum).max(f64::MIN_POSITIVE).sqrt();
            } else {
                l[i][j] = (a[i][j] - sum) / l[j][j];
            }
        }
    }
    let mut y = vec![0.0; n];
    for i in 0..n {
        let sum: f64 = (0..i).map(|k| l[i][k] * y[k]).sum();
        y[i] = (b[i] - sum) / l[i][i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let sum: f64 = (i + 1..n).map(|k| l[k][i] * x[k]).sum();
        x[i] = (y[i] - sum) / l[i][i];
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round2(x: f64) -> f64 {
        (x * 100.0).round() / 100.0
    }

    #[test]
    fn the_papers_worked_example() {
        // Glickman, "Example of the Glicko-2 system": 1500/200/0.06 beats
        // 1400/30, loses to 1550/100 and to 1700/300, tau 0.5.
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let results = [
            (Rating::fixed(1400.0, 30.0), 1.0),
            (Rating::fixed(1550.0, 100.0), 0.0),
            (Rating::fixed(1700.0, 300.0), 0.0),
        ];
        let after = rate_period(player, &results);
        // The paper rounds μ′ to −0.2069 before scaling back, hence its
        // 1464.06; unrounded the rating is 1464.0507.
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert_eq!(round2(after.deviation), 151.52, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn expected_score_is_even_between_equals_and_symmetric() {
        assert_eq!(expected_score(Rating::NEW, Rating::NEW), 0.5);
        let a = Rating::fixed(1720.0, 80.0);
        let b = Rating::fixed(1490.0, 80.0);
        let (ab, ba) = (expected_score(a, b), expected_score(b, a));
        assert!(ab > 0.5 && ba < 0.5);
        assert!((ab + ba - 1.0).abs() < 1e-12, "{ab} + {ba}");
        // The opponent's spread pulls the expectation toward ½.
        assert!(expected_score(a, Rating::fixed(1490.0, 300.0)) < ab);
        // Glicko-2's E with the opponent's deviation only.
        let (mu, muj, phij) = (220.0 / SCALE, 0.0, 80.0 / SCALE);
        let g = 1.0 / (1.0 + 3.0 * phij * phij / (std::f64::consts::PI.powi(2))).sqrt();
        let e = 1.0 / (1.0 + (-g * (mu - muj)).exp());
        let got = expected_score(Rating::fixed(1720.0, 200.0), Rating::fixed(1500.0, 80.0));
        assert!((got - e).abs() < 1e-9, "{got} {e}");
    }

    #[test]
    fn history_is_each_match_its_own_period() {
        let opponents = [(Rating::fixed(1600.0, 50.0), 1.0), (Rating::fixed(1400.0, 50.0), 0.5)];
        let h = history(&opponents);
        assert_eq!(h.len(), 2);
        assert_eq!(h[0], rate_period(Rating::NEW, &opponents[..1]));
        assert_eq!(h[1], rate_period(h[0], &opponents[1..]));
        assert!(history(&[]).is_empty());
    }

    /// A seeded generator for the simulations (SplitMix64).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> f64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    fn round_robin(truth: &[f64], per_pair: usize, seed: u64) -> Vec<(usize, usize, f64)> {
        let mut rng = Rng(seed);
        let mut results = Vec::new();
        for a in 0..truth.len() {
            for b in a + 1..truth.len() {
                let p = logistic((truth[a] - truth[b]) / SCALE);
                for k in 0..per_pair {
                    let s = if rng.next() < p { 1.0 } else { 0.0 };
                    // Alternate who is named first.
                    if k % 2 == 0 {
                        results.push((a, b, s));
                    } else {
                        results.push((b, a, 1.0 - s));
                    }
                }
            }
        }
        results
    }

    #[test]
    fn fit_recovers_known_ratings_from_a_large_round_robin() {
        // Their mean 1500, where the prior puts the fit's.
        let truth = [1100.0, 1350.0, 1500.0, 1750.0, 1800.0];
        let results = round_robin(&truth, 1500, 46);
        let fitted = fit(truth.len(), &results);
        let mean = fitted.iter().map(|r| r.rating).sum::<f64>() / 5.0;
        assert!((mean - 1500.0).abs() < 1e-6, "{mean}");
        for (t, f) in truth.iter().zip(&fitted) {
            assert!(f.deviation > 2.0 && f.deviation < 20.0, "{f:?}");
            assert!((f.rating - t).abs() < 3.0 * f.deviation, "{t}: {f:?}");
        }
        // Ordered as the truth is.
        for w in fitted.windows(2) {
            assert!(w[0].rating < w[1].rating, "{fitted:?}");
        }
    }

    #[test]
    fn fit_orders_players_as_their_results_do() {
        // 0 < 1 < 2 < 3 by head-to-head scores, draws among them.
        let mut results = Vec::new();
        for k in 0..12 {
            results.push((1, 0, if k < 8 { 1.0 } else { 0.5 }));
            results.push((2, 1, if k < 7 { 1.0 } else { 0.0 }));
            results.push((3, 2, if k < 9 { 1.0 } else { 0.5 }));
            results.push((2, 0, 1.0));
            results.push((3, 1, 1.0));
            results.push((0, 3, 0.0));
        }
        let r = fit(4, &results);
        for w in r.windows(2) {
            assert!(w[0].rating < w[1].rating, "{r:?}");
        }
        // The prior centres the scale on 1500.
        let mean = r.iter().map(|x| x.rating).sum::<f64>() / 4.0;
        assert!((mean - 1500.0).abs() < 1.0, "{mean}");
    }

    #[test]
    fn fit_stays_finite_when_one_player_won_every_match() {
        let mut results = Vec::new();
        for _ in 0..50 {
            results.push((0, 1, 1.0));
            results.push((2, 0, 0.0));
            results.push((1, 2, 0.5));
        }
        let r = fit(3, &results);
        for x in &r {
            assert!(
                x.rating.is_finite() && x.deviation.is_finite() && x.deviation > 0.0,
                "{r:?}"
            );
        }
        assert!(
            r[0].rating > r[1].rating + 200.0 && r[0].rating > r[2].rating + 200.0,
            "{r:?}"
        );
        // Unbeaten, so its spread is the widest.
        assert!(r[0].deviation > r[1].deviation, "{r:?}");
        // No results: the prior.
        for x in fit(2, &[]) {
            let d = 350.0 * 0.5f64.sqrt();
            assert!(
                (x.rating - 1500.0).abs() < 1e-9 && (x.deviation - d).abs() < 1e-9,
                "{x:?}"
            );
        }
        assert!((fit(1, &[])[0].deviation - 350.0).abs() < 1e-9);
    }
}
