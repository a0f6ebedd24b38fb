//! Scripted runs for tests and measurements, compiled into every build and
//! inert unless the environment variable `ENTROPY_SCRIPT` names one:
//!
//! - `tour` plays through the game as a player would see it and saves
//!   screenshots of the title, a round with a counter picked up and its
//!   destinations shown, the round-over and the match-over screens, into
//!   the folder named by `ENTROPY_SHOTS_DIR` (default: the working folder).
//! - `measure` records frame times while idle and while slides animate,
//!   the time to the first frame and the resident memory after a full
//!   match, and writes them as JSON to `ENTROPY_MEASURE_OUT`.
//!
//! Moves are chosen at random among the legal ones (seeded), and go in as
//! intents, exactly like a player's.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::time::TimeUpdateStrategy;
use entropy_rules::{Action, MoveList, OrderMove, Phase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::AppSet;
use crate::animation::{AnimationSpeed, Motion, Tween};
use crate::game::{Command, CurrentMatch, Intent};
use crate::input::Held;
use crate::match_setup::{MatchSetup, Opponent};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    let Ok(name) = std::env::var("ENTROPY_SCRIPT") else {
        return;
    };
    let (steps, fixed_frames) = match name.as_str() {
        "tour" => (tour(), true),
        "measure" => (measure(), false),
        "resized" => (resized(), true),
        "pointer" => (pointer(), false),
        other => {
            error!("unknown scripted run {other:?}: tour, measure or resized");
            (vec![Step::Exit], true)
        }
    };
    if fixed_frames {
        // Every frame advances the game by 50 ms, however long it takes to draw.
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    }
    app.insert_resource(Script {
        steps,
        ..Script::default()
    })
    .insert_resource(Launch(process_start()))
    .add_systems(Startup, name_players)
    .add_systems(Update, run_script.in_set(AppSet::Input))
    .add_systems(Last, record_frames);
}

/// When the process started (from /proc on Linux; else when the app was built).
fn process_start() -> Instant {
    let now = Instant::now();
    let since_start = || -> Option<f64> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        // Field 22 (starttime, in clock ticks since boot), counted after the command name.
        let after_name = stat.rsplit_once(')')?.1;
        let ticks: f64 = after_name.split_whitespace().nth(19)?.parse().ok()?;
        let uptime: f64 = std::fs::read_to_string("/proc/uptime")
            .ok()?
            .split_whitespace()
            .next()?
            .parse()
            .ok()?;
        Some(uptime - ticks / 100.0)
    };
    since_start()
        .and_then(|s| now.checked_sub(Duration::from_secs_f64(s.max(0.0))))
        .unwrap_or(now)
}

/// When the process started, for the time to the first frame.
#[derive(Resource)]
struct Launch(Instant);

/// One step of a script.
#[derive(Debug, Clone)]
enum Step {
    Frames(u32),
    Shot(&'static str),
    Do(Command),
    Screen(Screen),
    Speed(f32),
    /// Play moves until this many counters are on the board and Order is to move
    /// (or to the end of the round with `usize::MAX`). Order slides when it can.
    Play(usize),
    /// Play moves until this many counters are on the board and Chaos is to place.
    PlayToChaos(usize),
    /// Pick up the counter with the most destinations.
    Pick,
    Measure(Bucket),
    Report,
    /// Writes where `cell` is in the window (logical pixels) to `<ENTROPY_MEASURE_OUT>.ready`.
    Announce(entropy_rules::Cell),
    /// Waits this many frames for a person to place a counter, then writes where it went (or `none`).
    AwaitPlacement(u32),
    Exit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bucket {
    None,
    Idle,
    Slides,
}

#[derive(Resource)]
struct Script {
    steps: Vec<Step>,
    waited: u32,
    rng: SmallRng,
    bucket: Bucket,
    idle: Vec<f32>,
    slides: Vec<f32>,
    first_frame: Option<Duration>,
}

impl Default for Script {
    fn default() -> Self {
        Script {
            steps: Vec::new(),
            waited: 0,
            rng: SmallRng::seed_from_u64(2023),
            bucket: Bucket::None,
            idle: Vec::new(),
            slides: Vec::new(),
            first_frame: None,
        }
    }
}

fn tour() -> Vec<Step> {
    use Step::*;
    vec![
        Frames(12),
        Shot("title"),
        Do(Command::OpenSetup),
        Screen(crate::screens::Screen::Setup),
        Frames(6),
        Shot("setup"),
        Do(Command::StartMatch),
        Screen(crate::screens::Screen::Playing),
        Speed(60.0),
        Play(22),
        Speed(1.0),
        Pick,
        Frames(8),
        Shot("playing"),
        Speed(60.0),
        PlayToChaos(30),
        Speed(1.0),
        Frames(12),
        Shot("chaos_turn"),
        Speed(60.0),
        Play(usize::MAX),
        Screen(crate::screens::Screen::RoundOver),
        Speed(1.0),
        Frames(8),
        Shot("round_over"),
        Do(Command::NextRound),
        Screen(crate::screens::Screen::Playing),
        Speed(60.0),
        Play(usize::MAX),
        Screen(crate::screens::Screen::MatchOver),
        Speed(1.0),
        Frames(10),
        Shot("match_over"),
        Frames(10),
        Exit,
    ]
}

/// A round in progress, for a window of another size than the default.
fn resized() -> Vec<Step> {
    use Step::*;
    vec![
        Do(Command::StartMatch),
        Screen(crate::screens::Screen::Playing),
        Speed(60.0),
        Play(30),
        Speed(1.0),
        Frames(8),
        Shot("resized"),
        Frames(10),
        Exit,
    ]
}

/// Waits on Chaos's first turn for a real pointer to place a counter.
fn pointer() -> Vec<Step> {
    use Step::*;
    vec![
        Do(Command::StartMatch),
        Screen(crate::screens::Screen::Playing),
        Frames(20),
        Announce(entropy_rules::Cell::new(3, 3).unwrap_or(entropy_rules::Cell::TOP_LEFT)),
        AwaitPlacement(3000),
        Exit,
    ]
}

fn measure() -> Vec<Step> {
    use Step::*;
    vec![
        Do(Command::StartMatch),
        Screen(crate::screens::Screen::Playing),
        Speed(60.0),
        Play(20),
        Speed(1.0),
        Frames(30),
        Measure(Bucket::Idle),
        Frames(600),
        Measure(Bucket::Slides),
        Play(44),
        Measure(Bucket::None),
        Speed(60.0),
        Play(usize::MAX),
        Screen(crate::screens::Screen::RoundOver),
        Do(Command::NextRound),
        Screen(crate::screens::Screen::Playing),
        Play(usize::MAX),
        Screen(crate::screens::Screen::MatchOver),
        Frames(30),
        Report,
        Exit,
    ]
}

/// Two people, named, so that the screenshots show names.
fn name_players(mut setup: ResMut<MatchSetup>) {
    setup.names = ["Ada".into(), "Blaise".into()];
    setup.opponent = Opponent::Person;
}

/// What a script acts on.
#[derive(bevy::ecs::system::SystemParam)]
struct Stage<'w, 's> {
    screen: Res<'w, State<Screen>>,
    game: Option<Res<'w, CurrentMatch>>,
    tweens: Query<'w, 's, &'static Tween>,
    speed: ResMut<'w, AnimationSpeed>,
    held: ResMut<'w, Held>,
    intents: MessageWriter<'w, Intent>,
    commands_out: MessageWriter<'w, Command>,
    exit: MessageWriter<'w, AppExit>,
    layout: Res<'w, crate::world::BoardLayout>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<crate::camera::WorldCamera>>,
}

fn run_script(mut script: ResMut<Script>, stage: Stage, mut commands: Commands) {
    let Stage {
        screen,
        game,
        tweens,
        mut speed,
        mut held,
        mut intents,
        mut commands_out,
        mut exit,
        layout,
        camera,
    } = stage;
    let Some(step) = script.steps.first().cloned() else {
        return;
    };
    let busy = crate::animation::blocks_input(&tweens);
    let done = match step {
        Step::Frames(n) => {
            script.waited += 1;
            script.waited >= n
        }
        Step::Shot(name) => {
            let dir = std::env::var("ENTROPY_SHOTS_DIR").unwrap_or_else(|_| ".".into());
            let path = std::path::Path::new(&dir).join(format!("{name}.png"));
            commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
            true
        }
        Step::Do(command) => {
            commands_out.write(command);
            true
        }
        Step::Screen(wanted) => *screen.get() == wanted,
        Step::Speed(s) => {
            speed.0 = s;
            true
        }
        Step::Play(_) | Step::PlayToChaos(_) => match game {
            Some(game) if *screen.get() == Screen::Playing => {
                let position = game.round().position();
                let reached = match step {
                    Step::PlayToChaos(target) => {
                        position.board().counters() >= target
                            && matches!(position.phase(), Phase::ChaosPlace(_))
                            && !busy
                    }
                    Step::Play(target) => position.board().counters() >= target && position.phase() == Phase::OrderMove,
                    _ => false,
                };
                if reached || position.is_finished() {
                    true
                } else {
                    if !busy {
                        let rng = &mut script.rng;
                        match position.phase() {
                            Phase::ChaosPlace(_) => {
                                let vacant = position.placements();
                                if let Some(cell) = vacant.nth(rng.random_range(0..vacant.len().max(1))) {
                                    intents.write(Intent(Action::Place(cell)));
                                }
                            }
                            Phase::OrderMove => {
                                let mut moves = MoveList::new();
                                position.order_moves(&mut moves);
                                // Prefer slides, so that the board shows motion.
                                let k = rng.random_range(0..moves.len().max(1));
                                let mv = if moves.len() > 1 && moves[k] == OrderMove::Pass {
                                    moves[1]
                                } else {
                                    moves[k]
                                };
                                intents.write(Intent(Action::from(mv)));
                            }
                            _ => {}
                        }
                    }
                    false
                }
            }
            _ => *screen.get() != Screen::Playing,
        },
        Step::Pick => {
            if let Some(game) = game {
                let position = game.round().position();
                held.cell = position
                    .board()
                    .occupied()
                    .into_iter()
                    .max_by_key(|&c| position.slide_targets(c).len());
            }
            true
        }
        Step::Measure(bucket) => {
            script.bucket = bucket;
            true
        }
        Step::Report => {
            write_report(&script);
            true
        }
        Step::Announce(cell) => {
            if let Some(at) = cell_on_screen(&layout, &camera, cell) {
                let path = format!("{}.ready", output_path());
                if let Err(e) = std::fs::write(&path, format!("{} {}\n", at.x.round(), at.y.round())) {
                    error!("cannot write {path}: {e}");
                }
                true
            } else {
                false
            }
        }
        Step::AwaitPlacement(frames) => {
            script.waited += 1;
            let placed = game
                .as_ref()
                .and_then(|g| g.round().turns().first().map(|t| t.placement.cell.to_string()));
            if placed.is_some() || script.waited >= frames {
                let result = placed.unwrap_or_else(|| "none".to_string());
                if let Err(e) = std::fs::write(output_path(), format!("{result}\n")) {
                    error!("cannot write the result: {e}");
                }
                true
            } else {
                false
            }
        }
        Step::Exit => {
            exit.write(AppExit::Success);
            true
        }
    };
    if done {
        script.steps.remove(0);
        script.waited = 0;
    }
}

fn record_frames(time: Res<Time<Real>>, mut script: ResMut<Script>, launch: Res<Launch>, sliding: Query<&Tween>) {
    if script.first_frame.is_none() {
        script.first_frame = Some(launch.0.elapsed());
    }
    let ms = time.delta_secs() * 1000.0;
    match script.bucket {
        Bucket::Idle => script.idle.push(ms),
        Bucket::Slides if sliding.iter().any(|t| t.kind == Motion::Slide) => script.slides.push(ms),
        _ => {}
    }
}

/// The `q` quantile (0–1) of frame times, nearest rank.
fn percentile(values: &[f32], q: f64) -> f32 {
    entropy_stats::quantile_f32(&mut values.to_vec(), q).unwrap_or(f32::NAN)
}

/// Where a scripted run writes what it measured: `ENTROPY_MEASURE_OUT`.
fn output_path() -> String {
    std::env::var("ENTROPY_MEASURE_OUT").unwrap_or_else(|_| "measure.json".into())
}

/// Where `cell` is in the window, in logical pixels.
fn cell_on_screen(
    layout: &crate::world::BoardLayout,
    camera: &Query<(&Camera, &GlobalTransform), With<crate::camera::WorldCamera>>,
    cell: entropy_rules::Cell,
) -> Option<Vec2> {
    let (camera, transform) = camera.single().ok()?;
    camera
        .world_to_viewport(transform, layout.cell_centre(cell).extend(0.0))
        .ok()
}

fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn write_report(script: &Script) {
    let report = format!(
        "{{\n  \"idle_frames\": {},\n  \"idle_median_ms\": {:.2},\n  \"idle_p99_ms\": {:.2},\n  \"slide_frames\": {},\n  \"slide_median_ms\": {:.2},\n  \"slide_p99_ms\": {:.2},\n  \"first_frame_ms\": {:.0},\n  \"resident_mib_after_match\": {:.1}\n}}\n",
        script.idle.len(),
        percentile(&script.idle, 0.5),
        percentile(&script.idle, 0.99),
        script.slides.len(),
        percentile(&script.slides, 0.5),
        percentile(&script.slides, 0.99),
        script.first_frame.map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0),
        resident_kib().map_or(f64::NAN, |k| k as f64 / 1024.0),
    );
    let path = output_path();
    if let Err(e) = std::fs::write(&path, report) {
        error!("cannot write {path}: {e}");
    }
}
