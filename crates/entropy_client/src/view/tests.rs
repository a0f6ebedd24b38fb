//! The view against the rules crate's own matches: every event a server
//! would send for a real match, replayed, gives the match's positions.

use entropy_protocol::{Format, GameEvent, GameOptions, Seat, Speed};
use entropy_rules::{Action, Event, Match, Phase, Player, Position, Role, SimultaneousMatch, SimultaneousStep, Size};

use super::*;

fn seat(name: &str) -> Seat {
    Seat {
        name: name.into(),
        bot: false,
        rating: None,
    }
}

fn started(format: Format, first_order: u8) -> GameEvent {
    GameEvent::Started {
        players: [seat("ann"), seat("bob")],
        options: GameOptions {
            size: 5,
            format,
            speed: Speed::Live { seconds: 300 },
            rated: false,
        },
        first_order,
        seed_hash: "00".into(),
        rematch_of: None,
    }
}

fn moved(board: u8, player: u8, action: &str) -> GameEvent {
    GameEvent::Moved {
        board,
        player,
        action: action.into(),
        left_ms: None,
        forced: false,
    }
}

/// An Order move that is sometimes a slide: the `k`-th legal one, `k` from the turn.
fn order_move(position: &Position, turn: usize) -> Action {
    let count = position.order_move_count();
    let mv = position.nth_order_move((turn * 7) % count).unwrap();
    mv.into()
}

/// The event a server sends for `event` of the rules, on `board`, by `player`.
fn event_of(board: u8, player: u8, event: Event, placed: Option<Cell>) -> GameEvent {
    match event {
        Event::Drew(colour) => GameEvent::Drew {
            board,
            colour: colour.number(),
        },
        Event::Placed(placement) => moved(board, player, &placement.cell.to_string()),
        Event::Slid(slide) => moved(board, player, &OrderMove::Slide(slide).notation(placed.unwrap())),
        Event::Passed => moved(board, player, &OrderMove::Pass.notation(placed.unwrap())),
    }
}

/// A whole two-round match, player 1 (index 1) Order first, as events,
/// each with the position it leaves.
pub(super) fn match_events() -> (Vec<GameEvent>, Vec<Position>, [u32; 2]) {
    let mut game = Match::new(Size::Five, Player::Two, [5, 6]);
    let mut events = vec![started(Format::Match, 1)];
    let mut positions = vec![Position::new(Size::Five)];
    let mut turn = 0;
    while !game.is_over() {
        let position = *game.round().position();
        let (player, action) = match position.phase() {
            Phase::Finished => {
                game.start_second_round().unwrap();
                events.push(GameEvent::RoundOver { totals: game.totals() });
                positions.push(*game.round().position());
                continue;
            }
            Phase::ChaosDraw => (0, Action::Draw),
            Phase::ChaosPlace(_) => {
                turn += 1;
                let cell = position
                    .board()
                    .vacant()
                    .nth(turn * 3 % position.board().vacant().len())
                    .unwrap();
                let (chaos, _) = game.to_move().unwrap();
                (chaos.index() as u8, Action::Place(cell))
            }
            Phase::OrderMove => {
                let (order, _) = game.to_move().unwrap();
                (order.index() as u8, order_move(&position, turn))
            }
        };
        let placed = position.last_placed();
        let event = game.apply(action).unwrap();
        events.push(event_of(0, player, event, placed));
        positions.push(*game.round().position());
    }
    (events, positions, game.totals())
}

#[test]
fn a_two_round_match_replays_to_the_rules_positions() {
    let (events, positions, totals) = match_events();
    let mut view = GameView::new("g");
    for (i, (event, position)) in events.into_iter().zip(&positions).enumerate() {
        assert_eq!(view.apply(i as u64 + 1, event).unwrap(), Applied::New);
        assert_eq!(view.position(0), Some(position), "after event {}", i + 1);
    }
    assert_eq!(view.round(), 1);
    assert!(view.round_totals().is_some());
    assert!(view.position(0).unwrap().is_finished());
    let version = view.version();
    view.apply(
        version + 1,
        GameEvent::Ended {
            result: "1-0".into(),
            totals,
            termination: "normal".into(),
            seed: "s".into(),
        },
    )
    .unwrap();
    assert!(view.is_over());
    assert!(view.owed(0).is_empty() && view.owed(1).is_empty());
    assert_eq!(view.rated(), None);
    let ratings = [
        entropy_protocol::RatingChange {
            before: 1500.0,
            after: 1662.3,
        },
        entropy_protocol::RatingChange {
            before: 1500.0,
            after: 1337.7,
        },
    ];
    view.apply(version + 2, GameEvent::Rated { ratings }).unwrap();
    assert_eq!(view.rated(), Some(ratings));
}

#[test]
fn ratings_come_only_after_the_end() {
    let mut view = GameView::new("g");
    view.apply(1, started(Format::Match, 0)).unwrap();
    let change = entropy_protocol::RatingChange {
        before: 1500.0,
        after: 1510.0,
    };
    let early = view.apply(2, GameEvent::Rated { ratings: [change; 2] });
    assert!(early.unwrap_err().reason.contains("before the game ended"));
    assert_eq!(view.version(), 1);
}

#[test]
fn the_steps_played_on_a_told_match_give_the_same_match() {
    let (events, _, totals) = match_events();
    let mut view = GameView::new("g");
    for (i, event) in events.into_iter().enumerate() {
        view.apply(i as u64 + 1, event).unwrap();
    }
    let mut told = Match::with_bags(
        Player::Two,
        entropy_rules::Bag::told(Size::Five),
        entropy_rules::Bag::told(Size::Five),
    );
    let mut moved = 0;
    for step in view.steps() {
        match step {
            BoardStep::Drew { board: 0, colour } => {
                told.tell(colour).unwrap();
                told.apply(Action::Draw).unwrap();
            }
            BoardStep::Moved {
                board: 0,
                player,
                action,
            } => {
                assert_eq!(told.to_move().map(|(p, _)| p.index() as u8), Some(player));
                told.apply(action).unwrap();
                moved += 1;
            }
            BoardStep::RoundOver => told.start_second_round().unwrap(),
            other => panic!("a step of another board: {other:?}"),
        }
    }
    assert!(moved > 40);
    assert!(told.is_over());
    assert_eq!(told.totals(), totals);
}

#[test]
fn the_roles_swap_in_the_second_round_and_each_owes_its_move() {
    let (events, _, _) = match_events();
    let mut view = GameView::new("g");
    let mut seen = [[false; 2]; 2];
    for (i, event) in events.into_iter().enumerate() {
        view.apply(i as u64 + 1, event).unwrap();
        let position = *view.position(0).unwrap();
        // Player 1 is Order in round 1 and Chaos in round 2.
        let order = if view.round() == 0 { 1 } else { 0 };
        assert_eq!(view.role(order, 0), Some(Role::Order));
        assert_eq!(view.role(1 - order, 0), Some(Role::Chaos));
        let (owes, waits) = match position.phase() {
            Phase::ChaosPlace(_) => (1 - order, Role::Chaos),
            Phase::OrderMove => (order, Role::Order),
            _ => {
                assert!(view.owed(0).is_empty() && view.owed(1).is_empty());
                continue;
            }
        };
        let owed = view.owed(owes);
        assert_eq!(owed.len(), 1);
        assert_eq!((owed[0].board, owed[0].role, owed[0].position), (0, waits, position));
        assert!(view.owed(1 - owes).is_empty());
        seen[view.round()][usize::from(owes)] = true;
        if waits == Role::Order {
            let placement = view.placement(0).unwrap();
            assert_eq!(Some(placement.cell), position.last_placed());
        }
    }
    assert_eq!(seen, [[true; 2]; 2], "both players owed moves in both rounds");
}

#[test]
fn events_seen_are_left_alone_and_a_gap_or_an_illegal_event_changes_nothing() {
    let (events, positions, _) = match_events();
    let mut view = GameView::new("g");
    // 1 Started, then draw, place, move, …: event 12 is a placement.
    for (i, event) in events.iter().take(11).enumerate() {
        view.apply(i as u64 + 1, event.clone()).unwrap();
    }
    // A reconnection sends some again: they are seen.
    assert_eq!(view.apply(9, events[8].clone()).unwrap(), Applied::Seen);
    assert_eq!(view.version(), 11);
    let gap = view.apply(13, events[12].clone()).unwrap_err();
    assert_eq!(gap.to_string(), "event 13: events 12 to 12 are missing");
    let GameEvent::Moved {
        board, player, action, ..
    } = events[11].clone()
    else {
        panic!("event 12 is a placement: {:?}", events[11]);
    };
    for (bad, says) in [
        (moved(board, 1 - player, &action), "player"),
        (moved(3, player, &action), "no board 3"),
        (moved(board, player, "Zz9"), "Zz9"),
        (GameEvent::Drew { board: 0, colour: 2 }, "Drew 2"),
        (GameEvent::Drew { board: 0, colour: 9 }, "no colour 9"),
        (GameEvent::FlagFell { player: 4 }, "players are 0 and 1"),
        (GameEvent::RoundOver { totals: [0, 0] }, "not full"),
        (started(Format::Match, 0), "already started"),
    ] {
        let error = view.apply(12, bad).unwrap_err();
        assert!(error.reason.contains(says), "{error}");
        assert_eq!(view.version(), 11);
        assert_eq!(view.position(0), Some(&positions[10]));
    }
    view.apply(12, events[11].clone()).unwrap();
    assert_eq!(view.position(0), Some(&positions[11]));
}

#[test]
fn the_first_event_must_be_started() {
    let mut view = GameView::new("g");
    let error = view.apply(1, GameEvent::Drew { board: 0, colour: 1 }).unwrap_err();
    assert!(error.reason.contains("Started"), "{error}");
    let mut odd = started(Format::Match, 0);
    if let GameEvent::Started { options, .. } = &mut odd {
        options.size = 6;
    }
    assert!(view.apply(1, odd).is_err());
    assert_eq!(view.boards(), 0);
}

#[test]
fn a_takeback_replays_the_board_as_the_rules_undo_it() {
    // ann (0) Order, bob (1) Chaos.
    let mut view = GameView::new("g");
    let events = [
        started(Format::Match, 0),
        GameEvent::Drew { board: 0, colour: 1 },
        moved(0, 1, "Cc"),
        moved(0, 0, "CcCa"),
        GameEvent::Drew { board: 0, colour: 2 },
        GameEvent::TakebackOffered { player: 0 },
        // Order's slide is taken back, and the draw after it: the server
        // draws again after Order's next move.
        GameEvent::TookBack { moves: 1 },
    ];
    for (i, event) in events.into_iter().enumerate() {
        view.apply(i as u64 + 1, event).unwrap();
    }
    let position = view.position(0).unwrap();
    assert_eq!(position.phase(), Phase::OrderMove);
    assert_eq!(position.counts().total(), 24, "the 2 is back in the bag");
    assert_eq!(position.board().get("Cc".parse().unwrap()).map(|c| c.number()), Some(1));
    assert_eq!(view.owed(0).len(), 1);
    assert_eq!(view.takeback_offer(), None);
    // Order passes instead; the 2 is drawn again.
    view.apply(8, moved(0, 0, "CcCc")).unwrap();
    assert_eq!(view.last_order(0), Some("CcCc"));
    view.apply(9, GameEvent::Drew { board: 0, colour: 2 }).unwrap();
    // Chaos's placement taken back: the counter is in its hand again.
    view.apply(10, moved(0, 1, "Aa")).unwrap();
    view.apply(11, GameEvent::TookBack { moves: 1 }).unwrap();
    let position = view.position(0).unwrap();
    assert!(matches!(position.phase(), Phase::ChaosPlace(c) if c.number() == 2));
    assert!(position.board().is_vacant("Aa".parse().unwrap()));
    // Order's pass and Chaos's placement after it: back to Order's move,
    // nothing in hand.
    view.apply(12, moved(0, 1, "Ab")).unwrap();
    view.apply(13, GameEvent::TookBack { moves: 2 }).unwrap();
    let position = view.position(0).unwrap();
    assert_eq!(position.phase(), Phase::OrderMove);
    assert_eq!(position.counts().total(), 24);
    let error = view.apply(14, GameEvent::TookBack { moves: 9 }).unwrap_err();
    assert!(error.reason.contains("fewer moves"), "{error}");
}

#[test]
fn a_takeback_gives_the_rules_own_position() {
    // Against the rules' undo: a whole round's events, then every takeback
    // of one or two moves from each point, compared with Round::undo.
    let (events, _, _) = match_events();
    for upto in (4..40).step_by(3) {
        for moves in 1..=2u8 {
            let mut view = GameView::new("g");
            let mut round = entropy_rules::Round::new(Size::Five, 5);
            let mut applied = 0;
            for (i, event) in events.iter().take(upto).enumerate() {
                view.apply(i as u64 + 1, event.clone()).unwrap();
                applied = i as u64 + 1;
            }
            // The same round in the rules (round 1 of the match draws from seed 5).
            let mut played = 0;
            for event in events.iter().take(upto).skip(1) {
                match event {
                    GameEvent::Drew { .. } => {
                        round.apply(Action::Draw).unwrap();
                    }
                    GameEvent::Moved { action, .. } => {
                        let action = match round.phase() {
                            Phase::ChaosPlace(_) => Action::Place(action.parse().unwrap()),
                            _ => OrderMove::parse(action).unwrap().into(),
                        };
                        round.apply(action).unwrap();
                        played += 1;
                    }
                    _ => unreachable!("round 1's events"),
                }
            }
            if played < usize::from(moves) {
                continue;
            }
            for _ in 0..moves {
                round.undo().unwrap();
            }
            view.apply(applied + 1, GameEvent::TookBack { moves }).unwrap();
            assert_eq!(
                view.position(0),
                Some(round.position()),
                "{moves} taken back after event {upto}"
            );
        }
    }
}

#[test]
fn a_fallen_flag_owes_nothing() {
    let mut view = GameView::new("g");
    view.apply(1, started(Format::Match, 0)).unwrap();
    view.apply(2, GameEvent::Drew { board: 0, colour: 4 }).unwrap();
    assert_eq!(view.owed(1).len(), 1);
    view.apply(3, GameEvent::FlagFell { player: 1 }).unwrap();
    assert!(view.flag_fell(1));
    assert!(view.owed(1).is_empty());
    // The rules' move for them still replays.
    view.apply(4, moved(0, 1, "Aa")).unwrap();
    assert_eq!(view.owed(0).len(), 1);
}

#[test]
fn a_simultaneous_match_replays_board_by_board() {
    let mut game = SimultaneousMatch::new(Size::Five, 9);
    let mut view = GameView::new("s");
    let mut version = 1;
    view.apply(version, started(Format::Simultaneous, 0)).unwrap();
    let mut turn = 0;
    let mut owed_order_while_placing = false;
    loop {
        match game.step() {
            SimultaneousStep::Over => break,
            SimultaneousStep::Draw => {
                let colour = game.draw().unwrap();
                // The server tells each board its draw.
                for board in 0..2 {
                    version += 1;
                    let drew = GameEvent::Drew {
                        board,
                        colour: colour.number(),
                    };
                    view.apply(version, drew).unwrap();
                }
            }
            _ => {
                let pending = game.pending()[0];
                let board = pending.board.index() as u8;
                let player = pending.player.index() as u8;
                let position = *game.board(pending.board).position();
                // The view owes what the rules owe, on the board they say.
                let owed = view.owed(player);
                assert!(
                    owed.iter()
                        .any(|o| o.board == board && o.role == pending.role && o.position == position)
                );
                let placing = game.pending().iter().any(|p| p.role == Role::Chaos);
                owed_order_while_placing |= placing && owed.iter().any(|o| o.role == Role::Order);
                turn += 1;
                let action = match position.phase() {
                    Phase::ChaosPlace(_) => {
                        let vacant = position.board().vacant();
                        Action::Place(vacant.nth(turn % vacant.len()).unwrap())
                    }
                    _ => order_move(&position, turn),
                };
                let event = game.apply(pending.player, action).unwrap();
                version += 1;
                view.apply(version, event_of(board, player, event, position.last_placed()))
                    .unwrap();
                for owner in Player::BOTH {
                    assert_eq!(view.position(owner.index() as u8), Some(game.board(owner).position()));
                }
            }
        }
    }
    assert!(
        !owed_order_while_placing,
        "no Order move is owed before both placements"
    );
    assert_eq!(view.role(0, 0), Some(Role::Order));
    assert_eq!(view.role(0, 1), Some(Role::Chaos));
    assert!(view.position(0).unwrap().is_finished() && view.position(1).unwrap().is_finished());
}

#[test]
fn a_move_withdraws_a_takeback_offered() {
    let mut view = GameView::new("g");
    view.apply(1, started(Format::Match, 0)).unwrap();
    view.apply(2, GameEvent::Drew { board: 0, colour: 1 }).unwrap();
    view.apply(3, moved(0, 1, "Aa")).unwrap();
    view.apply(4, GameEvent::TakebackOffered { player: 1 }).unwrap();
    assert_eq!(view.takeback_offer(), Some(1));
    view.apply(5, moved(0, 0, "AaAa")).unwrap();
    assert_eq!(view.takeback_offer(), None, "Order's move withdrew Chaos's offer");
}

/// A simultaneous match's events from seed `seed`, the server's way (each
/// draw told to board 0 then board 1), cut after `upto` placements and
/// Order moves; with the rules' match as it stands then and who made
/// each move.
fn simultaneous_events(seed: u64, upto: usize) -> (Vec<GameEvent>, SimultaneousMatch, Vec<u8>) {
    let mut game = SimultaneousMatch::new(Size::Five, seed);
    let mut events = vec![started(Format::Simultaneous, 0)];
    let mut movers = Vec::new();
    let mut turn = seed as usize;
    while movers.len() < upto {
        match game.step() {
            SimultaneousStep::Over => break,
            SimultaneousStep::Draw => {
                let colour = game.draw().unwrap();
                for board in 0..2 {
                    events.push(GameEvent::Drew {
                        board,
                        colour: colour.number(),
                    });
                }
            }
            _ => {
                // Either player first, as the seed goes.
                let pending = game.pending();
                let pending = pending[turn % pending.len()];
                let board = pending.board.index() as u8;
                let player = pending.player.index() as u8;
                let position = *game.board(pending.board).position();
                turn += 1;
                let action = match position.phase() {
                    Phase::ChaosPlace(_) => {
                        let vacant = position.board().vacant();
                        Action::Place(vacant.nth(turn % vacant.len()).unwrap())
                    }
                    _ => order_move(&position, turn),
                };
                let event = game.apply(pending.player, action).unwrap();
                events.push(event_of(board, player, event, position.last_placed()));
                movers.push(player);
            }
        }
    }
    (events, game, movers)
}

#[test]
fn a_simultaneous_takeback_gives_the_rules_own_boards() {
    // Against the rules' undo: from each point, each player's takeback of
    // their last move and every move after it, compared with
    // SimultaneousMatch::undo move by move.
    for seed in 0..3u64 {
        for upto in 1..24 {
            for asker in [0u8, 1] {
                let (events, mut game, movers) = simultaneous_events(seed, upto);
                let Some(last) = movers.iter().rposition(|&m| m == asker) else {
                    continue;
                };
                let moves = movers.len() - last;
                let mut view = GameView::new("s");
                for (i, event) in events.iter().enumerate() {
                    view.apply(i as u64 + 1, event.clone()).unwrap();
                }
                for _ in 0..moves {
                    game.undo().unwrap();
                }
                let version = view.version();
                view.apply(version + 1, GameEvent::TookBack { moves: moves as u8 })
                    .unwrap_or_else(|e| panic!("seed {seed}, {upto} moves, {asker} asks: {e}"));
                for owner in Player::BOTH {
                    assert_eq!(
                        view.position(owner.index() as u8),
                        Some(game.board(owner).position()),
                        "seed {seed}, {upto} moves, player {asker} takes back {moves}: board {owner:?}"
                    );
                }
            }
        }
    }
}
