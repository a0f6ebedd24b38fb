//! Solomon's two-round match played online, on the online floor's one
//! follower ([`crate::online::follower`]): the match on screen is the
//! rules' [`Match`] with bags told their draws ([`Bag::told`]), the player
//! at this screen at a person's seat and the opponent at a remote one
//! ([`Seat::Remote`]). What is this room's own is said here: the match the
//! server's steps make, a step as an intent (a draw told to the bag first,
//! round 2 begun once round 1's count has been shown), and the clocks
//! shown, which are the server's, running down between its events.

use bevy::prelude::*;
use entropy_client::{BoardStep, GameView};
use entropy_protocol::{Format, Speed};
use entropy_rules::{Action, Bag, Event, Forfeit, Match, Player, Size, TimeControl};

use crate::app::AppSet;
use crate::online::follower::{self, Feed, Follower, OnlineRoom};
use crate::online::games::OnlineGames;
use crate::online::table::ResultChoice;
use crate::solomon::game::{CurrentMatch, MatchChange, Solomon, SolomonCommand};
use crate::solomon::match_clock::MatchClock;
use crate::solomon::match_setup::Seat;
use crate::solomon::screen::{InMatch, SolomonScreen};
use crate::solomon::world::pieces::RebuildBoard;

pub(crate) fn plugin(app: &mut App) {
    follower::plugin::<Solomon>(app);
    app.add_systems(
        Update,
        set_clocks
            .run_if(resource_exists::<Follower<Solomon>>)
            .after(AppSet::Turn)
            .before(AppSet::Sync),
    )
    .add_systems(OnExit(InMatch), follower::leave::<Solomon>);
}

/// The match on screen when it is a server's game.
pub type OnlineMatch = Follower<Solomon>;

/// The match the steps of `view` make, `me` at the person's seat (none, a
/// spectator), with how many steps it played ([`OnlineRoom::build`]).
pub fn build(view: &GameView, me: Option<Player>) -> Option<(CurrentMatch, usize)> {
    <Solomon as OnlineRoom>::build(view, me)
}

impl OnlineRoom for Solomon {
    const FORMAT: Format = Format::Match;
    type Command = SolomonCommand;
    type Rebuild = RebuildBoard;

    fn build(view: &GameView, me: Option<Player>) -> Option<(CurrentMatch, usize)> {
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

    fn opened(view: &GameView, commands: &mut Commands) -> SolomonScreen {
        // The server's readings replace these from the next frame on: the
        // match's time, or in correspondence the time for each move.
        let seconds = match view.start().map(|s| s.options.speed) {
            Some(Speed::Live { seconds }) => u64::from(seconds),
            Some(Speed::Correspondence { days }) => u64::from(days) * 86_400,
            None => 0,
        };
        if seconds > 0 {
            commands.insert_resource(MatchClock::new(std::time::Duration::from_secs(seconds)));
        } else {
            commands.remove_resource::<MatchClock>();
        }
        if view.is_over() {
            SolomonScreen::MatchOver
        } else {
            SolomonScreen::Playing
        }
    }

    fn feed(step: BoardStep, screen: &SolomonScreen) -> Feed<Solomon> {
        let playing = *screen == SolomonScreen::Playing;
        match step {
            BoardStep::Drew { colour, .. } if playing => Feed::Play {
                first: Some(MatchChange::Tell(colour)),
                action: Action::Draw,
            },
            BoardStep::Moved { action, .. } if playing => Feed::Play { first: None, action },
            // Round 1's count is over once the room shows the round's end.
            BoardStep::RoundOver if *screen == SolomonScreen::RoundOver => Feed::NextRound(MatchChange::NextRound),
            _ => Feed::Wait,
        }
    }

    fn step_action(_: Player, action: Action) -> Action {
        action
    }

    fn own_move(event: Event, me: Player) -> Option<(u8, Player, Action)> {
        let action = match event {
            Event::Drew(_) => return None,
            Event::Placed(placement) => Action::Place(placement.cell),
            Event::Slid(slide) => Action::Slide(slide),
            Event::Passed => Action::Pass,
        };
        Some((0, me, action))
    }

    fn flagged(game: &CurrentMatch, player: Player) -> bool {
        game.game.is_flagged(player)
    }

    fn over(game: &CurrentMatch) -> bool {
        game.game.is_over()
    }

    fn flag(player: Player) -> MatchChange {
        MatchChange::Flag(player)
    }

    fn forfeit(forfeit: Forfeit) -> MatchChange {
        MatchChange::Forfeit(forfeit)
    }

    fn after_rebuild(game: &CurrentMatch, screen: &SolomonScreen) -> Option<SolomonScreen> {
        (*screen != SolomonScreen::Playing && !game.game.is_over()).then_some(SolomonScreen::Playing)
    }

    fn choice(command: &SolomonCommand) -> Option<ResultChoice> {
        match command {
            SolomonCommand::Rematch => Some(ResultChoice::Rematch),
            SolomonCommand::ToLobby => Some(ResultChoice::Lobby),
            SolomonCommand::ToTitle => Some(ResultChoice::Title),
            _ => None,
        }
    }
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

/// The clocks shown are the server's, running down between its events.
fn set_clocks(
    online: Res<OnlineMatch>,
    games: Res<OnlineGames>,
    session: Res<crate::online::session::Session>,
    time: Res<Time<Real>>,
    clock: Option<ResMut<MatchClock>>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
) {
    let (Some(mut clock), Some(followed)) = (clock, games.get(&online.game)) else {
        return;
    };
    let Some((left, running)) = followed.clocks_now(session.clock_time(time.elapsed())) else {
        return;
    };
    // While the connection is gone the clocks shown wait for the server.
    let lost = matches!(session.link, crate::online::session::Link::Lost { .. });
    let running = running.is_some() && !lost;
    if clock.left != left || clock.running != running {
        clock.left = left;
        clock.running = running;
    }
    if running {
        redraw.after(std::time::Duration::from_millis(250));
    }
}
