//! The player's settings and last match setup (and last setup of
//! Carreno's game), remembered between launches
//! in `preferences.ron` in the preferences folder ([`crate::storage`]):
//! written atomically whenever they change, and kept aside and reported
//! when unreadable. Unknown or missing values fall back to the defaults, so
//! a file from an older or newer version still reads.

use std::path::PathBuf;

use bevy::prelude::*;
use entropy_ai::Level;
use entropy_rules::Size;
use serde::{Deserialize, Serialize};

use crate::animation::AnimationSpeed;
use crate::carreno::{CarrenoOpponent, CarrenoSetup, SideChoice};
use crate::match_setup::{ClockChoice, MatchSetup, Opponent, RoleChoice};
use crate::storage::{self, Loaded};

pub(super) fn plugin(app: &mut App) {
    let folder = app
        .world()
        .get_resource::<crate::Folders>()
        .and_then(|f| f.preferences.clone());
    let (prefs, notice, first_launch) = match folder.as_ref().map(|f| load(&f.join(FILE))) {
        Some(Loaded::Read(prefs)) => (prefs, None, false),
        Some(Loaded::Unreadable(notice)) => (Preferences::default(), Some(notice), false),
        Some(Loaded::Missing) => (Preferences::default(), None, true),
        None => (Preferences::default(), None, false),
    };
    if let Some(notice) = &notice {
        warn!("{notice}");
    }
    let (settings, setup) = prefs.apply();
    app.insert_resource(AnimationSpeed(settings.animation.speed()))
        .insert_resource(settings)
        .insert_resource(setup)
        .insert_resource(prefs.carreno.setup())
        .insert_resource(PrefsFile {
            folder,
            notices: notice.into_iter().collect(),
            notices_dismissed: false,
            first_launch,
        })
        .add_systems(Update, (follow_settings, save_when_changed));
}

/// Where the preferences live, and what went wrong reading the game's files at launch.
#[derive(Resource, Debug, Clone)]
pub struct PrefsFile {
    folder: Option<PathBuf>,
    /// Messages for the player about files that could not be read.
    pub notices: Vec<String>,
    /// The player has read the notices.
    pub notices_dismissed: bool,
    /// No preferences were found: the game is new to this player.
    pub first_launch: bool,
}

const FILE: &str = "preferences.ron";

/// What is written on counters so that colours can be told apart without seeing them.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColourMarks {
    /// Nothing.
    #[default]
    Off,
    /// The colour's number, 1 to 7.
    Numbers,
    /// A shape for each colour.
    Symbols,
}

/// How fast counters move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    /// Slower than normal.
    Slow,
    /// Normal.
    #[default]
    Normal,
    /// Faster than normal.
    Fast,
}

impl Pace {
    /// The animation speed factor.
    pub fn speed(self) -> f32 {
        match self {
            Pace::Slow => 0.6,
            Pace::Normal => 1.0,
            Pace::Fast => 1.7,
        }
    }
}

/// The player's settings.
#[derive(Resource, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Overall volume, 0 to 100.
    pub master_volume: u8,
    /// Sound effects' volume, 0 to 100.
    pub effects_volume: u8,
    /// Music's volume, 0 to 100.
    pub music_volume: u8,
    /// How fast counters move.
    pub animation: Pace,
    /// Numbers or symbols on the counters.
    pub colour_marks: ColourMarks,
    /// Mark where a picked-up counter may go.
    pub show_destinations: bool,
    /// Fill the screen.
    pub fullscreen: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            master_volume: 80,
            effects_volume: 80,
            music_volume: 50,
            animation: Pace::Normal,
            colour_marks: ColourMarks::Off,
            show_destinations: true,
            fullscreen: false,
        }
    }
}

/// The last match setup, in a form that reads back whatever this version of the game becomes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SetupPrefs {
    /// 7 or 5.
    pub board: u8,
    /// `"person"`, `"computer"` or `"watch"`.
    pub opponent: String,
    /// The computer's level (the first computer's when watching).
    pub level: String,
    /// The second computer's level when watching.
    pub second_level: String,
    /// `"order"`, `"chaos"` or `"random"`: player 1's role in round 1.
    pub role: String,
    /// The names typed.
    pub names: [String; 2],
    /// Minutes per player, 0 for no clock.
    pub clock_minutes: u8,
    /// Both rounds draw the same counters.
    pub same_draws: bool,
}

impl Default for SetupPrefs {
    fn default() -> Self {
        SetupPrefs::from_setup(&MatchSetup::default())
    }
}

impl SetupPrefs {
    /// The preferences of `setup`.
    pub fn from_setup(setup: &MatchSetup) -> SetupPrefs {
        let (opponent, level, second) = match setup.opponent {
            Opponent::Person => ("person", Level::Medium, Level::Medium),
            Opponent::Computer(level) => ("computer", level, level),
            Opponent::Watch(a, b) => ("watch", a, b),
        };
        SetupPrefs {
            board: setup.size.n() as u8,
            opponent: opponent.into(),
            level: level.to_string(),
            second_level: second.to_string(),
            role: match setup.role {
                RoleChoice::Order => "order",
                RoleChoice::Chaos => "chaos",
                RoleChoice::Random => "random",
            }
            .into(),
            names: setup.names.clone(),
            clock_minutes: match setup.clock {
                ClockChoice::Off => 0,
                ClockChoice::Minutes(m) => m,
            },
            same_draws: setup.same_draws,
        }
    }

    /// The setup these preferences make; anything unknown falls back to the default.
    pub fn setup(&self) -> MatchSetup {
        let default = MatchSetup::default();
        let level = |s: &str| s.parse::<Level>().unwrap_or(Level::Medium);
        MatchSetup {
            size: Size::from_n(self.board as usize).unwrap_or(default.size),
            opponent: match self.opponent.as_str() {
                "person" => Opponent::Person,
                "watch" => Opponent::Watch(level(&self.level), level(&self.second_level)),
                _ => Opponent::Computer(level(&self.level)),
            },
            role: match self.role.as_str() {
                "chaos" => RoleChoice::Chaos,
                "random" => RoleChoice::Random,
                _ => RoleChoice::Order,
            },
            names: self.names.clone().map(|n| n.chars().take(20).collect()),
            clock: ClockChoice::ALL
                .into_iter()
                .find(|c| c.per_player().map_or(0, |d| d.as_secs() / 60) == self.clock_minutes as u64)
                .unwrap_or_default(),
            same_draws: self.same_draws,
        }
    }
}

/// The last setup of Carreno's game, in a form that reads back whatever
/// this version of the game becomes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CarrenoPrefs {
    /// `"person"` or `"computer"`.
    pub opponent: String,
    /// The computer's level: `"easy"`, `"medium"` or `"hard"`.
    pub level: String,
    /// The first player's side: `"o"`, `"s"` or `"random"`.
    pub side: String,
}

impl Default for CarrenoPrefs {
    fn default() -> Self {
        CarrenoPrefs::from_setup(&CarrenoSetup::default())
    }
}

impl CarrenoPrefs {
    /// The preferences of `setup`.
    pub fn from_setup(setup: &CarrenoSetup) -> CarrenoPrefs {
        let (opponent, level) = match setup.opponent {
            CarrenoOpponent::Person => ("person", carreno_ai::Level::Medium),
            CarrenoOpponent::Computer(level) => ("computer", level),
        };
        CarrenoPrefs {
            opponent: opponent.into(),
            level: level.name().into(),
            side: match setup.side {
                SideChoice::O => "o",
                SideChoice::S => "s",
                SideChoice::Random => "random",
            }
            .into(),
        }
    }

    /// The setup these preferences make; anything unknown falls back to the default.
    pub fn setup(&self) -> CarrenoSetup {
        let level = self.level.parse().unwrap_or(carreno_ai::Level::Medium);
        CarrenoSetup {
            opponent: match self.opponent.as_str() {
                "person" => CarrenoOpponent::Person,
                _ => CarrenoOpponent::Computer(level),
            },
            side: match self.side.as_str() {
                "s" => SideChoice::S,
                "random" => SideChoice::Random,
                _ => SideChoice::O,
            },
        }
    }
}

/// The whole file.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    /// The settings.
    pub settings: Settings,
    /// The last match setup.
    pub setup: SetupPrefs,
    /// The last setup of Carreno's game.
    pub carreno: CarrenoPrefs,
}

impl Preferences {
    /// The preferences of the current settings and setups.
    pub fn of(settings: &Settings, setup: &MatchSetup, carreno: &CarrenoSetup) -> Preferences {
        Preferences {
            settings: settings.clone(),
            setup: SetupPrefs::from_setup(setup),
            carreno: CarrenoPrefs::from_setup(carreno),
        }
    }

    /// The settings and setup these preferences make.
    pub fn apply(&self) -> (Settings, MatchSetup) {
        let mut settings = self.settings.clone();
        for volume in [
            &mut settings.master_volume,
            &mut settings.effects_volume,
            &mut settings.music_volume,
        ] {
            *volume = (*volume).min(100);
        }
        (settings, self.setup.setup())
    }
}

/// Reads the preferences at `path`.
pub fn load(path: &std::path::Path) -> Loaded<Preferences> {
    storage::read_or_keep_aside(path, "saved preferences", |text| {
        ron::from_str::<Preferences>(text).map_err(|e| e.to_string())
    })
}

/// Writes `prefs` to `path`.
pub fn save(path: &std::path::Path, prefs: &Preferences) -> std::io::Result<()> {
    let text = ron::ser::to_string_pretty(prefs, ron::ser::PrettyConfig::default()).map_err(std::io::Error::other)?;
    storage::write_atomically(path, text.as_bytes())
}

/// The animation speed follows the settings.
fn follow_settings(settings: Res<Settings>, mut speed: ResMut<AnimationSpeed>) {
    if settings.is_changed() && !settings.is_added() {
        speed.0 = settings.animation.speed();
    }
}

/// Saves when the settings or a setup change.
fn save_when_changed(
    settings: Res<Settings>,
    setup: Res<MatchSetup>,
    carreno: Res<CarrenoSetup>,
    file: Res<PrefsFile>,
    mut last: Local<Option<Preferences>>,
) {
    if !(settings.is_changed() || setup.is_changed() || carreno.is_changed()) {
        return;
    }
    let prefs = Preferences::of(&settings, &setup, &carreno);
    if last.is_none() {
        // What was just read needs no writing.
        *last = Some(prefs);
        return;
    }
    if last.as_ref() == Some(&prefs) {
        return;
    }
    if let Some(folder) = &file.folder {
        match save(&folder.join(FILE), &prefs) {
            Ok(()) => *last = Some(prefs),
            Err(e) => warn!("could not save preferences in {}: {e}", folder.display()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("entropy-prefs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn saved_choices_come_back() {
        let dir = scratch("round-trip");
        let path = dir.join(FILE);
        assert_eq!(load(&path), Loaded::Missing, "nothing saved yet");
        let setup = MatchSetup {
            size: Size::Five,
            opponent: Opponent::Watch(Level::Hard, Level::Easy),
            role: RoleChoice::Random,
            names: ["Ada".into(), "Blaise".into()],
            clock: ClockChoice::Minutes(10),
            same_draws: true,
        };
        let settings = Settings {
            master_volume: 30,
            colour_marks: ColourMarks::Symbols,
            show_destinations: false,
            animation: Pace::Fast,
            ..Settings::default()
        };
        let carreno = CarrenoSetup {
            opponent: CarrenoOpponent::Computer(carreno_ai::Level::Hard),
            side: SideChoice::S,
        };
        save(&path, &Preferences::of(&settings, &setup, &carreno)).unwrap();
        let Loaded::Read(prefs) = load(&path) else {
            panic!("the file reads back")
        };
        assert_eq!(prefs.apply(), (settings, setup));
        assert_eq!(prefs.carreno.setup(), carreno);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unreadable_file_is_kept_aside_not_overwritten() {
        let dir = scratch("corrupt");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE);
        std::fs::write(&path, "(settings: (master_volume: 7").unwrap();
        let Loaded::Unreadable(notice) = load(&path) else {
            panic!("a broken file is unreadable")
        };
        assert!(notice.contains("kept as"), "{notice}");
        assert!(!path.exists());
        let aside = std::fs::read_to_string(dir.join(format!("{FILE}.unreadable"))).unwrap();
        assert_eq!(aside, "(settings: (master_volume: 7", "the bad file is kept as it was");
        save(&path, &Preferences::default()).unwrap();
        assert!(
            dir.join(format!("{FILE}.unreadable")).exists(),
            "saving afresh leaves it alone"
        );
        assert_eq!(load(&path), Loaded::Read(Preferences::default()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn unknown_values_fall_back_to_defaults() {
        let prefs: Preferences =
            ron::from_str("(setup: (board: 6, opponent: \"robot\", level: \"grandmaster\", role: \"both\", clock_minutes: 7), settings: (master_volume: 250))")
                .unwrap();
        let (settings, setup) = prefs.apply();
        assert_eq!(setup.size, Size::Seven);
        assert_eq!(setup.opponent, Opponent::Computer(Level::Medium));
        assert_eq!(setup.role, RoleChoice::Order);
        assert_eq!(setup.clock, ClockChoice::Off);
        assert_eq!(settings.master_volume, 100);
        let carreno: CarrenoPrefs =
            ron::from_str("(opponent: \"ghost\", level: \"grandmaster\", side: \"x\")").unwrap();
        assert_eq!(carreno.setup(), CarrenoSetup::default());
    }
}
