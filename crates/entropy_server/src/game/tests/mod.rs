//! The game module's tests: whole games through [`Game::command`] checked
//! against the rules crate, refusals, clocks, offers, storage and files.
//! Time is made up: every test says what the clock reads.

mod clocks;
mod count;
mod offers;
mod play;
mod ratings;
mod storage;

use entropy_protocol::fairness::Secret;
use entropy_protocol::{Format, GameEvent, GameOptions, Seat, Speed};
use entropy_rules::{Action, Cell, OrderMove, Phase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::rules::{action_text, role_of};
use super::{Command, Game, Millis};

/// 1 January 2026, as the server's clock reads it.
const T0: Millis = 1_767_225_600_000;

fn seats() -> [Seat; 2] {
    [
        Seat {
            name: "Ann".into(),
            bot: false,
            rating: Some(1512.4),
        },
        Seat {
            name: "Entropy".into(),
            bot: true,
            rating: Some(1488.0),
        },
    ]
}

fn options(size: u8, format: Format, speed: Speed, rated: bool) -> GameOptions {
    GameOptions {
        size,
        format,
        speed,
        rated,
    }
}

fn secret(n: u8) -> Secret {
    Secret::from_bytes([n; 32])
}

/// A casual 7×7 match with 15 minutes each, player 0 Order first.
fn casual(n: u8) -> (Game, Vec<GameEvent>) {
    Game::start(seats(), GameOptions::default(), 0, secret(n), None, T0)
}

/// The moves owed now by players whose flag has not fallen: (player, board, role).
fn owed(game: &Game) -> Vec<(u8, usize, entropy_rules::Role)> {
    game.rules
        .owed()
        .into_iter()
        .filter(|o| !game.rules.is_flagged(o.player))
        .map(|o| (o.player as u8, o.board, o.role))
        .collect()
}

/// A random legal move of `player` on `board`, in the notation a client sends.
fn random_move(game: &Game, board: usize, rng: &mut SmallRng) -> (Action, String) {
    let position = game.rules.position(board);
    let action = match position.phase() {
        Phase::ChaosPlace(_) => {
            let cells = position.placements();
            let k = rng.random_range(0..cells.into_iter().count());
            Action::Place(cells.nth(k).expect("k is below the count"))
        }
        Phase::OrderMove => {
            let k = rng.random_range(0..position.order_move_count());
            Action::from(position.nth_order_move(k).expect("k is below the count"))
        }
        phase => panic!("no move to make: {phase}"),
    };
    let pass_cell = position.last_placed();
    (action, action_text(action, pass_cell))
}

/// The move a client would send now for the first player who owes one.
fn next_move(game: &Game, rng: &mut SmallRng) -> Option<(u8, String)> {
    let owed = owed(game);
    let &(player, board, _) = owed.get(rng.random_range(0..owed.len().max(1)))?;
    let (_, text) = random_move(game, board, rng);
    Some((player, text))
}

/// Both players say they have seen the count between the rounds end, if
/// it is under way, at `now`: the events that made (their CountSeen, then
/// round 2's first draw and what follows it).
fn see_count(game: &mut Game, now: Millis) -> Vec<GameEvent> {
    let mut events = Vec::new();
    if game.count.is_some() {
        for player in 0..2 {
            let version = game.version();
            let seen = game.command(player, Command::CountSeen { version }, now);
            events.extend(seen.expect("a player sees the count"));
        }
    }
    events
}

/// Plays `player`'s `text` at the current version.
fn play(game: &mut Game, player: u8, text: &str, now: Millis) -> Result<Vec<GameEvent>, String> {
    let version = game.version();
    game.command(
        player,
        Command::Play {
            version,
            action: text.into(),
        },
        now,
    )
}

/// A cell by its name.
fn cell(name: &str) -> Cell {
    name.parse().expect("a cell of the tests")
}

/// The pass of Order after a placement on `placed`.
fn pass(placed: &str) -> String {
    OrderMove::Pass.notation(cell(placed))
}

/// Plays random moves, one every `step` ms from `now`, until the game is
/// over or `limit` moves are made; gives every event made and the time.
fn play_out(game: &mut Game, seed: u64, mut now: Millis, step: Millis, limit: usize) -> (Vec<GameEvent>, Millis) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut events = Vec::new();
    for _ in 0..limit {
        events.extend(see_count(game, now));
        let Some((player, text)) = next_move(game, &mut rng) else {
            break;
        };
        now += step;
        events.extend(play(game, player, &text, now).expect("a legal move in time"));
    }
    (events, now)
}
