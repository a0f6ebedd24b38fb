//! Solomon's two-round match played online, on the table's turn pipeline
//! like any other: the match on screen is the rules' [`Match`] with bags
//! told their draws ([`Bag::told`]), the player at this screen sits at a
//! person's seat and the opponent at a remote one ([`Seat::Remote`]).
//!
//! - **The server's moves come in as intents.** The game followed
//!   ([`crate::online::games`]) is a list of steps; each frame with the
//!   board still, the next step not yet played becomes an `Intent` (a
//!   draw is told to the bag first), so the opponent's counters land and
//!   slide as a computer's do.
//! - **The player's moves go out.** A move of the person's, applied on the
//!   table at once, is sent to the server with the version it was made at;
//!   when the server's event of it comes, it is already played. A move the
//!   server refused, a takeback, or anything else that parts the two, and
//!   the match is built again from the server's steps.
//! - **The server keeps the clocks** and the result: the clocks shown are
//!   the server's, running down between its events; a flag, a resignation
//!   or a game lost on time comes from the server and is played on the
//!   match as the rules' own change.

use bevy::prelude::*;
use entropy_client::{BoardStep, GameView, player_at};
use entropy_protocol::{ClientMessage, Format, GameId, Speed};
use entropy_rules::{Action, Bag, Event, Match, Player, Size, TimeControl};

use crate::app::AppSet;
use crate::online::games::{OnlineGames, OpenOnlineGame};
use crate::online::net::{Net, NetCommand};
use crate::online::session::Session;
use crate::online::table::{OnTable, ResultChoice, on_result};
use crate::solomon::game::{Applied, Change, CurrentMatch, Intent, MatchChange, Solomon, SolomonCommand};
use crate::solomon::match_clock::MatchClock;
use crate::solomon::match_setup::Seat;
use crate::solomon::screen::{InMatch, NextScreen, SolomonScreen};
use crate::solomon::world::pieces::RebuildBoard;
use crate::ui::animation::motion_blocks_input;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            open,
            follow_server.run_if(resource_exists::<OnlineMatch>.and_then(not(motion_blocks_input))),
        )
            .chain()
            .in_set(AppSet::Input),
    )
    .add_systems(
        Update,
        (send_own_moves, set_clocks)
            .run_if(resource_exists::<OnlineMatch>)
            .after(AppSet::Turn)
            .before(AppSet::Sync),
    )
    .add_systems(
        Update,
        commands
            .run_if(resource_exists::<OnlineMatch>)
            .in_set(AppSet::Turn)
            .before(crate::solomon::game::handle_commands),
    )
    .add_systems(OnExit(InMatch), |mut commands: Commands| {
        commands.remove_resource::<OnlineMatch>();
        commands.remove_resource::<OnTable>();
    });
}

/// The match on screen is a game on a server (who plays it, their names
/// and what the player at this screen may do in it: [`OnTable`]).
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct OnlineMatch {
    /// The server's game.
    pub game: GameId,
    /// The player at this screen; `None` when they watch.
    pub me: Option<Player>,
    /// How many of the server's steps the match has played.
    played: usize,
    /// A move of the person's sent, whose event has not come yet.
    sent: Option<Action>,
    /// The step sent to the table as an intent this frame (not the person's).
    fed: Option<Action>,
    /// The end the server told is played on the match.
    ended: bool,
    /// The server's refusals in this game dealt with ([`Followed::refusals`](crate::online::games::Followed::refusals)).
    refusals_seen: u32,
}

/// The match the steps of `view` make, `me` at the person's seat (none: a
/// spectator), with how many steps it played; `None` before the game has
/// started or if the steps do not play (the view has checked them, so they do).
pub fn build(view: &GameView, me: Option<Player>) -> Option<(CurrentMatch, usize)> {
    let start = view.start()?;
    let size = Size::try_from(start.options.size).ok()?;
    let first = if start.first_order == 0 {
        Player::One
    } else {
        Player::Two
    };
    let mut game = Match::with_bags(first, Bag::told(size), Bag::told(size));
    if let Speed::Live { seconds } = start.options.speed {
        game.set_time_control(TimeControl::from_secs(seconds));
    }
    let steps = view.steps();
    for step in &steps {
        play(&mut game, *step).ok()?;
    }
    for player in Player::BOTH {
        if view.flag_fell(player.index() as u8) {
            let _ = game.flag(player);
        }
    }
    let mut seats = [Seat::Remote; 2];
    if let Some(me) = me {
        seats[me.index()] = Seat::Person;
    }
    let table = CurrentMatch {
        game,
        seats,
        tournament: false,
        touched: None,
    };
    Some((table, steps.len()))
}

/// Plays one of the server's steps on `game` directly.
fn play(game: &mut Match, step: BoardStep) -> Result<(), String> {
    match step {
        BoardStep::Drew { colour, .. } => {
            game.tell(colour)?;
            game.apply(Action::Draw).map(|_| ()).map_err(|e| e.to_string())
        }
        BoardStep::Moved { action, .. } => game.apply(action).map(|_| ()).map_err(|e| e.to_string()),
        BoardStep::RoundOver => game.start_second_round().map_err(|e| e.to_string()),
    }
}

/// A game of two rounds on one board shown, its player's or watched: its
/// match built from the server's steps, its clock, the board.
fn open(
    mut asked: MessageReader<OpenOnlineGame>,
    games: Res<OnlineGames>,
    session: Res<Session>,
    mut next: NextScreen,
    mut commands: Commands,
) {
    for OpenOnlineGame { game, format } in asked.read() {
        if *format != Format::Match {
            continue;
        }
        let Some(followed) = games.get(game) else {
            continue;
        };
        let view = &followed.view;
        let (Some(start), Some(on_table)) = (view.start(), OnTable::new(view, session.name())) else {
            continue;
        };
        let me = on_table.me.map(player_at);
        let Some((table, played)) = build(view, me) else {
            warn!("game {game}: its steps do not play");
            continue;
        };
        let online = OnlineMatch {
            game: game.clone(),
            me,
            played,
            sent: None,
            fed: None,
            ended: false,
            refusals_seen: followed.refusals.0,
        };
        // The server's readings replace these from the next frame on.
        match start.options.speed {
            Speed::Live { seconds } => {
                commands.insert_resource(MatchClock::new(std::time::Duration::from_secs(u64::from(seconds))))
            }
            Speed::Correspondence { .. } => commands.remove_resource::<MatchClock>(),
        }
        commands.insert_resource(table);
        commands.insert_resource(online);
        commands.insert_resource(on_table);
        next.set(if view.is_over() {
            SolomonScreen::MatchOver
        } else {
            SolomonScreen::Playing
        });
        return;
    }
}

/// What the server's game says that the match on screen has not played:
/// the next step (one a frame, the board still), a flag fallen, the end.
#[allow(clippy::too_many_arguments)]
fn follow_server(
    mut online: ResMut<OnlineMatch>,
    games: Res<OnlineGames>,
    table: Option<ResMut<CurrentMatch>>,
    screen: Option<Res<State<SolomonScreen>>>,
    mut intents: MessageWriter<Intent<Solomon>>,
    mut changes: MessageWriter<Change<Solomon>>,
    mut commands: MessageWriter<SolomonCommand>,
    mut rebuild: MessageWriter<RebuildBoard>,
    mut next: NextScreen,
) {
    let (Some(followed), Some(mut table), Some(screen)) = (games.get(&online.game), table, screen) else {
        return;
    };
    let view = &followed.view;
    for player in Player::BOTH {
        if view.flag_fell(player.index() as u8) && !table.game.is_flagged(player) && !table.game.is_over() {
            changes.write(Change::Game(MatchChange::Flag(player)));
        }
    }
    let steps = view.steps();
    let step = steps.get(online.played).copied();
    let parted = match (step, online.sent) {
        // Steps taken back on the server.
        _ if online.played > steps.len() => true,
        (Some(BoardStep::Moved { action, player, .. }), Some(sent)) => {
            action != sent || Some(player_at(player)) != online.me
        }
        // The person's move was answered by something else (refused).
        (_, Some(_)) => followed.refusals.0 != online.refusals_seen,
        _ => false,
    };
    if parted {
        if let Some((again, played)) = build(view, online.me) {
            *table = again;
            online.played = played;
            online.sent = None;
            online.refusals_seen = followed.refusals.0;
            rebuild.write(RebuildBoard);
            if *screen.get() != SolomonScreen::Playing && !table.game.is_over() {
                next.set(SolomonScreen::Playing);
            }
        }
        return;
    }
    match step {
        Some(BoardStep::Drew { colour, .. }) if *screen.get() == SolomonScreen::Playing => {
            changes.write(Change::Game(MatchChange::Tell(colour)));
            intents.write(Intent(Action::Draw));
            online.fed = Some(Action::Draw);
            online.played += 1;
        }
        Some(BoardStep::Moved { action, .. }) => {
            if online.sent == Some(action) {
                online.sent = None;
            } else if *screen.get() == SolomonScreen::Playing {
                intents.write(Intent(action));
                online.fed = Some(action);
            } else {
                return;
            }
            online.played += 1;
        }
        // After the count of round 1, round 2 begins at once: the
        // server's clocks run.
        Some(BoardStep::RoundOver) if *screen.get() == SolomonScreen::RoundOver => {
            commands.write(SolomonCommand::NextRound);
            online.played += 1;
        }
        _ => {}
    }
    if step.is_none()
        && !online.ended
        && let Some(end) = view.end()
    {
        online.ended = true;
        if let Some(forfeit) = crate::online::table::forfeit_of(&end.termination) {
            changes.write(Change::Game(MatchChange::Forfeit(forfeit)));
        } else if end.result == "*" {
            // Aborted: it counts for nobody, and there is no result to show.
            commands.write(SolomonCommand::ToLobby);
        }
    }
}

/// The person's moves, applied on the table, go to the server with the
/// version of the game they were made at.
fn send_own_moves(
    mut applied: MessageReader<Applied<Solomon>>,
    mut online: ResMut<OnlineMatch>,
    games: Res<OnlineGames>,
    net: Res<Net>,
) {
    let fed = online.fed.take();
    for Applied(event) in applied.read() {
        let action = match *event {
            Event::Drew(_) => continue,
            Event::Placed(placement) => Action::Place(placement.cell),
            Event::Slid(slide) => Action::Slide(slide),
            Event::Passed => Action::Pass,
        };
        if fed == Some(action) {
            continue;
        }
        let Some(followed) = games.get(&online.game) else {
            continue;
        };
        let Some(text) = followed.view.move_text(0, action) else {
            continue;
        };
        online.sent = Some(action);
        net.send(NetCommand::Send(ClientMessage::Play {
            game: online.game.clone(),
            version: followed.view.version(),
            action: text,
        }));
    }
}

/// The clocks shown are the server's, running down between its events.
fn set_clocks(
    online: Res<OnlineMatch>,
    games: Res<OnlineGames>,
    time: Res<Time<Real>>,
    clock: Option<ResMut<MatchClock>>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
) {
    let (Some(mut clock), Some(followed)) = (clock, games.get(&online.game)) else {
        return;
    };
    let Some((left, running)) = followed.clocks_now(time.elapsed()) else {
        return;
    };
    let running = running.is_some();
    if clock.left != left || clock.running != running {
        clock.left = left;
        clock.running = running;
    }
    if running {
        redraw.after(std::time::Duration::from_millis(250));
    }
}

/// The result's choices, as the server has them: Rematch, Lobby, Title
/// ([`crate::online::table::on_result`]).
fn commands(
    mut asked: MessageReader<SolomonCommand>,
    table: Option<Res<OnTable>>,
    games: Res<OnlineGames>,
    net: Res<Net>,
    mut lobby: crate::online::NextScreen,
) {
    let Some(table) = table else {
        asked.clear();
        return;
    };
    for command in asked.read() {
        let choice = match command {
            SolomonCommand::Rematch => ResultChoice::Rematch,
            SolomonCommand::ToLobby => ResultChoice::Lobby,
            SolomonCommand::ToTitle => ResultChoice::Title,
            _ => continue,
        };
        on_result(choice, &table, &games, &net, &mut lobby);
    }
}
