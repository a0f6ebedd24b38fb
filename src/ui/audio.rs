//! Sound through `bevy_kira_audio`: effects and music on channels of their
//! own, at the settings' volumes. A quiet loop plays in the menus and
//! another during a match, crossfading when the screen changes. Menus tick
//! when the focus moves and chime when a choice is made. Without a sound
//! card the audio backend fails to start and logs it once; the game goes on
//! silently. The sounds are synthesised by `assets/sounds/make_sounds.py`.
//! A game asks for its sounds with [`Cue`]s.

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

use std::time::Duration;

use crate::app::prefs::Settings;
use crate::app::screen::MatchShown;
use crate::ui::navigation::Focus;
use crate::ui::overlays::OverlayCommand;

pub(crate) fn plugin(app: &mut App) {
    app.add_audio_channel::<Effects>()
        .add_audio_channel::<Music>()
        .add_message::<Cue>()
        .add_systems(Startup, load_sounds)
        .add_systems(Update, frames_while_loading)
        .add_systems(
            Update,
            (follow_volume, menu_sounds, follow_screen, play_cues)
                .chain()
                .in_set(PlayCues)
                .after(crate::app::AppSet::Turn),
        );
}

/// Where the frame's cues are played: a game writes its cues before it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayCues;

/// A sound a game asks for.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum Cue {
    /// A piece drawn from the bag.
    Draw,
    /// A piece put down.
    Place,
    /// A piece slid `squares` squares (a longer slide sounds longer and lower).
    Slide {
        /// How far it went.
        squares: usize,
    },
    /// A pass.
    Pass,
    /// A move taken back.
    TakeBack,
    /// A move refused.
    Refuse,
    /// A run counted, the total so far `total`; `celebrated` rings a chime
    /// after it.
    Counted {
        /// The count's total so far.
        total: u32,
        /// A line worth a chime was finished.
        celebrated: bool,
    },
    /// A choice made in a menu or with a button.
    Choice,
    /// The end of a match.
    Fanfare,
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

/// The music is asked to play before its files are in: frames until they
/// are, so that the audio plugin starts it, then none.
fn frames_while_loading(
    assets: Res<AssetServer>,
    sounds: Option<Res<Sounds>>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
    mut loaded: Local<bool>,
) {
    let Some(sounds) = sounds else { return };
    if *loaded {
        return;
    }
    redraw.now();
    *loaded = sounds
        .0
        .iter()
        .all(|sound| assets.is_loaded_with_dependencies(sound) || assets.load_state(sound).is_failed());
}

/// The menus' loop, or the match's, crossfading when a match comes on
/// screen or leaves it.
fn follow_screen(
    shown: Option<Res<MatchShown>>,
    sounds: Res<Sounds>,
    music: Res<AudioChannel<Music>>,
    mut playing: Local<Option<bool>>,
) {
    let wanted = shown.is_some();
    if *playing == Some(wanted) {
        return;
    }
    let fade = AudioTween::linear(Duration::from_millis(900));
    music.stop().fade_out(fade.clone());
    music.play(sounds.music(wanted)).looped().fade_in(fade);
    *playing = Some(wanted);
}

/// A tick when the focus moves in a menu, a chime when a dialog opens or closes.
fn menu_sounds(
    focus: Res<Focus>,
    mut overlays: MessageReader<OverlayCommand>,
    mut cues: MessageWriter<Cue>,
    sounds: Res<Sounds>,
    channel: Res<AudioChannel<Effects>>,
) {
    if focus.is_changed() && !focus.is_added() {
        channel.play(sounds.focus()).with_volume(-16.0);
    }
    if overlays.read().count() > 0 {
        cues.write(Cue::Choice);
    }
}

/// Plays the cues of the frame (one confirmation however many choices).
fn play_cues(mut cues: MessageReader<Cue>, sounds: Res<Sounds>, channel: Res<AudioChannel<Effects>>) {
    let mut chosen = false;
    let mut taken_back = false;
    let mut refused = false;
    let mut counted = None;
    for cue in cues.read() {
        match *cue {
            Cue::Draw => {
                channel.play(sounds.draw()).with_volume(-6.0);
            }
            Cue::Place => {
                channel.play(sounds.place()).with_volume(-6.0);
            }
            Cue::Slide { squares } => {
                let rate = 1.15 - 0.06 * squares as f64;
                channel.play(sounds.slide()).with_volume(-6.0).with_playback_rate(rate);
            }
            Cue::Pass => {
                channel.play(sounds.pass()).with_volume(-8.0);
            }
            Cue::TakeBack => taken_back = true,
            Cue::Refuse => refused = true,
            Cue::Counted { total, celebrated } => counted = Some((total, celebrated)),
            Cue::Choice => chosen = true,
            Cue::Fanfare => {
                channel.play(sounds.fanfare()).with_volume(-8.0);
            }
        }
    }
    if taken_back {
        channel.play(sounds.slide()).with_volume(-9.0).with_playback_rate(0.8);
    }
    if refused {
        channel.play(sounds.refuse()).with_volume(-8.0);
    }
    // A skip jumps over many runs: one bell for all of them.
    if let Some((total, celebrated)) = counted {
        let rate = 0.8 + (total as f64 / 120.0).min(1.0) * 0.9;
        channel.play(sounds.tick()).with_volume(-12.0).with_playback_rate(rate);
        if celebrated {
            channel.play(sounds.chime()).with_volume(-10.0);
        }
    }
    if chosen {
        channel.play(sounds.confirm()).with_volume(-12.0);
    }
}
