//! The levels' ratings on one Glicko-2 scale, measured: a round robin
//! between the five levels, each at its own time budget, for each kind of
//! Solomon match ([`RatedKind`]), fitted by [`entropy_stats::glicko::fit`]
//! (the most probable ratings given Glicko-2's prior, 1500 ± 350). A
//! player's rating from matches against the levels is on the same scale.
//!
//! ```
//! use entropy_ai::{Level, RatedKind};
//!
//! if let (Some(easy), Some(hard)) = (Level::Easy.rating(RatedKind::Rounds5), Level::Hard.rating(RatedKind::Rounds5)) {
//!     assert!(easy.rating < hard.rating);
//!     // The spread: one standard deviation of the measured rating.
//!     assert!(hard.deviation > 0.0);
//! }
//! ```

use entropy_stats::glicko::Rating;

use crate::Level;

/// Which kind of Solomon match a rating is measured for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatedKind {
    /// Matches of two rounds on the 7×7 board.
    Rounds7,
    /// Matches of two rounds on the 5×5 board.
    Rounds5,
    /// Simultaneous matches (both boards at once), 7×7.
    Simultaneous,
}

impl RatedKind {
    /// Every kind.
    pub const ALL: [RatedKind; 3] = [RatedKind::Rounds7, RatedKind::Rounds5, RatedKind::Simultaneous];
}

/// A round robin's results and the ratings fitted to them.
struct Measured {
    /// Each pair of levels played: the first's matches won, drawn, lost.
    // Read by the tests, which check that `ratings` is their fit.
    #[cfg_attr(not(test), allow(dead_code))]
    pairs: &'static [(Level, Level, [u32; 3])],
    /// Each level's rating and deviation (the spread), in [`Level::ALL`]'s
    /// order, as `glicko::fit` gives them from `pairs`, to the unit.
    ratings: [(f64, f64); 5],
}

/// 5×5, matches of two rounds: `entropy-cli ratings --game solomon --size 5
/// -n 4 -j 1 --seed 2026`, 40 matches (4 a pair, one at a time, each level
/// at its own time budget), 2026-11-28, on this project's machine (2 cores,
/// a build of the game sharing them), 37 minutes. Every level won all its
/// matches against every level below it, but Hard one of four against
/// Master. The deviation is the spread: one standard deviation of the
/// rating, given the levels' mean (1500).
const ROUNDS_5: Option<Measured> = Some(Measured {
    pairs: &[
        (Level::Beginner, Level::Easy, [0, 0, 4]),
        (Level::Beginner, Level::Medium, [0, 0, 4]),
        (Level::Beginner, Level::Hard, [0, 0, 4]),
        (Level::Beginner, Level::Master, [0, 0, 4]),
        (Level::Easy, Level::Medium, [0, 0, 4]),
        (Level::Easy, Level::Hard, [0, 0, 4]),
        (Level::Easy, Level::Master, [0, 0, 4]),
        (Level::Medium, Level::Hard, [0, 0, 4]),
        (Level::Medium, Level::Master, [0, 0, 4]),
        (Level::Hard, Level::Master, [1, 0, 3]),
    ],
    ratings: [
        (950.0, 158.0),
        (1254.0, 120.0),
        (1514.0, 109.0),
        (1826.0, 120.0),
        (1957.0, 133.0),
    ],
});

/// 7×7, matches of two rounds: `entropy-cli ratings --game solomon --size 7
/// -n 2 -j 2 --seed 2026`, 20 matches (2 a pair, two at once on the 2
/// cores, each level at its own time budget), 2026-11-28, on this project's
/// machine with nothing else running, 20 minutes. Every level won all its
/// matches against every level below it, but Hard and Master, who won one
/// each: two matches do not tell them apart, and the fit rates them alike.
const ROUNDS_7: Option<Measured> = Some(Measured {
    pairs: &[
        (Level::Beginner, Level::Easy, [0, 0, 2]),
        (Level::Beginner, Level::Medium, [0, 0, 2]),
        (Level::Beginner, Level::Hard, [0, 0, 2]),
        (Level::Beginner, Level::Master, [0, 0, 2]),
        (Level::Easy, Level::Medium, [0, 0, 2]),
        (Level::Easy, Level::Hard, [0, 0, 2]),
        (Level::Easy, Level::Master, [0, 0, 2]),
        (Level::Medium, Level::Hard, [0, 0, 2]),
        (Level::Medium, Level::Master, [0, 0, 2]),
        (Level::Hard, Level::Master, [1, 0, 1]),
    ],
    ratings: [
        (1069.0, 171.0),
        (1306.0, 137.0),
        (1509.0, 127.0),
        (1808.0, 143.0),
        (1808.0, 143.0),
    ],
});

/// Simultaneous matches, 7×7: `entropy-cli ratings --game solomon --size 7
/// --simultaneous -n 1 -j 2 --seed 2026`, 10 matches (one a pair, two at
/// once on the 2 cores, each level at its own time budget), 2026-11-28, on
/// this project's machine with nothing else running, 19 minutes. Every
/// level won its match against every level below it, but Hard beat Master:
/// on one match a pair the scale puts Hard above Master.
const SIMULTANEOUS: Option<Measured> = Some(Measured {
    pairs: &[
        (Level::Beginner, Level::Easy, [0, 0, 1]),
        (Level::Beginner, Level::Medium, [0, 0, 1]),
        (Level::Beginner, Level::Hard, [0, 0, 1]),
        (Level::Beginner, Level::Master, [0, 0, 1]),
        (Level::Easy, Level::Medium, [0, 0, 1]),
        (Level::Easy, Level::Hard, [0, 0, 1]),
        (Level::Easy, Level::Master, [0, 0, 1]),
        (Level::Medium, Level::Hard, [0, 0, 1]),
        (Level::Medium, Level::Master, [0, 0, 1]),
        (Level::Hard, Level::Master, [1, 0, 0]),
    ],
    ratings: [
        (1167.0, 186.0),
        (1344.0, 160.0),
        (1500.0, 153.0),
        (1833.0, 186.0),
        (1656.0, 160.0),
    ],
});

fn measured(kind: RatedKind) -> Option<&'static Measured> {
    match kind {
        RatedKind::Rounds7 => ROUNDS_7.as_ref(),
        RatedKind::Rounds5 => ROUNDS_5.as_ref(),
        RatedKind::Simultaneous => SIMULTANEOUS.as_ref(),
    }
}

impl Level {
    /// The level's measured rating for `kind` of match, with its spread
    /// (the deviation); `None` for a kind not measured.
    pub fn rating(self, kind: RatedKind) -> Option<Rating> {
        let index = Level::ALL.iter().position(|&l| l == self)?;
        measured(kind).map(|m| Rating::fixed(m.ratings[index].0, m.ratings[index].1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use entropy_stats::glicko;

    fn results(m: &Measured) -> Vec<(usize, usize, f64)> {
        let index = |level: Level| Level::ALL.iter().position(|&l| l == level).unwrap();
        let mut results = Vec::new();
        for &(a, b, [won, drawn, lost]) in m.pairs {
            for (count, score) in [(won, 1.0), (drawn, 0.5), (lost, 0.0)] {
                results.extend(std::iter::repeat_n((index(a), index(b), score), count as usize));
            }
        }
        results
    }

    #[test]
    fn the_recorded_ratings_are_the_fit_of_the_recorded_results() {
        for kind in RatedKind::ALL {
            let Some(m) = measured(kind) else { continue };
            let fitted = glicko::fit(Level::ALL.len(), &results(m));
            for (level, (f, &(rating, deviation))) in Level::ALL.iter().zip(fitted.iter().zip(&m.ratings)) {
                assert!((f.rating - rating).abs() <= 0.5, "{kind:?} {level}: {f:?}");
                assert!((f.deviation - deviation).abs() <= 0.5, "{kind:?} {level}: {f:?}");
            }
        }
    }

    #[test]
    fn the_levels_order_on_the_scale_follows_their_results() {
        for kind in RatedKind::ALL {
            let ratings: Vec<Option<Rating>> = Level::ALL.iter().map(|l| l.rating(kind)).collect();
            assert!(ratings.iter().all(Option::is_some) || ratings.iter().all(Option::is_none));
            let Some(m) = measured(kind) else { continue };
            let rating = |level: Level| level.rating(kind).unwrap().rating;
            // A level that beat another more often than it lost is rated above it.
            for &(a, b, [won, _, lost]) in m.pairs {
                if won > lost {
                    assert!(rating(a) > rating(b), "{kind:?}: {a} beat {b}");
                } else if lost > won {
                    assert!(rating(a) < rating(b), "{kind:?}: {b} beat {a}");
                }
            }
        }
    }
}
