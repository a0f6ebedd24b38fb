//! The audience of the games: how many spectators each game has on each
//! server process (this one counts its own watchers; the others' counts
//! come in notes), and so how many it has in all.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, MutexGuard};

/// Each game's spectators, by process.
#[derive(Debug, Default)]
pub struct Audience {
    /// Game → process → count; no zero is kept.
    counts: Mutex<HashMap<String, BTreeMap<String, u32>>>,
}

impl Audience {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, BTreeMap<String, u32>>> {
        self.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Sets a process's count of a game's spectators; the count it had.
    pub fn set(&self, game: &str, process: &str, count: u32) -> u32 {
        let mut counts = self.lock();
        if count > 0 {
            let of_game = counts.entry(game.to_string()).or_default();
            return of_game.insert(process.to_string(), count).unwrap_or(0);
        }
        let Some(of_game) = counts.get_mut(game) else { return 0 };
        let before = of_game.remove(process).unwrap_or(0);
        if of_game.is_empty() {
            counts.remove(game);
        }
        before
    }

    /// A process's count of a game's spectators.
    pub fn of(&self, game: &str, process: &str) -> u32 {
        self.lock()
            .get(game)
            .and_then(|of_game| of_game.get(process))
            .copied()
            .unwrap_or(0)
    }

    /// A game's spectators on every process.
    pub fn total(&self, game: &str) -> u32 {
        self.lock()
            .get(game)
            .map_or(0, |of_game| of_game.values().fold(0, |sum, n| sum.saturating_add(*n)))
    }

    /// The games `process` counts spectators of, with its counts.
    pub fn counted_by(&self, process: &str) -> Vec<(String, u32)> {
        self.lock()
            .iter()
            .filter_map(|(game, of_game)| of_game.get(process).map(|n| (game.clone(), *n)))
            .collect()
    }

    /// Forgets the counts of every process that `keep` refuses; the games
    /// whose total changed.
    pub fn forget_unless(&self, keep: impl Fn(&str) -> bool) -> Vec<String> {
        let mut counts = self.lock();
        let mut changed = Vec::new();
        counts.retain(|game, of_game| {
            let before = of_game.len();
            of_game.retain(|process, _| keep(process));
            if of_game.len() != before {
                changed.push(game.clone());
            }
            !of_game.is_empty()
        });
        changed.sort();
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_total_is_the_sum_of_the_processes_counts_and_a_forgotten_process_leaves_it() {
        let audience = Audience::default();
        assert_eq!(audience.total("g"), 0);
        assert_eq!(audience.set("g", "a", 2), 0);
        assert_eq!(audience.set("g", "b", 1), 0);
        assert_eq!(audience.set("h", "b", 4), 0);
        assert_eq!((audience.total("g"), audience.total("h")), (3, 4));
        assert_eq!(audience.set("g", "a", 1), 2);
        assert_eq!(audience.of("g", "a"), 1);
        assert_eq!(audience.counted_by("b").len(), 2);
        assert_eq!(audience.forget_unless(|p| p == "a"), ["g", "h"]);
        assert_eq!((audience.total("g"), audience.total("h")), (1, 0));
        assert_eq!(audience.forget_unless(|p| p == "a"), Vec::<String>::new());
        assert_eq!(audience.set("g", "a", 0), 1);
        assert_eq!(audience.set("g", "a", 0), 0);
        assert_eq!(audience.total("g"), 0);
        assert!(audience.counted_by("a").is_empty());
    }
}
