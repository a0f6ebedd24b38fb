//! What the `measure` script records: frame times in buckets (idle, slides
//! animating, the computer thinking), the time from launch to the first
//! frame, resident memory, and how long saves of the match take.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::Script;
use crate::ui::animation::{Motion, Tween};

/// When the process started, for the time to the first frame.
#[derive(Resource)]
pub struct Launch(pub Instant);

/// Which frames are being recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    /// None.
    None,
    /// Frames with nothing moving.
    Idle,
    /// Frames while a slide animates.
    Slides,
    /// Frames while Hard thinks.
    ThinkingHard,
    /// Frames while Master thinks.
    ThinkingMaster,
}

/// The frame times recorded, in milliseconds, by bucket.
#[derive(Debug, Default, Clone)]
pub struct Frames {
    pub idle: Vec<f32>,
    pub slides: Vec<f32>,
    pub thinking_hard: Vec<f32>,
    pub thinking_master: Vec<f32>,
    pub saves: Vec<f32>,
    pub first_frame: Option<Duration>,
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

pub fn record_frames(
    time: Res<Time<Real>>,
    mut script: ResMut<Script>,
    launch: Res<Launch>,
    sliding: Query<&Tween>,
    thinking: Res<crate::solomon::computer::Thinking>,
) {
    let frames = &mut script.frames;
    if frames.first_frame.is_none() {
        frames.first_frame = Some(launch.0.elapsed());
    }
    let ms = time.delta_secs() * 1000.0;
    match script.bucket {
        Bucket::Idle => script.frames.idle.push(ms),
        Bucket::Slides if sliding.iter().any(|t| t.kind == Motion::Slide) => script.frames.slides.push(ms),
        Bucket::ThinkingHard if thinking.busy() => script.frames.thinking_hard.push(ms),
        Bucket::ThinkingMaster if thinking.busy() => script.frames.thinking_master.push(ms),
        _ => {}
    }
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

/// The report as JSON.
pub fn report(frames: &Frames) -> String {
    let bucket = |name: &str, values: &[f32]| {
        format!(
            "  \"{name}_frames\": {},\n  \"{name}_median_ms\": {:.2},\n  \"{name}_p99_ms\": {:.2},\n",
            values.len(),
            quantile(values, 0.5),
            quantile(values, 0.99)
        )
    };
    format!(
        "{{\n{}{}{}{}  \"save_median_ms\": {:.2},\n  \"first_frame_ms\": {:.0},\n  \"resident_mib_after_match\": {:.1}\n}}\n",
        bucket("idle", &frames.idle),
        bucket("slide", &frames.slides),
        bucket("thinking_hard", &frames.thinking_hard),
        bucket("thinking_master", &frames.thinking_master),
        quantile(&frames.saves, 0.5),
        frames.first_frame.map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0),
        resident_kib().map_or(f64::NAN, |k| k as f64 / 1024.0),
    )
}
