//! Sound through `bevy_kira_audio`, on its own channel for effects, at the
//! settings' volumes. Without a sound card the audio backend fails to start
//! and logs it once; the game goes on silently.

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;
use entropy_rules::Event;

use crate::count::{Beat, ScoreCount};
use crate::game::{Applied, Refused, Undone};
use crate::prefs::Settings;
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_audio_channel::<Effects>()
        .add_systems(Startup, load_sounds)
        .add_systems(
            Update,
            (follow_volume, play_effects, tick_count).after(crate::AppSet::Turn),
        )
        .add_systems(OnEnter(Screen::MatchOver), fanfare);
}

/// The channel of sound effects.
#[derive(Resource)]
pub struct Effects;

/// Every sound the game plays, by the file it comes from (under `assets/`).
pub const SOUND_FILES: [&str; 7] = [
    "sounds/draw.wav",
    "sounds/place.wav",
    "sounds/slide.wav",
    "sounds/pass.wav",
    "sounds/refuse.wav",
    "sounds/tick.wav",
    "sounds/fanfare.wav",
];

/// The loaded sounds, in the order of [`SOUND_FILES`].
#[derive(Resource)]
struct Sounds([Handle<AudioSource>; 7]);

impl Sounds {
    fn draw(&self) -> Handle<AudioSource> {
        self.0[0].clone()
    }
    fn place(&self) -> Handle<AudioSource> {
        self.0[1].clone()
    }
    fn slide(&self) -> Handle<AudioSource> {
        self.0[2].clone()
    }
    fn pass(&self) -> Handle<AudioSource> {
        self.0[3].clone()
    }
    fn refuse(&self) -> Handle<AudioSource> {
        self.0[4].clone()
    }
    fn tick(&self) -> Handle<AudioSource> {
        self.0[5].clone()
    }
    fn fanfare(&self) -> Handle<AudioSource> {
        self.0[6].clone()
    }
}

fn load_sounds(assets: Res<AssetServer>, mut commands: Commands) {
    commands.insert_resource(Sounds(SOUND_FILES.map(|file| assets.load(file))));
}

/// Decibels for a volume of `percent` (0 is silence).
pub fn decibels(percent: f32) -> f32 {
    if percent <= 0.5 {
        -60.0
    } else {
        (20.0 * (percent / 100.0).log10()).max(-60.0)
    }
}

fn follow_volume(settings: Res<Settings>, effects: Res<AudioChannel<Effects>>) {
    if settings.is_changed() {
        let volume = settings.master_volume as f32 * settings.effects_volume as f32 / 100.0;
        effects.set_volume(decibels(volume));
    }
}

fn play_effects(
    mut applied: MessageReader<Applied>,
    mut undone: MessageReader<Undone>,
    mut refused: MessageReader<Refused>,
    sounds: Res<Sounds>,
    channel: Res<AudioChannel<Effects>>,
) {
    for Applied(event) in applied.read() {
        match event {
            Event::Drew(_) => {
                channel.play(sounds.draw()).with_volume(-6.0);
            }
            Event::Placed(_) => {
                channel.play(sounds.place()).with_volume(-6.0);
            }
            // A longer slide sounds longer and lower.
            Event::Slid(slide) => {
                let rate = 1.15 - 0.06 * slide.distance() as f64;
                channel.play(sounds.slide()).with_volume(-6.0).with_playback_rate(rate);
            }
            Event::Passed => {
                channel.play(sounds.pass()).with_volume(-8.0);
            }
        }
    }
    if undone.read().count() > 0 {
        channel.play(sounds.slide()).with_volume(-9.0).with_playback_rate(0.8);
    }
    if refused.read().count() > 0 {
        channel.play(sounds.refuse()).with_volume(-8.0);
    }
}

/// A bell for each run counted, higher as the total grows.
fn tick_count(
    count: Option<Res<ScoreCount>>,
    mut heard: Local<usize>,
    sounds: Res<Sounds>,
    channel: Res<AudioChannel<Effects>>,
) {
    let Some(count) = count else {
        *heard = 0;
        return;
    };
    if count.shown < *heard {
        *heard = 0;
    }
    if count.shown > *heard {
        // A skip jumps over many beats: one bell for all of them.
        if let Some(Beat::Run(step)) = count.current() {
            let rate = 0.8 + (step.total as f64 / 120.0).min(1.0) * 0.9;
            channel.play(sounds.tick()).with_volume(-12.0).with_playback_rate(rate);
        }
        *heard = count.shown;
    }
}

fn fanfare(sounds: Res<Sounds>, channel: Res<AudioChannel<Effects>>) {
    channel.play(sounds.fanfare()).with_volume(-8.0);
}
