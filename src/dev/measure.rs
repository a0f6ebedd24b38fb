//! What the `measure` script records, and the empty window it compares
//! with (the `empty-window` run: one `Camera2d` without multisampling,
//! nothing drawn, drawing every frame):
//!
//! - each frame's cost while frames follow one another (the screen held
//!   still but drawn every frame, slides, the count, the computer
//!   thinking): its wall time (`Time<Real>`'s delta) and the process's CPU
//!   time in it;
//! - still spells of 10 s (the title, a menu, a person's turn, a paused
//!   match): the game's CPU time over the wall time; the same over Hard's
//!   searches in a round, the search threads left out: all of it, and
//!   with nothing else moving (frames something moving asked for, such as
//!   the last move's marks rising, and those the answers arrived in left
//!   out);
//! - the nodes Hard searches a move in the game, drawing every frame and
//!   drawing only when asked, over a whole round as Chaos against the
//!   greedy baseline, as `entropy-cli arena hard greedy` plays it;
//! - the time from launch to the first frame, resident memory after a
//!   match, and how long a save of the match takes.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use entropy_ai::Searched;

use super::Script;
use crate::ui::animation::{Motion, Tween};

/// When the process started, for the time to the first frame.
#[derive(Resource)]
pub struct Launch(pub Instant);

/// Which frames are being recorded, drawn one after another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    /// None.
    None,
    /// A person's turn, nothing moving, the script asking for every frame.
    Idle,
    /// Frames while a slide animates.
    Slides,
    /// Frames while the count runs.
    Count,
    /// Frames while Hard thinks, the script asking for every frame.
    ThinkingHard,
    /// Hard thinking with nothing else asking for frames: what the game
    /// costs while a search runs, summed over the searches.
    ThinkingStill,
}

/// A still spell's place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The title, its living board moving at its pace.
    Title,
    /// A menu: the match's setup.
    Menu,
    /// A person's turn in a match.
    Match,
    /// A paused match.
    Paused,
}

/// How long a still spell lasts.
pub const STILL: Duration = Duration::from_secs(10);

/// One frame's cost.
#[derive(Debug, Clone, Copy)]
struct Cost {
    wall_ms: f32,
    cpu_ms: f32,
}

/// CPU time spent over a wall time, and the frames drawn in it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Spell {
    wall: Duration,
    cpu: Duration,
    frames: u64,
}

/// The process's CPU time at a moment: all of it, and its search threads'.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    at: Instant,
    process: Duration,
    search: Duration,
}

impl Sample {
    /// Now (the search threads read only when `with_search`: it costs a
    /// file read a thread).
    pub fn now(with_search: bool) -> Sample {
        Sample {
            at: Instant::now(),
            process: process_cpu(),
            search: if with_search { search_cpu() } else { Duration::ZERO },
        }
    }

    /// The wall time since.
    pub fn elapsed(&self) -> Duration {
        self.at.elapsed()
    }

    /// The game's CPU time and the wall time from `self` to `later`, the
    /// search threads left out.
    fn to(self, later: Sample) -> Spell {
        let process = later.process.saturating_sub(self.process);
        let search = later.search.saturating_sub(self.search);
        Spell {
            wall: later.at - self.at,
            cpu: process.saturating_sub(search),
            frames: 0,
        }
    }
}

/// Everything recorded.
#[derive(Debug, Default)]
pub struct Frames {
    idle: Vec<Cost>,
    slides: Vec<Cost>,
    count: Vec<Cost>,
    thinking_hard: Vec<Cost>,
    /// Over Hard's searches: everything, and what the game took while
    /// nothing else moved (a move's marks rising, say), the frames the
    /// answers arrived in left out.
    thinking_all: Spell,
    thinking_still: Spell,
    /// When the frame under way started, while Hard's searches are measured.
    frame_start: Option<Sample>,
    stills: Vec<(Place, Spell)>,
    /// Hard's searches while every frame was drawn, and while only asked ones were.
    pub searched: [Option<Searched>; 2],
    /// The time those searches took.
    search_time: [Duration; 2],
    /// The last search counted.
    last_search: u64,
    pub saves: Vec<f32>,
    first_frame: Option<Duration>,
    last: Option<Sample>,
    was_working: bool,
    /// Whether the last frame asked for another at once (not for the script).
    asked_at_once: bool,
}

impl Spell {
    /// Adds `more`'s time, and a frame drawn if `drawn`.
    fn add(&mut self, more: Spell, drawn: bool) {
        self.wall += more.wall;
        self.cpu += more.cpu;
        self.frames += u64::from(drawn);
    }
}

impl Frames {
    /// Records a still spell.
    pub fn still(&mut self, place: Place, from: Sample, frames: u64) {
        let mut spell = from.to(Sample::now(true));
        spell.frames = frames;
        self.stills.push((place, spell));
    }
}

/// The process's CPU time, all threads, to the nanosecond.
#[cfg(unix)]
fn process_cpu() -> Duration {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid timespec for the call to write.
    let read = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    if read != 0 {
        return Duration::ZERO;
    }
    Duration::new(now.tv_sec.max(0) as u64, now.tv_nsec.clamp(0, 999_999_999) as u32)
}

#[cfg(not(unix))]
fn process_cpu() -> Duration {
    Duration::ZERO
}

/// The CPU time of the computer's search threads (Bevy's async compute
/// pool), from `/proc`, in the kernel's ticks (10 ms).
fn search_cpu() -> Duration {
    let Ok(threads) = std::fs::read_dir("/proc/self/task") else {
        return Duration::ZERO;
    };
    let ticks: u64 = threads
        .flatten()
        .filter(|t| std::fs::read_to_string(t.path().join("comm")).is_ok_and(|name| name.starts_with("Async Compute")))
        .filter_map(|t| {
            let stat = std::fs::read_to_string(t.path().join("stat")).ok()?;
            // utime and stime: fields 14 and 15, counted after the command name.
            let mut fields = stat.rsplit_once(')')?.1.split_whitespace().skip(11);
            let user: u64 = fields.next()?.parse().ok()?;
            let system: u64 = fields.next()?.parse().ok()?;
            Some(user + system)
        })
        .sum();
    Duration::from_millis(ticks * 10)
}

/// When the process started (from /proc on Linux; else when the app was built).
pub fn process_start() -> Instant {
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

/// Notes when a frame starts, while Hard's searches are measured.
pub fn frame_starts(mut script: ResMut<Script>) {
    if script.bucket == Bucket::ThinkingStill {
        script.frames.frame_start = Some(Sample::now(true));
    }
}

pub fn record_frames(
    time: Res<Time<Real>>,
    mut script: ResMut<Script>,
    launch: Res<Launch>,
    sliding: Query<&Tween>,
    counting: Option<Res<crate::solomon::count::ScoreCount>>,
    thinking: Res<crate::solomon::computer::Thinking>,
    redraw: Res<crate::app::redraw::Redraw>,
) {
    let bucket = script.bucket;
    script.frame += 1;
    let frames = &mut script.frames;
    if frames.first_frame.is_none() {
        frames.first_frame = Some(launch.0.elapsed());
    }
    let with_search = matches!(bucket, Bucket::ThinkingHard | Bucket::ThinkingStill);
    let now = Sample::now(with_search);
    let last = frames.last.replace(now);
    let was_working = std::mem::replace(&mut frames.was_working, thinking.working());
    // Whether something of the game's moving asked for this frame: the
    // last one asked for another at once, and not for the script.
    let at_once = redraw
        .last()
        .is_some_and(|w| w.wait.is_zero() && !w.by.file().contains("/dev/"));
    let for_motion = std::mem::replace(&mut frames.asked_at_once, at_once);
    let (search, _, took) = thinking.searched;
    if search != frames.last_search {
        frames.last_search = search;
        match bucket {
            Bucket::ThinkingHard => frames.search_time[0] += took,
            Bucket::ThinkingStill => frames.search_time[1] += took,
            _ => {}
        }
    }
    let Some(last) = last else { return };
    let spent = last.to(now);
    let cost = Cost {
        wall_ms: time.delta_secs() * 1000.0,
        cpu_ms: spent.cpu.as_secs_f32() * 1000.0,
    };
    match bucket {
        Bucket::Idle => frames.idle.push(cost),
        Bucket::Slides if sliding.iter().any(|t| t.kind == Motion::Slide) => frames.slides.push(cost),
        Bucket::Count if counting.is_some_and(|c| !c.finished()) => frames.count.push(cost),
        Bucket::ThinkingHard if was_working => frames.thinking_hard.push(cost),
        Bucket::ThinkingStill if was_working => {
            frames.thinking_all.add(spent, true);
            // With nothing else moving: the wait for this frame, and the
            // frame itself unless the answer arrived in it (the move's).
            if let Some(start) = frames.frame_start.take()
                && !for_motion
            {
                frames.thinking_still.add(last.to(start), false);
                if thinking.working() {
                    frames.thinking_still.add(start.to(now), true);
                }
            }
        }
        _ => {}
    }
}

/// What Hard has searched in the match on screen, by seat.
pub fn searched(
    computers: Option<&crate::table::computer::Computers<crate::solomon::game::Solomon>>,
) -> Option<Searched> {
    computers?
        .seats()
        .iter()
        .flatten()
        .filter_map(|player| player.try_lock().ok()?.searched())
        .reduce(|a, b| a + b)
}

/// The `q` quantile (0–1) of `values`, nearest rank.
fn quantile(values: &[f32], q: f64) -> f32 {
    entropy_stats::quantile_f32(&mut values.to_vec(), q).unwrap_or(f32::NAN)
}

fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Times writing the match's save `count` times (the game writes it after every move).
pub fn time_saves(
    saved: &mut crate::solomon::saved::SavedMatch,
    data: &crate::solomon::saved::SaveData,
    count: usize,
) -> Vec<f32> {
    (0..count)
        .map(|_| {
            let start = Instant::now();
            let _ = saved.store(Some(data.clone()));
            start.elapsed().as_secs_f32() * 1000.0
        })
        .collect()
}

/// A JSON number (`null` for what was not measured).
fn number(value: f64, decimals: usize) -> String {
    if value.is_finite() {
        format!("{value:.decimals$}")
    } else {
        "null".into()
    }
}

/// The medians and 99th percentiles of frames' costs, as JSON fields
/// named `<name>_…`, with their ratios to the empty window's (`control`,
/// its median wall and CPU time) when it is known.
fn costs(name: &str, costs: &[Cost], control: Option<(f64, f64)>) -> String {
    let wall: Vec<f32> = costs.iter().map(|c| c.wall_ms).collect();
    let cpu: Vec<f32> = costs.iter().map(|c| c.cpu_ms).collect();
    let (wall_median, cpu_median) = (quantile(&wall, 0.5) as f64, quantile(&cpu, 0.5) as f64);
    let mut out = format!(
        "  \"{name}_frames\": {},\n  \"{name}_wall_median_ms\": {},\n  \"{name}_wall_p99_ms\": {},\n  \"{name}_cpu_median_ms\": {},\n  \"{name}_cpu_p99_ms\": {},\n",
        costs.len(),
        number(wall_median, 2),
        number(quantile(&wall, 0.99) as f64, 2),
        number(cpu_median, 2),
        number(quantile(&cpu, 0.99) as f64, 2),
    );
    if let Some((control_wall, control_cpu)) = control {
        out += &format!(
            "  \"{name}_wall_vs_empty_window\": {},\n  \"{name}_cpu_vs_empty_window\": {},\n",
            number(wall_median / control_wall, 2),
            number(cpu_median / control_cpu, 2),
        );
    }
    out
}

/// The share of a core a spell took, as JSON fields named `<name>_…`.
fn spell(name: &str, spell: &Spell) -> String {
    format!(
        "  \"{name}_cpu_share\": {},\n  \"{name}_seconds\": {},\n  \"{name}_frames_drawn\": {},\n",
        number(spell.cpu.as_secs_f64() / spell.wall.as_secs_f64(), 4),
        number(spell.wall.as_secs_f64(), 1),
        spell.frames,
    )
}

/// The empty window's median frame wall and CPU time, from its report.
fn control_medians(control: &str) -> Option<(f64, f64)> {
    let field = |name: &str| -> Option<f64> {
        let line = control.lines().find(|l| l.contains(&format!("\"{name}\"")))?;
        line.split(':').nth(1)?.trim().trim_end_matches(',').parse().ok()
    };
    Some((field("frame_wall_median_ms")?, field("frame_cpu_median_ms")?))
}

/// The report as JSON; `control` is the empty window's report, if it ran.
pub fn report(frames: &Frames, control: Option<&str>) -> String {
    let medians = control.and_then(control_medians);
    let mut out = String::from("{\n");
    if let Some(control) = control {
        for line in control.lines().filter(|l| l.starts_with("  \"")) {
            let field = line.trim_start().trim_start_matches('"').trim_end_matches(',');
            out += &format!("  \"empty_window_{field},\n");
        }
    }
    out += &costs("idle", &frames.idle, medians);
    out += &costs("slide", &frames.slides, medians);
    out += &costs("count", &frames.count, medians);
    out += &costs("thinking_hard", &frames.thinking_hard, medians);
    for (place, still) in &frames.stills {
        let name = match place {
            Place::Title => "still_title",
            Place::Menu => "still_menu",
            Place::Match => "still_match",
            Place::Paused => "still_paused",
        };
        out += &spell(name, still);
    }
    out += &spell("thinking_hard_all", &frames.thinking_all);
    out += &spell("still_thinking_hard", &frames.thinking_still);
    for (i, how) in ["drawing_every_frame", "drawing_when_asked"].into_iter().enumerate() {
        let searched = frames.searched[i];
        let per_move = searched.and_then(|s| s.nodes_per_move()).unwrap_or(f64::NAN);
        let per_second = searched.map_or(f64::NAN, |s| s.nodes as f64 / frames.search_time[i].as_secs_f64());
        let moves = searched.map_or(0, |s| s.moves);
        out += &format!(
            "  \"hard_moves_{how}\": {moves},\n  \"hard_nodes_per_move_{how}\": {},\n  \"hard_nodes_per_second_{how}\": {},\n",
            number(per_move, 0),
            number(per_second, 0),
        );
    }
    out += &format!(
        "  \"save_median_ms\": {},\n  \"first_frame_ms\": {},\n  \"resident_mib_after_match\": {}\n}}\n",
        number(quantile(&frames.saves, 0.5) as f64, 2),
        number(frames.first_frame.map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0), 0),
        number(resident_kib().map_or(f64::NAN, |k| k as f64 / 1024.0), 1),
    );
    out
}

/// The `empty-window` run: an empty Bevy window drawing every frame, its
/// frames' wall and CPU time recorded and written as JSON.
pub fn empty_window(window: (u32, u32)) -> App {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Entropy — empty window".into(),
            resolution: window.into(),
            ..default()
        }),
        ..default()
    }))
    .add_systems(Startup, |mut commands: Commands| {
        // Multisampling off, as the game's cameras have it: the least a
        // window costs.
        commands.spawn((Camera2d, Msaa::Off));
    })
    .add_systems(Last, record_empty_frames);
    app
}

/// Frames skipped while the window settles, then frames recorded.
const EMPTY_SETTLE: usize = 60;
const EMPTY_FRAMES: usize = 400;

fn record_empty_frames(
    time: Res<Time<Real>>,
    mut recorded: Local<Vec<Cost>>,
    mut seen: Local<usize>,
    mut last: Local<Option<Sample>>,
    mut exit: MessageWriter<AppExit>,
) {
    *seen += 1;
    let now = Sample::now(false);
    let before = last.replace(now);
    if *seen <= EMPTY_SETTLE {
        return;
    }
    let Some(before) = before else { return };
    recorded.push(Cost {
        wall_ms: time.delta_secs() * 1000.0,
        cpu_ms: before.to(now).cpu.as_secs_f32() * 1000.0,
    });
    if recorded.len() < EMPTY_FRAMES {
        return;
    }
    let fields = costs("frame", &recorded, None);
    let out = format!("{{\n{}\n}}\n", fields.trim_end_matches(",\n"));
    super::write_out(&super::output_path(), &out);
    exit.write(AppExit::Success);
}
