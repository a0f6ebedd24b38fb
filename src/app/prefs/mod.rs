//! The player's settings ([`settings`]) and last match setup ([`setup`];
//! Carreno's in [`carreno`]), remembered between launches in
//! `preferences.ron` in the preferences folder ([`crate::app::storage`]):
//! written atomically whenever they change, and kept aside and reported
//! when unreadable; a save that fails is shown to the player once
//! ([`SaveProblem`]). Unknown or missing values fall back to the defaults, so
//! a file from an older or newer version still reads.

use std::path::PathBuf;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::storage;
use crate::app::storage::{Loaded, SaveProblem};
use crate::carreno::CarrenoSetup;
use crate::solomon::match_setup::MatchSetup;
use crate::ui::animation::AnimationSpeed;

pub mod carreno;
pub mod settings;
pub mod setup;

pub use carreno::CarrenoPrefs;
pub use settings::{ColourMarks, Pace, Settings};
pub use setup::SetupPrefs;

pub(crate) fn plugin(app: &mut App) {
    let folder = app
        .world()
        .get_resource::<crate::app::Folders>()
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
        .init_resource::<SaveProblem>()
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
    storage::read_or_keep_aside(path, "preferences", |text| {
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
    mut problem: ResMut<SaveProblem>,
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
        let path = folder.join(FILE);
        match save(&path, &prefs) {
            Ok(()) => {
                *last = Some(prefs);
                problem.resolve("preferences");
            }
            Err(e) => problem.report(
                "preferences",
                format!("The preferences cannot be saved: {}.", storage::explain(&path, &e)),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use entropy_ai::Level;
    use entropy_rules::Size;

    use super::*;
    use crate::carreno::{CarrenoOpponent, SideChoice};
    use crate::solomon::match_setup::{ClockChoice, Opponent, RoleChoice};

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
