//! The tournament clock: each player has a time for the whole match. The
//! clock of the player who must decide runs; it stops while counters move,
//! while a dialog is open and while the window is in the background. Each
//! move is recorded with its player's time left. A player whose time runs
//! out does not lose: their flag falls, and the rules play their part from
//! then on (the Mind Sports Olympiad's rules: Order passes, Chaos's
//! counters fill the board from the top-left), each move shown like any.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use entropy_rules::Player;

use crate::app::AppSet;
use crate::app::redraw::Redraw;
use crate::solomon::computer::Thinking;
use crate::solomon::game::{Change, CurrentMatch, MatchChange, Solomon, SolomonCommand};
use crate::solomon::match_clock::MatchClock;
use crate::solomon::match_setup::MatchSetup;
use crate::solomon::screen::SolomonScreen;
use crate::ui::animation::blocks_input;
use crate::ui::overlays::Overlays;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        set_clock
            .in_set(AppSet::Turn)
            .after(crate::solomon::game::handle_commands),
    )
    .add_systems(
        Update,
        run_clock
            .run_if(
                in_state(SolomonScreen::Playing)
                    .and_then(resource_exists::<MatchClock>)
                    .and_then(resource_exists::<CurrentMatch>),
            )
            .after(AppSet::Turn)
            .before(AppSet::Sync),
    );
}

/// A new match gets the setup's clock (or none); a resumed one keeps its
/// own; a match replayed has none (its moves keep their clocks). A match
/// left takes its clock with it ([`crate::solomon::leave`]). A rematch on
/// a server is the server's, with the server's clocks
/// ([`crate::solomon::online`]).
fn set_clock(
    mut commands: MessageReader<SolomonCommand>,
    setup: Res<MatchSetup>,
    game: Option<Res<CurrentMatch>>,
    mut cmd: Commands,
) {
    let online = game.is_some_and(|g| g.online());
    for command in commands.read() {
        match command {
            SolomonCommand::Rematch if online => {}
            SolomonCommand::StartMatch | SolomonCommand::Rematch => match setup.clock.per_player() {
                Some(time) => cmd.insert_resource(MatchClock::new(time)),
                None => cmd.remove_resource::<MatchClock>(),
            },
            SolomonCommand::Review | SolomonCommand::StartTutorial => cmd.remove_resource::<MatchClock>(),
            _ => {}
        }
    }
}

fn run_clock(
    time: Res<Time<Real>>,
    mut clock: ResMut<MatchClock>,
    game: Res<CurrentMatch>,
    (overlays, windows, tweens): (
        Res<Overlays>,
        Query<&Window, With<PrimaryWindow>>,
        Query<&crate::ui::animation::Tween>,
    ),
    thinking: Res<Thinking>,
    mut changes: MessageWriter<Change<Solomon>>,
    (mut charged, mut redraw): (Local<u64>, ResMut<Redraw>),
) {
    // Online the server keeps the clocks ([`crate::solomon::online`]).
    if game.online() {
        return;
    }
    let focused = windows.iter().all(|w| w.focused);
    let moving = blocks_input(&tweens);
    // A computer is charged the time each search took, once its answer is
    // in (not the pause before its move is shown).
    let (search, seat, took) = thinking.searched;
    if clock.is_added() {
        // Searches before this clock was set are none of its business.
        *charged = search;
    }
    if search != *charged {
        *charged = search;
        let player = if seat == 0 { Player::One } else { Player::Two };
        let left = &mut clock.left[seat];
        *left = left.saturating_sub(took);
        if left.is_zero() {
            changes.write(Change::Game(MatchChange::Flag(player)));
        }
    }
    let deciding = game
        .deciding()
        .filter(|(_, _, seat)| seat.is_person())
        .map(|(player, _, _)| player);
    let running = deciding.is_some() && overlays.is_empty() && focused && !moving;
    if clock.running != running {
        clock.running = running;
    }
    let (Some(player), true) = (deciding, running) else {
        return;
    };
    let left = &mut clock.left[player.index()];
    *left = left.saturating_sub(time.delta());
    if left.is_zero() {
        changes.write(Change::Game(MatchChange::Flag(player)));
    } else {
        redraw.after(until_next_second(*left));
    }
}

/// How long until a running clock showing `left` (in whole seconds,
/// rounded up) shows another second: its next frame.
fn until_next_second(left: Duration) -> Duration {
    match left.subsec_nanos() {
        0 => Duration::from_secs(1),
        nanos => Duration::from_nanos(u64::from(nanos)),
    }
}
