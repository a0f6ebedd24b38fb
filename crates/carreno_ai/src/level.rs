//! The levels people play against, the players behind them, and hints.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use carreno_rules::{Game, Move};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::eval::{Weights, evaluate};
use crate::search::{Analysis, Engine, SearchConfig};
use crate::tactics::winning_move;
use crate::{Limits, Player};

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Looks one move ahead: takes a win it sees, never hands one over by
    /// its own move, and otherwise picks a move that looks good now, with a
    /// good deal of chance. It does not see the other side's threats.
    Easy,
    /// Searches two moves ahead (its move and the reply, then whether it
    /// could win at once) with a little noise in its judgement: it parries a
    /// threat it sees and sets simple ones, and misses deeper plans.
    Medium,
    /// Searches as deep as a second allows (alpha-beta, transposition
    /// table), and plays a proven win as soon as the search finds one.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The lowercase name (`"hard"`), as [`FromStr`] reads it.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The most time the level takes for one move on one core when its
    /// limits do not say otherwise.
    pub const fn budget(self) -> Duration {
        match self {
            Level::Easy => Duration::from_millis(10),
            Level::Medium => Duration::from_millis(200),
            Level::Hard => Duration::from_millis(1000),
        }
    }

    /// The search of a search level (`None` for Easy).
    pub fn search_config(self) -> Option<SearchConfig> {
        let base = SearchConfig::default();
        match self {
            Level::Easy => None,
            Level::Medium => Some(SearchConfig {
                max_depth: 2,
                noise: 40,
                table_bits: 16,
                ..base
            }),
            Level::Hard => Some(SearchConfig { table_bits: 22, ..base }),
        }
    }

    /// A player of this level; `seed` drives its random choices (Hard has
    /// none: given a node limit, it always plays the same move).
    pub fn player(self, seed: u64) -> Box<dyn Player> {
        match self.search_config() {
            None => Box::new(Casual::new(seed)),
            Some(config) => Box::new(SearchPlayer::new(self.name(), config, self.budget(), seed)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelParseError(pub String);

impl fmt::Display for LevelParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level {:?}: use easy, medium or hard", self.0)
    }
}

impl std::error::Error for LevelParseError {}

impl FromStr for Level {
    type Err = LevelParseError;
    /// Reads a level name, in any case.
    fn from_str(s: &str) -> Result<Level, LevelParseError> {
        let lower = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|level| level.name() == lower)
            .ok_or_else(|| LevelParseError(s.to_string()))
    }
}

/// The Easy player: one move ahead, with chance.
pub struct Casual {
    rng: SmallRng,
    weights: Weights,
    /// How far apart (in hundredths of a settled piece) two moves may look
    /// and still be confused.
    spread: i32,
}

impl Casual {
    /// An Easy player drawing its choices from `seed`.
    pub fn new(seed: u64) -> Casual {
        Casual {
            rng: SmallRng::seed_from_u64(seed),
            weights: Weights {
                threat: 0,
                ..Weights::default()
            },
            spread: 150,
        }
    }
}

impl Player for Casual {
    fn name(&self) -> String {
        Level::Easy.name().to_string()
    }

    fn choose(&mut self, game: &Game, _limits: &Limits) -> Move {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Move::Pass;
        }
        let position = game.position();
        if let Some(mv) = winning_move(position) {
            return mv;
        }
        let mut best = (moves[0], i32::MIN);
        for &mv in &moves {
            let child = position.play_unchecked(mv);
            // A move that disperses the other side hands it the game.
            let value = if child.winner().is_some() {
                -1_000_000
            } else {
                -evaluate(&child, &self.weights) + self.rng.random_range(0..=self.spread)
            };
            if value > best.1 {
                best = (mv, value);
            }
        }
        best.0
    }
}

/// A player that searches with the alpha-beta [`Engine`].
pub struct SearchPlayer {
    name: String,
    engine: Engine,
    budget: Duration,
}

impl SearchPlayer {
    /// A player searching as `config` says, taking at most `budget` a move
    /// unless its limits say otherwise; `seed` drives the evaluation's noise.
    pub fn new(name: &str, config: SearchConfig, budget: Duration, seed: u64) -> SearchPlayer {
        SearchPlayer {
            name: name.to_string(),
            engine: Engine::with_seed(config, seed),
            budget,
        }
    }

    /// The full answer of a search of `game` (the move, its score, the line).
    pub fn analyse(&mut self, game: &Game, limits: &Limits) -> Analysis {
        let limits = if limits.time.is_none() && limits.nodes.is_none() {
            Limits {
                time: Some(self.budget),
                ..limits.clone()
            }
        } else {
            limits.clone()
        };
        self.engine.analyse(game, &limits)
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, game: &Game, limits: &Limits) -> Move {
        if game.is_over() {
            return Move::Pass;
        }
        self.analyse(game, limits).best
    }
}

/// The best move in `game` with its score and expected line, as Hard sees
/// it within `limits` (Hard's own budget when they set neither time nor
/// nodes). `None` when the game is over.
///
/// ```
/// use carreno_ai::{Limits, Score, hint};
/// use carreno_rules::{Game, Position};
/// // Seed 002's Fig. 3 with S to move: d2-e1 wins at once.
/// let fig3: Position = "S.O.O\nO.SOS\nS....\nOOSSO\nS....\nS\n".parse()?;
/// let found = hint(&Game::from_position(fig3), &Limits::nodes(10_000)).unwrap();
/// assert_eq!(found.best.to_string(), "d2-e1");
/// assert_eq!(found.score, Score::Win(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hint(game: &Game, limits: &Limits) -> Option<Analysis> {
    if game.is_over() {
        return None;
    }
    let config = Level::Hard.search_config().unwrap_or_default();
    let mut player = SearchPlayer::new(
        "hint",
        SearchConfig {
            table_bits: 20,
            ..config
        },
        Level::Hard.budget(),
        0,
    );
    Some(player.analyse(game, limits))
}
