//! Solomon's game leads the title: its two lines under the name, and its
//! entries on the menu: Continue (while a match is saved
//! to come back to, saying which), New match, Tutorial (first on the very
//! first launch), History, Record and How to play.

use bevy::prelude::*;

use crate::app::AppSet;
use crate::app::prefs::PrefsFile;
use crate::app::screen::Screen;
use crate::solomon::game::SolomonCommand;
use crate::solomon::match_setup::Opponent;
use crate::solomon::saved::SavedMatch;
use crate::ui::overlays::{Overlay, OverlayCommand};
use crate::ui::title::TitleMenu;

pub(crate) fn plugin(app: &mut App) {
    let command = |command: SolomonCommand| {
        move |mut commands: MessageWriter<SolomonCommand>| {
            commands.write(command);
        }
    };
    TitleMenu::add(
        app,
        CONTINUE,
        "Back to the match you left.",
        0,
        command(SolomonCommand::Continue),
    );
    TitleMenu::add(
        app,
        NEW_MATCH,
        "Solomon's Entropy: Order against Chaos, a round in each role.",
        20,
        command(SolomonCommand::OpenSetup),
    );
    TitleMenu::add(
        app,
        TUTORIAL,
        "A guided first round of Solomon's Entropy.",
        25,
        command(SolomonCommand::StartTutorial),
    );
    TitleMenu::add(
        app,
        "History",
        "The matches you played, to replay and review.",
        40,
        command(SolomonCommand::OpenHistory),
    );
    TitleMenu::add(
        app,
        "Record",
        "Your results against each opponent, and your strength against the computer.",
        45,
        command(SolomonCommand::OpenRecord),
    );
    TitleMenu::add(
        app,
        "How to play",
        "The rules of Solomon's Entropy, its scoring and controls.",
        60,
        |mut overlays: MessageWriter<OverlayCommand>| {
            overlays.write(OverlayCommand::Open(Overlay::Rules));
        },
    );
    let mut menu = app.world_mut().resource_mut::<TitleMenu>();
    menu.subtitle = "Order and Chaos  ·  Eric Solomon, 1977".into();
    menu.tagline = "Chaos draws and places the counters; Order slides them into palindromes.".into();
    app.add_systems(Update, first_game_played.in_set(AppSet::Turn))
        .add_systems(
            Update,
            follow_saved.run_if(in_state(Screen::Title)).before(AppSet::Input),
        );
}

/// The entry that resumes the saved match.
pub const CONTINUE: &str = "Continue";
/// The entry that opens the setup.
pub const NEW_MATCH: &str = "New match";
/// The entry that starts the tutorial.
pub const TUTORIAL: &str = "Tutorial";

/// Continue is shown while a match is saved to come back to, and says
/// which; on the very first launch the tutorial comes before New match.
fn follow_saved(saved: Option<Res<SavedMatch>>, prefs: Res<PrefsFile>, mut menu: ResMut<TitleMenu>) {
    let line = continue_line(saved.as_deref());
    if let Some(entry) = menu.entry_mut(CONTINUE)
        && (entry.shown != line.is_some() || line.as_ref().is_some_and(|l| *l != entry.line))
    {
        entry.shown = line.is_some();
        if let Some(line) = line {
            entry.line = line;
        }
    }
    let place = if prefs.first_launch { 10 } else { 25 };
    if let Some(entry) = menu.entry_mut(TUTORIAL)
        && entry.place != place
    {
        entry.place = place;
    }
}

/// What Continue says: which match it goes back to; `None` when no match
/// is saved to come back to.
pub fn continue_line(saved: Option<&SavedMatch>) -> Option<String> {
    let saved = saved.filter(|s| s.resumable())?;
    let (game, setup, _) = saved.data.as_ref()?.restore().ok()?;
    let against = match setup.opponent {
        Opponent::Computer(level) => format!("your match against {}", level.title()),
        Opponent::Person => "the match at this screen".to_string(),
        Opponent::Watch(a, b) => format!("watching {} and {}", a.title(), b.title()),
    };
    let round = game.game.round_index() + 1;
    let moves = game.round().turns().len();
    Some(format!("Back to {against}: round {round}, move {}.", moves + 1))
}

/// Once a match or the tutorial has begun, the title leads with New match.
fn first_game_played(mut commands: MessageReader<SolomonCommand>, mut prefs: ResMut<PrefsFile>) {
    let begun = commands.read().any(|c| {
        matches!(
            c,
            SolomonCommand::StartMatch | SolomonCommand::StartTutorial | SolomonCommand::Continue
        )
    });
    if begun && prefs.first_launch {
        prefs.first_launch = false;
    }
}
