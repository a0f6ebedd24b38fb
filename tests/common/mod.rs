//! Helpers for the game's headless tests: apps, input messages (keys,
//! gamepad buttons, the mouse in [`mouse`]), waiting for the board to come
//! to rest, and reading the board's entities.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::Path;
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent, RawGamepadEvent};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use entropy::CorePlugin;
use entropy::app::Folders;
#[allow(unused_imports)]
pub use entropy::app::screen::Screen;
#[allow(unused_imports)]
pub use entropy::carreno::CarrenoScreen;
pub use entropy::dev::Shown;
use entropy::solomon::game::Intent;
use entropy::solomon::game::{CurrentMatch, Solomon};
use entropy::solomon::phase::TurnPhase;
pub use entropy::solomon::screen::SolomonScreen;
use entropy::solomon::world::pieces::{BoardCell, Counter, CounterAt};
use entropy::ui::animation::motion_blocks_input;
use entropy_rules::{Action, Cell, Colour, MoveList, Phase};
use rand::Rng;
use rand::rngs::SmallRng;

mod mouse;
#[allow(unused_imports)]
pub use mouse::*;
pub mod clicks;
pub mod probe;
pub mod xserver;

/// A folder of its own for one test, empty (a new name each time), removed
/// with everything in it when the test lets it go: at its end, or with the
/// app that holds it as a resource.
#[derive(Resource)]
pub struct Scratch(tempfile::TempDir);

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<OsStr> for Scratch {
    fn as_ref(&self) -> &OsStr {
        self.0.path().as_os_str()
    }
}

/// A scratch folder for the test `name`.
pub fn scratch(name: &str) -> Scratch {
    let folder = tempfile::Builder::new()
        .prefix(&format!("entropy-test-{name}-"))
        .tempdir()
        .expect("a scratch folder in the temporary folder");
    Scratch(folder)
}

/// The game's logic without a window, its files in `folders`.
/// Children are started, and apps take their data folder's lock, one at a
/// time in a test process. A child started by another test while an app
/// holds its lock shares the lock's open file until it has become the
/// program it runs (its copy of the app's files closes then), so an app
/// dropped meanwhile would leave its folder locked for a moment, and one
/// launched on the same folder in that moment would find it held. Holding
/// this while a child starts (`Command::spawn` returns once it runs the
/// program) and while an app takes its lock keeps the two apart.
pub static CHILDREN_AND_LOCKS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Starts a child, none of this process's locks going with it ([`CHILDREN_AND_LOCKS`]).
pub fn spawn_alone(command: &mut std::process::Command) -> std::io::Result<std::process::Child> {
    let _alone = CHILDREN_AND_LOCKS.lock().unwrap_or_else(|p| p.into_inner());
    command.spawn()
}

/// Runs a child to its end, started as [`spawn_alone`] starts one (where
/// `Command::status` would start it while an app takes its lock).
#[allow(dead_code)] // Not every test file runs one.
pub fn run_alone(command: &mut std::process::Command) -> std::io::Result<std::process::ExitStatus> {
    spawn_alone(command)?.wait()
}

pub fn core_app(folders: Folders) -> App {
    let mut app = App::new();
    let alone = CHILDREN_AND_LOCKS.lock().unwrap_or_else(|p| p.into_inner());
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin, CorePlugin { folders }));
    drop(alone);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(40)));
    app.update();
    app
}

/// The whole game (`AppPlugin`) without a window system or renderer, its
/// files in a scratch folder named `name`, its clock advancing a fixed step
/// a frame: what it does never depends on the machine's speed.
pub fn window_app(name: &str) -> App {
    let dir = scratch(name);
    let mut app = App::new();
    let alone = CHILDREN_AND_LOCKS.lock().unwrap_or_else(|p| p.into_inner());
    app.add_plugins(entropy::AppPlugin {
        window: (1280, 720),
        folders: Folders::in_dir(&dir),
        headless: true,
    });
    drop(alone);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(40)))
        .insert_resource(dir);
    app.update();
    app
}

/// The screen shown.
pub fn screen(app: &App) -> Shown {
    Shown::of(app.world())
}

/// The turn phase, while playing.
pub fn phase(app: &App) -> Option<TurnPhase> {
    let game = app.world().get_resource::<CurrentMatch>()?;
    (screen(app) == SolomonScreen::Playing).then(|| TurnPhase::of(game.round().phase()))
}

/// Writes `message` for the next frame.
pub fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
}

/// Whether a motion blocks input.
pub fn is_animating(app: &mut App) -> bool {
    app.world_mut().run_system_cached(motion_blocks_input).unwrap()
}

/// Whether a search runs on the task pool now: a computer player's move or
/// a hint, in any game, or a replay's review. It thinks on real time, not
/// the app's.
pub fn searching(app: &App) -> bool {
    let world = app.world();
    world
        .get_resource::<entropy::solomon::computer::Thinking>()
        .is_some_and(|t| t.working())
        || world
            .get_resource::<entropy::solomon::computer::HintRequest>()
            .is_some_and(|h| h.working())
        || world
            .get_resource::<entropy::carreno::computer::Thinking>()
            .is_some_and(|t| t.working())
        || world
            .get_resource::<entropy::simultaneous::computer::Thinking>()
            .is_some_and(|t| t.working())
        || world
            .get_resource::<entropy::history::review::Review>()
            .is_some_and(|r| r.working())
}

/// The longest a search may take before a test calls it hung.
const SEARCH_LIMIT: Duration = Duration::from_secs(180);

/// Runs frames until `done` holds, for at most `frames` frames of the app's
/// (simulated) time. Frames spent while a computer player or a hint
/// searches on the task pool do not count: the test waits for the search
/// itself, however fast or busy the machine, and gives up only on a search
/// that never ends. Returns whether `done` held.
pub fn run_until(app: &mut App, frames: usize, mut done: impl FnMut(&mut App) -> bool) -> bool {
    let mut counted = 0;
    let mut waited = std::time::Instant::now();
    loop {
        if done(app) {
            return true;
        }
        if searching(app) {
            if waited.elapsed() > SEARCH_LIMIT {
                return false;
            }
            // Leave the pool's threads the processor while they work.
            std::thread::sleep(Duration::from_millis(1));
        } else {
            waited = std::time::Instant::now();
            if counted == frames {
                return false;
            }
            counted += 1;
        }
        app.update();
    }
}

/// Runs frames until no motion blocks input and the phase mirrors the rules
/// (and a draw, which is automatic, has happened).
pub fn settle(app: &mut App) {
    // At least one frame: what was just sent is taken in first.
    app.update();
    let settled = run_until(app, 400, |app| {
        !is_animating(app)
            && match (app.world().get_resource::<CurrentMatch>(), phase(app)) {
                (Some(game), Some(p)) => p == TurnPhase::of(game.round().phase()) && p != TurnPhase::Drawing,
                _ => true,
            }
    });
    assert!(settled, "the game did not settle");
}

/// Runs frames until the screen is `wanted`.
pub fn wait_for(app: &mut App, wanted: impl Into<Shown>) {
    let wanted = wanted.into();
    if !run_until(app, 4000, |app| screen(app) == wanted) {
        panic!("never reached {wanted:?}, stuck on {:?}", screen(app));
    }
}

/// Presses and releases `key`, a frame each.
pub fn key(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        send(
            app,
            KeyboardInput {
                key_code: key,
                logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            },
        );
        app.update();
    }
}

/// Connects a gamepad and returns its entity.
pub fn connect_gamepad(app: &mut App) -> Entity {
    let pad = app.world_mut().spawn_empty().id();
    send(
        app,
        GamepadConnectionEvent::new(
            pad,
            GamepadConnection::Connected {
                name: "Test pad".into(),
                vendor_id: None,
                product_id: None,
            },
        ),
    );
    app.update();
    app.update();
    pad
}

/// Presses and releases `button` on `pad`, a frame each.
pub fn button(app: &mut App, pad: Entity, button: GamepadButton) {
    for value in [1.0, 0.0] {
        send(
            app,
            RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, button, value)),
        );
        app.update();
    }
}

/// The counters on the board as the entities show them, and the one in hand.
pub fn entity_board(app: &mut App) -> (Vec<(Cell, Colour)>, Vec<Colour>) {
    let mut on_cells = Vec::new();
    let mut in_hand = Vec::new();
    let mut query = app.world_mut().query::<&Counter>();
    for counter in query.iter(app.world()) {
        match counter.at {
            CounterAt::Cell(cell) => on_cells.push((cell, counter.colour)),
            CounterAt::Hand => in_hand.push(counter.colour),
        }
    }
    on_cells.sort();
    (on_cells, in_hand)
}

/// The entities hold the same counters on the same cells as the round.
pub fn assert_entities_match(app: &mut App) {
    let (on_cells, in_hand) = entity_board(app);
    let game = app.world().resource::<CurrentMatch>();
    let round = game.round();
    let mut expected: Vec<(Cell, Colour)> = Cell::all(round.size())
        .filter_map(|c| round.board().get(c).map(|colour| (c, colour)))
        .collect();
    expected.sort();
    assert_eq!(on_cells, expected, "counter entities must stand where the round says");
    match round.phase() {
        Phase::ChaosPlace(colour) => assert_eq!(in_hand, vec![colour], "the drawn counter is in Chaos's hand"),
        _ => assert!(in_hand.is_empty(), "no counter in hand"),
    }
    let cells = app.world_mut().query::<&BoardCell>().iter(app.world()).count();
    let size = app.world().resource::<CurrentMatch>().round().size();
    assert_eq!(cells, size.cells(), "one entity per cell");
}

/// The arrow keys that take the board cursor from `from` to `to`.
pub fn arrows(from: Cell, to: Cell) -> Vec<KeyCode> {
    let mut keys = Vec::new();
    let (dr, dc) = (to.row() as i32 - from.row() as i32, to.col() as i32 - from.col() as i32);
    let vertical = if dr > 0 { KeyCode::ArrowDown } else { KeyCode::ArrowUp };
    let horizontal = if dc > 0 {
        KeyCode::ArrowRight
    } else {
        KeyCode::ArrowLeft
    };
    keys.extend(std::iter::repeat_n(vertical, dr.unsigned_abs() as usize));
    keys.extend(std::iter::repeat_n(horizontal, dc.unsigned_abs() as usize));
    keys
}

/// The gamepad d-pad buttons that take the cursor from `from` to `to`.
pub fn dpad(from: Cell, to: Cell) -> Vec<GamepadButton> {
    arrows(from, to)
        .into_iter()
        .map(|k| match k {
            KeyCode::ArrowDown => GamepadButton::DPadDown,
            KeyCode::ArrowUp => GamepadButton::DPadUp,
            KeyCode::ArrowRight => GamepadButton::DPadRight,
            _ => GamepadButton::DPadLeft,
        })
        .collect()
}

/// A random legal intent for the position (none to send while drawing or when finished).
pub fn random_intent(app: &App, rng: &mut SmallRng) -> Option<Intent<Solomon>> {
    random_action(app.world().resource::<CurrentMatch>().round().position(), rng).map(Intent)
}

/// A random legal placement or Order move of `position` (none while
/// drawing or when finished).
pub fn random_action(position: &entropy_rules::Position, rng: &mut SmallRng) -> Option<Action> {
    Some(match position.phase() {
        Phase::ChaosPlace(_) => {
            let vacant = position.placements();
            Action::Place(vacant.nth(rng.random_range(0..vacant.len())).unwrap())
        }
        Phase::OrderMove => {
            let mut moves = MoveList::new();
            position.order_moves(&mut moves);
            Action::from(moves[rng.random_range(0..moves.len())])
        }
        Phase::Finished | Phase::ChaosDraw => return None,
    })
}

/// The first cell Chaos may place on now.
pub fn first_empty_cell(app: &App) -> Cell {
    app.world()
        .resource::<CurrentMatch>()
        .round()
        .position()
        .placements()
        .nth(0)
        .unwrap()
}

/// A hot-seat match on the 5×5 board between Ada and Blaise, its files in `folders`.
pub fn hot_seat(folders: Folders) -> App {
    let mut app = core_app(folders);
    *app.world_mut()
        .resource_mut::<entropy::solomon::match_setup::MatchSetup>() = entropy::solomon::match_setup::MatchSetup {
        size: entropy_rules::Size::Five,
        opponent: entropy::solomon::match_setup::Opponent::Person,
        names: ["Ada".into(), "Blaise".into()],
        ..entropy::solomon::match_setup::MatchSetup::default()
    };
    app
}

/// Plays `moves` random legal moves (through the rounds' ends), stopping at the match's end.
pub fn play(app: &mut App, rng: &mut SmallRng, moves: usize) {
    for _ in 0..moves {
        settle(app);
        match screen(app) {
            Shown::Solomon(SolomonScreen::RoundOver) => {
                send(app, entropy::solomon::game::SolomonCommand::NextRound);
                wait_for(app, SolomonScreen::Playing);
            }
            Shown::Solomon(SolomonScreen::MatchOver) => return,
            _ => match random_intent(app, rng) {
                Some(intent) => send(app, intent),
                None => app.update(),
            },
        }
    }
}

/// A random legal action of the simultaneous match for the person the
/// rules wait for, if any.
pub fn person_action(app: &App, rng: &mut SmallRng) -> Option<entropy::simultaneous::SimAction> {
    let game = app.world().get_resource::<entropy::simultaneous::SimMatch>()?;
    let pending = game.person_to_act()?;
    let position = game.game.board(pending.board).position();
    let action = match pending.role {
        entropy_rules::Role::Chaos => {
            let vacant: Vec<Cell> = position.board().vacant().into_iter().collect();
            Action::Place(vacant[rng.random_range(0..vacant.len())])
        }
        entropy_rules::Role::Order => {
            let mut moves = MoveList::new();
            position.order_moves(&mut moves);
            Action::from(moves[rng.random_range(0..moves.len())])
        }
    };
    Some(entropy::simultaneous::SimAction {
        player: pending.player,
        action,
    })
}

/// A legal move of Carreno's game for the side to move, at random (none
/// once the game is over).
pub fn carreno_move(game: &carreno_rules::Game, rng: &mut SmallRng) -> Option<carreno_rules::Move> {
    let moves = game.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
}
