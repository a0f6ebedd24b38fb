//! The levels people play against, the players behind them, and hints.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use carreno_rules::{Game, Move, Position};
use entropy_ai::{LevelParseError, parse_level};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::eval::{Weights, evaluate};
use crate::search::{Analysis, Engine, Score, SearchConfig};
use crate::solve::{EndgameTables, Proof};
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

    /// The name as a player reads it, capitalised (`"Hard"`): how the
    /// interface names a computer player of this level.
    pub const fn title(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
        }
    }

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
        self.player_with_tables(seed, None)
    }

    /// A player of this level; Hard also plays from `tables` when given
    /// (see [`SearchPlayer::with_tables`]). Easy and Medium ignore them: a
    /// person at their level does not know the endgame by heart.
    pub fn player_with_tables(self, seed: u64, tables: Option<Arc<EndgameTables>>) -> Box<dyn Player> {
        match (self, self.search_config()) {
            (_, None) => Box::new(Casual::new(seed)),
            (Level::Hard, Some(config)) if tables.is_some() => Box::new(
                SearchPlayer::new(self.name(), config, self.budget(), seed).with_tables(tables.unwrap_or_default()),
            ),
            (_, Some(config)) => Box::new(SearchPlayer::new(self.name(), config, self.budget(), seed)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = LevelParseError;
    /// Reads a level name, in any case.
    fn from_str(s: &str) -> Result<Level, LevelParseError> {
        parse_level(s, &Level::ALL, Level::name)
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

/// A player that searches with the alpha-beta [`Engine`], and plays from
/// endgame tables when given some.
pub struct SearchPlayer {
    name: String,
    engine: Engine,
    budget: Duration,
    tables: Option<Arc<EndgameTables>>,
}

impl SearchPlayer {
    /// A player searching as `config` says, taking at most `budget` a move
    /// unless its limits say otherwise; `seed` drives the evaluation's noise.
    pub fn new(name: &str, config: SearchConfig, budget: Duration, seed: u64) -> SearchPlayer {
        SearchPlayer {
            name: name.to_string(),
            engine: Engine::with_seed(config, seed),
            budget,
            tables: None,
        }
    }

    /// The same player, playing the solved move wherever `tables` know the
    /// position: the quickest win, the longest resistance; elsewhere it
    /// searches among the moves the tables do not know to lose.
    pub fn with_tables(mut self, tables: Arc<EndgameTables>) -> SearchPlayer {
        self.tables = Some(tables);
        self
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
        let Some(tables) = self.tables.clone() else {
            return self.engine.analyse(game, &limits);
        };
        if let Some(solved) = table_move(&tables, game) {
            return solved;
        }
        // Leave out the moves into positions the tables know are won for the other side.
        let position = game.position();
        let me = position.to_move();
        let safe: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                let child = position.play_unchecked(mv);
                match child.winner() {
                    Some(win) => win.winner == me,
                    None => !matches!(tables.probe(&child), Some(Proof::Win(_))),
                }
            })
            .collect();
        self.engine.analyse_among(game, &limits, Some(&safe))
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

/// The solved move of `game` when `tables` know its position and the game
/// has room for it: the quickest win (a move into a position lost in one
/// ply fewer), or the longest resistance. `None` otherwise, or when the
/// solved line would pass through a position for the third time.
pub fn table_move(tables: &EndgameTables, game: &Game) -> Option<Analysis> {
    let position = game.position();
    let proof = tables.probe(position)?;
    let plies = match proof {
        Proof::Win(n) | Proof::Loss(n) => n,
        Proof::Open => return None,
    };
    if game.moves_left() < plies as usize {
        return None;
    }
    let me = position.to_move();
    let seen_twice = |p: &Position| game.positions().iter().filter(|q| *q == p).count() >= 2;
    let mut best: Option<(Move, u32)> = None;
    for mv in game.legal_moves() {
        let child = position.play_unchecked(mv);
        if seen_twice(&child) {
            continue;
        }
        let value = match (child.winner(), tables.probe(&child)) {
            (Some(win), _) if win.winner == me => Some(1),
            // A move that disperses the other side only: a loss in 1.
            (Some(_), _) => matches!(proof, Proof::Loss(_)).then_some(1),
            // The other side lost in m: a win in m + 1.
            (None, Some(Proof::Loss(m))) if matches!(proof, Proof::Win(_)) => Some(m + 1),
            // The other side wins in m: a loss in m + 1, the longer the better.
            (None, Some(Proof::Win(m))) if matches!(proof, Proof::Loss(_)) => Some(m + 1),
            _ => None,
        };
        let Some(value) = value else { continue };
        let better = match (proof, best) {
            (_, None) => true,
            (Proof::Win(_), Some((_, b))) => value < b,
            (_, Some((_, b))) => value > b,
        };
        if better {
            best = Some((mv, value));
        }
    }
    let (mv, value) = best?;
    Some(Analysis {
        best: mv,
        score: match proof {
            Proof::Win(_) => Score::Win(value),
            _ => Score::Loss(value),
        },
        depth: 0,
        nodes: 0,
        pv: vec![mv],
        time: Duration::ZERO,
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Prover, random_position};
    use rand::{SeedableRng, rngs::SmallRng};

    /// Tables made of the prover's verdicts on a position and its children.
    fn tables_around(position: &Position, prover: &mut Prover) -> EndgameTables {
        let mut entries = vec![(*position, prover.prove(position, 3))];
        for mv in position.legal_moves() {
            let child = position.play_unchecked(mv);
            if child.winner().is_none() {
                entries.push((child, prover.prove(&child, 3)));
            }
        }
        EndgameTables::from_entries(&entries)
    }

    #[test]
    fn the_tables_move_keeps_the_proven_result() {
        let mut rng = SmallRng::seed_from_u64(21);
        let mut prover = Prover::new(18);
        let (mut wins, mut losses) = (0, 0);
        while wins < 10 || losses < 3 {
            let p = random_position(&mut rng);
            if p.winner().is_some() {
                continue;
            }
            let proof = prover.prove(&p, 3);
            if proof == Proof::Open {
                continue;
            }
            let tables = tables_around(&p, &mut prover);
            let found = table_move(&tables, &Game::from_position(p)).expect("a solved move");
            let child = p.play_unchecked(found.best);
            match proof {
                Proof::Win(n) => {
                    wins += 1;
                    assert_eq!(found.score, Score::Win(n));
                    let won_now = child.winner().is_some_and(|w| w.winner == p.to_move());
                    assert!(won_now || prover.prove(&child, 3) == Proof::Loss(n - 1), "{p}");
                }
                Proof::Loss(n) => {
                    losses += 1;
                    assert_eq!(found.score, Score::Loss(n));
                }
                Proof::Open => unreachable!(),
            }
            // A player with the tables plays that move.
            let config = Level::Hard.search_config().unwrap_or_default();
            let mut hard = SearchPlayer::new("hard", config, Level::Hard.budget(), 0).with_tables(Arc::new(tables));
            assert_eq!(hard.choose(&Game::from_position(p), &Limits::nodes(1_000)), found.best);
        }
    }
}
