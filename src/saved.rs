//! The match being played, saved after every move and resumed after any
//! exit. `match.ron` in the data folder holds the setup, the rules crate's
//! record of both rounds (every move and each round's bag seed, from which
//! the bag's state follows) and the clocks; it is written atomically
//! ([`crate::storage`]), so killing the game at any moment loses at most the
//! move in flight. A finished match clears it. A save that cannot be read
//! (corrupt, truncated, or from an incompatible version) is kept aside and
//! reported on the title screen, and a new match can start.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use entropy_rules::MatchRecord;
use serde::{Deserialize, Serialize};

use crate::AppSet;
use crate::clock::MatchClock;
use crate::game::{Applied, Command, CurrentMatch, Undone};
use crate::match_setup::MatchSetup;
use crate::prefs::SetupPrefs;
use crate::screens::Screen;
use crate::storage::{self, Loaded};

pub(super) fn plugin(app: &mut App) {
    let folder = app
        .world()
        .get_resource::<crate::Folders>()
        .and_then(|f| f.data.clone());
    let saved = match folder.as_ref().map(|f| load(&f.join(FILE))) {
        Some(Loaded::Read(data)) => SavedMatch {
            data: Some(data),
            notice: None,
            folder,
        },
        Some(Loaded::Unreadable(notice)) => {
            warn!("{notice}");
            SavedMatch {
                data: None,
                notice: Some(notice),
                folder,
            }
        }
        Some(Loaded::Missing) | None => SavedMatch {
            data: None,
            notice: None,
            folder,
        },
    };
    app.insert_resource(saved)
        .add_systems(Update, resume.in_set(AppSet::Turn).before(crate::game::handle_commands))
        // A replay's match is the history's, never the one to continue.
        .add_systems(
            Update,
            save_after_moves
                .run_if(not(in_state(Screen::Replay)))
                .after(AppSet::Turn)
                .before(AppSet::Sync),
        );
}

/// The version of the save format this game writes and reads.
pub const VERSION: u32 = 1;

const FILE: &str = "match.ron";

/// What `match.ron` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveData {
    /// The save format's version.
    pub version: u32,
    /// The setup the match was started with.
    pub setup: SetupPrefs,
    /// The match so far.
    pub record: MatchRecord,
    /// Each player's time left on the clock, in milliseconds, if there is a clock.
    #[serde(default)]
    pub clock_ms: Option<[u64; 2]>,
}

impl SaveData {
    /// The save of `game` with `setup` and `clock`.
    pub fn of(game: &CurrentMatch, setup: &MatchSetup, clock: Option<&MatchClock>) -> SaveData {
        SaveData {
            version: VERSION,
            setup: SetupPrefs::from_setup(setup),
            record: game.game.record(),
            clock_ms: clock.map(|c| c.left.map(|d| d.as_millis() as u64)),
        }
    }

    /// The match again, the setup it was played with, and its clock.
    pub fn restore(&self) -> Result<(CurrentMatch, MatchSetup, Option<MatchClock>), String> {
        let game = self.record.replay().map_err(|e| e.to_string())?;
        let setup = self.setup.setup();
        let clock = self
            .clock_ms
            .map(|ms| MatchClock::with_left(ms.map(Duration::from_millis)));
        Ok((
            CurrentMatch {
                game,
                seats: setup.seats(),
            },
            setup,
            clock,
        ))
    }
}

/// The saved match found at launch (or written since), and what went wrong reading it.
#[derive(Resource, Debug, Clone)]
pub struct SavedMatch {
    /// The saved match.
    pub data: Option<SaveData>,
    /// A message for the player when the save could not be read.
    pub notice: Option<String>,
    folder: Option<PathBuf>,
}

impl SavedMatch {
    /// Whether there is an unfinished match to continue.
    pub fn resumable(&self) -> bool {
        self.data
            .as_ref()
            .is_some_and(|d| d.restore().is_ok_and(|(g, _, _)| !g.game.is_over()))
    }

    fn path(&self) -> Option<PathBuf> {
        self.folder.as_ref().map(|f| f.join(FILE))
    }

    /// Writes `data` as the save (or clears it with `None`).
    pub fn store(&mut self, data: Option<SaveData>) {
        let Some(path) = self.path() else {
            self.data = data;
            return;
        };
        let result = match &data {
            Some(data) => ron::ser::to_string(data)
                .map_err(std::io::Error::other)
                .and_then(|text| storage::write_atomically(&path, text.as_bytes())),
            None => match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            },
        };
        if let Err(e) = result {
            warn!("could not save the match in {}: {e}", path.display());
        }
        self.data = data;
    }
}

/// Reads a save, refusing another version's.
pub fn load(path: &std::path::Path) -> Loaded<SaveData> {
    storage::read_or_keep_aside(path, "saved match", |text| {
        #[derive(Deserialize)]
        struct Version {
            version: u32,
        }
        let version = ron::from_str::<Version>(text).map_err(|e| e.to_string())?;
        if version.version != VERSION {
            return Err(format!(
                "it was saved by another version of the game (format {}, this game reads {VERSION})",
                version.version
            ));
        }
        let data = ron::from_str::<SaveData>(text).map_err(|e| e.to_string())?;
        data.record
            .replay()
            .map_err(|e| format!("its moves do not replay: {e}"))?;
        Ok(data)
    })
}

/// Continue: the saved match exactly as it was left.
fn resume(
    mut commands: MessageReader<Command>,
    saved: Res<SavedMatch>,
    mut setup: ResMut<MatchSetup>,
    mut next: ResMut<NextState<Screen>>,
    mut cmd: Commands,
) {
    if !commands.read().any(|c| *c == Command::Continue) {
        return;
    }
    let Some(Ok((game, saved_setup, clock))) = saved.data.as_ref().map(SaveData::restore) else {
        return;
    };
    *setup = saved_setup;
    cmd.insert_resource(game);
    match clock {
        Some(clock) => cmd.insert_resource(clock),
        None => cmd.remove_resource::<MatchClock>(),
    }
    next.set(Screen::Playing);
}

/// After every move, move taken back, new round or decided match, the save
/// follows the match; a finished match clears it.
fn save_after_moves(
    (mut applied, mut undone, mut commands): (MessageReader<Applied>, MessageReader<Undone>, MessageReader<Command>),
    game: Option<Res<CurrentMatch>>,
    setup: Res<MatchSetup>,
    clock: Option<Res<MatchClock>>,
    mut saved: ResMut<SavedMatch>,
    (mut since, time): (Local<Duration>, Res<Time<Real>>),
    tutorial: Option<Res<crate::tutorial::Tutorial>>,
) {
    let moved = applied.read().count() + undone.read().count() > 0;
    let flow = commands
        .read()
        .any(|c| matches!(c, Command::NextRound | Command::StartMatch | Command::Rematch));
    // The tutorial is not a match to come back to.
    let (Some(game), None) = (game, tutorial) else { return };
    // A running clock is saved every few seconds as well.
    *since += time.delta();
    let clock_due = clock.as_ref().is_some_and(|c| c.running) && *since >= Duration::from_secs(5);
    if !(moved || flow || clock_due || game.is_changed()) {
        return;
    }
    *since = Duration::ZERO;
    if game.game.is_over() {
        saved.store(None);
    } else {
        saved.store(Some(SaveData::of(&game, &setup, clock.as_deref())));
    }
}
