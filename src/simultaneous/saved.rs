//! The simultaneous match being played, saved after every move and
//! resumed after any exit: `simultaneous.ron` in the data folder holds the
//! setup, the players' names and the rules crate's record (every move, and
//! the one bag's seed from which the draws follow), written atomically
//! ([`crate::app::storage`]) after each action and as the game exits.
//! Leaving a match keeps it saved: the setup screen offers to continue it.
//!
//! A decided match goes to the history ([`crate::history`]) the moment
//! it is decided, before its save is cleared, and once only; a new match
//! over an unfinished one keeps the old one in the history, as abandoned,
//! first. If the history cannot take a match, it stays saved (and the new
//! match is not saved over it) and the player is told. A save that cannot
//! be read is kept aside and reported on the title screen.

use bevy::prelude::*;
use entropy_ai::Level;
use entropy_rules::{AnyMatchFile, MatchTags, Player, PlayerTags, SimultaneousFile, SimultaneousRecord};
use serde::{Deserialize, Serialize};

use super::game::{Seat, SimCommand, SimMatch, Simultaneous};
use super::setup::{SimOpponent, SimSetup, SimSetupPrefs};
use super::{NextScreen, SimScreen};
use crate::app::AppSet;
use crate::app::prefs::{PrefsFile, Remembered};
use crate::app::save_slot::{SaveSlot, read_versioned};
use crate::app::storage::{Loaded, SaveProblem};
use crate::history::History;
use crate::table::turn::{Applied, Undone};

pub(super) fn plugin(app: &mut App) {
    let folder = app
        .world()
        .get_resource::<crate::app::Folders>()
        .and_then(|f| f.data.clone());
    let mut saved = SavedSim {
        data: None,
        slot: SaveSlot::new(folder, FILE),
    };
    let mut notices = Vec::new();
    match saved.slot.path().map(|path| load(&path)) {
        Some(Loaded::Read(data)) => saved.data = Some(data),
        Some(Loaded::Unreadable(notice)) => {
            warn!("{notice}");
            notices.push(notice);
        }
        Some(Loaded::Missing) | None => {}
    }
    // A decided match still saved (the game ended between keeping it and
    // clearing its save, or the history could not take it then): kept now.
    if let Some(game) = saved.data.as_ref().and_then(|d| d.restore().ok())
        && game.game.is_over()
        && let Some(mut history) = app.world_mut().get_resource_mut::<History>()
    {
        let cleared = keep(&mut history, &game)
            .map_err(|problem| format!("{problem} It stays saved until it can be."))
            .and_then(|()| saved.store(None));
        if let Err(problem) = cleared {
            warn!("{problem}");
            notices.push(problem);
        }
    }
    if let Some(mut prefs) = app.world_mut().get_resource_mut::<PrefsFile>() {
        prefs.notices.extend(notices);
    }
    app.insert_resource(saved)
        .init_resource::<SaveProblem>()
        .add_systems(
            Update,
            (keep_abandoned, resume)
                .in_set(AppSet::Turn)
                .before(super::game::handle_commands),
        )
        .add_systems(Update, save_after_moves.after(AppSet::Turn).before(AppSet::Sync))
        .add_systems(Last, save_on_exit);
}

/// The version of the save format this game writes and reads.
pub const VERSION: u32 = 1;

const FILE: &str = "simultaneous.ron";

/// What `simultaneous.ron` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimSave {
    /// The save format's version.
    pub version: u32,
    /// Who plays (the board size is the record's).
    pub setup: SimSetupPrefs,
    /// Each player's name.
    pub names: [String; 2],
    /// The match so far.
    pub record: SimultaneousRecord,
}

impl SimSave {
    /// The save of `game`.
    pub fn of(game: &SimMatch) -> SimSave {
        let opponent = match game.seats[1] {
            Seat::Computer(level) => SimOpponent::Computer(level),
            Seat::Person | Seat::Remote => SimOpponent::Person,
        };
        SimSave {
            version: VERSION,
            setup: SimSetup {
                opponent,
                size: game.game.size(),
            }
            .stored(),
            names: game.names.clone(),
            record: game.game.record(),
        }
    }

    /// The match again, as it was saved.
    pub fn restore(&self) -> Result<SimMatch, String> {
        let game = self
            .record
            .replay()
            .map_err(|e| format!("its moves do not replay: {e}"))?;
        let setup = SimSetup::from_stored(self.setup.clone());
        Ok(SimMatch {
            game,
            seats: setup.seats(),
            names: self.names.clone(),
        })
    }
}

/// The saved simultaneous match found at launch (or written since).
#[derive(Resource, Debug, Clone)]
pub struct SavedSim {
    /// The saved match.
    pub data: Option<SimSave>,
    /// Its file; held when the saved match could not be kept in the
    /// history as a new match replaced it: it stays saved, and the new
    /// match is not saved over it.
    pub slot: SaveSlot,
}

impl SavedSim {
    /// Whether there is an unfinished match to continue.
    pub fn resumable(&self) -> bool {
        self.data
            .as_ref()
            .and_then(|d| d.restore().ok())
            .is_some_and(|g| !g.game.is_over())
    }

    /// Writes `data` as the save (or clears it with `None`); `Err` says why
    /// it could not, for the player. The save in memory follows `data`
    /// either way, unless the save is held.
    pub fn store(&mut self, data: Option<SimSave>) -> Result<(), String> {
        let written = self.slot.write(data.as_ref());
        if !self.slot.held {
            self.data = data;
        }
        written
    }
}

/// Reads a save, refusing another version's and one whose moves do not replay.
pub fn load(path: &std::path::Path) -> Loaded<SimSave> {
    read_versioned(path, "simultaneous match", VERSION, |data: &SimSave| {
        data.restore().map(|_| ())
    })
}

/// The match file of `game`, tagged with its players and today's date.
pub fn file(game: &SimMatch) -> SimultaneousFile {
    let player = |p: Player| PlayerTags {
        name: game.names[p.index()].clone(),
        kind: match game.seats[p.index()] {
            Seat::Person => "person".to_string(),
            Seat::Remote => "online".to_string(),
            Seat::Computer(level) => format!("computer: {}", Level::name(level)),
        },
    };
    SimultaneousFile {
        tags: MatchTags {
            date: crate::history::date_now(),
            players: Player::BOTH.map(player),
            extra: Vec::new(),
        },
        record: game.game.record(),
    }
}

/// Keeps `game` in the history, once; `Err` says why it could not.
fn keep(history: &mut History, game: &SimMatch) -> Result<(), String> {
    history
        .keep_once(AnyMatchFile::Simultaneous(file(game)))
        .map_err(|reason| format!("The match cannot be kept in the history: {reason}."))
}

/// Continue: the saved match exactly as it was left.
fn resume(
    mut commands: MessageReader<SimCommand>,
    mut saved: ResMut<SavedSim>,
    mut next: NextScreen,
    mut cmd: Commands,
) {
    if !commands.read().any(|c| *c == SimCommand::Continue) {
        return;
    }
    let Some(Ok(game)) = saved.data.as_ref().map(SimSave::restore) else {
        return;
    };
    // The held match is the one played again: it is saved as it goes on.
    saved.slot.held = false;
    cmd.insert_resource(game);
    next.set(SimScreen::Playing);
}

/// A new match replaces an unfinished saved one: the old one is kept in
/// the history, as abandoned, and only then is its save cleared.
fn keep_abandoned(
    mut commands: MessageReader<SimCommand>,
    mut saved: ResMut<SavedSim>,
    mut history: ResMut<History>,
    mut problem: ResMut<SaveProblem>,
) {
    let starts = commands
        .read()
        .any(|c| matches!(c, SimCommand::Start | SimCommand::Rematch));
    if !starts || !saved.resumable() {
        return;
    }
    let Some(Ok(game)) = saved.data.as_ref().map(SimSave::restore) else {
        return;
    };
    match keep(&mut history, &game) {
        Ok(()) => {
            saved.slot.held = false;
            problem.resolve("history");
            if let Err(e) = saved.store(None) {
                problem.report("match", e);
            }
        }
        Err(reason) => {
            saved.slot.held = true;
            problem.report(
                "history",
                format!(
                    "{reason} The match you left stays saved: continue it from its setup. This new match is not saved."
                ),
            );
        }
    }
}

/// What saving reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
struct Saving<'w> {
    game: Option<Res<'w, SimMatch>>,
    screen: Option<Res<'w, State<SimScreen>>>,
    saved: ResMut<'w, SavedSim>,
    history: ResMut<'w, History>,
    problem: ResMut<'w, SaveProblem>,
}

impl Saving<'_> {
    /// Saves the match played (not one replayed from the history): a
    /// decided match goes to the history first, and its save is cleared
    /// only once the history holds it.
    fn save(&mut self) {
        let played = self
            .screen
            .as_ref()
            .is_some_and(|s| matches!(s.get(), SimScreen::Playing | SimScreen::Over));
        // A match on a server is the server's to keep.
        let Some(game) = self.game.as_deref().filter(|g| played && !g.online()) else {
            return;
        };
        let result = if game.game.is_over() {
            match keep(&mut self.history, game) {
                Ok(()) => self.saved.store(None),
                Err(problem) => {
                    let stored = self.saved.store(Some(SimSave::of(game)));
                    let kept = if stored.is_ok() {
                        " It stays saved, and goes to the history at the next launch."
                    } else {
                        ""
                    };
                    self.problem.report("history", format!("{problem}{kept}"));
                    stored
                }
            }
        } else {
            self.saved.store(Some(SimSave::of(game)))
        };
        match result {
            Ok(()) => self.problem.resolve("match"),
            Err(problem) => self.problem.report("match", problem),
        }
    }
}

/// After every action (the draw too) or action taken back, the save follows the match.
fn save_after_moves(
    mut applied: MessageReader<Applied<Simultaneous>>,
    mut undone: MessageReader<Undone<Simultaneous>>,
    mut saving: Saving,
) {
    if applied.read().count() + undone.read().count() > 0 {
        saving.save();
    }
}

/// The game is closing (the window, Ctrl+C, SIGTERM): the match is saved as it stands.
fn save_on_exit(mut exit: MessageReader<AppExit>, mut saving: Saving) {
    if exit.read().count() > 0 {
        saving.save();
    }
}
