//! Sound through `bevy_kira_audio`: effects and music on channels of their
//! own, at the settings' volumes. A quiet loop plays in the menus and
//! another during a match, crossfading when the screen changes. Menus tick
//! when the focus moves and chime when a choice is made. Without a sound
//! card the audio backend fails to start and logs it once; the game goes on
//! silently. The sounds are synthesised by `assets/sounds/make_sounds.py`.

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;
use carreno_rules::Move;
use entropy_rules::Event;

use std::time::Duration;

use crate::app::prefs::Settings;
use crate::app::screen::Screen;
use crate::carreno::{CarrenoApplied, CarrenoCommand, CarrenoRefused, CarrenoUndone, InCarreno};
use crate::solomon::count::{Beat, ScoreCount};
use crate::solomon::game::{Applied, Command, Refused, Undone};
use crate::solomon::screens::InMatch;
use crate::ui::navigation::Focus;
use crate::ui::overlays::OverlayCommand;

pub(crate) fn plugin(app: &mut App) {
    app.add_audio_channel::<Effects>()
        .add_audio_channel::<Music>()
        .add_systems(Startup, load_sounds)
        .add_systems(
            Update,
            (
                follow_volume,
                play_effects,
                carreno_effects,
                tick_count,
                menu_sounds,
                follow_screen,
            )
                .after(crate::app::AppSet::Turn),
        )
        .add_systems(OnEnter(Screen::MatchOver), fanfare)
        .add_systems(OnEnter(Screen::CarrenoOver), fanfare);
}

/// The channel of sound effects.
#[derive(Resource)]
pub struct Effects;

/// The channel of the music.
#[derive(Resource)]
pub struct Music;

/// Every sound the game plays, by the file it comes from (under `assets/`).
pub const SOUND_FILES: [&str; 12] = [
    "sounds/draw.wav",
    "sounds/place.wav",
    "sounds/slide.wav",
    "sounds/pass.wav",
    "sounds/refuse.wav",
    "sounds/tick.wav",
    "sounds/fanfare.wav",
    "sounds/focus.wav",
    "sounds/confirm.wav",
    "sounds/chime.wav",
    "sounds/menu_music.wav",
    "sounds/play_music.wav",
];

/// The loaded sounds, in the order of [`SOUND_FILES`].
#[derive(Resource)]
struct Sounds([Handle<AudioSource>; 12]);

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
    fn focus(&self) -> Handle<AudioSource> {
        self.0[7].clone()
    }
    fn confirm(&self) -> Handle<AudioSource> {
        self.0[8].clone()
    }
    fn chime(&self) -> Handle<AudioSource> {
        self.0[9].clone()
    }
    fn music(&self, in_match: bool) -> Handle<AudioSource> {
        self.0[if in_match { 11 } else { 10 }].clone()
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

/// The music sits well under the effects at the same setting.
const MUSIC_HEADROOM: f32 = -14.0;

fn follow_volume(settings: Res<Settings>, effects: Res<AudioChannel<Effects>>, music: Res<AudioChannel<Music>>) {
    if settings.is_changed() {
        let master = settings.master_volume as f32 / 100.0;
        effects.set_volume(decibels(master * settings.effects_volume as f32));
        music.set_volume(decibels(master * settings.music_volume as f32) + MUSIC_HEADROOM);
    }
}

/// The menus' loop, or the match's, crossfading when the screen changes between them.
fn follow_screen(
    in_match: Option<Res<State<InMatch>>>,
    in_carreno: Option<Res<State<InCarreno>>>,
    sounds: Res<Sounds>,
    music: Res<AudioChannel<Music>>,
    mut playing: Local<Option<bool>>,
) {
    let wanted = in_match.is_some() || in_carreno.is_some();
    if *playing == Some(wanted) {
        return;
    }
    let fade = AudioTween::linear(Duration::from_millis(900));
    music.stop().fade_out(fade.clone());
    music.play(sounds.music(wanted)).looped().fade_in(fade);
    *playing = Some(wanted);
}

/// A tick when the focus moves in a menu, a chime when a choice is made.
fn menu_sounds(
    focus: Res<Focus>,
    mut commands: MessageReader<Command>,
    mut carreno: MessageReader<CarrenoCommand>,
    mut overlays: MessageReader<OverlayCommand>,
    sounds: Res<Sounds>,
    channel: Res<AudioChannel<Effects>>,
) {
    if focus.is_changed() && !focus.is_added() {
        channel.play(sounds.focus()).with_volume(-16.0);
    }
    let chosen = commands.read().filter(|c| **c != Command::SkipCount).count()
        + carreno.read().filter(|c| **c != CarrenoCommand::Undo).count()
        + overlays.read().count();
    if chosen > 0 {
        channel.play(sounds.confirm()).with_volume(-12.0);
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

/// Carreno's game: a piece slides (longer sounds lower), a pass, a move
/// taken back, a refusal.
fn carreno_effects(
    mut applied: MessageReader<CarrenoApplied>,
    mut undone: MessageReader<CarrenoUndone>,
    mut refused: MessageReader<CarrenoRefused>,
    sounds: Res<Sounds>,
    channel: Res<AudioChannel<Effects>>,
) {
    for event in applied.read() {
        match event.mv {
            Move::Slide { from, to } => {
                let squares = from.line_to(to).map_or(1, |(_, n)| n);
                let rate = 1.12 - 0.07 * squares as f64;
                channel.play(sounds.slide()).with_volume(-6.0).with_playback_rate(rate);
                channel.play(sounds.place()).with_volume(-12.0);
            }
            Move::Pass => {
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
            let line = count.lines.iter().find(|l| l.line == step.run.line);
            if line.is_some_and(|l| l.runs.len() == step.in_line && l.score >= crate::solomon::count::CELEBRATED) {
                channel.play(sounds.chime()).with_volume(-10.0);
            }
        }
        *heard = count.shown;
    }
}

fn fanfare(sounds: Res<Sounds>, channel: Res<AudioChannel<Effects>>) {
    channel.play(sounds.fanfare()).with_volume(-8.0);
}
