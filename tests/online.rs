//! Online play in the game, headless, against a server the test starts in
//! its own process and bots of the test's that play random legal moves:
//! the game signs in (and registers), finds a bot's seek in the lobby and
//! accepts it with the keys, and plays whole matches of both formats on
//! the table to the result, each side's moves reaching the other through
//! the server; takebacks asked and answered in both formats, a rematch, a
//! game watched, and the gamepad's way in through the on-screen keyboard.
//! (What goes wrong, a server killed and one that answers badly, is in
//! `online_faults.rs`.)

#[path = "common/bot.rs"]
mod bots;
mod common;
#[path = "common/online.rs"]
mod online;
#[path = "common/server.rs"]
mod server;

use std::time::Duration;

use bevy::prelude::*;
use bots::{Behaviour, bot};
use common::*;
use entropy::online::OnlineScreen;
use entropy::online::games::OnlineGames;
use entropy::online::lobby::Lobby;
use entropy::online::screens::sign_in::Password;
use entropy::online::session::{ServerChoice, Session};
use entropy::online::table::{DoGameAction, GameAction, OnTable};
use entropy::simultaneous::SimMatch;
use entropy::solomon::game::CurrentMatch;
use entropy::solomon::online::OnlineMatch;
use entropy::ui::title::TitleMenu;
use entropy_protocol::Format;
use online::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use server::TestServer;

#[test]
fn the_game_registers_accepts_a_bots_seek_and_plays_the_match_to_its_result() {
    let server = TestServer::start("online-server");
    let options = five_by_five(Format::Match, TEN_MINUTES, true);
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Robot", behaviour, 7));
    let dir = scratch("online-game");
    let mut app = game_at(&dir, &server.address, "Ann");
    register(&mut app);
    assert_eq!(app.world().resource::<Session>().name(), Some("Ann"));
    assert!(
        app.world().resource::<ServerChoice>().token.is_some(),
        "the session is remembered"
    );
    accept_the_seek(&mut app);
    wait_on_network(&mut app, "the game on the table", |app| {
        screen(app) == SolomonScreen::Playing && app.world().get_resource::<OnlineMatch>().is_some()
    });
    let table = app.world().resource::<OnTable>().clone();
    let me = table.me.expect("Ann plays") as usize;
    assert_eq!(table.names[me], "Ann");
    assert_eq!(table.names[1 - me], "Robot");
    assert_eq!(table.ratings, [Some(1500.0); 2], "a rated game says the ratings");

    let mut rng = SmallRng::seed_from_u64(11);
    let moves = play_to_the_end(&mut app, &mut rng);
    assert!(moves > 20, "the person played {moves} moves");
    let played = bots.block_on(robot).unwrap();
    assert_eq!(
        played[0].result,
        result_of(totals_on_the_table(&app)),
        "the server's result is the table's"
    );

    // The ratings' change is told, and said on the result.
    wait_on_network(&mut app, "the ratings' change", |app| {
        let game = &app.world().resource::<OnTable>().game;
        app.world()
            .resource::<OnlineGames>()
            .get(game)
            .is_some_and(|f| f.view.rated().is_some())
    });
    let game = app.world().resource::<OnTable>().game.clone();
    let rated = app
        .world()
        .resource::<OnlineGames>()
        .get(&game)
        .unwrap()
        .view
        .rated()
        .unwrap();
    let won = played[0].result != "1/2-1/2";
    assert_eq!(rated[0].before, 1500.0);
    assert!(
        !won || rated[0].after != 1500.0,
        "a decided game moves the ratings: {rated:?}"
    );
    kept_in_the_history(&mut app, "Robot");
}

#[test]
fn the_simultaneous_match_is_played_online_to_its_result() {
    let server = TestServer::start("online-sim-server");
    let options = five_by_five(Format::Simultaneous, TEN_MINUTES, false);
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Twin", behaviour, 5));
    let dir = scratch("online-sim-game");
    let mut app = game_at(&dir, &server.address, "Ann");
    sign_up_and_accept(&mut app);
    {
        let game = app.world().resource::<SimMatch>();
        assert!(game.online());
        let me = app.world().resource::<OnTable>().me.unwrap() as usize;
        assert_eq!(game.names[me], "You");
        assert_eq!(game.names[1 - me], "Twin");
    }
    let mut rng = SmallRng::seed_from_u64(3);
    let moves = play_to_the_end(&mut app, &mut rng);
    assert!(moves > 20, "the person played {moves} moves");
    let played = bots.block_on(robot).unwrap();
    assert_eq!(
        played[0].result,
        result_of(totals_on_the_table(&app)),
        "the server's result is the table's"
    );
    kept_in_the_history(&mut app, "Twin");
}

/// A casual game: the bot asks to take back its move and the person
/// allows it; the person asks to take back theirs and the bot allows it;
/// each time the table is built again from the server's game. At the end
/// the bot offers a rematch, the result says so, and Rematch accepts it:
/// the new game opens.
#[test]
fn takebacks_are_asked_and_allowed_and_a_rematch_offered_is_accepted() {
    let server = TestServer::start("online-takeback-server");
    let options = five_by_five(Format::Match, TEN_MINUTES, false);
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 2,
        takebacks_after: vec![3],
        allow_takebacks: true,
        rematch: true,
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Sorry", behaviour, 9));
    let dir = scratch("online-takeback-game");
    let mut app = game_at(&dir, &server.address, "Ann");
    sign_up_and_accept(&mut app);
    let actions = |app: &App| {
        let table = app.world().resource::<OnTable>();
        let followed = app.world().resource::<OnlineGames>().get(&table.game).unwrap().clone();
        entropy::online::table::actions(table, &followed)
    };
    let mut rng = SmallRng::seed_from_u64(4);
    // The bot's takeback comes after its third move: allowed.
    wait_on_network(&mut app, "the bot's takeback asked", |app| {
        if actions(app).contains(&GameAction::AcceptTakeback) {
            return true;
        }
        person_moves(app, &mut rng);
        false
    });
    send(&mut app, DoGameAction(GameAction::AcceptTakeback));
    wait_on_network(&mut app, "the takeback taken", |app| {
        let table = app.world().resource::<OnTable>();
        let followed = app.world().resource::<OnlineGames>().get(&table.game).unwrap();
        followed.view.takeback_offer().is_none()
            && !actions(app).contains(&GameAction::AcceptTakeback)
            && entropy::solomon::online::build(&followed.view, None)
                .is_some_and(|(m, _)| m.round().position() == app.world().resource::<CurrentMatch>().round().position())
    });
    // The person's own takeback, once they have a move to take back and
    // the bot has answered it (a move made meanwhile would withdraw the offer).
    wait_on_network(&mut app, "a move of the person's to take back", |app| {
        let waits = screen(app) == SolomonScreen::Playing
            && !is_animating(app)
            && app.world().resource::<CurrentMatch>().person_to_move();
        if waits && actions(app).contains(&GameAction::OfferTakeback) {
            return true;
        }
        person_moves(app, &mut rng);
        false
    });
    let steps = |app: &App| {
        let table = app.world().resource::<OnTable>();
        app.world()
            .resource::<OnlineGames>()
            .get(&table.game)
            .unwrap()
            .view
            .steps()
            .len()
    };
    let before = steps(&app);
    send(&mut app, DoGameAction(GameAction::OfferTakeback));
    wait_on_network(&mut app, "the person's move taken back", |app| {
        let table = app.world().resource::<OnTable>();
        let followed = app.world().resource::<OnlineGames>().get(&table.game).unwrap();
        let built = entropy::solomon::online::build(&followed.view, None).unwrap().0;
        steps(app) < before && built.round().position() == app.world().resource::<CurrentMatch>().round().position()
    });
    // Played to the end: the bot offers a rematch, accepted.
    play_to_the_end(&mut app, &mut rng);
    let first = app.world().resource::<OnTable>().game.clone();
    wait_on_network(&mut app, "the rematch offered", |app| {
        let followed = app.world().resource::<OnlineGames>().get(&first).unwrap().clone();
        entropy::online::table::rematch_label(app.world().resource::<OnTable>(), &followed)
            == entropy::online::table::ACCEPT_REMATCH
    });
    // Rematch is the result's first choice, focused.
    key(&mut app, KeyCode::Enter);
    wait_on_network(&mut app, "the rematch on the table", |app| {
        app.world().get_resource::<OnTable>().is_some_and(|t| t.game != first) && screen(app) == SolomonScreen::Playing
    });
    wait_on_network(&mut app, "the rematch's end", |app| {
        person_moves(app, &mut rng);
        result_shown(app)
    });
    let played = bots.block_on(robot).unwrap();
    assert_eq!(played.len(), 2);
    assert!(played[0].asked_takeback);
}

/// A simultaneous match: the bot asks to take back its placement, the
/// person allows it, and the match goes on to its end.
#[test]
fn a_takeback_in_the_simultaneous_match_is_allowed_and_the_match_goes_on() {
    let server = TestServer::start("online-sim-takeback-server");
    let options = five_by_five(Format::Simultaneous, TEN_MINUTES, false);
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        takebacks_after: vec![3],
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Cy", behaviour, 12));
    let dir = scratch("online-sim-takeback-game");
    let mut app = game_at(&dir, &server.address, "Ann");
    sign_up_and_accept(&mut app);
    let offered = |app: &App| {
        let table = app.world().resource::<OnTable>();
        let followed = app.world().resource::<OnlineGames>().get(&table.game).unwrap();
        followed
            .view
            .takeback_offer()
            .is_some_and(|p| Some(p) == table.opponent())
    };
    let mut rng = SmallRng::seed_from_u64(13);
    wait_on_network(&mut app, "the bot's takeback asked", |app| {
        if offered(app) {
            return true;
        }
        person_moves(app, &mut rng);
        false
    });
    send(&mut app, DoGameAction(GameAction::AcceptTakeback));
    play_to_the_end(&mut app, &mut rng);
    let played = bots.block_on(robot).unwrap();
    assert_eq!(played[0].result, result_of(totals_on_the_table(&app)));
}

/// Two bots play each other; the game, signed in as a third player,
/// watches their game from the lobby: it opens on the table as theirs,
/// both seats remote, the number watching said, and the moves follow
/// until it ends. Leaving unwatches it.
#[test]
fn a_game_between_others_is_watched_from_the_lobby() {
    let server = TestServer::start("online-watch-server");
    let options = five_by_five(Format::Match, TEN_MINUTES, false);
    let bots = server::runtime();
    let pace = Duration::from_millis(40);
    let seeker = Behaviour {
        seek: Some(options),
        games: 1,
        pace,
        ..Behaviour::default()
    };
    let accepter = Behaviour {
        accept_from: Some("Uno".into()),
        games: 1,
        pace,
        ..Behaviour::default()
    };
    let uno = bots.spawn(bot(server.address.clone(), "Uno", seeker, 1));
    let duo = bots.spawn(bot(server.address.clone(), "Duo", accepter, 2));
    let dir = scratch("online-watch-game");
    let mut app = game_at(&dir, &server.address, "Cy");
    register(&mut app);
    wait_on_network(&mut app, "their game in the lobby", |app| {
        app.world().resource::<Lobby>().games.len() == 1
    });
    press_lobby_row(&mut app, entropy::online::screens::lobby::Row::Watch(0));
    wait_on_network(&mut app, "their game on the table", |app| {
        app.world().get_resource::<OnTable>().is_some()
            && matches!(
                screen(app),
                Shown::Solomon(SolomonScreen::Playing | SolomonScreen::RoundOver | SolomonScreen::MatchOver)
            )
    });
    let table = app.world().resource::<OnTable>().clone();
    assert!(table.watching());
    assert_eq!(table.names, ["Uno".to_string(), "Duo".to_string()]);
    assert!(!app.world().resource::<CurrentMatch>().person_to_move());
    wait_on_network(&mut app, "the spectator counted", |app| {
        app.world()
            .resource::<OnlineGames>()
            .get(&table.game)
            .is_some_and(|f| f.spectators == 1)
    });
    wait_on_network(&mut app, "their game's end", |app| result_shown(app));
    let results = [bots.block_on(uno).unwrap(), bots.block_on(duo).unwrap()];
    assert_eq!(results[0][0].result, result_of(totals_on_the_table(&app)));
    assert_eq!(results[0][0].result, results[1][0].result);
    // The Lobby: the game watched is let go.
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::Enter);
    wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
    app.update();
    assert!(app.world().resource::<OnlineGames>().get(&table.game).is_none());
    assert!(
        app.world().resource::<entropy::history::History>().entries.is_empty(),
        "a game watched is not the spectator's"
    );
}

/// A player with a gamepad only: Play online, each field typed with the
/// on-screen keyboard (A opens it on the field, the d-pad and A type, Start
/// is done), Register; in the lobby, a seek posted and withdrawn.
#[test]
fn a_gamepad_signs_in_through_the_on_screen_keyboard() {
    use entropy::ui::keyboard::{Key, OnScreenKeyboard};
    use entropy::ui::overlays::{Overlay, Overlays};
    let server = TestServer::start("online-pad-server");
    let dir = scratch("online-pad");
    let mut app = core_app(entropy::Folders::in_dir(&dir));
    *app.world_mut().resource_mut::<ServerChoice>() = ServerChoice {
        address: server.address.clone(),
        name: String::new(),
        token: None,
    };
    let pad = connect_gamepad(&mut app);
    let index = app
        .world()
        .resource::<TitleMenu>()
        .shown()
        .iter()
        .position(|e| e.label == "Play online")
        .unwrap();
    for _ in 0..index {
        button(&mut app, pad, GamepadButton::DPadDown);
    }
    button(&mut app, pad, GamepadButton::South);
    wait_for(&mut app, OnlineScreen::SignIn);
    // The focus opens on the name, the first field left empty.
    let type_with_the_pad = |app: &mut App, text: &str| {
        button(app, pad, GamepadButton::South);
        assert_eq!(app.world().resource::<Overlays>().top(), Some(Overlay::Keyboard));
        for wanted in text.chars() {
            // Along each row (a row has at most 11 keys: 12 presses visit
            // them all), and down to the next.
            let mut steps = 0;
            while app.world().resource::<OnScreenKeyboard>().key() != Key::Char(wanted) {
                let towards = if steps % 12 == 11 {
                    GamepadButton::DPadDown
                } else {
                    GamepadButton::DPadRight
                };
                button(app, pad, towards);
                steps += 1;
                assert!(steps < 200, "no key {wanted:?}");
            }
            button(app, pad, GamepadButton::South);
        }
        button(app, pad, GamepadButton::Start);
        assert!(app.world().resource::<Overlays>().is_empty());
    };
    type_with_the_pad(&mut app, "pad");
    assert_eq!(app.world().resource::<ServerChoice>().name, "pad");
    button(&mut app, pad, GamepadButton::DPadDown);
    type_with_the_pad(&mut app, "pad-pass1");
    assert_eq!(app.world().resource::<Password>().0, "pad-pass1");
    // Down to Register (past Sign in), and A.
    button(&mut app, pad, GamepadButton::DPadDown);
    button(&mut app, pad, GamepadButton::DPadDown);
    button(&mut app, pad, GamepadButton::South);
    wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
    assert_eq!(app.world().resource::<Session>().name(), Some("pad"));
    // The lobby opens on Post seek: A posts, A again withdraws.
    button(&mut app, pad, GamepadButton::South);
    wait_on_network(&mut app, "the seek posted", |app| {
        !app.world().resource::<Lobby>().mine.is_empty()
    });
    button(&mut app, pad, GamepadButton::South);
    wait_on_network(&mut app, "the seek withdrawn", |app| {
        app.world().resource::<Lobby>().mine.is_empty()
    });
}

/// An opponent of the test's own, on a connection the test drives: it
/// posts a seek and, when told, resigns the game that began.
struct Quitter {
    connection: entropy_client::Connection,
    game: Option<String>,
}

impl Quitter {
    async fn seek(address: &str, name: &str, options: entropy_protocol::GameOptions) -> Quitter {
        let server = entropy_client::Server::new(address).unwrap();
        let credentials = entropy_protocol::Credentials {
            name: name.into(),
            password: "quitter-password".into(),
            bot: true,
        };
        let signed = match server.register(&credentials).await {
            Ok(signed) => signed,
            Err(_) => server.login(&credentials).await.unwrap(),
        };
        let connection = server.connect(Some(signed.token)).await.unwrap();
        connection
            .send(entropy_protocol::ClientMessage::Seek { options })
            .unwrap();
        Quitter { connection, game: None }
    }

    /// Waits for the game to begin, then resigns it.
    async fn resign(&mut self) {
        while self.game.is_none() {
            let said = tokio::time::timeout(bots::BOUND, self.connection.recv())
                .await
                .unwrap()
                .unwrap();
            if let entropy_client::Incoming::Message(entropy_protocol::ServerMessage::GameStarted { game }) = said {
                self.game = Some(game);
            }
        }
        let game = self.game.clone().unwrap();
        self.connection
            .send(entropy_protocol::ClientMessage::Resign { game })
            .unwrap();
    }
}

/// The number of matches the history holds.
fn kept(app: &App) -> usize {
    app.world().resource::<entropy::history::History>().entries.len()
}

/// Every finished game of the player's goes to the history, not only one
/// that ends on the table: a game resigned by the opponent while the
/// player is in the lobby, and one resigned while the game itself is
/// closed, which the server's archive lists at the next sign-in.
#[test]
fn a_game_that_ends_while_the_player_is_elsewhere_is_kept_all_the_same() {
    let server = TestServer::start("online-elsewhere-server");
    let runtime = server::runtime();
    let options = five_by_five(
        Format::Match,
        entropy_protocol::Speed::Correspondence { days: 3 },
        false,
    );
    let mut quitter = runtime.block_on(Quitter::seek(&server.address, "Quitter", options));
    let dir = scratch("online-elsewhere-game");
    {
        let mut app = game_at(&dir, &server.address, "Ann");
        sign_up_and_accept(&mut app);
        send(&mut app, DoGameAction(GameAction::Lobby));
        wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
        runtime.block_on(quitter.resign());
        wait_on_network(&mut app, "the game resigned, kept", |app| kept(app) == 1);
        // A second game, accepted; the game closed; resigned meanwhile.
        quitter = runtime.block_on(Quitter::seek(&server.address, "Quitter", options));
        accept_the_seek(&mut app);
        wait_on_network(&mut app, "the second game on the table", |app| on_the_table(app));
    }
    runtime.block_on(quitter.resign());
    let mut app = core_app(entropy::Folders::in_dir(&dir));
    wait_on_network(&mut app, "the game resigned while closed, kept", |app| kept(app) == 2);
    let history = app.world().resource::<entropy::history::History>();
    for entry in &history.entries {
        let file = entry.file.as_ref().unwrap();
        assert!(entropy_protocol::fairness::verify(file).is_ok());
        assert_eq!(file.tags().players.iter().filter(|p| p.kind == "online bot").count(), 1);
    }
}
