//! Scripted runs for tests and measurements, compiled into every build and
//! inert unless the environment variable `ENTROPY_SCRIPT` names one (see
//! [`scripts::named`]):
//!
//! - `tour` and `tour-large` play through the game as a player would see it
//!   and save screenshots of every screen into `ENTROPY_SHOTS_DIR`;
//! - `resized` shoots a round in a window of another size;
//! - `pointer` waits for a real pointer's click on the board;
//! - `crash-play` and `crash-continue` play some moves then wait to be
//!   killed, and continue the saved match, each writing the board;
//! - `carreno` plays through Carreno's game (setup, a check with a piece
//!   picked up, How to play, a game to its result) and shoots each screen;
//! - `measure` records frame times (idle, slides, the computer thinking),
//!   the time to the first frame, memory and the time a save takes.
//!
//! Moves are chosen at random among the legal ones (seeded), and go in as
//! intents or key messages, exactly like a player's.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::time::TimeUpdateStrategy;
use entropy_rules::{Action, Cell, MoveList, OrderMove, Phase, Size};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::AppSet;
use crate::animation::{AnimationSpeed, Tween};
use crate::camera::WorldCamera;
use crate::count::ScoreCount;
use crate::game::{Command, CurrentMatch, Intent};
use crate::input::Held;
use crate::match_setup::{MatchSetup, Opponent, RoleChoice};
use crate::navigation::Nav;
use crate::prefs::{ColourMarks, Settings};
use crate::screens::{OverlayCommand, Screen};
use crate::world::BoardLayout;

mod carreno;
mod measure;
mod scripts;

pub(super) fn plugin(app: &mut App) {
    let Ok(name) = std::env::var("ENTROPY_SCRIPT") else {
        return;
    };
    let (steps, fixed_frames) = scripts::named(&name).unwrap_or_else(|| {
        error!("unknown scripted run {name:?}");
        (vec![Step::Exit], true)
    });
    if fixed_frames {
        // Every frame advances the game by 50 ms, however long it takes to draw.
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    }
    app.insert_resource(Script {
        steps,
        ..Script::default()
    })
    .insert_resource(measure::Launch(measure::process_start()))
    .add_systems(Startup, name_players)
    .add_systems(Update, run_script.in_set(AppSet::Input))
    .add_systems(Last, measure::record_frames);
}

/// One step of a script.
#[derive(Debug, Clone)]
pub enum Step {
    /// Wait this many frames.
    Frames(u32),
    /// Save a screenshot under this name.
    Shot(&'static str),
    /// Send a command.
    Do(Command),
    /// Open or close a dialog.
    Overlay(OverlayCommand),
    /// Press a key (as the keyboard or a gamepad sends it).
    Key(Nav),
    /// Wait for this screen.
    Screen(Screen),
    /// Set the animation speed.
    Speed(f32),
    /// Play moves for the person to move until this many counters are on the
    /// board and Order is to move (or to the end of the round with
    /// `usize::MAX`). Order slides when it can.
    Play(usize),
    /// Play moves until this many counters are on the board and Chaos is to place.
    PlayToChaos(usize),
    /// Pick up the counter with the most destinations.
    Pick,
    /// Numbers or symbols on the counters.
    Marks(ColourMarks),
    /// Turn How to play to this page.
    RulesPage(usize),
    /// Wait until the count has shown this many beats.
    CountBeats(usize),
    /// Wait until the review is done.
    ReviewDone,
    /// Set the opponent of the next match (player 1 a person, Order first).
    Versus(Opponent),
    /// Start recording frames in a bucket.
    Measure(measure::Bucket),
    /// Time writing the save of the match on screen.
    TimeSaves,
    /// Write what was measured to `ENTROPY_MEASURE_OUT`.
    Report,
    /// Write the current round's board to `ENTROPY_MEASURE_OUT`.
    WriteBoard,
    /// Write where `cell` is in the window (logical pixels) to `<ENTROPY_MEASURE_OUT>.ready`.
    Announce(Cell),
    /// Wait this many frames for a person to place a counter, then write where it went (or `none`).
    AwaitPlacement(u32),
    /// The device used last (the prompts follow it, and only the mouse points the focus).
    Device(crate::navigation::LastDevice),
    /// A step in Carreno's game.
    Carreno(carreno::CarrenoStep),
    /// Quit.
    Exit,
}

/// The script being run and what it recorded.
#[derive(Resource)]
pub struct Script {
    steps: Vec<Step>,
    waited: u32,
    step_started: Option<std::time::Instant>,
    rng: SmallRng,
    bucket: measure::Bucket,
    frames: measure::Frames,
}

impl Default for Script {
    fn default() -> Self {
        Script {
            steps: Vec::new(),
            waited: 0,
            step_started: None,
            rng: SmallRng::seed_from_u64(2023),
            bucket: measure::Bucket::None,
            frames: measure::Frames::default(),
        }
    }
}

/// Two people, named, so that the screenshots show names.
fn name_players(mut setup: ResMut<MatchSetup>) {
    setup.names = ["Ada".into(), "Blaise".into()];
    setup.opponent = Opponent::Person;
    setup.size = Size::Seven;
}

/// What a script acts on.
#[derive(SystemParam)]
struct Stage<'w, 's> {
    screen: Res<'w, State<Screen>>,
    game: Option<Res<'w, CurrentMatch>>,
    count: Option<Res<'w, ScoreCount>>,
    review: Option<Res<'w, crate::review::Review>>,
    tweens: Query<'w, 's, &'static Tween>,
    speed: ResMut<'w, AnimationSpeed>,
    held: ResMut<'w, Held>,
    settings: ResMut<'w, Settings>,
    setup: ResMut<'w, MatchSetup>,
    rules_page: ResMut<'w, crate::screens::rules::RulesPage>,
    saved: ResMut<'w, crate::saved::SavedMatch>,
    layout: Res<'w, BoardLayout>,
    device: ResMut<'w, crate::navigation::LastDevice>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<WorldCamera>>,
    carreno: carreno::CarrenoStage<'w, 's>,
}

/// Where the script's messages go.
#[derive(SystemParam)]
struct Out<'w> {
    intents: MessageWriter<'w, Intent>,
    commands: MessageWriter<'w, Command>,
    overlays: MessageWriter<'w, OverlayCommand>,
    keys: MessageWriter<'w, Nav>,
    exit: MessageWriter<'w, AppExit>,
}

/// A random legal move for the person to move, preferring slides.
fn random_move(position: &entropy_rules::Position, rng: &mut SmallRng) -> Option<Action> {
    match position.phase() {
        Phase::ChaosPlace(_) => {
            let vacant = position.placements();
            vacant.nth(rng.random_range(0..vacant.len().max(1))).map(Action::Place)
        }
        Phase::OrderMove => {
            let mut moves = MoveList::new();
            position.order_moves(&mut moves);
            let k = rng.random_range(0..moves.len().max(1));
            let mv = if moves.len() > 1 && moves[k] == OrderMove::Pass {
                moves[1]
            } else {
                moves[k]
            };
            Some(Action::from(mv))
        }
        _ => None,
    }
}

/// Runs the step on top; returns whether it is done.
fn step(step: Step, script: &mut Script, stage: &mut Stage, out: &mut Out, commands: &mut Commands) -> bool {
    let busy = crate::animation::blocks_input(stage.tweens.iter());
    match step {
        Step::Frames(n) => {
            script.waited = script.waited.saturating_add(1);
            script.waited >= n
        }
        Step::Shot(name) => {
            let dir = std::env::var("ENTROPY_SHOTS_DIR").unwrap_or_else(|_| ".".into());
            let path = std::path::Path::new(&dir).join(format!("{name}.png"));
            commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
            true
        }
        Step::Do(command) => {
            out.commands.write(command);
            true
        }
        Step::Overlay(command) => {
            out.overlays.write(command);
            true
        }
        Step::Key(nav) => {
            // As a key pressed would: the mouse no longer points the focus.
            *stage.device = crate::navigation::LastDevice::Keyboard;
            out.keys.write(nav);
            true
        }
        Step::Screen(wanted) => *stage.screen.get() == wanted,
        Step::Speed(s) => {
            stage.speed.0 = s;
            true
        }
        Step::Play(_) | Step::PlayToChaos(_) => {
            let Some(game) = stage.game.as_ref().filter(|_| *stage.screen.get() == Screen::Playing) else {
                return *stage.screen.get() != Screen::Playing;
            };
            let position = game.round().position();
            let reached = match step {
                Step::PlayToChaos(target) => {
                    position.board().counters() >= target && matches!(position.phase(), Phase::ChaosPlace(_)) && !busy
                }
                Step::Play(target) => position.board().counters() >= target && position.phase() == Phase::OrderMove,
                _ => false,
            };
            if reached || position.is_finished() {
                return true;
            }
            if !busy
                && game.person_to_move()
                && let Some(action) = random_move(position, &mut script.rng)
            {
                out.intents.write(Intent(action));
            }
            false
        }
        Step::Pick => {
            if let Some(game) = &stage.game {
                let position = game.round().position();
                stage.held.cell = position
                    .board()
                    .occupied()
                    .into_iter()
                    .max_by_key(|&c| position.slide_targets(c).len());
            }
            true
        }
        Step::Marks(marks) => {
            stage.settings.colour_marks = marks;
            true
        }
        Step::RulesPage(page) => {
            stage.rules_page.0 = page;
            true
        }
        Step::CountBeats(n) => stage.count.as_ref().is_some_and(|c| c.shown >= n || c.finished()),
        Step::ReviewDone => stage.review.as_ref().is_some_and(|r| !r.working()),
        Step::Versus(opponent) => {
            stage.setup.opponent = opponent;
            stage.setup.role = RoleChoice::Order;
            true
        }
        Step::Measure(bucket) => {
            script.bucket = bucket;
            true
        }
        Step::TimeSaves => {
            if let Some(game) = &stage.game {
                let data = crate::saved::SaveData::of(game, &stage.setup, None);
                script.frames.saves = measure::time_saves(&mut stage.saved, &data, 50);
            }
            true
        }
        Step::Report => {
            write_out(&output_path(), &measure::report(&script.frames));
            true
        }
        Step::WriteBoard => {
            if let Some(game) = &stage.game {
                write_out(&output_path(), &game.round().board().to_string());
            }
            true
        }
        Step::Announce(cell) => match cell_on_screen(&stage.layout, &stage.camera, cell) {
            Some(at) => {
                write_out(
                    &format!("{}.ready", output_path()),
                    &format!("{} {}\n", at.x.round(), at.y.round()),
                );
                true
            }
            None => false,
        },
        Step::AwaitPlacement(frames) => {
            script.waited += 1;
            let placed = stage
                .game
                .as_ref()
                .and_then(|g| g.round().turns().first().map(|t| t.placement.cell.to_string()));
            if placed.is_some() || script.waited >= frames {
                write_out(
                    &output_path(),
                    &format!("{}\n", placed.unwrap_or_else(|| "none".to_string())),
                );
                true
            } else {
                false
            }
        }
        Step::Device(device) => {
            *stage.device = device;
            true
        }
        Step::Carreno(carreno_step) => carreno::step(carreno_step, &mut stage.carreno),
        Step::Exit => {
            out.exit.write(AppExit::Success);
            true
        }
    }
}

/// A step that has not finished after this long has failed: the run stops
/// with an error naming it (rather than hanging the test that started it).
const STEP_LIMIT: std::time::Duration = std::time::Duration::from_secs(180);

fn run_script(mut script: ResMut<Script>, mut stage: Stage, mut out: Out, mut commands: Commands) {
    let Some(next) = script.steps.first().cloned() else {
        return;
    };
    let started = *script.step_started.get_or_insert_with(std::time::Instant::now);
    if step(next.clone(), &mut script, &mut stage, &mut out, &mut commands) {
        script.steps.remove(0);
        script.waited = 0;
        script.step_started = None;
    } else if started.elapsed() > STEP_LIMIT {
        error!(
            "scripted run stuck: step {next:?} unfinished after {:?} on screen {:?}",
            STEP_LIMIT,
            stage.screen.get()
        );
        script.steps.clear();
        out.exit.write(AppExit::error());
    }
}

/// Where a scripted run writes what it measured: `ENTROPY_MEASURE_OUT`.
fn output_path() -> String {
    std::env::var("ENTROPY_MEASURE_OUT").unwrap_or_else(|_| "measure.json".into())
}

fn write_out(path: &str, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        error!("cannot write {path}: {e}");
    }
}

/// Where `cell` is in the window, in logical pixels.
fn cell_on_screen(
    layout: &BoardLayout,
    camera: &Query<(&Camera, &GlobalTransform), With<WorldCamera>>,
    cell: Cell,
) -> Option<Vec2> {
    let (camera, transform) = camera.single().ok()?;
    camera
        .world_to_viewport(transform, layout.cell_centre(cell).extend(0.0))
        .ok()
}
