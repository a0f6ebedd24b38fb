//! The rules' match a game is played under, either kind, behind one
//! interface: who owes which move on which board, a move, a draw, the
//! moves the tournament rules play for a player out of time, a flag, a
//! forfeit, a takeback. Players are 0 and 1 ([`Player::index`]); boards
//! are 0 in the two-round match and their Order's index in the
//! simultaneous match.

use entropy_protocol::Format;
use entropy_protocol::fairness::Secret;
use entropy_rules::{
    Action, Bag, Cell, Colour, Ending, Forfeit, Match, MoveError, Phase, Player, Position, Role, SimultaneousMatch,
    SimultaneousStep, Size, TimeControl, TimeLeft,
};

/// The player of index `index` (0 or 1; anything else is player 2).
pub(super) fn player(index: usize) -> Player {
    if index == 0 { Player::One } else { Player::Two }
}

/// The role an action is played in.
pub(super) fn role_of(action: Action) -> Role {
    match action {
        Action::Draw | Action::Place(_) => Role::Chaos,
        Action::Slide(_) | Action::Pass => Role::Order,
    }
}

/// Reads a move in the protocol's notation ([`entropy_protocol::notation`]).
pub(super) fn parse_action(text: &str) -> Result<Action, String> {
    entropy_protocol::notation::parse_move(text)
}

/// An action in the notation a [`entropy_protocol::GameEvent::Moved`]
/// carries ([`entropy_protocol::notation`]); a draw is named by its colour
/// elsewhere and has no text.
pub(super) fn action_text(action: Action, pass_cell: Option<Cell>) -> String {
    entropy_protocol::notation::move_text(action, pass_cell).unwrap_or_default()
}

/// Every counter of a bag drawn from `seed`, in the order they come out:
/// the order a round's (or the simultaneous match's) draws follow whatever
/// is taken back.
fn draw_order(size: Size, seed: u64) -> Vec<Colour> {
    let mut bag = Bag::seeded(size, seed);
    std::iter::from_fn(|| bag.draw()).collect()
}

/// A move owed now: `player` acts on `board` as `role`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Owed {
    pub player: usize,
    pub board: usize,
    pub role: Role,
}

/// The match being played.
pub(super) enum Rules {
    /// Two rounds, the roles swapped; `queues` are the rounds' draws.
    Rounds { game: Box<Match>, queues: [Vec<Colour>; 2] },
    /// A board each; `queue` is the one queue of draws.
    Simultaneous {
        game: Box<SimultaneousMatch>,
        queue: Vec<Colour>,
    },
}

impl Rules {
    /// A new match of `format` on `size`, its bags drawn from `secret`.
    pub(super) fn new(
        format: Format,
        size: Size,
        first_order: usize,
        secret: &Secret,
        time_control: Option<TimeControl>,
    ) -> Rules {
        match format {
            Format::Match => {
                let seeds = secret.match_seeds();
                let mut game = Match::new(size, player(first_order), seeds);
                game.set_time_control(time_control);
                Rules::Rounds {
                    game: Box::new(game),
                    queues: seeds.map(|seed| draw_order(size, seed)),
                }
            }
            Format::Simultaneous => {
                let seed = secret.simultaneous_seed();
                let mut game = SimultaneousMatch::new(size, seed);
                game.set_time_control(time_control);
                Rules::Simultaneous {
                    game: Box::new(game),
                    queue: draw_order(size, seed),
                }
            }
        }
    }

    pub(super) fn is_simultaneous(&self) -> bool {
        matches!(self, Rules::Simultaneous { .. })
    }

    /// The round being played: 0 or 1 (always 0 in the simultaneous match).
    pub(super) fn round_index(&self) -> usize {
        match self {
            Rules::Rounds { game, .. } => game.round_index(),
            Rules::Simultaneous { .. } => 0,
        }
    }

    /// The position on `board`.
    pub(super) fn position(&self, board: usize) -> &Position {
        match self {
            Rules::Rounds { game, .. } => game.round().position(),
            Rules::Simultaneous { game, .. } => game.board(player(board)).position(),
        }
    }

    /// Whether the match is over (both rounds, both boards, or a forfeit).
    pub(super) fn is_over(&self) -> bool {
        match self {
            Rules::Rounds { game, .. } => game.is_over(),
            Rules::Simultaneous { game, .. } => game.is_over(),
        }
    }

    /// Whether the first round is over and the second not begun.
    pub(super) fn between_rounds(&self) -> bool {
        match self {
            Rules::Rounds { game, .. } => game.round_index() == 0 && game.round().is_finished() && !game.is_over(),
            Rules::Simultaneous { .. } => false,
        }
    }

    pub(super) fn start_second_round(&mut self) -> Result<(), String> {
        match self {
            Rules::Rounds { game, .. } => game.start_second_round().map_err(|e| e.to_string()),
            Rules::Simultaneous { .. } => Err("a simultaneous match has one round".into()),
        }
    }

    /// The moves owed now, flagged players' included.
    pub(super) fn owed(&self) -> Vec<Owed> {
        match self {
            Rules::Rounds { game, .. } => game
                .to_move()
                .map(|(p, role)| Owed {
                    player: p.index(),
                    board: 0,
                    role,
                })
                .into_iter()
                .collect(),
            Rules::Simultaneous { game, .. } => game
                .pending()
                .into_iter()
                .map(|p| Owed {
                    player: p.player.index(),
                    board: p.board.index(),
                    role: p.role,
                })
                .collect(),
        }
    }

    /// The board on which `player` plays `role`.
    pub(super) fn board_for(&self, player_index: usize, role: Role) -> usize {
        match self {
            Rules::Rounds { .. } => 0,
            Rules::Simultaneous { .. } => SimultaneousMatch::board_of(player(player_index), role).index(),
        }
    }

    /// The next draw due, if one is: the board and the colour it gives
    /// (in the simultaneous match, board 0's: the same counter then goes
    /// to board 1).
    pub(super) fn draw_due(&self) -> Option<(usize, Colour)> {
        let (queue, position) = match self {
            Rules::Rounds { game, queues } => {
                if game.is_over() || game.round().phase() != Phase::ChaosDraw {
                    return None;
                }
                (&queues[game.round_index()], game.round().position())
            }
            Rules::Simultaneous { game, queue } => {
                if game.step() != SimultaneousStep::Draw {
                    return None;
                }
                (queue, game.board(Player::One).position())
            }
        };
        let drawn = position.size().cells() - position.counts().total();
        queue.get(drawn).map(|&colour| (0, colour))
    }

    /// Draws the next counter (for both boards of a simultaneous match).
    pub(super) fn draw(&mut self) -> Result<Colour, MoveError> {
        match self {
            Rules::Rounds { game, .. } => match game.apply(Action::Draw)? {
                entropy_rules::Event::Drew(colour) => Ok(colour),
                _ => Err(MoveError::RoundOver),
            },
            Rules::Simultaneous { game, .. } => game.draw(),
        }
    }

    /// `player`'s `action`, with their clock after it if one is kept.
    /// "not your turn" when they owe no move; the rules' refusal otherwise.
    pub(super) fn apply(&mut self, player_index: usize, action: Action, left: Option<TimeLeft>) -> Result<(), String> {
        if !self.owed().iter().any(|o| o.player == player_index) {
            return Err("not your turn".into());
        }
        let result = match self {
            Rules::Rounds { game, .. } => match left {
                Some(left) => game.apply_timed(action, left),
                None => game.apply(action),
            },
            Rules::Simultaneous { game, .. } => match left {
                Some(left) => game.apply_timed(player(player_index), action, left),
                None => game.apply(player(player_index), action),
            },
        };
        result.map(|_| ()).map_err(|e| format!("illegal move: {e}"))
    }

    /// The move the tournament rules play now for a player out of time
    /// (never a draw: the server draws for every Chaos itself).
    pub(super) fn forced(&self) -> Option<(usize, Action)> {
        match self {
            Rules::Rounds { game, .. } => {
                let action = game.forced_action()?;
                let (who, _) = game.to_move()?;
                (action != Action::Draw).then_some((who.index(), action))
            }
            Rules::Simultaneous { game, .. } => Player::BOTH.into_iter().find_map(|p| {
                game.forced_action(p)
                    .filter(|&a| a != Action::Draw)
                    .map(|a| (p.index(), a))
            }),
        }
    }

    /// `player`'s flag falls (live games): from now on the rules play for them.
    pub(super) fn flag(&mut self, player_index: usize) -> Result<(), String> {
        let result = match self {
            Rules::Rounds { game, .. } => game.flag(player(player_index)),
            Rules::Simultaneous { game, .. } => game.flag(player(player_index)),
        };
        result.map(|_| ()).map_err(|e| e.to_string())
    }

    /// Whether any flag has fallen.
    pub(super) fn any_flag(&self) -> bool {
        match self {
            Rules::Rounds { game, .. } => !game.flags().is_empty(),
            Rules::Simultaneous { game, .. } => !game.flags().is_empty(),
        }
    }

    pub(super) fn is_flagged(&self, player_index: usize) -> bool {
        match self {
            Rules::Rounds { game, .. } => game.is_flagged(player(player_index)),
            Rules::Simultaneous { game, .. } => game.is_flagged(player(player_index)),
        }
    }

    /// Ends the match: `forfeit`'s player loses.
    pub(super) fn forfeit(&mut self, forfeit: Forfeit) -> Result<(), String> {
        let result = match self {
            Rules::Rounds { game, .. } => game.forfeit(forfeit),
            Rules::Simultaneous { game, .. } => game.forfeit(forfeit),
        };
        result.map_err(|e| e.to_string())
    }

    /// Takes back the last placement or Order move.
    pub(super) fn undo(&mut self) -> Result<(), String> {
        let result = match self {
            Rules::Rounds { game, .. } => game.undo().map(|_| ()),
            Rules::Simultaneous { game, .. } => game.undo().map(|_| ()),
        };
        result.map_err(|e| e.to_string())
    }

    /// Each player's Order score so far (the finished rounds' in the
    /// two-round match; their own board's in the simultaneous match).
    pub(super) fn totals(&self) -> [u32; 2] {
        match self {
            Rules::Rounds { game, .. } => game.totals(),
            Rules::Simultaneous { game, .. } => game.scores(),
        }
    }

    /// How the match stands as a file's result tags would say it.
    pub(super) fn ending(&self) -> Ending {
        match self {
            Rules::Rounds { game, .. } => Ending::of(game),
            Rules::Simultaneous { game, .. } => game.ending(),
        }
    }
}
