//! The match being played, saved after every move and resumed after any
//! exit. `match.ron` in the data folder holds the setup, the rules crate's
//! record of both rounds (every move and each round's bag seed, from which
//! the bag's state follows) and the clocks; it is written atomically
//! ([`crate::app::storage`]), so killing the game at any moment loses at most the
//! move in flight, and once more as the game exits (a closed window, Ctrl+C,
//! SIGTERM) with the clocks as they are. A decided match is cleared only
//! once the history holds it ([`crate::solomon::history`]). A save that cannot be read
//! (corrupt, truncated, from an incompatible version, or with a clock beyond
//! its setting) is kept aside and reported on the title screen, and a new
//! match can start. A save that fails is shown to the player once
//! ([`SaveProblem`]).

use std::time::Duration;

use bevy::prelude::*;
use entropy_rules::MatchRecord;
use serde::{Deserialize, Serialize};

use crate::app::AppSet;
use crate::app::save_slot::{SaveSlot, read_versioned};
use crate::app::storage::{Loaded, SaveProblem};
use crate::history::History;
use crate::solomon::game::{Applied, CurrentMatch, Solomon, SolomonCommand, Undone};
use crate::solomon::match_clock::MatchClock;
use crate::solomon::match_setup::{ClockChoice, MatchSetup};
use crate::solomon::screen::NextScreen;
use crate::solomon::screen::SolomonScreen;
use crate::solomon::setup_prefs::SetupPrefs;

pub(crate) fn plugin(app: &mut App) {
    let folder = app
        .world()
        .get_resource::<crate::app::Folders>()
        .and_then(|f| f.data.clone());
    let slot = SaveSlot::new(folder, FILE);
    let (data, notice) = match slot.path().map(|path| load(&path)) {
        Some(Loaded::Read(data)) => (Some(data), None),
        Some(Loaded::Unreadable(notice)) => {
            warn!("{notice}");
            (None, Some(notice))
        }
        Some(Loaded::Missing) | None => (None, None),
    };
    let saved = SavedMatch { data, notice, slot };
    if let (Some(notice), Some(mut prefs)) = (
        saved.notice.clone(),
        app.world_mut().get_resource_mut::<crate::app::prefs::PrefsFile>(),
    ) {
        prefs.notices.push(notice);
    }
    app.insert_resource(saved)
        .init_resource::<SaveProblem>()
        .add_systems(
            Update,
            resume
                .in_set(AppSet::Turn)
                .before(crate::solomon::game::handle_commands),
        )
        .add_systems(Update, save_after_moves.after(AppSet::Turn).before(AppSet::Sync))
        .add_systems(Last, save_on_exit);
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

    /// Refuses a clock that has more time left than the match's setting
    /// gives (a save no game writes).
    fn check_clock(&self) -> Result<(), String> {
        let Some(ms) = self.clock_ms else { return Ok(()) };
        let most = self.setup.setup().clock.per_player().unwrap_or_else(|| {
            ClockChoice::ALL
                .iter()
                .filter_map(|c| c.per_player())
                .max()
                .unwrap_or_default()
        });
        match ms.iter().find(|&&left| Duration::from_millis(left) > most) {
            Some(left) => Err(format!(
                "its clock shows {left} ms left, more than the {} s the match allows",
                most.as_secs()
            )),
            None => Ok(()),
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
                tournament: setup.tournament,
                touched: None,
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
    /// Its file; held when the saved match could not be copied to the
    /// history as a new match replaced it: it stays saved, and the new
    /// match is not saved over it.
    pub slot: SaveSlot,
}

impl SavedMatch {
    /// Whether there is an unfinished match to continue.
    pub fn resumable(&self) -> bool {
        self.data
            .as_ref()
            .is_some_and(|d| d.restore().is_ok_and(|(g, _, _)| !g.game.is_over()))
    }

    /// Whether the save holds a decided match (one the history has yet to take).
    pub fn decided(&self) -> bool {
        self.data
            .as_ref()
            .is_some_and(|d| d.restore().is_ok_and(|(g, _, _)| g.game.is_over()))
    }

    /// Writes `data` as the save (or clears it with `None`); `Err` says why
    /// it could not, for the player. The save in memory follows `data`
    /// either way (Continue still works in this session), unless the save
    /// is held for a match the history could not take.
    pub fn store(&mut self, data: Option<SaveData>) -> Result<(), String> {
        let written = self.slot.write(data.as_ref());
        if !self.slot.held {
            self.data = data;
        }
        written
    }
}

/// Reads a save, refusing another version's, one whose moves do not
/// replay and one whose clock shows more time than its setting gives.
pub fn load(path: &std::path::Path) -> Loaded<SaveData> {
    read_versioned(path, "match", VERSION, |data: &SaveData| {
        data.record
            .replay()
            .map_err(|e| format!("its moves do not replay: {e}"))?;
        data.check_clock()
    })
}

/// Continue: the saved match exactly as it was left.
fn resume(
    mut commands: MessageReader<SolomonCommand>,
    mut saved: ResMut<SavedMatch>,
    mut setup: ResMut<MatchSetup>,
    mut next: NextScreen,
    mut cmd: Commands,
) {
    if !commands.read().any(|c| *c == SolomonCommand::Continue) {
        return;
    }
    let Some(Ok((game, saved_setup, clock))) = saved.data.as_ref().map(SaveData::restore) else {
        return;
    };
    // The held match is the one played again: it is saved as it goes on.
    saved.slot.held = false;
    *setup = saved_setup;
    cmd.insert_resource(game);
    match clock {
        Some(clock) => cmd.insert_resource(clock),
        None => cmd.remove_resource::<MatchClock>(),
    }
    next.set(SolomonScreen::Playing);
}

/// What saving the match reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
struct Saving<'w> {
    game: Option<Res<'w, CurrentMatch>>,
    setup: Res<'w, MatchSetup>,
    clock: Option<Res<'w, MatchClock>>,
    saved: ResMut<'w, SavedMatch>,
    history: ResMut<'w, History>,
    problem: ResMut<'w, SaveProblem>,
    tutorial: Option<Res<'w, crate::solomon::tutorial::Tutorial>>,
    screen: Option<Res<'w, State<SolomonScreen>>>,
}

/// The match played, if there is one to save: not the tutorial's (it is not a
/// match to come back to), nor a match from the history being replayed, nor
/// one played on a server (the server keeps it; its history comes from there).
fn live<'a>(
    game: &'a Option<Res<CurrentMatch>>,
    tutorial: &Option<Res<crate::solomon::tutorial::Tutorial>>,
    screen: &Option<Res<State<SolomonScreen>>>,
) -> Option<&'a CurrentMatch> {
    let replaying = screen
        .as_ref()
        .is_some_and(|s| matches!(s.get(), SolomonScreen::History | SolomonScreen::Replay));
    game.as_deref()
        .filter(|g| tutorial.is_none() && !replaying && !g.online())
}

impl Saving<'_> {
    /// Saves the match as it stands. A decided match goes to the history
    /// first and its save is cleared only once the history holds it; if the
    /// history cannot take it, the save keeps it (the next launch tries again).
    fn save(&mut self) {
        let Some(game) = live(&self.game, &self.tutorial, &self.screen) else {
            return;
        };
        let data = SaveData::of(game, &self.setup, self.clock.as_deref());
        let result = if game.game.is_over() {
            match crate::solomon::match_file::keep_decided(&mut self.history, game, &self.setup) {
                Ok(()) => self.saved.store(None),
                Err(problem) => {
                    let stored = self.saved.store(Some(data));
                    let kept = match stored {
                        Ok(()) => " It stays saved, and goes to the history at the next launch.",
                        Err(_) => "",
                    };
                    self.problem.report("history", format!("{problem}{kept}"));
                    stored
                }
            }
        } else {
            self.saved.store(Some(data))
        };
        match result {
            Ok(()) => self.problem.resolve("match"),
            Err(problem) => self.problem.report("match", problem),
        }
    }
}

/// After every move, move taken back, new round or decided match, the save
/// follows the match; a decided match goes to the history, then its save is
/// cleared.
fn save_after_moves(
    (mut applied, mut undone, mut commands): (
        MessageReader<Applied<Solomon>>,
        MessageReader<Undone<Solomon>>,
        MessageReader<SolomonCommand>,
    ),
    mut saving: Saving,
    (mut since, time): (Local<Duration>, Res<Time<Real>>),
) {
    let moved = applied.read().count() + undone.read().count() > 0;
    let flow = commands.read().any(|c| {
        matches!(
            c,
            SolomonCommand::NextRound | SolomonCommand::StartMatch | SolomonCommand::Rematch
        )
    });
    if live(&saving.game, &saving.tutorial, &saving.screen).is_none() {
        return;
    }
    // A running clock is saved every few seconds as well.
    *since += time.delta();
    let clock_due = saving.clock.as_ref().is_some_and(|c| c.running) && *since >= Duration::from_secs(5);
    let changed = saving.game.as_ref().is_some_and(|g| g.is_changed());
    if !(moved || flow || clock_due || changed) {
        return;
    }
    *since = Duration::ZERO;
    saving.save();
}

/// The game is closing (the window, Ctrl+C, SIGTERM): the match is saved as
/// it stands, its clocks to the moment.
fn save_on_exit(mut exit: MessageReader<AppExit>, mut saving: Saving) {
    if exit.read().count() > 0 {
        saving.save();
    }
}
