//! Sound effects through `bevy_kira_audio`. Without a sound card the audio
//! backend fails to start and logs it; the game goes on silently.

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;
use entropy_rules::Event;

use crate::game::{Applied, Refused, ScoreCount};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_audio_channel::<Effects>()
        .add_systems(Startup, load_sounds)
        .add_systems(Update, (play_effects, tick_count).after(crate::game::GameSystems::Turn))
        .add_systems(OnEnter(Screen::MatchOver), fanfare);
}

/// The channel of sound effects.
#[derive(Resource)]
pub struct Effects;

/// The loaded sounds.
#[derive(Resource)]
struct Sounds {
    draw: Handle<AudioSource>,
    place: Handle<AudioSource>,
    slide: Handle<AudioSource>,
    pass: Handle<AudioSource>,
    refuse: Handle<AudioSource>,
    tick: Handle<AudioSource>,
    fanfare: Handle<AudioSource>,
}

fn load_sounds(assets: Res<AssetServer>, mut commands: Commands) {
    commands.insert_resource(Sounds {
        draw: assets.load("sounds/draw.wav"),
        place: assets.load("sounds/place.wav"),
        slide: assets.load("sounds/slide.wav"),
        pass: assets.load("sounds/pass.wav"),
        refuse: assets.load("sounds/refuse.wav"),
        tick: assets.load("sounds/tick.wav"),
        fanfare: assets.load("sounds/fanfare.wav"),
    });
}

fn play_effects(
    mut applied: MessageReader<Applied>,
    mut refused: MessageReader<Refused>,
    sounds: Res<Sounds>,
    channel: Res<AudioChannel<Effects>>,
) {
    for Applied(event) in applied.read() {
        let sound = match event {
            Event::Drew(_) => &sounds.draw,
            Event::Placed(_) => &sounds.place,
            Event::Slid(_) => &sounds.slide,
            Event::Passed => &sounds.pass,
        };
        channel.play(sound.clone()).with_volume(-6.0);
    }
    if refused.read().count() > 0 {
        channel.play(sounds.refuse.clone()).with_volume(-8.0);
    }
}

/// A rising bell for each run counted.
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
        let rate = 1.0 + (count.shown as f64 * 0.012).min(0.8);
        channel
            .play(sounds.tick.clone())
            .with_volume(-14.0)
            .with_playback_rate(rate);
        *heard = count.shown;
    }
}

fn fanfare(sounds: Res<Sounds>, channel: Res<AudioChannel<Effects>>) {
    channel.play(sounds.fanfare.clone()).with_volume(-8.0);
}
