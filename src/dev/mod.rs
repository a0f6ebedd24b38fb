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
//!   `crash-count` plays a match to its last count and waits to be killed there;
//! - `carreno` plays through Carreno's game (setup, a check with a piece
//!   picked up, How to play, a game to its result) and shoots each screen;
//! - `measure` records what frames cost (a still screen drawn every frame,
//!   slides, the count, the computer thinking), the share of a core the
//!   game takes on still screens and while the computer thinks, Hard's
//!   nodes a move, the time to the first frame, memory and the time a save
//!   takes; `empty-window` (run by `main`) is the empty Bevy window it is
//!   compared with.
//!
//! Apart from the runs, `ENTROPY_PROBE=<file>` has the game write what its
//! screen holds, with every button's place, for tests that click with a
//! real pointer ([`probe`]).
//!
//! Moves are chosen at random among the legal ones (seeded), and go in as
//! intents or key messages, exactly like a player's. The steps are listed
//! here ([`Step`]) and run in [`steps`]; the runs by name are in
//! [`scripts`], Carreno's steps in [`carreno`], the measurements in
//! [`measure`].

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use entropy_rules::{Cell, Size};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::app::AppSet;
use crate::app::prefs::ColourMarks;
use crate::app::redraw::Redraw;
use crate::solomon::game::SolomonCommand;
use crate::solomon::match_setup::{MatchSetup, Opponent};
use crate::solomon::world::layout::BoardLayout;
use crate::ui::camera::WorldCamera;
use crate::ui::navigation::Nav;
use crate::ui::overlays::OverlayCommand;

mod carreno;
mod measure;
pub use measure::empty_window;
mod moves;
mod online;
mod scripts;
mod simultaneous;
mod steps;

pub use crate::probe::{Shown, ShownScreen};
use steps::{Out, Stage, step};

pub(crate) fn plugin(app: &mut App) {
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
    .add_systems(First, measure::frame_starts)
    .add_systems(Last, measure::record_frames.after(crate::app::redraw::Settle));
}

/// One step of a script.
#[derive(Debug, Clone)]
pub enum Step {
    /// Wait this many frames.
    Frames(u32),
    /// Save a screenshot under this name.
    Shot(&'static str),
    /// Send a command.
    Do(SolomonCommand),
    /// Open or close a dialog.
    Overlay(OverlayCommand),
    /// Press a key (as the keyboard or a gamepad sends it).
    Key(Nav),
    /// Wait for this screen.
    Screen(Shown),
    /// Set the animation speed.
    Speed(f32),
    /// Play moves for the person to move until this many counters are on the
    /// board and Order is to move (or to the end of the round with
    /// `usize::MAX`). Order slides when it can.
    Play(usize),
    /// Play moves until this many counters are on the board and Chaos is to place.
    PlayToChaos(usize),
    /// The person's moves in `Play`: the greedy baseline's (the arena's
    /// `greedy`, so that the computer meets the positions it meets there)
    /// when true, random ones when false.
    Greedily(bool),
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
    /// The next match under tournament rules against `Opponent` (player 1 a
    /// person, Order first), on the tournaments' clock.
    Tournament(Opponent),
    /// Set a player's time left (by index) to this many milliseconds.
    ClockLeft(usize, u64),
    /// Start recording frames in a bucket.
    Measure(measure::Bucket),
    /// Ask for no frame for this long (what was moving comes to rest).
    Quiet(std::time::Duration),
    /// Hold still for [`measure::STILL`], asking for no frame, and record
    /// the CPU time the game took.
    Still(measure::Place),
    /// Once the computer is not searching, record what the match's computer
    /// players have searched (0: while drawing every frame, 1: only asked frames).
    CountSearch(usize),
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
    Device(crate::ui::navigation::LastDevice),
    /// A step in Carreno's game.
    Carreno(carreno::CarrenoStep),
    /// A step in the simultaneous match.
    Simultaneous(simultaneous::SimStep),
    /// A step in online play.
    Online(online::OnlineStep),
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
    /// The greedy baseline playing the person's moves, when chosen.
    greedy: Option<entropy_ai::Greedy>,
    bucket: measure::Bucket,
    frames: measure::Frames,
    /// Frames drawn while the script ran.
    frame: u64,
    /// A still spell under way: since when, and the frame it began on.
    still: Option<(measure::Sample, u64)>,
}

impl Default for Script {
    fn default() -> Self {
        Script {
            steps: Vec::new(),
            waited: 0,
            step_started: None,
            rng: SmallRng::seed_from_u64(2023),
            greedy: None,
            bucket: measure::Bucket::None,
            frames: measure::Frames::default(),
            frame: 0,
            still: None,
        }
    }
}

/// Two people, named, so that the screenshots show names.
fn name_players(mut setup: ResMut<MatchSetup>) {
    setup.names = ["Ada".into(), "Blaise".into()];
    setup.opponent = Opponent::Person;
    setup.size = Size::Seven;
}

/// A step that has not finished after this long has failed: the run stops
/// with an error naming it (rather than hanging the test that started it).
const STEP_LIMIT: std::time::Duration = std::time::Duration::from_secs(180);

fn run_script(
    mut script: ResMut<Script>,
    mut stage: Stage,
    mut out: Out,
    mut commands: Commands,
    mut redraw: ResMut<Redraw>,
) {
    let Some(next) = script.steps.first().cloned() else {
        return;
    };
    // A run plays like a player who never stops: it asks for every frame,
    // but while it measures what the game draws by itself.
    match next {
        Step::Quiet(wait) => {
            let since = script.step_started.map_or(std::time::Duration::ZERO, |s| s.elapsed());
            redraw.after(wait.saturating_sub(since));
        }
        Step::Still(_) => {
            let since = script
                .still
                .map_or(std::time::Duration::ZERO, |(from, _)| from.elapsed());
            redraw.after(measure::STILL.saturating_sub(since));
        }
        _ if script.bucket == measure::Bucket::ThinkingStill && stage.computer.thinking.working() => {}
        _ => redraw.now(),
    }
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
