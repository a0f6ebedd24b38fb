//! The few statistics this project reports, in one place: the arena's
//! scores and think times, the tuning tool's comparisons and the game's
//! frame times all use these functions, so that every "± x" and every
//! percentile in the docs means the same thing.
//!
//! - [`mean`] and [`mean_ci`]: a sample's mean and the half-width of its
//!   95% confidence interval (normal approximation, `1.96 · s / √n` with the
//!   sample standard deviation `s`), printed as `mean ± half-width`.
//! - [`quantile`] for any `Ord + Copy` value ([`Duration`], integers),
//!   [`quantile_f64`] and [`quantile_f32`] for floats: nearest rank, so the
//!   answer is always one of the values.
//! - [`mean_duration`]: the mean of durations.
//! - [`Tally`]: matches won, drawn and lost, and the match score with its
//!   interval (a win counts 1, a draw ½).
//! - [`glicko`]: Glicko-2 ratings, a player's after each match and the
//!   computer levels' from a round robin between them.
//!
//! ```
//! use std::time::Duration;
//!
//! let (mean, half) = entropy_stats::mean_ci(&[10.0, 12.0, 14.0, 16.0]);
//! assert_eq!(mean, 13.0);
//! assert!((half - 2.53).abs() < 0.01);
//!
//! let mut times: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
//! assert_eq!(entropy_stats::quantile(&mut times, 0.95), Some(Duration::from_millis(95)));
//! ```

pub mod glicko;

use std::cmp::Ordering;
use std::fmt;
use std::time::Duration;

/// The normal distribution's two-sided 95% quantile.
const Z95: f64 = 1.96;

/// The mean of `values`; NaN for no values.
///
/// ```
/// assert_eq!(entropy_stats::mean(&[1.0, 2.0, 6.0]), 3.0);
/// assert!(entropy_stats::mean(&[]).is_nan());
/// ```
pub fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// The mean of `values` and the half-width of its 95% confidence interval
/// (normal approximation). The half-width is 0 for fewer than two values,
/// and the mean NaN for none.
///
/// ```
/// assert_eq!(entropy_stats::mean_ci(&[5.0]), (5.0, 0.0));
/// let (mean, half) = entropy_stats::mean_ci(&[1.0, 3.0]);
/// assert_eq!(mean, 2.0);
/// assert!((half - 1.96).abs() < 1e-12); // s = √2, s / √2 = 1
/// ```
pub fn mean_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len();
    if n == 0 {
        return (f64::NAN, 0.0);
    }
    let mean = mean(values);
    if n < 2 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, Z95 * (var / n as f64).sqrt())
}

/// The `q` quantile (0 to 1) of `values` by nearest rank: the smallest
/// value with at least a share `q` of the values at or below it. Sorts
/// `values`; `None` when there are none.
///
/// ```
/// let mut v = [5, 1, 4, 2, 3];
/// assert_eq!(entropy_stats::quantile(&mut v, 0.5), Some(3));
/// assert_eq!(entropy_stats::quantile(&mut v, 0.0), Some(1));
/// assert_eq!(entropy_stats::quantile(&mut v, 1.0), Some(5));
/// assert_eq!(entropy_stats::quantile::<u32>(&mut [], 0.5), None);
/// ```
pub fn quantile<T: Ord + Copy>(values: &mut [T], q: f64) -> Option<T> {
    quantile_by(values, q, T::cmp)
}

/// [`quantile`] for `f64` values, ordered by [`f64::total_cmp`].
///
/// ```
/// let mut ms = [21.5, 19.0, 40.2, 20.1];
/// assert_eq!(entropy_stats::quantile_f64(&mut ms, 0.5), Some(20.1));
/// assert_eq!(entropy_stats::quantile_f64(&mut ms, 0.99), Some(40.2));
/// ```
pub fn quantile_f64(values: &mut [f64], q: f64) -> Option<f64> {
    quantile_by(values, q, f64::total_cmp)
}

/// [`quantile`] for `f32` values, ordered by [`f32::total_cmp`].
///
/// ```
/// let mut ms = [21.5f32, 19.0, 40.2, 20.1];
/// assert_eq!(entropy_stats::quantile_f32(&mut ms, 0.5), Some(20.1));
/// ```
pub fn quantile_f32(values: &mut [f32], q: f64) -> Option<f32> {
    quantile_by(values, q, f32::total_cmp)
}

fn quantile_by<T: Copy>(values: &mut [T], q: f64, compare: impl FnMut(&T, &T) -> Ordering) -> Option<T> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(compare);
    let rank = ((q * values.len() as f64).ceil() as usize).clamp(1, values.len());
    Some(values[rank - 1])
}

/// The mean of `times`; zero for none.
///
/// ```
/// use std::time::Duration;
/// let times = [Duration::from_millis(10), Duration::from_millis(30)];
/// assert_eq!(entropy_stats::mean_duration(&times), Duration::from_millis(20));
/// assert_eq!(entropy_stats::mean_duration(&[]), Duration::ZERO);
/// ```
pub fn mean_duration(times: &[Duration]) -> Duration {
    if times.is_empty() {
        Duration::ZERO
    } else {
        times.iter().sum::<Duration>() / times.len() as u32
    }
}

/// Matches won, drawn and lost by one player; displayed as `won–drawn–lost`.
///
/// ```
/// use entropy_stats::Tally;
///
/// let tally = Tally::of_margins(&[12.0, -3.0, 0.0, 5.0]);
/// assert_eq!(tally, Tally { won: 2, drawn: 1, lost: 1 });
/// assert_eq!(tally.to_string(), "2–1–1");
/// let (score, half) = tally.score();
/// assert_eq!(score, 0.625); // (2 + ½) / 4
/// assert!(half > 0.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Matches won.
    pub won: usize,
    /// Matches drawn.
    pub drawn: usize,
    /// Matches lost.
    pub lost: usize,
}

impl Tally {
    /// The tally of matches decided by the sign of each margin (the
    /// player's points minus the other's): above 0 won, 0 drawn, below lost.
    pub fn of_margins(margins: &[f64]) -> Tally {
        let mut tally = Tally::default();
        for &m in margins {
            match m.partial_cmp(&0.0) {
                Some(Ordering::Greater) => tally.won += 1,
                Some(Ordering::Equal) => tally.drawn += 1,
                _ => tally.lost += 1,
            }
        }
        tally
    }

    /// The number of matches.
    pub fn matches(&self) -> usize {
        self.won + self.drawn + self.lost
    }

    /// The match score, points per match (a win 1, a draw ½), and the
    /// half-width of its 95% confidence interval, as [`mean_ci`] gives them.
    pub fn score(&self) -> (f64, f64) {
        let mut points = vec![1.0; self.won];
        points.extend(std::iter::repeat_n(0.5, self.drawn));
        points.extend(std::iter::repeat_n(0.0, self.lost));
        mean_ci(&points)
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}–{}–{}", self.won, self.drawn, self.lost)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confidence_intervals_and_quantiles() {
        let (mean, half) = mean_ci(&[10.0, 12.0, 14.0, 16.0]);
        assert_eq!(mean, 13.0);
        // s = 2.582, s/√n = 1.291, × 1.96
        assert!((half - 2.530).abs() < 0.01, "{half}");
        assert_eq!(mean_ci(&[5.0]), (5.0, 0.0));
        let mut times: Vec<_> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(quantile(&mut times, 0.95), Some(Duration::from_millis(95)));
    }

    #[test]
    fn no_values_give_no_mean_and_no_quantile() {
        let (mean, half) = mean_ci(&[]);
        assert!(mean.is_nan());
        assert_eq!(half, 0.0);
        assert_eq!(quantile_f64(&mut [], 0.5), None);
    }

    #[test]
    fn a_quantile_is_one_of_the_values_whatever_q() {
        let mut v = [3.5, -1.0, 8.25];
        for q in [-1.0, 0.0, 0.2, 0.34, 0.5, 0.67, 0.99, 1.0, 2.0] {
            let x = quantile_f64(&mut v, q).unwrap();
            assert!(v.contains(&x), "{q}: {x}");
        }
        assert_eq!(quantile_f64(&mut v, 0.34), Some(3.5));
    }

    #[test]
    fn a_tally_of_all_wins_has_no_spread() {
        let tally = Tally {
            won: 20,
            drawn: 0,
            lost: 0,
        };
        assert_eq!(tally.score(), (1.0, 0.0));
        assert_eq!(tally.matches(), 20);
        assert_eq!(Tally::of_margins(&[]).score().1, 0.0);
    }
}
