//! Carreno's Entropy in the game, headless: moves through the real keys,
//! refusals with the rules' reasons, a game against the computer to its
//! result screen, undo, and leaving mid-game.

mod common;

use bevy::prelude::*;
use carreno_ai::Level;
use carreno_rules::{Game, Move, MoveError, Position, Side, Square};
use common::*;
use entropy::app::Folders;
use entropy::app::screen::Screen;
use entropy::carreno::board::{CarrenoLayout, Piece};
use entropy::carreno::game::sentence;
use entropy::carreno::playing::Refusal;
use entropy::carreno::{
    Carreno, CarrenoCommand, CarrenoMatch, CarrenoOpponent, CarrenoSetup, Intent, Seat, SideChoice,
};
use entropy::ui::animation::AnimationSpeed;
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn game(app: &App) -> &CarrenoMatch {
    app.world().resource::<CarrenoMatch>()
}

/// A game of Carreno's with `setup`, started as the setup screen's Start does.
fn start(setup: CarrenoSetup, name: &str) -> App {
    let dir = scratch(name);
    let mut app = core_app(Folders::in_dir(&dir));
    app.insert_resource(dir).insert_resource(setup);
    send(&mut app, CarrenoCommand::Start);
    wait_for(&mut app, CarrenoScreen::Playing);
    rest(&mut app);
    app
}

/// Two people at the screen, player 1 with O.
fn shared_screen() -> CarrenoSetup {
    CarrenoSetup {
        opponent: CarrenoOpponent::Person,
        side: SideChoice::O,
    }
}

/// Runs frames until nothing moves (nor shakes).
fn rest(app: &mut App) {
    app.update();
    let still = run_until(app, 200, |app| {
        let shaking = app
            .world_mut()
            .query::<&entropy::ui::animation::Shake>()
            .iter(app.world())
            .count()
            > 0;
        !is_animating(app) && !shaking
    });
    assert!(still, "the board never came to rest");
}

/// The pieces as the entities show them.
fn entity_pieces(app: &mut App) -> Vec<(Square, Side)> {
    let mut query = app.world_mut().query::<&Piece>();
    let mut pieces: Vec<(Square, Side)> = query.iter(app.world()).map(|p| (p.at, p.side)).collect();
    pieces.sort();
    pieces
}

/// The entities stand where the rules say, at rest on their squares.
fn assert_board_matches(app: &mut App) {
    let board = *game(app).game.position().board();
    let mut expected: Vec<(Square, Side)> = Square::all()
        .filter_map(|s| board.side_at(s).map(|side| (s, side)))
        .collect();
    expected.sort();
    assert_eq!(entity_pieces(app), expected, "the pieces stand where the rules say");
    let mut query = app.world_mut().query::<(&Piece, &Transform)>();
    for (piece, transform) in query.iter(app.world()) {
        assert_eq!(
            transform.translation.truncate(),
            CarrenoLayout::rest(piece.at).truncate(),
            "the piece on {} rests on its square",
            piece.at
        );
    }
}

/// Moves the board cursor from `from` to `to` with the arrow keys.
fn cursor_to(app: &mut App, from: &str, to: &str) {
    let (from, to) = (sq(from), sq(to));
    let (df, dr) = (
        to.file() as i32 - from.file() as i32,
        to.rank() as i32 - from.rank() as i32,
    );
    let horizontal = if df > 0 {
        KeyCode::ArrowRight
    } else {
        KeyCode::ArrowLeft
    };
    let vertical = if dr > 0 { KeyCode::ArrowUp } else { KeyCode::ArrowDown };
    for _ in 0..df.abs() {
        key(app, horizontal);
    }
    for _ in 0..dr.abs() {
        key(app, vertical);
    }
}

fn refusal(app: &App) -> Option<String> {
    app.world()
        .resource::<Refusal>()
        .0
        .as_ref()
        .map(|(text, _)| text.clone())
}

#[test]
fn a_move_through_the_keys_is_applied_and_slides_along_its_line() {
    let mut app = start(shared_screen(), "carreno-keys");
    assert_board_matches(&mut app);
    // The cursor starts on c1; O's a2 goes to b3.
    cursor_to(&mut app, "c1", "a2");
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.world().resource::<entropy::carreno::input::Selection>().picked,
        Some(sq("a2"))
    );
    cursor_to(&mut app, "a2", "b3");
    key(&mut app, KeyCode::Enter);
    assert_eq!(game(&app).game.moves(), &[mv("a2-b3")]);
    // The piece is on its way, not yet on its square.
    let mut query = app
        .world_mut()
        .query::<(&Piece, Option<&entropy::ui::animation::Tween>, &Transform)>();
    let (_, tween, transform) = query.iter(app.world()).find(|(p, _, _)| p.at == sq("b3")).unwrap();
    let tween = tween.expect("the move is animated");
    assert_eq!(tween.target().truncate(), CarrenoLayout::rest(sq("b3")).truncate());
    assert_ne!(
        transform.translation.truncate(),
        CarrenoLayout::rest(sq("b3")).truncate()
    );
    rest(&mut app);
    assert_board_matches(&mut app);
    assert_eq!(game(&app).game.to_move(), Side::S);
}

#[test]
fn an_illegal_move_is_refused_with_the_rules_reason_and_changes_nothing() {
    let mut app = start(shared_screen(), "carreno-refused");
    send(&mut app, Intent::<Carreno>(mv("a2-b3")));
    rest(&mut app);
    let before = game(&app).game.clone();
    // S picks up a5 with the keys and asks for a3, past its own a4.
    cursor_to(&mut app, "c1", "a5");
    key(&mut app, KeyCode::Enter);
    cursor_to(&mut app, "a5", "a3");
    key(&mut app, KeyCode::Enter);
    let expected = before.check_move(mv("a5-a3")).unwrap_err();
    assert!(matches!(expected, MoveError::Blocked { .. }));
    assert_eq!(refusal(&app), Some(sentence(&expected.to_string())));
    assert_eq!(game(&app).game, before, "a refused move changes nothing");
    rest(&mut app);
    assert_board_matches(&mut app);

    // Passing while a move exists is refused too, with the rules' reason.
    key(&mut app, KeyCode::KeyP);
    let expected = before.check_move(Move::Pass).unwrap_err();
    assert_eq!(refusal(&app), Some(sentence(&expected.to_string())));
    assert_eq!(game(&app).game, before);
}

#[test]
fn in_check_a_piece_that_may_not_move_and_a_move_that_leaves_check_are_refused_with_reasons() {
    let dir = scratch("carreno-check");
    let mut app = core_app(Folders::in_dir(&dir));
    // Seed 002's Fig. 2: O to move is in check, its piece on c5 touches nothing.
    let fig2: Position = "S.O.S\nO...O\nOSSOS\nS....\n..OOS\nO\n".parse().unwrap();
    let names = ["Player 1".to_string(), "Player 2".to_string()];
    app.insert_resource(CarrenoMatch::with_seats(
        Game::from_position(fig2),
        [Seat::Person, Seat::Person],
        names,
    ));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game(entropy::carreno::CARRENO));
    app.world_mut()
        .resource_mut::<NextState<CarrenoScreen>>()
        .set(CarrenoScreen::Playing);
    wait_for(&mut app, CarrenoScreen::Playing);
    rest(&mut app);
    assert_eq!(game(&app).game.position().checked_pieces().len(), 1);
    // The isolated piece itself may not move: the rules say why.
    app.world_mut()
        .resource_mut::<entropy::carreno::input::BoardCursor>()
        .at = sq("c5");
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        refusal(&app),
        Some(sentence(&MoveError::NoOwnNeighbour(sq("c5")).to_string()))
    );
    assert_eq!(
        app.world().resource::<entropy::carreno::input::Selection>().picked,
        None
    );
    // A move that leaves c5 isolated is refused with the check as its reason.
    let position = *game(&app).game.position();
    let leaves_check = Square::all()
        .flat_map(|from| Square::all().map(move |to| Move::slide(from, to)))
        .find(|&m| matches!(position.check_move(m), Err(MoveError::LeavesCheck { .. })))
        .expect("a move that does not end the check");
    send(&mut app, Intent::<Carreno>(leaves_check));
    app.update();
    let reason = refusal(&app).unwrap();
    assert!(reason.starts_with("You are in check"), "{reason}");
    assert_eq!(game(&app).game.moves().len(), 0);
    // a4-c4 ends the check (seed 002).
    send(&mut app, Intent::<Carreno>(mv("a4-c4")));
    rest(&mut app);
    assert_eq!(game(&app).game.moves(), &[mv("a4-c4")]);
    assert_board_matches(&mut app);
}

#[test]
fn a_game_against_the_computer_reaches_its_result_and_a_rematch_swaps_the_sides() {
    let mut app = start(
        CarrenoSetup {
            opponent: CarrenoOpponent::Computer(Level::Easy),
            side: SideChoice::O,
        },
        "carreno-computer",
    );
    app.insert_resource(AnimationSpeed(25.0));
    assert_eq!(game(&app).seat(Side::S), Seat::Computer(Level::Easy));
    let mut rng = SmallRng::seed_from_u64(7);
    run_until(&mut app, 20_000, |app| {
        if screen(app) == CarrenoScreen::Over {
            return true;
        }
        if game(app).person_to_move() && !is_animating(app) {
            let m = carreno_move(&game(app).game, &mut rng).expect("a move to make");
            send(app, Intent::<Carreno>(m));
        }
        false
    });
    assert_eq!(screen(&app), CarrenoScreen::Over);
    let result = game(&app).game.result().expect("the game is over");
    let moves = game(&app).game.moves().len();
    assert!(moves > 0);
    assert_board_matches(&mut app);
    // The result screen opens on Rematch: Enter plays again, the computer now O.
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, CarrenoScreen::Playing);
    assert_eq!(game(&app).seat(Side::O), Seat::Computer(Level::Easy));
    assert_eq!(game(&app).seat(Side::S), Seat::Person);
    assert!(game(&app).game.moves().len() <= 1, "a new game after {result}");
    // The computer, now O, moves first (it may have already).
    run_until(&mut app, 200, |app| !game(app).game.moves().is_empty());
    assert_eq!(game(&app).game.moves().len(), 1);
    rest(&mut app);
    assert_board_matches(&mut app);
}

#[test]
fn undo_takes_back_one_move_at_a_shared_screen_and_the_reply_too_against_the_computer() {
    let mut app = start(shared_screen(), "carreno-undo-shared");
    send(&mut app, Intent::<Carreno>(mv("a2-b3")));
    rest(&mut app);
    send(&mut app, Intent::<Carreno>(mv("a5-b4")));
    rest(&mut app);
    key(&mut app, KeyCode::KeyU);
    rest(&mut app);
    assert_eq!(game(&app).game.moves(), &[mv("a2-b3")]);
    assert_board_matches(&mut app);

    let mut app = start(
        CarrenoSetup {
            opponent: CarrenoOpponent::Computer(Level::Easy),
            side: SideChoice::O,
        },
        "carreno-undo-computer",
    );
    assert!(!game(&app).undo_allowed(), "nothing of yours to take back yet");
    send(&mut app, Intent::<Carreno>(mv("a2-b3")));
    run_until(&mut app, 400, |app| {
        game(app).game.moves().len() == 2 && !is_animating(app)
    });
    assert_eq!(game(&app).game.moves().len(), 2, "the computer replied");
    key(&mut app, KeyCode::KeyU);
    rest(&mut app);
    assert!(
        game(&app).game.moves().is_empty(),
        "your move and its reply are taken back"
    );
    assert!(game(&app).person_to_move());
    assert_board_matches(&mut app);
}

#[test]
fn leaving_mid_game_stops_the_computer_and_clears_the_board() {
    // The computer (Hard, about a second a move) is O and thinks at once.
    let mut app = start(
        CarrenoSetup {
            opponent: CarrenoOpponent::Computer(Level::Hard),
            side: SideChoice::S,
        },
        "carreno-leave",
    );
    assert!(app.world().resource::<entropy::carreno::computer::Thinking>().busy());
    // Esc opens the pause menu; its last entry leaves.
    key(&mut app, KeyCode::Escape);
    for _ in 0..3 {
        key(&mut app, KeyCode::ArrowDown);
    }
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, Shown::Title);
    for _ in 0..5 {
        app.update();
    }
    assert!(app.world().get_resource::<CarrenoMatch>().is_none());
    assert!(!app.world().resource::<entropy::carreno::computer::Thinking>().busy());
    assert!(entity_pieces(&mut app).is_empty(), "the board is gone");

    // Leaving in the very frame a move starts its slide.
    let mut app = start(shared_screen(), "carreno-leave-moving");
    send(&mut app, Intent::<Carreno>(mv("a2-b3")));
    send(&mut app, CarrenoCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    for _ in 0..5 {
        app.update();
    }
    assert!(entity_pieces(&mut app).is_empty());
}

#[test]
fn the_title_offers_carrenos_game_and_its_setup_starts_it_with_the_keys() {
    let dir = scratch("carreno-title");
    let mut app = core_app(Folders::in_dir(&dir));
    let menu = app.world().resource::<entropy::ui::title::TitleMenu>();
    let index = menu
        .shown()
        .iter()
        .position(|e| e.label == "Carreno's Entropy")
        .unwrap();
    for _ in 0..index {
        key(&mut app, KeyCode::ArrowDown);
    }
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, CarrenoScreen::Setup);
    app.update();
    // The setup opens on Start: the opponent and side are the remembered ones.
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, CarrenoScreen::Playing);
    let setup = *app.world().resource::<CarrenoSetup>();
    assert_eq!(setup, CarrenoSetup::default());
    assert_eq!(game(&app).seat(Side::O), Seat::Person);
    assert_eq!(game(&app).name(Side::O), "You");
    assert_eq!(game(&app).name(Side::S), "Medium");
}

/// The whole game without a window system or renderer, the mouse going in
/// as the window system sends it (as in `tests/pointer.rs`).
mod mouse {
    use bevy::input::ButtonState;
    use bevy::prelude::*;
    use entropy::carreno::board::CarrenoLayout;

    use super::*;

    /// Where `square` is on the window, in logical pixels.
    fn on_screen(app: &mut App, square: &str) -> Vec2 {
        on_window(app, CarrenoLayout::square_centre(sq(square)))
    }

    fn click(app: &mut App, square: &str) {
        let at = on_screen(app, square);
        click_at(app, at);
    }

    #[test]
    fn the_mouse_moves_a_piece_by_clicks_and_by_a_drag() {
        let mut app = window_app("carreno-mouse");
        app.insert_resource(shared_screen());
        send(&mut app, CarrenoCommand::Start);
        wait_for(&mut app, CarrenoScreen::Playing);
        rest(&mut app);

        // O: click a2, then b3.
        click(&mut app, "a2");
        click(&mut app, "b3");
        rest(&mut app);
        assert_eq!(game(&app).game.moves(), &[mv("a2-b3")], "click, click moves");

        // S: drag b5 to b4.
        let (from, to) = (on_screen(&mut app, "b5"), on_screen(&mut app, "b4"));
        move_to(&mut app, from);
        mouse(&mut app, ButtonState::Pressed);
        for step in 1..=6 {
            move_to(&mut app, from.lerp(to, step as f32 / 6.0));
        }
        mouse(&mut app, ButtonState::Released);
        rest(&mut app);
        assert_eq!(game(&app).game.moves(), &[mv("a2-b3"), mv("b5-b4")], "a drag moves");
        assert_board_matches(&mut app);

        // O: a1 onto S's a4 is refused with the rules' reason.
        let before = game(&app).game.clone();
        click(&mut app, "a1");
        click(&mut app, "a4");
        let expected = before.check_move(mv("a1-a4")).unwrap_err();
        assert_eq!(refusal(&app), Some(sentence(&expected.to_string())));
        rest(&mut app);
        assert_eq!(game(&app).game, before);
        assert_board_matches(&mut app);
    }

    #[test]
    fn the_turn_cards_buttons_stay_in_place_while_the_pointer_crosses_the_board() {
        entropy::ui::theme::controls::record();
        let mut app = window_app("carreno-steady-buttons");
        app.insert_resource(shared_screen());
        send(&mut app, CarrenoCommand::Start);
        wait_for(&mut app, CarrenoScreen::Playing);
        rest(&mut app);

        // Over an empty square the card says how to pick up a piece; over
        // one of O's pieces, where that piece may go: shorter words.
        let empty = on_screen(&mut app, "b3");
        move_to(&mut app, empty);
        rest(&mut app);
        let hovered = |app: &App| app.world().resource::<entropy::carreno::input::Hovered>().0;
        assert_eq!(hovered(&app), Some(sq("b3")));
        let over_empty = buttons_drawn(&mut app, &["Pass", "Undo", "Hint"]);

        let piece = on_screen(&mut app, "a2");
        move_to(&mut app, piece);
        rest(&mut app);
        assert_eq!(hovered(&app), Some(sq("a2")));
        let over_piece = buttons_drawn(&mut app, &["Pass", "Undo", "Hint"]);
        assert_eq!(
            over_piece, over_empty,
            "Pass, Undo and Hint stay where they were when the pointer went over a piece"
        );
    }
}
