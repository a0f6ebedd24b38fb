//! Online play in the game, headless, against a server the test starts
//! (in its own process, or in a process of its own that it kills with
//! SIGKILL) and bots of the test's that play random legal moves: the game
//! signs in (and registers), finds a bot's seek in the lobby and accepts
//! it with the keys, and plays whole matches of both formats on the table
//! to the result, each side's moves reaching the other through the server;
//! takebacks asked and answered, a rematch, a game watched, a
//! correspondence game left and taken up after the game was closed, a
//! server that answers badly, and the gamepad's way in.

#[path = "common/bot.rs"]
mod bots;
mod common;
#[path = "common/server.rs"]
mod server;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bots::{BOUND, Behaviour, bot};
use common::*;
use entropy::online::OnlineScreen;
use entropy::online::games::OnlineGames;
use entropy::online::lobby::Lobby;
use entropy::online::screens::sign_in::Password;
use entropy::online::session::{Link, ServerChoice, Session};
use entropy::online::table::{DoGameAction, GameAction, OnTable};
use entropy::simultaneous::{SimMatch, SimScreen, Simultaneous};
use entropy::solomon::game::CurrentMatch;
use entropy::solomon::online::OnlineMatch;
use entropy::table::turn::Intent;
use entropy::ui::title::TitleMenu;
use entropy_protocol::{Format, GameOptions, Speed};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use server::{ServerProcess, TestServer};

/// Run by the tests here in a process of its own: the server they kill.
#[test]
fn server_process_helper() {
    server::serve_in_this_process();
}

/// Runs frames until `done` holds, a few milliseconds of real time apart:
/// what the game waits for comes over the network, in real time. Fails
/// after [`BOUND`].
fn wait_on_network(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        if start.elapsed() > BOUND {
            let session = app.world().resource::<Session>();
            panic!(
                "never: {what} (on {:?}; the connection {:?}; the last notice {:?}; the problem {:?})",
                screen(app),
                session.link,
                session.notice,
                session.problem
            );
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Chooses the title's entry `label` with the keys.
fn choose_on_title(app: &mut App, label: &str) {
    let index = app
        .world()
        .resource::<TitleMenu>()
        .shown()
        .iter()
        .position(|e| e.label == label)
        .unwrap();
    for _ in 0..index {
        key(app, KeyCode::ArrowDown);
    }
    key(app, KeyCode::Enter);
}

/// A game on the files of `dir` that signs in at `address` as `name`.
fn game_at(dir: &std::path::Path, address: &str, name: &str) -> App {
    let mut app = core_app(entropy::Folders::in_dir(dir));
    *app.world_mut().resource_mut::<ServerChoice>() = ServerChoice {
        address: address.to_string(),
        name: name.into(),
        token: None,
    };
    app.world_mut().resource_mut::<Password>().0 = format!("{}-password", name.to_lowercase());
    app
}

/// Play online, then Register (every field is filled): the lobby.
fn register(app: &mut App) {
    choose_on_title(app, "Play online");
    wait_for(app, OnlineScreen::SignIn);
    // The focus opens on Sign in (every field is filled); Register is next.
    key(app, KeyCode::ArrowDown);
    key(app, KeyCode::Enter);
    wait_on_network(app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
}

/// Presses Enter on the lobby's row `row`, from wherever the focus is.
fn press_lobby_row(app: &mut App, row: entropy::online::screens::lobby::Row) {
    let me = app.world().resource::<Session>().name().map(str::to_string);
    let rows = entropy::online::screens::lobby::rows(app.world().resource::<Lobby>(), me.as_deref());
    let want = rows.iter().position(|r| *r == row).unwrap();
    move_focus_to(app, want);
    key(app, KeyCode::Enter);
}

/// Moves the focus of the menu on screen to control `want` with the arrows.
fn move_focus_to(app: &mut App, want: usize) {
    let focus = app.world().resource::<entropy::ui::navigation::Focus>().index;
    let code = if focus > want {
        KeyCode::ArrowUp
    } else {
        KeyCode::ArrowDown
    };
    for _ in 0..focus.abs_diff(want) {
        key(app, code);
    }
}

/// The bot's seek is in the lobby: accepted with the keys.
fn accept_the_seek(app: &mut App) {
    wait_on_network(app, "the bot's seek", |app| {
        let me = app.world().resource::<Session>().name().map(str::to_string);
        app.world().resource::<Lobby>().open_seeks(me.as_deref()).count() == 1
    });
    press_lobby_row(app, entropy::online::screens::lobby::Row::Accept(0));
}

/// The person's move, at random, when one is waited for and the board is
/// still; whether one was made.
fn person_moves(app: &mut App, rng: &mut SmallRng) -> bool {
    if is_animating(app) {
        return false;
    }
    match screen(app) {
        Shown::Solomon(SolomonScreen::Playing) => {
            let game = app.world().resource::<CurrentMatch>();
            if game.person_to_move()
                && let Some(intent) = random_intent(app, rng)
            {
                send(app, intent);
                return true;
            }
        }
        Shown::Simultaneous(SimScreen::Playing) => {
            if let Some(action) = person_action(app, rng) {
                send(app, Intent::<Simultaneous>(action));
                return true;
            }
        }
        _ => {}
    }
    false
}

/// Whether the match on screen is over (its result shown).
fn result_shown(app: &App) -> bool {
    matches!(
        screen(app),
        Shown::Solomon(SolomonScreen::MatchOver) | Shown::Simultaneous(SimScreen::Over)
    )
}

/// The result a match file says of the totals on the table.
fn result_of(totals: [u32; 2]) -> &'static str {
    match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => "1-0",
        std::cmp::Ordering::Less => "0-1",
        std::cmp::Ordering::Equal => "1/2-1/2",
    }
}

/// The totals of the match on the table, either format.
fn totals_on_the_table(app: &App) -> [u32; 2] {
    match app.world().get_resource::<CurrentMatch>() {
        Some(game) => game.game.totals(),
        None => app.world().resource::<SimMatch>().game.scores(),
    }
}

/// The finished game is kept in the history as the server's archive has
/// it, its draws checked against the seed; the opponent marked online.
fn kept_in_the_history(app: &mut App, opponent: &str) {
    wait_on_network(app, "the game kept", |app| {
        app.world().resource::<OnTable>().kept.is_some()
    });
    assert_eq!(app.world().resource::<OnTable>().kept, Some(Ok(())));
    let me = app.world().resource::<OnTable>().me.expect("a player") as usize;
    let history = app.world().resource::<entropy::history::History>();
    let file = history.entries.last().unwrap().file.as_ref().unwrap();
    assert!(entropy_protocol::fairness::verify(file).is_ok());
    let players = &file.tags().players;
    assert_eq!(players[me].kind, "person");
    assert_eq!(players[1 - me].kind, "online bot");
    assert_eq!(players[1 - me].name, opponent);
}

#[test]
fn the_game_registers_accepts_a_bots_seek_and_plays_the_match_to_its_result() {
    let server = TestServer::start("online-server");
    let options = GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 600 },
        rated: true,
    };
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
    let mut moves = 0;
    wait_on_network(&mut app, "the match's end", |app| {
        moves += usize::from(person_moves(app, &mut rng));
        result_shown(app)
    });
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

/// The game registers, accepts a bot's seek and plays the match to its
/// result; the server's process is killed with SIGKILL mid-match, at the
/// person's turn, and the person moves while it is down: the game says the
/// connection is lost, connects again by itself once the server is back,
/// sends the move, and the match ends as if nothing had happened, every
/// move played once.
#[test]
fn a_server_killed_with_sigkill_mid_match_and_started_again_loses_nothing() {
    let mut server = ServerProcess::start("online-killed-server");
    let options = GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 600 },
        rated: true,
    };
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Robot", behaviour, 7));
    let dir = scratch("online-killed-game");
    let mut app = game_at(&dir, &server.address, "Ann");
    register(&mut app);
    accept_the_seek(&mut app);
    wait_on_network(&mut app, "the game on the table", |app| {
        screen(app) == SolomonScreen::Playing && app.world().get_resource::<OnlineMatch>().is_some()
    });

    let mut rng = SmallRng::seed_from_u64(11);
    let mut moves = 0;
    let mut killed = false;
    wait_on_network(&mut app, "the match's end", |app| {
        let to_move = screen(app) == SolomonScreen::Playing
            && !is_animating(app)
            && app.world().resource::<CurrentMatch>().person_to_move();
        if !killed && moves >= 10 && to_move {
            killed = true;
            server.kill();
            let at = Instant::now();
            wait_on_network(app, "the connection said lost", |app| {
                matches!(app.world().resource::<Session>().link, Link::Lost { .. })
            });
            eprintln!("the loss was said {:?} after the kill", at.elapsed());
            // A move while the connection is down: played on the table,
            // sent once the server is back.
            let intent = random_intent(app, &mut rng).unwrap();
            send(app, intent);
            app.update();
            moves += 1;
            server.restart();
            wait_on_network(app, "the connection back", |app| {
                app.world().resource::<Session>().link == Link::Online
            });
            eprintln!("back {:?} after the kill", at.elapsed());
        }
        moves += usize::from(person_moves(app, &mut rng));
        result_shown(app)
    });
    assert!(killed && moves > 20, "the person played {moves} moves");
    let played = bots.block_on(robot).unwrap();
    assert_eq!(
        played[0].result,
        result_of(totals_on_the_table(&app)),
        "the server's result is the table's"
    );
    kept_in_the_history(&mut app, "Robot");
    // Every move once: the server's match file is the table's match.
    let history = app.world().resource::<entropy::history::History>();
    let Ok(entropy_rules::AnyMatchFile::Rounds(file)) = history.entries.last().unwrap().file.clone() else {
        panic!("a match of two rounds")
    };
    let table = app.world().resource::<CurrentMatch>();
    for (i, round) in table.game.rounds().iter().enumerate() {
        let served: Vec<_> = file.record.rounds[i].iter().map(|t| (t.placement, t.reply)).collect();
        let here: Vec<_> = round.turns().iter().map(|t| (t.placement, t.reply)).collect();
        assert_eq!(served, here, "round {}: the same moves, each once", i + 1);
    }
}

#[test]
fn the_simultaneous_match_is_played_online_to_its_result() {
    let server = TestServer::start("online-sim-server");
    let options = GameOptions {
        size: 5,
        format: Format::Simultaneous,
        speed: Speed::Live { seconds: 600 },
        rated: false,
    };
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Twin", behaviour, 5));
    let dir = scratch("online-sim-game");
    let mut app = game_at(&dir, &server.address, "Ann");
    register(&mut app);
    accept_the_seek(&mut app);
    wait_on_network(&mut app, "both boards on the table", |app| {
        app.world().get_resource::<State<SimScreen>>().map(|s| *s.get()) == Some(SimScreen::Playing)
            && app.world().get_resource::<OnTable>().is_some()
    });
    {
        let game = app.world().resource::<SimMatch>();
        assert!(game.online());
        let me = app.world().resource::<OnTable>().me.unwrap() as usize;
        assert_eq!(game.names[me], "You");
        assert_eq!(game.names[1 - me], "Twin");
    }
    let mut rng = SmallRng::seed_from_u64(3);
    let mut moves = 0;
    wait_on_network(&mut app, "the match's end", |app| {
        moves += usize::from(person_moves(app, &mut rng));
        result_shown(app)
    });
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
    let options = GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 600 },
        rated: false,
    };
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 2,
        takeback_after: Some(3),
        allow_takebacks: true,
        rematch: true,
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Sorry", behaviour, 9));
    let dir = scratch("online-takeback-game");
    let mut app = game_at(&dir, &server.address, "Ann");
    register(&mut app);
    accept_the_seek(&mut app);
    wait_on_network(&mut app, "the game on the table", |app| {
        screen(app) == SolomonScreen::Playing && app.world().get_resource::<OnlineMatch>().is_some()
    });
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
    wait_on_network(&mut app, "the match's end", |app| {
        person_moves(app, &mut rng);
        result_shown(app)
    });
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

/// Two bots play each other; the game, signed in as a third player,
/// watches their game from the lobby: it opens on the table as theirs,
/// both seats remote, the number watching said, and the moves follow
/// until it ends. Leaving unwatches it.
#[test]
fn a_game_between_others_is_watched_from_the_lobby() {
    let server = TestServer::start("online-watch-server");
    let options = GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 600 },
        rated: false,
    };
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

/// A correspondence game: the game accepts a bot's seek, plays some moves
/// and is closed; the server is killed with SIGKILL and started again;
/// the game started again signs in by itself and its title says a move
/// is waited for; the lobby does not open the game by itself, My games
/// lists it first, and Enter takes it up: it is played to its end.
#[test]
fn a_correspondence_game_is_taken_up_after_the_game_is_closed_and_the_server_killed() {
    let mut server = ServerProcess::start("online-corr-server");
    let options = GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Correspondence { days: 1 },
        rated: false,
    };
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Slow", behaviour, 8));
    let dir = scratch("online-corr-game");
    let mut rng = SmallRng::seed_from_u64(6);
    let game_id = {
        let mut app = game_at(&dir, &server.address, "Ann");
        register(&mut app);
        accept_the_seek(&mut app);
        wait_on_network(&mut app, "the game on the table", |app| {
            screen(app) == SolomonScreen::Playing && app.world().get_resource::<OnlineMatch>().is_some()
        });
        let mut moves = 0;
        wait_on_network(&mut app, "a few moves, and the person's turn", |app| {
            let waits = screen(app) == SolomonScreen::Playing
                && !is_animating(app)
                && app.world().resource::<CurrentMatch>().person_to_move();
            if moves >= 6 && waits {
                return true;
            }
            moves += usize::from(person_moves(app, &mut rng));
            false
        });
        let id = app.world().resource::<OnTable>().game.clone();
        // Closing the game: its session is kept.
        id
    };
    server.kill();
    server.restart();

    let mut app = core_app(entropy::Folders::in_dir(&dir));
    let badge = |app: &App| {
        app.world()
            .resource::<TitleMenu>()
            .shown()
            .iter()
            .find(|e| e.label == "Play online")
            .and_then(|e| e.badge.clone())
    };
    wait_on_network(&mut app, "the title's word of a move waited for", |app| {
        badge(app).as_deref() == Some("Your move in 1 game")
    });
    choose_on_title(&mut app, "Play online");
    wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(
        screen(&app),
        OnlineScreen::Lobby,
        "a correspondence game waits in My games"
    );
    press_lobby_row(&mut app, entropy::online::screens::lobby::Row::MyGames);
    wait_for(&mut app, OnlineScreen::Games);
    let rows = entropy::online::screens::my_games::rows(app.world().resource::<OnlineGames>(), Some("Ann"));
    assert!(matches!(&rows[0], entropy::online::screens::my_games::Row::Game(g) if g.game == game_id && g.waiting));
    key(&mut app, KeyCode::Enter);
    wait_on_network(&mut app, "the game taken up", |app| {
        screen(app) == SolomonScreen::Playing
            && app.world().get_resource::<OnTable>().is_some_and(|t| t.game == game_id)
    });
    wait_on_network(&mut app, "the match's end", |app| {
        person_moves(app, &mut rng);
        result_shown(app)
    });
    let played = bots.block_on(robot).unwrap();
    assert_eq!(played[0].result, result_of(totals_on_the_table(&app)));
    kept_in_the_history(&mut app, "Slow");
}

/// A stand-in server that answers badly, on a loopback port: each
/// connection gets what `answer` says, in turn.
mod stand_in {
    use futures_util::{SinkExt, StreamExt};
    use tokio::net::TcpListener;
    use tokio_tungstenite::tungstenite::Message;

    /// What the stand-in answers a connection's Hello with.
    #[derive(Clone, Copy, Debug)]
    pub enum Answer {
        /// Text that is not JSON.
        Garbage,
        /// A Welcome in another protocol.
        OtherProtocol,
        /// A Welcome, then text that is not a message, then half a frame
        /// and the socket closed.
        WelcomeThenBreak,
        /// A Welcome, and nothing more.
        Welcome,
        /// A Welcome, a game of the player's, and each time it is watched
        /// an event that cannot be: a move before any draw.
        BadGame,
    }

    /// How many times the game of [`Answer::BadGame`] was watched.
    pub static WATCHED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    /// Ann's game, begun, then a move of hers before any counter is drawn.
    fn bad_game() -> Vec<entropy_protocol::ServerMessage> {
        use entropy_protocol::{Format, GameEvent, GameOptions, Seat, ServerMessage, Speed};
        let seat = |name: &str| Seat {
            name: name.into(),
            bot: false,
            rating: None,
        };
        let event = |version, event| ServerMessage::Event {
            game: "g1".into(),
            version,
            event,
            clocks: None,
        };
        let options = GameOptions {
            size: 5,
            format: Format::Match,
            speed: Speed::Correspondence { days: 3 },
            rated: false,
        };
        vec![
            event(
                1,
                GameEvent::Started {
                    players: [seat("Ann"), seat("Bob")],
                    options,
                    first_order: 1,
                    seed_hash: "00".into(),
                    rematch_of: None,
                },
            ),
            event(
                2,
                GameEvent::Moved {
                    board: 0,
                    player: 0,
                    action: "Aa".into(),
                    left_ms: None,
                    forced: false,
                },
            ),
        ]
    }

    /// Serves `answers` to the connections as they come, in a task of `runtime`.
    pub fn serve(runtime: &tokio::runtime::Runtime, answers: Vec<Answer>) -> String {
        let listener = runtime.block_on(TcpListener::bind("127.0.0.1:0")).unwrap();
        let address = listener.local_addr().unwrap().to_string();
        runtime.spawn(async move {
            for answer in answers {
                let Ok((tcp, _)) = listener.accept().await else { return };
                let Ok(mut ws) = tokio_tungstenite::accept_async(tcp).await else {
                    continue;
                };
                let _hello = ws.next().await;
                let welcome = entropy_protocol::encode(&entropy_protocol::ServerMessage::Welcome {
                    protocol: entropy_protocol::PROTOCOL_VERSION,
                    account: Some(entropy_protocol::Account {
                        name: "Ann".into(),
                        bot: false,
                    }),
                });
                match answer {
                    Answer::Garbage => {
                        let _ = ws.send(Message::text("<html>not a server of the game</html>")).await;
                    }
                    Answer::OtherProtocol => {
                        let other = welcome.replace(
                            &format!("\"protocol\":{}", entropy_protocol::PROTOCOL_VERSION),
                            "\"protocol\":99",
                        );
                        let _ = ws.send(Message::text(other)).await;
                    }
                    Answer::WelcomeThenBreak => {
                        let _ = ws.send(Message::text(welcome)).await;
                        let _ = ws.send(Message::text("{\"type\":\"no_such_message\"}")).await;
                        let _ = ws.flush().await;
                        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
                        // A text frame's head that promises 300 bytes, two of them, and the end.
                        let _ = ws.get_mut().try_write(&[0x81, 0x7e, 0x01, 0x2c, b'{', b'"']);
                        drop(ws);
                        continue;
                    }
                    Answer::Welcome => {
                        let _ = ws.send(Message::text(welcome)).await;
                    }
                    Answer::BadGame => {
                        let _ = ws.send(Message::text(welcome)).await;
                        let started = entropy_protocol::ServerMessage::GameStarted { game: "g1".into() };
                        let _ = ws.send(Message::text(entropy_protocol::encode(&started))).await;
                        while let Some(Ok(frame)) = ws.next().await {
                            let Message::Text(text) = frame else { continue };
                            if !matches!(
                                entropy_protocol::decode_client(&text),
                                Ok(entropy_protocol::ClientMessage::Watch { .. })
                            ) {
                                continue;
                            }
                            WATCHED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                            for event in bad_game() {
                                let _ = ws.send(Message::text(entropy_protocol::encode(&event))).await;
                            }
                        }
                        continue;
                    }
                }
                // Kept open until the client goes.
                while let Some(Ok(_)) = ws.next().await {}
            }
        });
        address
    }
}

/// A server that answers badly: something that is not a message, a
/// protocol of another version, a message of no known kind, a socket
/// closed in the middle of a frame. The player is told each time, in
/// words; the game never panics, and comes back when the server answers
/// well again.
#[test]
fn bad_answers_from_a_server_are_said_and_never_panic() {
    use stand_in::Answer;
    let runtime = server::runtime();
    let dir = scratch("online-bad");
    let kept_session = |app: &mut App, address: &str| {
        *app.world_mut().resource_mut::<ServerChoice>() = ServerChoice {
            address: address.to_string(),
            name: "Ann".into(),
            token: Some("a-token".into()),
        };
    };
    let problem = |app: &App| app.world().resource::<Session>().problem.clone();
    for (answer, said) in [
        (Answer::Garbage, "not what the protocol says"),
        (Answer::OtherProtocol, "protocol 99"),
    ] {
        let address = stand_in::serve(&runtime, vec![answer]);
        let mut app = core_app(entropy::Folders::in_dir(&dir));
        kept_session(&mut app, &address);
        choose_on_title(&mut app, "Play online");
        wait_on_network(&mut app, "the problem said", |app| problem(app).is_some());
        let words = problem(&app).unwrap();
        assert!(words.contains(said), "{answer:?}: {words}");
        assert_eq!(screen(&app), OnlineScreen::SignIn);
    }
    // Welcomed, then a message of no known kind, then a socket closed
    // mid-frame: said, and the game connects again by itself.
    let address = stand_in::serve(&runtime, vec![Answer::WelcomeThenBreak, Answer::Welcome]);
    let mut app = core_app(entropy::Folders::in_dir(&dir));
    kept_session(&mut app, &address);
    choose_on_title(&mut app, "Play online");
    wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
    wait_on_network(&mut app, "the unreadable message said", |app| {
        app.world()
            .resource::<Session>()
            .notice
            .as_ref()
            .is_some_and(|(words, _)| words.contains("unreadable"))
    });
    wait_on_network(&mut app, "the loss said", |app| {
        matches!(app.world().resource::<Session>().link, Link::Lost { .. })
    });
    wait_on_network(&mut app, "connected again", |app| {
        app.world().resource::<Session>().link == Link::Online
    });
    drop(app);
    // A game whose events cannot be: watched again once, then given up, said.
    let address = stand_in::serve(&runtime, vec![Answer::BadGame]);
    let mut app = core_app(entropy::Folders::in_dir(&dir));
    kept_session(&mut app, &address);
    choose_on_title(&mut app, "Play online");
    wait_on_network(&mut app, "the game given up, said", |app| {
        app.world()
            .resource::<Session>()
            .notice
            .as_ref()
            .is_some_and(|(words, _)| words.contains("cannot be read"))
    });
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(
        stand_in::WATCHED.load(std::sync::atomic::Ordering::SeqCst),
        2,
        "watched again once, then given up"
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

/// Presses Enter on the sign-in screen's row `row`, from wherever the focus is.
fn press_sign_in_row(app: &mut App, row: entropy::online::screens::sign_in::Row) {
    use entropy::online::screens::sign_in::ROWS;
    let want = ROWS.iter().position(|r| *r == row).unwrap();
    move_focus_to(app, want);
    key(app, KeyCode::Enter);
}

#[test]
fn a_server_hosted_in_the_game_keeps_its_accounts_when_the_game_is_closed_and_hosts_it_again() {
    use entropy::online::screens::sign_in::Row;
    use entropy::online::session::Hosting;
    let dir = scratch("online-host");
    let hosted_port = |app: &App| match &app.world().resource::<Session>().hosting {
        Hosting::On { port, .. } => Some(*port),
        _ => None,
    };
    for launch in 0..2 {
        let mut app = core_app(entropy::Folders::in_dir(&dir));
        choose_on_title(&mut app, "Play online");
        wait_for(&mut app, OnlineScreen::SignIn);
        if launch == 1 {
            // Signed in at the last launch: the game tries the session
            // kept, and the server is not there until it is hosted again.
            wait_on_network(&mut app, "the session refused", |app| {
                app.world().resource::<Session>().problem.is_some()
            });
        }
        press_sign_in_row(&mut app, Row::Host);
        wait_on_network(&mut app, "the server hosted", |app| hosted_port(app).is_some());
        let port = hosted_port(&app).unwrap();
        let choice = app.world().resource::<ServerChoice>().clone();
        assert_eq!(
            choice.address,
            format!("127.0.0.1:{port}"),
            "the address is this computer's"
        );
        assert!(
            dir.join("data").join("server.db").exists(),
            "the server's database is in the game's data folder"
        );
        if launch == 0 {
            app.world_mut().resource_mut::<ServerChoice>().name = "Host".into();
        }
        app.world_mut().resource_mut::<Password>().0 = "host-password".into();
        // The first time Register; the second, the account is still there: Sign in.
        press_sign_in_row(&mut app, if launch == 0 { Row::Register } else { Row::SignIn });
        wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
        assert_eq!(app.world().resource::<Session>().name(), Some("Host"));
        // Closing the game stops the server it hosts.
        drop(app);
        assert!(
            std::net::TcpStream::connect(("127.0.0.1", port)).is_err(),
            "the server stopped with the game"
        );
    }
}

/// A simultaneous match: the bot asks to take back its placement, the
/// person allows it, and the match goes on to its end.
#[test]
fn a_takeback_in_the_simultaneous_match_is_allowed_and_the_match_goes_on() {
    let server = TestServer::start("online-sim-takeback-server");
    let options = GameOptions {
        size: 5,
        format: Format::Simultaneous,
        speed: Speed::Live { seconds: 600 },
        rated: false,
    };
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        takeback_after: Some(3),
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Cy", behaviour, 12));
    let dir = scratch("online-sim-takeback-game");
    let mut app = game_at(&dir, &server.address, "Ann");
    register(&mut app);
    accept_the_seek(&mut app);
    wait_on_network(&mut app, "both boards on the table", |app| {
        app.world().get_resource::<State<SimScreen>>().map(|s| *s.get()) == Some(SimScreen::Playing)
            && app.world().get_resource::<OnTable>().is_some()
    });
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
    wait_on_network(&mut app, "the match's end", |app| {
        person_moves(app, &mut rng);
        result_shown(app)
    });
    let played = bots.block_on(robot).unwrap();
    assert_eq!(played[0].result, result_of(totals_on_the_table(&app)));
}
