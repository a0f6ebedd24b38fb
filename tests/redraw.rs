//! The game asks for frames only while something moves: at a person's turn,
//! in a dialog and in a menu with nothing moving no frame asks for another;
//! a move asks for frames while it moves and then stops; a running clock
//! asks for one at its next second; the living title board asks for one at
//! its next move; a search asks for none while it runs; every still screen of
//! the three games (results, the History, the Record, replays, the tutorial) asks for
//! none. The whole game runs headless here, a fixed step a frame, and
//! counts the frames that ask.

#[path = "common/bot.rs"]
mod bots;
mod common;
#[path = "common/online.rs"]
mod online;
#[path = "common/server.rs"]
mod server;

use std::time::Duration;

use bevy::prelude::*;
use common::*;
use entropy::app::redraw::Redraw;
use entropy::solomon::game::SolomonCommand;
use entropy::solomon::match_setup::{ClockChoice, MatchSetup, Opponent, RoleChoice};
use entropy::ui::overlays::{Overlay, OverlayCommand};
use entropy_ai::Level;
use entropy_rules::Size;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Frames of 40 ms in 10 s.
const TEN_SECONDS: usize = 250;

fn redraw(app: &App) -> &Redraw {
    app.world().resource::<Redraw>()
}

/// The whole game with a match of `setup` started and settled.
fn match_app(name: &str, setup: MatchSetup) -> App {
    let mut app = window_app(name);
    *app.world_mut().resource_mut::<MatchSetup>() = setup;
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    settle(&mut app);
    app
}

fn hot_seat_setup() -> MatchSetup {
    MatchSetup {
        size: Size::Seven,
        opponent: Opponent::Person,
        names: ["Ada".into(), "Blaise".into()],
        ..MatchSetup::default()
    }
}

/// Runs frames until one asks for no other; fails naming who kept asking.
fn come_to_rest(app: &mut App, what: &str) {
    // What was just sent is taken in first.
    app.update();
    let rested = run_until(app, 400, |app| redraw(app).last().is_none());
    assert!(rested, "{what}: frames kept asking, last by {:?}", redraw(app).last());
}

/// Runs 10 s of frames and asserts that none asked for another.
fn assert_nothing_asks(app: &mut App, what: &str) {
    come_to_rest(app, what);
    let before = redraw(app).asked();
    for _ in 0..TEN_SECONDS {
        app.update();
        assert_eq!(
            redraw(app).asked(),
            before,
            "{what}: a frame asked for another, by {:?}",
            redraw(app).last()
        );
    }
}

#[test]
fn a_persons_turn_a_dialog_and_a_menu_ask_for_no_frame_and_a_move_asks_only_while_it_moves() {
    let mut app = match_app("redraw-turn", hot_seat_setup());
    let mut rng = SmallRng::seed_from_u64(5);
    play(&mut app, &mut rng, 7);
    settle(&mut app);
    assert_nothing_asks(&mut app, "a person's turn");

    // A move: its frames are asked for while it moves, then none.
    let before = redraw(&app).asked();
    let intent = random_intent(&app, &mut rng).expect("a move to make");
    send(&mut app, intent);
    settle(&mut app);
    assert!(redraw(&app).asked() > before, "the move asked for no frame to move in");
    assert_nothing_asks(&mut app, "after a move");

    send(&mut app, OverlayCommand::Open(Overlay::Pause));
    assert_nothing_asks(&mut app, "the pause dialog");
    send(&mut app, OverlayCommand::Open(Overlay::Settings));
    assert_nothing_asks(&mut app, "the settings dialog");
    send(&mut app, OverlayCommand::CloseAll);

    send(&mut app, SolomonCommand::OpenSetup);
    wait_for(&mut app, SolomonScreen::Setup);
    assert_nothing_asks(&mut app, "the match's setup");
}

#[test]
fn a_running_clock_asks_for_a_frame_at_its_next_second_only() {
    let mut app = match_app(
        "redraw-clock",
        MatchSetup {
            clock: ClockChoice::Minutes(3),
            ..hot_seat_setup()
        },
    );
    let mut at_once = 0;
    for _ in 0..TEN_SECONDS {
        app.update();
        let clock = app
            .world()
            .resource::<entropy::solomon::match_clock::MatchClock>()
            .clone();
        assert!(clock.running, "the clock runs at a person's turn");
        let wanted = redraw(&app).last().expect("a running clock asks for its next second");
        if wanted.wait.is_zero() {
            at_once += 1;
        }
        assert!(wanted.wait <= Duration::from_secs(1), "asked {:?} ahead", wanted.wait);
    }
    assert!(
        at_once <= TEN_SECONDS / 20,
        "{at_once} of {TEN_SECONDS} frames asked for another at once"
    );
}

#[test]
fn the_title_asks_for_frames_at_once_only_while_a_counter_moves() {
    let mut app = window_app("redraw-title");
    wait_for(&mut app, Shown::Title);
    let (mut at_once, mut later) = (0, 0);
    for _ in 0..TEN_SECONDS {
        app.update();
        match redraw(&app).last() {
            Some(w) if w.wait.is_zero() => at_once += 1,
            Some(_) => later += 1,
            None => {}
        }
    }
    assert!(at_once > 0, "the living board never moved");
    assert!(later > at_once, "{at_once} frames asked at once, {later} for later");
}

#[test]
fn a_search_asks_for_no_frame_while_it_runs() {
    let mut app = match_app(
        "redraw-search",
        MatchSetup {
            opponent: Opponent::Computer(Level::Hard),
            role: RoleChoice::Order,
            ..hot_seat_setup()
        },
    );
    // The computer is Chaos and places first.
    let mut searched_frames = 0;
    for _ in 0..4000 {
        if !searching(&app) && searched_frames > 0 {
            break;
        }
        app.update();
        if searching(&app) {
            searched_frames += 1;
            assert!(
                redraw(&app).last().is_none_or(|w| !w.wait.is_zero()),
                "a frame asked for another while the computer searched, by {:?}",
                redraw(&app).last()
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    assert!(searched_frames > 0, "the computer never searched");
}

/// Plays random moves of both people until `done` holds.
fn play_until_solomon(app: &mut App, rng: &mut SmallRng, done: impl Fn(&App) -> bool) {
    for _ in 0..2000 {
        if done(app) {
            return;
        }
        settle(app);
        if done(app) {
            return;
        }
        match random_intent(app, rng) {
            Some(intent) => send(app, intent),
            None => app.update(),
        }
    }
    panic!("never got there, on {:?}", screen(app));
}

#[test]
fn every_still_screen_of_solomons_game_asks_for_no_frame() {
    let mut app = match_app(
        "redraw-solomon-screens",
        MatchSetup {
            size: Size::Five,
            ..hot_seat_setup()
        },
    );
    let mut rng = SmallRng::seed_from_u64(11);
    play_until_solomon(&mut app, &mut rng, |app| screen(app) == SolomonScreen::RoundOver);
    assert_nothing_asks(&mut app, "the end of a round");
    send(&mut app, SolomonCommand::NextRound);
    wait_for(&mut app, SolomonScreen::Playing);
    play_until_solomon(&mut app, &mut rng, |app| screen(app) == SolomonScreen::MatchOver);
    assert_nothing_asks(&mut app, "the match's result");
    send(&mut app, OverlayCommand::Open(Overlay::Rules));
    assert_nothing_asks(&mut app, "the rules");
    send(&mut app, OverlayCommand::CloseAll);

    send(&mut app, SolomonCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    send(&mut app, SolomonCommand::OpenHistory);
    wait_for(&mut app, SolomonScreen::History);
    assert_nothing_asks(&mut app, "the History");
    send(&mut app, SolomonCommand::OpenRecord);
    wait_for(&mut app, SolomonScreen::Record);
    assert_nothing_asks(&mut app, "the Record");
    send(&mut app, SolomonCommand::OpenHistory);
    wait_for(&mut app, SolomonScreen::History);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, SolomonScreen::Replay);
    assert_nothing_asks(&mut app, "a replay at its start");
    send(&mut app, entropy::solomon::replay::ReplayCommand::Forward);
    assert_nothing_asks(&mut app, "a replay after a step");

    send(&mut app, SolomonCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    send(&mut app, SolomonCommand::StartTutorial);
    wait_for(&mut app, SolomonScreen::Playing);
    assert_nothing_asks(&mut app, "the tutorial's first step");
}

#[test]
fn every_still_screen_of_carrenos_game_asks_for_no_frame() {
    use entropy::carreno::{Carreno, CarrenoCommand, CarrenoMatch, CarrenoOpponent, CarrenoSetup, SideChoice};
    let mut app = window_app("redraw-carreno-screens");
    send(&mut app, CarrenoCommand::OpenSetup);
    wait_for(&mut app, CarrenoScreen::Setup);
    assert_nothing_asks(&mut app, "the setup of Carreno's game");
    app.insert_resource(CarrenoSetup {
        opponent: CarrenoOpponent::Person,
        side: SideChoice::O,
    });
    send(&mut app, CarrenoCommand::Start);
    wait_for(&mut app, CarrenoScreen::Playing);
    assert_nothing_asks(&mut app, "a person's move in Carreno's game");
    let mut rng = SmallRng::seed_from_u64(3);
    let over = run_until(&mut app, 40_000, |app| {
        if screen(app) == CarrenoScreen::Over {
            return true;
        }
        if !is_animating(app)
            && let Some(pick) = carreno_move(&app.world().resource::<CarrenoMatch>().game, &mut rng)
        {
            send(app, entropy::carreno::Intent::<Carreno>(pick));
        }
        false
    });
    assert!(over, "the game of Carreno's never ended");
    assert_nothing_asks(&mut app, "the result of Carreno's game");
}

#[test]
fn every_still_screen_of_the_simultaneous_match_asks_for_no_frame() {
    use entropy::history::{History, HistoryCommand};
    use entropy::simultaneous::{SimCommand, SimOpponent, SimScreen, SimSetup, Simultaneous};
    let mut app = window_app("redraw-simultaneous-screens");
    app.insert_resource(SimSetup {
        opponent: SimOpponent::Person,
        size: Size::Five,
    });
    send(&mut app, SimCommand::OpenSetup);
    wait_for(&mut app, SimScreen::Setup);
    assert_nothing_asks(&mut app, "the setup of the simultaneous match");
    send(&mut app, SimCommand::Start);
    wait_for(&mut app, SimScreen::Playing);
    assert_nothing_asks(&mut app, "a person's turn on two boards");
    let mut rng = SmallRng::seed_from_u64(4);
    let over = run_until(&mut app, 40_000, |app| {
        if screen(app) == SimScreen::Over {
            return true;
        }
        if is_animating(app) {
            return false;
        }
        if let Some(action) = person_action(app, &mut rng) {
            send(app, entropy::table::turn::Intent::<Simultaneous>(action));
        }
        false
    });
    assert!(over, "the simultaneous match never ended");
    assert_nothing_asks(&mut app, "the result of the simultaneous match");
    let file = app.world().resource::<History>().entries[0].file.clone().unwrap();
    send(&mut app, SimCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    send(
        &mut app,
        HistoryCommand::Replay {
            file: Box::new(file),
            review: false,
        },
    );
    wait_for(&mut app, SimScreen::Replay);
    assert_nothing_asks(&mut app, "the replay of a simultaneous match");
    send(&mut app, entropy::simultaneous::replay::SimReplayCommand::Forward);
    assert_nothing_asks(&mut app, "the replay of a simultaneous match after a step");
}

/// Whether the last frame asked for the next one at once.
fn asked_at_once(app: &App) -> bool {
    redraw(app).last().is_some_and(|w| w.wait.is_zero())
}

#[test]
fn a_frame_that_took_a_key_a_click_or_a_gamepad_button_asks_for_the_next() {
    use bevy::input::ButtonState;
    use bevy::input::gamepad::{RawGamepadButtonChangedEvent, RawGamepadEvent};
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    let mut app = match_app("redraw-input", hot_seat_setup());
    let pad = connect_gamepad(&mut app);
    // A key that does nothing here (what a key sets off is often read the
    // frame after: the frame after must come).
    come_to_rest(&mut app, "a person's turn");
    send(
        &mut app,
        KeyboardInput {
            key_code: KeyCode::F9,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        },
    );
    app.update();
    assert!(asked_at_once(&app), "a key asked for no next frame");

    come_to_rest(&mut app, "after a key");
    mouse(&mut app, ButtonState::Pressed);
    assert!(asked_at_once(&app), "a mouse button's press asked for no next frame");
    mouse(&mut app, ButtonState::Released);
    assert!(asked_at_once(&app), "a mouse button's release asked for no next frame");

    come_to_rest(&mut app, "after a click");
    send(
        &mut app,
        RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, GamepadButton::RightThumb, 1.0)),
    );
    app.update();
    assert!(asked_at_once(&app), "a gamepad button asked for no next frame");
    assert_nothing_asks(&mut app, "once the input is taken");
}

#[test]
fn a_change_of_screen_asks_for_the_frame_it_takes_place_in() {
    let mut app = match_app("redraw-screen-change", hot_seat_setup());
    send(&mut app, SolomonCommand::OpenSetup);
    wait_for(&mut app, SolomonScreen::Setup);
    come_to_rest(&mut app, "the setup");
    // The command is taken this frame; the screen changes at the start of
    // the next, which must come without any input.
    send(&mut app, SolomonCommand::OpenHistory);
    app.update();
    assert_eq!(
        screen(&app),
        SolomonScreen::Setup,
        "the change waits for the next frame"
    );
    assert!(
        asked_at_once(&app),
        "the frame that asked for a new screen asked for no next frame"
    );
    app.update();
    assert_eq!(screen(&app), SolomonScreen::History);
}

/// Signed in, with a seek of its own posted, the lobby asks for no frame
/// while nothing arrives: the network wakes the game when something comes,
/// and the connection's own pings and their answers are not something.
#[test]
fn the_lobby_signed_in_asks_for_no_frame_while_nothing_arrives() {
    use entropy::online::OnlineScreen;
    use entropy::online::archive::Archive;
    use entropy::online::lobby::Lobby;
    use entropy::online::screens::lobby::Row;
    use entropy::online::screens::sign_in::Password;
    use entropy::online::session::ServerChoice;
    let server = server::TestServer::start("redraw-lobby-server");
    let mut app = window_app("redraw-lobby");
    *app.world_mut().resource_mut::<ServerChoice>() = ServerChoice {
        address: server.address.clone(),
        name: "Quiet".into(),
        token: None,
    };
    app.world_mut().resource_mut::<Password>().0 = "quiet-password".into();
    online::register(&mut app);
    online::wait_on_network(&mut app, "the lobby told, and the archive's answer", |app| {
        app.world().resource::<Lobby>().told
            && app.world().resource::<Archive>().answered
            && screen(app) == OnlineScreen::Lobby
    });
    // The server tells the lobby again for the player's arrival, maybe
    // before it is watched and maybe after: the lobby that lists the seek
    // comes after that, as the server tells lobbies in order.
    online::press_lobby_row(&mut app, Row::Post);
    online::wait_on_network(&mut app, "the lobby with the seek", |app| {
        app.world()
            .resource::<Lobby>()
            .seeks
            .iter()
            .any(|s| s.by.name == "Quiet")
    });
    come_to_rest(&mut app, "the lobby, signed in");
    // Ten seconds of the game's time, over two of the network's: pings are
    // answered meanwhile, and no frame asks for another.
    let before = redraw(&app).asked();
    for _ in 0..TEN_SECONDS {
        app.update();
        std::thread::sleep(Duration::from_millis(8));
        assert_eq!(
            redraw(&app).asked(),
            before,
            "the lobby, signed in: a frame asked for another, by {:?}",
            redraw(&app).last()
        );
    }
}
