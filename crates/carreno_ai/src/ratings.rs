//! The levels' ratings on one Glicko-2 scale, measured: a round robin
//! between Easy, Medium and Hard, each at its own time budget, from the
//! start position, fitted by [`entropy_stats::glicko::fit`] (the most
//! probable ratings given Glicko-2's prior, 1500 ± 350). A player's rating
//! from games against the levels is on the same scale.
//!
//! ```
//! use carreno_ai::Level;
//!
//! if let (Some(easy), Some(hard)) = (Level::Easy.rating(), Level::Hard.rating()) {
//!     assert!(easy.rating < hard.rating);
//!     // The spread: one standard deviation of the measured rating.
//!     assert!(hard.deviation > 0.0);
//! }
//! ```

use entropy_stats::glicko::Rating;

use crate::Level;

/// A round robin's results and the ratings fitted to them.
struct Measured {
    /// Each pair of levels played: the first's games won, drawn, lost.
    // Read by the tests, which check that `ratings` is their fit.
    #[cfg_attr(not(test), allow(dead_code))]
    pairs: &'static [(Level, Level, [u32; 3])],
    /// Each level's rating and deviation (the spread), in [`Level::ALL`]'s
    /// order, as `glicko::fit` gives them from `pairs`, to the unit.
    ratings: [(f64, f64); 3],
}

/// `entropy-cli ratings --game carreno -n 6 -j 1 --seed 2026`: 18 games (6
/// a pair, one at a time, each level on each side of the start position
/// three times, at its own time budget), 2026-11-28, on this project's
/// machine (2 cores, a build of the game sharing them), 6 minutes. No
/// level lost to a level below it; the draws were 2 of 6 between Easy and
/// Medium, 1 between Easy and Hard, 2 between Medium and Hard. The
/// deviation is the spread: one standard deviation of the rating, given
/// the levels' mean (1500).
const MEASURED: Option<Measured> = Some(Measured {
    pairs: &[
        (Level::Easy, Level::Medium, [0, 2, 4]),
        (Level::Easy, Level::Hard, [0, 1, 5]),
        (Level::Medium, Level::Hard, [0, 2, 4]),
    ],
    ratings: [(1284.0, 92.0), (1500.0, 77.0), (1716.0, 92.0)],
});

impl Level {
    /// The level's measured rating, with its spread (the deviation);
    /// `None` while not measured.
    pub fn rating(self) -> Option<Rating> {
        let index = Level::ALL.iter().position(|&l| l == self)?;
        MEASURED
            .as_ref()
            .map(|m| Rating::fixed(m.ratings[index].0, m.ratings[index].1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use entropy_stats::glicko;

    #[test]
    fn the_recorded_ratings_are_the_fit_of_the_recorded_results() {
        let Some(m) = MEASURED.as_ref() else { return };
        let index = |level: Level| Level::ALL.iter().position(|&l| l == level).unwrap();
        let mut results = Vec::new();
        for &(a, b, [won, drawn, lost]) in m.pairs {
            for (count, score) in [(won, 1.0), (drawn, 0.5), (lost, 0.0)] {
                results.extend(std::iter::repeat_n((index(a), index(b), score), count as usize));
            }
        }
        let fitted = glicko::fit(Level::ALL.len(), &results);
        for (level, (f, &(rating, deviation))) in Level::ALL.iter().zip(fitted.iter().zip(&m.ratings)) {
            assert!((f.rating - rating).abs() <= 0.5, "{level}: {f:?}");
            assert!((f.deviation - deviation).abs() <= 0.5, "{level}: {f:?}");
        }
    }

    #[test]
    fn the_levels_order_on_the_scale_is_their_order_of_strength() {
        let ratings: Vec<Option<Rating>> = Level::ALL.iter().map(|l| l.rating()).collect();
        assert!(ratings.iter().all(Option::is_some) || ratings.iter().all(Option::is_none));
        let ratings: Vec<f64> = ratings.into_iter().flatten().map(|r| r.rating).collect();
        for w in ratings.windows(2) {
            assert!(w[0] < w[1], "{ratings:?}");
        }
    }
}
