//! Nothing of a match outlives it (headless, the whole game without a
//! window): a match of each kind — casual, a tournament on a clock, against
//! the computer while it thinks, the tutorial, the simultaneous match,
//! Carreno's game — is left at every screen it has, and every other way to
//! play is entered after it. At the title nothing of a match is left (its
//! clock, its board, its marks and hints, a search under way, a picked-up
//! piece, a dialog, its music), and what a new match shows is its own.

mod common;

use bevy::prelude::*;
use common::*;
use entropy::app::screen::MatchShown;
use entropy::carreno::{CarrenoCommand, CarrenoMatch, CarrenoOpponent, CarrenoSetup, SideChoice};
use entropy::history::review::Review;
use entropy::simultaneous::{SimCommand, SimMatch, SimOpponent, SimScreen, SimSetup, Simultaneous};
use entropy::solomon::game::{CurrentMatch, SolomonCommand};
use entropy::solomon::match_clock::MatchClock;
use entropy::solomon::match_setup::{ClockChoice, MatchSetup, Opponent, RoleChoice};
use entropy::solomon::screen::SolomonScreen;
use entropy::table::computer::{Computers, HintRequest, WatchPace};
use entropy::table::turn::Intent;
use entropy::ui::audio::Cue;
use entropy::ui::overlays::{Overlay, OverlayCommand, Overlays};
use entropy_ai::Level;
use entropy_rules::{Phase, Size};
use rand::SeedableRng;
use rand::rngs::SmallRng;

type Solomon = entropy::solomon::game::Solomon;
type Carreno = entropy::carreno::Carreno;

/// Whatever of a match is in the app, by name.
fn of_a_match(app: &mut App) -> Vec<&'static str> {
    let mut found = Vec::new();
    let boards = [
        ("Solomon's board", count::<entropy::solomon::world::BoardEntity>(app)),
        (
            "the simultaneous boards",
            count::<entropy::simultaneous::boards::SimEntity>(app),
        ),
        ("Carreno's board", count::<entropy::carreno::board::CarrenoEntity>(app)),
    ];
    found.extend(boards.into_iter().filter(|(_, n)| *n > 0).map(|(name, _)| name));
    let w = app.world();
    let checks: [(&'static str, bool); 27] = [
        ("Solomon's match", w.contains_resource::<CurrentMatch>()),
        ("a match clock", w.contains_resource::<MatchClock>()),
        (
            "the tutorial",
            w.contains_resource::<entropy::solomon::tutorial::Tutorial>(),
        ),
        ("a count", w.contains_resource::<entropy::solomon::count::ScoreCount>()),
        ("a replay", w.contains_resource::<entropy::solomon::replay::Replay>()),
        ("a review", w.contains_resource::<Review>()),
        (
            "Solomon's computer players",
            w.contains_resource::<Computers<Solomon>>(),
        ),
        (
            "a search for Solomon's game",
            w.resource::<entropy::solomon::computer::Thinking>().busy(),
        ),
        (
            "a hint for Solomon's game",
            !w.resource::<HintRequest<Solomon>>().is_clear(),
        ),
        (
            "a picked-up counter",
            w.resource::<entropy::solomon::input::Held>().picked.is_some(),
        ),
        (
            "a move of the list on the board",
            w.resource::<entropy::solomon::world::marks::ShownMove>().0.is_some(),
        ),
        (
            "a suggested move",
            w.resource::<entropy::solomon::world::marks::Suggested>().0.is_some(),
        ),
        (
            "a refusal's reason",
            w.resource::<entropy::solomon::screens::Refusal>().reason().is_some(),
        ),
        ("the simultaneous match", w.contains_resource::<SimMatch>()),
        (
            "the simultaneous count",
            w.contains_resource::<entropy::simultaneous::count::SimCount>(),
        ),
        (
            "the simultaneous replay",
            w.contains_resource::<entropy::simultaneous::replay::SimReplay>(),
        ),
        (
            "the simultaneous computer",
            w.contains_resource::<Computers<Simultaneous>>(),
        ),
        (
            "a search on two boards",
            w.resource::<entropy::simultaneous::computer::Thinking>().busy(),
        ),
        (
            "a counter in hand on two boards",
            w.resource::<entropy::simultaneous::input::SimHand>().picked.is_some(),
        ),
        ("Carreno's match", w.contains_resource::<CarrenoMatch>()),
        ("Carreno's computer", w.contains_resource::<Computers<Carreno>>()),
        (
            "a search for Carreno's game",
            w.resource::<entropy::carreno::computer::Thinking>().busy(),
        ),
        (
            "a hint for Carreno's game",
            !w.resource::<HintRequest<Carreno>>().is_clear(),
        ),
        (
            "a piece picked up",
            w.resource::<entropy::carreno::input::Selection>().picked.is_some(),
        ),
        ("a dialog", !w.resource::<Overlays>().is_empty()),
        ("a match's music", w.contains_resource::<MatchShown>()),
        (
            "a paused watch",
            w.resource::<WatchPace>().paused || w.resource::<WatchPace>().step,
        ),
    ];
    found.extend(checks.into_iter().filter(|(_, present)| *present).map(|(name, _)| name));
    found
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

/// A way to play, entered from the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    Casual,
    Tournament,
    Computer,
    Tutorial,
    Simultaneous,
    Carreno,
}

const WAYS: [Way; 6] = [
    Way::Casual,
    Way::Tournament,
    Way::Computer,
    Way::Tutorial,
    Way::Simultaneous,
    Way::Carreno,
];

impl Way {
    /// What a match of this way holds, just begun with a person to move.
    fn own(self) -> &'static [&'static str] {
        // Solomon's matches seat their players (a person's seat empty).
        const SOLOMON: [&str; 4] = [
            "Solomon's match",
            "Solomon's board",
            "a match's music",
            "Solomon's computer players",
        ];
        match self {
            Way::Casual | Way::Computer => &SOLOMON,
            Way::Tournament => &[SOLOMON[0], SOLOMON[1], SOLOMON[2], SOLOMON[3], "a match clock"],
            Way::Tutorial => &[SOLOMON[0], SOLOMON[1], SOLOMON[2], SOLOMON[3], "the tutorial"],
            Way::Simultaneous => &[
                "the simultaneous match",
                "the simultaneous boards",
                "a match's music",
                "the simultaneous computer",
            ],
            Way::Carreno => &[
                "Carreno's match",
                "Carreno's board",
                "a match's music",
                "Carreno's computer",
            ],
        }
    }

    /// Enters this way of playing from the title, as its setup's Start (or
    /// the title's Tutorial) does, and waits for its board at rest.
    fn enter(self, app: &mut App) {
        let solomon = |app: &mut App, setup: MatchSetup| {
            app.insert_resource(setup);
            send(app, SolomonCommand::StartMatch);
        };
        let person = MatchSetup {
            size: Size::Five,
            opponent: Opponent::Person,
            ..MatchSetup::default()
        };
        match self {
            Way::Casual => solomon(app, person),
            Way::Tournament => solomon(
                app,
                MatchSetup {
                    tournament: true,
                    clock: ClockChoice::Minutes(15),
                    ..person
                },
            ),
            // The person is Chaos first: they move first.
            Way::Computer => solomon(
                app,
                MatchSetup {
                    opponent: Opponent::Computer(Level::Beginner),
                    role: RoleChoice::Chaos,
                    ..person
                },
            ),
            Way::Tutorial => send(app, SolomonCommand::StartTutorial),
            Way::Simultaneous => {
                app.insert_resource(SimSetup {
                    opponent: SimOpponent::Person,
                    size: Size::Five,
                });
                send(app, SimCommand::Start);
            }
            Way::Carreno => {
                app.insert_resource(CarrenoSetup {
                    opponent: CarrenoOpponent::Person,
                    side: SideChoice::O,
                });
                send(app, CarrenoCommand::Start);
            }
        }
        let playing = match self {
            Way::Simultaneous => Shown::Simultaneous(SimScreen::Playing),
            Way::Carreno => Shown::Carreno(entropy::carreno::CarrenoScreen::Playing),
            _ => Shown::Solomon(SolomonScreen::Playing),
        };
        wait_for(app, playing);
        rest(app);
    }

    /// What of another match is there once this way's match has begun.
    fn not_its_own(self, app: &mut App) -> Vec<&'static str> {
        let mut found = of_a_match(app);
        found.retain(|name| !self.own().contains(name));
        if let Some(game) = app.world().get_resource::<CurrentMatch>() {
            let moves = game.round().turns().len();
            if moves > 0 || game.game.round_index() > 0 {
                found.push("moves of another match");
            }
            if game.touched.is_some() {
                found.push("a counter touched");
            }
        }
        if let Some(clock) = app.world().get_resource::<MatchClock>() {
            let full = std::time::Duration::from_secs(15 * 60);
            // The person's clock runs while they decide: a few frames of it.
            if clock
                .left
                .iter()
                .any(|&left| left > full || left + std::time::Duration::from_secs(30) < full)
            {
                found.push("another match's time on the clock");
            }
        }
        found
    }
}

/// Runs frames until nothing moves.
fn rest(app: &mut App) {
    app.update();
    assert!(
        run_until(app, 600, |app| !is_animating(app)),
        "the board never came to rest"
    );
}

/// Leaves whatever is on screen for the title, the way its screen does
/// (the pause's Leave, the end card's Title, a replay's Back then the
/// History's Back), and checks that nothing of the match is left.
fn leave_to_title(app: &mut App, what: &str) {
    match screen(app) {
        Shown::Title => {}
        Shown::Solomon(SolomonScreen::Replay) => {
            send(app, entropy::history::HistoryCommand::Show);
            wait_for(app, SolomonScreen::History);
            send(app, SolomonCommand::ToTitle);
        }
        Shown::Simultaneous(SimScreen::Replay) => {
            send(app, entropy::simultaneous::replay::SimReplayCommand::Leave);
            wait_for(app, SolomonScreen::History);
            send(app, SolomonCommand::ToTitle);
        }
        Shown::Solomon(_) => send(app, SolomonCommand::ToTitle),
        Shown::Simultaneous(_) => send(app, SimCommand::ToTitle),
        Shown::Carreno(_) => send(app, CarrenoCommand::ToTitle),
        Shown::Online(_) => key(app, KeyCode::Escape),
    }
    wait_for(app, Shown::Title);
    // A frame more: what leaving asked for is done.
    app.update();
    let left = of_a_match(app);
    assert!(left.is_empty(), "{what}, left for the title: still there: {left:?}");
    // Nor is anything of it heard: no sound of a move or a count at the title.
    let mut cursor = app.world().resource::<Messages<Cue>>().get_cursor_current();
    for _ in 0..50 {
        app.update();
        let heard: Vec<Cue> = cursor
            .read(app.world().resource::<Messages<Cue>>())
            .copied()
            .filter(|cue| *cue != Cue::Choice)
            .collect();
        assert!(heard.is_empty(), "{what}, at the title: {heard:?} heard");
    }
}

/// Leaves the match at `what`, then enters every way to play in turn,
/// leaving each, and checks each time that nothing of another match shows.
fn leave_and_play_every_way(mut app: App, what: &str) {
    leave_to_title(&mut app, what);
    for way in WAYS {
        way.enter(&mut app);
        let foreign = way.not_its_own(&mut app);
        assert!(foreign.is_empty(), "{way:?} after {what}: {foreign:?}");
        leave_to_title(&mut app, &format!("{way:?} after {what}"));
    }
}

/// A random legal move of Solomon's game for whoever is to move now.
fn solomon_move(app: &mut App, rng: &mut SmallRng) {
    settle(app);
    if let Some(intent) = random_intent(app, rng) {
        send(app, intent);
    }
    app.update();
}

/// Plays until the screen is `until`.
fn play_solomon_to(app: &mut App, rng: &mut SmallRng, until: SolomonScreen) {
    let reached = run_until(app, 20_000, |app| {
        if screen(app) == until {
            return true;
        }
        if screen(app) == SolomonScreen::RoundOver {
            send(app, SolomonCommand::NextRound);
        } else if !is_animating(app)
            && phase(app).is_some()
            && let Some(intent) = random_intent(app, rng)
        {
            send(app, intent);
        }
        false
    });
    assert!(reached, "never reached {until:?}: {:?}", screen(app));
}

/// The game on a scratch folder of its own, a way to play entered.
fn playing(name: &str, way: Way) -> App {
    let mut app = window_app(name);
    way.enter(&mut app);
    app
}

#[test]
fn a_casual_match_left_at_each_of_its_screens_leaves_nothing_behind() {
    let mut rng = SmallRng::seed_from_u64(1);

    // Playing, Order holding a counter up, a refusal still said.
    let mut app = playing("leave-held", Way::Casual);
    while app.world().resource::<CurrentMatch>().round().phase() != Phase::OrderMove {
        solomon_move(&mut app, &mut rng);
    }
    settle(&mut app);
    let from = app
        .world()
        .resource::<CurrentMatch>()
        .round()
        .position()
        .board()
        .occupied()
        .into_iter()
        .next()
        .unwrap();
    app.world_mut().resource_mut::<entropy::solomon::input::Held>().picked = Some(from);
    send(&mut app, Intent::<Solomon>(entropy_rules::Action::Place(from)));
    app.update();
    leave_and_play_every_way(app, "a casual match with a counter held");

    // Paused.
    let mut app = playing("leave-paused", Way::Casual);
    solomon_move(&mut app, &mut rng);
    send(&mut app, OverlayCommand::Open(Overlay::Pause));
    app.update();
    send(&mut app, OverlayCommand::Open(Overlay::Rules));
    app.update();
    leave_and_play_every_way(app, "a paused casual match");

    // The round over, its count running.
    let mut app = playing("leave-count", Way::Casual);
    play_solomon_to(&mut app, &mut rng, SolomonScreen::RoundOver);
    app.update();
    leave_and_play_every_way(app, "a casual match during the count");

    // The match over, then its replay with the review running.
    let mut app = playing("leave-over", Way::Casual);
    play_solomon_to(&mut app, &mut rng, SolomonScreen::MatchOver);
    leave_and_play_every_way(app, "a casual match over");
    let mut app = playing("leave-review", Way::Casual);
    play_solomon_to(&mut app, &mut rng, SolomonScreen::MatchOver);
    send(&mut app, SolomonCommand::Review);
    wait_for(&mut app, SolomonScreen::Replay);
    for _ in 0..3 {
        send(&mut app, entropy::solomon::replay::ReplayCommand::Forward);
        app.update();
    }
    leave_and_play_every_way(app, "the replay of a casual match");
}

#[test]
fn a_tournament_match_on_its_clock_and_the_tutorial_leave_nothing_behind() {
    let mut rng = SmallRng::seed_from_u64(2);
    let mut app = playing("leave-tournament", Way::Tournament);
    for _ in 0..4 {
        solomon_move(&mut app, &mut rng);
    }
    // The clock of the person to move runs down a while.
    run_until(&mut app, 100, |_| false);
    leave_and_play_every_way(app, "a tournament match with its clock running");

    let mut app = playing("leave-tutorial", Way::Tutorial);
    solomon_move(&mut app, &mut rng);
    leave_and_play_every_way(app, "the tutorial");
}

#[test]
fn a_match_against_the_computer_left_while_it_thinks_leaves_nothing_behind() {
    let setup = MatchSetup {
        size: Size::Seven,
        opponent: Opponent::Computer(Level::Hard),
        role: RoleChoice::Order,
        ..MatchSetup::default()
    };
    // The computer is Chaos first: it thinks at once.
    let mut app = window_app("leave-thinking");
    app.insert_resource(setup.clone());
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    let thinking = |app: &App| app.world().resource::<entropy::solomon::computer::Thinking>().working();
    for _ in 0..200 {
        if thinking(&app) {
            break;
        }
        app.update();
    }
    assert!(thinking(&app), "the computer thinks");
    leave_and_play_every_way(app, "a match against the computer while it thinks");

    // A hint being worked out for the person.
    let mut app = window_app("leave-hint");
    app.insert_resource(MatchSetup {
        role: RoleChoice::Chaos,
        ..setup
    });
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    rest(&mut app);
    app.world_mut().resource_mut::<HintRequest<Solomon>>().wanted = true;
    app.update();
    leave_and_play_every_way(app, "a match against the computer while a hint is worked out");
}

#[test]
fn a_simultaneous_match_left_at_each_of_its_screens_leaves_nothing_behind() {
    let mut rng = SmallRng::seed_from_u64(3);
    let start = |name: &str| {
        let mut app = window_app(name);
        app.insert_resource(SimSetup {
            opponent: SimOpponent::Computer(Level::Beginner),
            size: Size::Five,
        });
        send(&mut app, SimCommand::Start);
        wait_for(&mut app, SimScreen::Playing);
        app
    };
    let play_to = |app: &mut App, rng: &mut SmallRng, until: SimScreen| {
        let reached = run_until(app, 20_000, |app| {
            if screen(app) == until {
                return true;
            }
            if !is_animating(app)
                && let Some(action) = person_action(app, rng)
            {
                app.world_mut().write_message(Intent::<Simultaneous>(action));
            }
            false
        });
        assert!(reached, "never reached {until:?}");
    };

    // Playing, a counter of the person's in hand.
    let mut app = start("leave-sim-playing");
    let reached = run_until(&mut app, 5_000, |app| {
        let waiting = app.world().resource::<SimMatch>().person_to_act();
        if waiting.is_some_and(|p| p.role == entropy_rules::Role::Order) && !is_animating(app) {
            return true;
        }
        if !is_animating(app)
            && let Some(action) = person_action(app, &mut rng)
        {
            app.world_mut().write_message(Intent::<Simultaneous>(action));
        }
        false
    });
    assert!(reached, "the person's turn as Order");
    let pending = app.world().resource::<SimMatch>().person_to_act().unwrap();
    let cell = app
        .world()
        .resource::<SimMatch>()
        .game
        .board(pending.board)
        .position()
        .board()
        .occupied()
        .into_iter()
        .next();
    app.world_mut()
        .resource_mut::<entropy::simultaneous::input::SimHand>()
        .picked = cell;
    leave_and_play_every_way(app, "a simultaneous match with a counter in hand");

    // Over, then its replay.
    let mut app = start("leave-sim-over");
    play_to(&mut app, &mut rng, SimScreen::Over);
    leave_and_play_every_way(app, "a simultaneous match over");
    let mut app = start("leave-sim-replay");
    play_to(&mut app, &mut rng, SimScreen::Over);
    send(&mut app, SimCommand::Review);
    wait_for(&mut app, SimScreen::Replay);
    send(&mut app, entropy::simultaneous::replay::SimReplayCommand::Forward);
    app.update();
    leave_and_play_every_way(app, "the replay of a simultaneous match");
}

#[test]
fn carrenos_game_left_at_each_of_its_screens_leaves_nothing_behind() {
    let mut rng = SmallRng::seed_from_u64(4);
    let start = |name: &str| {
        let mut app = window_app(name);
        app.insert_resource(CarrenoSetup {
            opponent: CarrenoOpponent::Computer(carreno_ai::Level::Easy),
            side: SideChoice::O,
        });
        send(&mut app, CarrenoCommand::Start);
        wait_for(&mut app, entropy::carreno::CarrenoScreen::Playing);
        rest(&mut app);
        app
    };

    // Playing, a piece picked up, the computer to move next.
    let mut app = start("leave-carreno-playing");
    let game = app.world().resource::<CarrenoMatch>().game.clone();
    let piece = carreno_move(&game, &mut rng).unwrap();
    app.world_mut()
        .resource_mut::<entropy::carreno::input::Selection>()
        .picked = piece.from();
    leave_and_play_every_way(app, "Carreno's game with a piece picked up");

    // The computer thinking.
    let mut app = start("leave-carreno-thinking");
    let game = app.world().resource::<CarrenoMatch>().game.clone();
    send(&mut app, Intent::<Carreno>(carreno_move(&game, &mut rng).unwrap()));
    let thinking = |app: &App| app.world().resource::<entropy::carreno::computer::Thinking>().busy();
    assert!(run_until(&mut app, 400, |app| thinking(app)), "the computer thinks");
    leave_and_play_every_way(app, "Carreno's game while the computer thinks");

    // Over.
    let mut app = start("leave-carreno-over");
    let over = run_until(&mut app, 50_000, |app| {
        if screen(app) == entropy::carreno::CarrenoScreen::Over {
            return true;
        }
        let game = app.world().resource::<CarrenoMatch>();
        let mv = game
            .person_to_move()
            .then(|| carreno_move(&game.game, &mut rng))
            .flatten();
        if !is_animating(app)
            && let Some(mv) = mv
        {
            send(app, Intent::<Carreno>(mv));
        }
        false
    });
    assert!(over, "Carreno's game reached its result");
    leave_and_play_every_way(app, "Carreno's game over");
}
