//! The phase machine, its refusals, matches and records.

use entropy_rules::*;

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

/// Applies `action` expecting `error`, and checks nothing changed.
fn refused(round: &mut Round, action: Action, error: MoveError) {
    let before = (*round.position(), round.turns().to_vec(), *round.counts());
    assert_eq!(round.apply(action), Err(error), "{action:?}");
    assert_eq!((*round.position(), round.turns().to_vec(), *round.counts()), before);
}

#[test]
fn a_turn_goes_draw_place_move() {
    let mut round = Round::new(Size::Seven, 7);
    assert_eq!(round.phase(), Phase::ChaosDraw);
    let Ok(Event::Drew(colour)) = round.apply(Action::Draw) else {
        panic!("draw refused")
    };
    assert_eq!(round.phase(), Phase::ChaosPlace(colour));
    assert_eq!(round.counts().get(colour), 6);
    assert_eq!(round.counts().total(), 48);
    assert_eq!(
        round.apply(Action::Place(cell("Dd"))),
        Ok(Event::Placed(Placement {
            colour,
            cell: cell("Dd")
        }))
    );
    assert_eq!(round.phase(), Phase::OrderMove);
    assert_eq!(round.position().last_placed(), Some(cell("Dd")));
    let slide = Slide::new(cell("Dd"), cell("Da"));
    assert_eq!(round.apply(Action::Slide(slide)), Ok(Event::Slid(slide)));
    assert_eq!(round.board().get(cell("Da")), Some(colour));
    assert_eq!(round.board().get(cell("Dd")), None);
    assert_eq!(round.phase(), Phase::ChaosDraw);
    assert_eq!(round.turns().len(), 1);
    assert_eq!(round.turns()[0].to_string(), format!("{colour}Dd DdDa"));
}

#[test]
fn every_illegal_action_is_refused_with_its_reason() {
    let mut round = Round::new(Size::Seven, 1);
    let wrong = |attempted, phase| MoveError::WrongPhase { attempted, phase };
    refused(
        &mut round,
        Action::Place(cell("Aa")),
        wrong("place a counter", Phase::ChaosDraw),
    );
    refused(&mut round, Action::Pass, wrong("make Order's move", Phase::ChaosDraw));
    round.apply(Action::Draw).unwrap();
    let Phase::ChaosPlace(colour) = round.phase() else {
        panic!()
    };
    refused(&mut round, Action::Draw, wrong("draw", Phase::ChaosPlace(colour)));
    round.apply(Action::Place(cell("Cc"))).unwrap();
    refused(&mut round, Action::Draw, wrong("draw", Phase::OrderMove));
    refused(
        &mut round,
        Action::Place(cell("Aa")),
        wrong("place a counter", Phase::OrderMove),
    );
    let slide = |a, b| Action::Slide(Slide::new(cell(a), cell(b)));
    refused(&mut round, slide("Aa", "Ab"), MoveError::NoCounter(cell("Aa")));
    refused(
        &mut round,
        slide("Cc", "Dd"),
        MoveError::NotStraight {
            from: cell("Cc"),
            to: cell("Dd"),
        },
    );
    refused(&mut round, slide("Cc", "Cc"), MoveError::ZeroLength(cell("Cc")));
    round.apply(slide("Cc", "Ca")).unwrap();
    // Place a second counter between, then slides across it are blocked.
    round.apply(Action::Draw).unwrap();
    refused(&mut round, Action::Place(cell("Ca")), MoveError::Occupied(cell("Ca")));
    round.apply(Action::Place(cell("Cc"))).unwrap();
    refused(&mut round, slide("Ca", "Cg"), MoveError::Blocked { at: cell("Cc") });
    refused(&mut round, slide("Ca", "Cc"), MoveError::Blocked { at: cell("Cc") });
    assert_eq!(
        round.apply(slide("Ca", "Cb")),
        Ok(Event::Slid(Slide::new(cell("Ca"), cell("Cb"))))
    );
}

#[test]
fn off_the_small_board() {
    let mut round = Round::new(Size::Five, 3);
    round.apply(Action::Draw).unwrap();
    refused(&mut round, Action::Place(cell("Fa")), MoveError::OffBoard(cell("Fa")));
    refused(&mut round, Action::Place(cell("Ag")), MoveError::OffBoard(cell("Ag")));
    round.apply(Action::Place(cell("Ee"))).unwrap();
    refused(
        &mut round,
        Action::Slide(Slide::new(cell("Ee"), cell("Ef"))),
        MoveError::OffBoard(cell("Ef")),
    );
    let targets: Vec<String> = round
        .position()
        .slide_targets(cell("Ee"))
        .into_iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(targets, ["Ae", "Be", "Ce", "De", "Ea", "Eb", "Ec", "Ed"]);
}

#[test]
fn a_position_refuses_impossible_draws() {
    let mut position = Position::new(Size::Five);
    let six = Colour::from_number(6).unwrap();
    assert_eq!(position.draw(six), Err(MoveError::NoSuchColour(six, Size::Five)));
    let one = Colour::from_number(1).unwrap();
    for (i, cell) in ["Aa", "Ab", "Ac", "Ad", "Ae"].into_iter().enumerate() {
        position.draw(one).unwrap();
        position.place(cell.parse().unwrap()).unwrap();
        position.order(OrderMove::Pass).unwrap();
        assert_eq!(position.counts().get(one), 4 - i);
    }
    let before = position;
    assert_eq!(position.draw(one), Err(MoveError::ColourNotInBag(one)));
    assert_eq!(position, before);
}

#[test]
fn the_last_placement_ends_the_round() {
    for size in Size::ALL {
        let mut round = Round::new(size, 11);
        let mut order_turns = 0;
        let cells: Vec<Cell> = Cell::all(size).collect();
        for (i, &c) in cells.iter().enumerate() {
            round.apply(Action::Draw).unwrap();
            round.apply(Action::Place(c)).unwrap();
            if i + 1 < cells.len() {
                round.apply(Action::Pass).unwrap();
                order_turns += 1;
            }
        }
        assert_eq!(order_turns, size.cells() - 1, "48 Order turns on 7×7, 24 on 5×5");
        assert!(round.is_finished());
        assert!(round.counts().is_empty());
        refused(&mut round, Action::Pass, MoveError::RoundOver);
        refused(&mut round, Action::Draw, MoveError::RoundOver);
        refused(&mut round, Action::Place(cells[0]), MoveError::RoundOver);
        assert!(round.turns().last().unwrap().reply.is_none());
    }
}

#[test]
fn order_move_counts_like_perft() {
    // A lone counter: the pass and every cell of its row and column.
    let mut position = Position::new(Size::Seven);
    position.draw(Colour::ALL[0]).unwrap();
    position.place(cell("Dd")).unwrap();
    let mut moves = MoveList::new();
    position.order_moves(&mut moves);
    assert_eq!(moves.len(), 13);
    assert_eq!(moves[0], OrderMove::Pass);
    assert_eq!(position.order_move_count(), 13);
    // Two counters side by side in a corner of the 5×5 board.
    let mut position = Position::new(Size::Five);
    for c in ["Aa", "Ab"] {
        if position.phase() == Phase::OrderMove {
            position.order(OrderMove::Pass).unwrap();
        }
        position.draw(Colour::ALL[0]).unwrap();
        position.place(cell(c)).unwrap();
    }
    // Aa: down 4; Ab: right 3, down 4; and the pass.
    assert_eq!(position.order_move_count(), 12);
    for k in 0..12 {
        position.order_moves(&mut moves);
        assert_eq!(position.nth_order_move(k), Some(moves[k]));
    }
    assert_eq!(position.nth_order_move(12), None);
}

#[test]
fn a_match_swaps_roles_and_totals_order_scores() {
    let mut game = Match::new(Size::Five, Player::Two, [5, 6]);
    assert_eq!(game.order_player(0), Player::Two);
    assert_eq!(game.role(Player::One, 0), Role::Chaos);
    assert_eq!(game.role(Player::One, 1), Role::Order);
    assert_eq!(game.start_second_round(), Err(MatchError::RoundNotFinished));
    let play_out = |game: &mut Match| {
        for c in Cell::all(Size::Five) {
            game.apply(Action::Draw).unwrap();
            game.apply(Action::Place(c)).unwrap();
            if !game.round().is_finished() {
                game.apply(Action::Pass).unwrap();
            }
        }
    };
    play_out(&mut game);
    let first = game.round().score();
    assert_eq!(game.totals(), [0, first]);
    assert_eq!(game.outcome(), None);
    game.start_second_round().unwrap();
    assert_eq!(game.round_index(), 1);
    assert_eq!(game.start_second_round(), Err(MatchError::RoundNotFinished));
    play_out(&mut game);
    let second = game.round().score();
    assert_eq!(game.totals(), [second, first]);
    assert_eq!(game.start_second_round(), Err(MatchError::AlreadySecondRound));
    let expected = match second.cmp(&first) {
        std::cmp::Ordering::Greater => Outcome::Win(Player::One),
        std::cmp::Ordering::Less => Outcome::Win(Player::Two),
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    assert_eq!(game.outcome(), Some(expected));
    let replayed = game.record().replay().unwrap();
    assert_eq!(replayed.totals(), game.totals());
    assert_eq!(replayed.record(), game.record());
}

#[test]
fn a_seeded_bag_is_reproducible_and_draws_every_counter_once() {
    for size in Size::ALL {
        let draws = |seed| {
            let mut bag = Bag::seeded(size, seed);
            std::iter::from_fn(move || bag.draw()).collect::<Vec<_>>()
        };
        let a = draws(42);
        assert_eq!(a, draws(42));
        assert_ne!(a, draws(43));
        assert_eq!(a.len(), size.cells());
        for colour in size.colours() {
            assert_eq!(a.iter().filter(|&&c| c == colour).count(), size.n());
        }
        // The same sequence given explicitly.
        let mut bag = Bag::from_draws(size, a.clone()).unwrap();
        assert_eq!(std::iter::from_fn(|| bag.draw()).collect::<Vec<_>>(), a);
    }
}

#[test]
fn bag_probabilities_follow_the_counts() {
    let mut bag = Bag::seeded(Size::Seven, 9);
    assert!((bag.probability(Colour::ALL[3]) - 1.0 / 7.0).abs() < 1e-12);
    let first = bag.draw().unwrap();
    assert!((bag.probability(first) - 6.0 / 48.0).abs() < 1e-12);
    let other = Colour::ALL[(first.index() + 1) % 7];
    assert!((bag.probability(other) - 7.0 / 48.0).abs() < 1e-12);
    let total: f64 = Size::Seven.colours().map(|c| bag.probability(c)).sum();
    assert!((total - 1.0).abs() < 1e-12);
    assert!(!format!("{bag:?}").contains("rng"), "Debug shows counts only");
}

#[test]
fn bad_draw_sequences_are_refused() {
    let one = Colour::ALL[0];
    assert!(
        Bag::from_draws(Size::Five, vec![one; 25])
            .unwrap_err()
            .contains("draw 6")
    );
    assert!(
        Bag::from_draws(Size::Five, vec![Colour::ALL[6]])
            .unwrap_err()
            .contains("does not exist")
    );
    assert!(
        Bag::from_draws(Size::Five, vec![one; 3])
            .unwrap_err()
            .contains("holds 25")
    );
}

#[test]
fn notation_reads_and_writes() {
    assert_eq!(cell("Dc").row(), 3);
    assert_eq!(cell("Dc").col(), 2);
    assert_eq!("Dc".parse::<Cell>().unwrap().to_string(), "Dc");
    for bad in ["", "D", "dc", "DC", "Hc", "Dh", "Dcx"] {
        assert!(bad.parse::<Cell>().is_err(), "{bad}");
    }
    let p: Placement = "3Dc".parse().unwrap();
    assert_eq!((p.colour.number(), p.cell), (3, cell("Dc")));
    assert!("8Dc".parse::<Placement>().is_err());
    assert!("Dc".parse::<Placement>().is_err());
    assert_eq!(
        OrderMove::parse("DcDf").unwrap(),
        OrderMove::slide(cell("Dc"), cell("Df"))
    );
    assert_eq!(OrderMove::parse("AaAa").unwrap(), OrderMove::Pass);
    assert_eq!(OrderMove::Pass.notation(cell("Bb")), "BbBb");
    assert!(OrderMove::parse("DcD").is_err());
    let turn: Turn = "3Dc DcDc".parse().unwrap();
    assert_eq!(turn.reply, Some(OrderMove::Pass));
    assert_eq!(turn.to_string(), "3Dc DcDc");
    assert_eq!("5Gg".parse::<Turn>().unwrap().reply, None);
    assert!("3Dc DcDf AaAb".parse::<Turn>().is_err());
}

#[test]
fn replay_catches_a_tampered_record() {
    let mut round = Round::new(Size::Seven, 3);
    for c in ["Aa", "Bb", "Cc"] {
        round.apply(Action::Draw).unwrap();
        round.apply(Action::Place(cell(c))).unwrap();
        round.apply(Action::Pass).unwrap();
    }
    let record = round.record();
    assert_eq!(record.replay().unwrap().position(), round.position());

    let mut wrong_colour = record.clone();
    let c = wrong_colour.turns[1].placement.colour;
    wrong_colour.turns[1].placement.colour = Colour::ALL[(c.index() + 1) % 7];
    let e = wrong_colour.replay().unwrap_err();
    assert_eq!(e.turn, 2);
    assert!(matches!(e.kind, ReplayErrorKind::DrawMismatch { .. }), "{e}");

    let mut occupied = record.clone();
    occupied.turns[2].placement.cell = cell("Aa");
    let e = occupied.replay().unwrap_err();
    assert_eq!(e.kind, ReplayErrorKind::Illegal(MoveError::Occupied(cell("Aa"))));
    assert_eq!(
        e.to_string(),
        "round 1, turn 3: illegal move: Aa already holds a counter"
    );

    let mut missing = record.clone();
    missing.turns[0].reply = None;
    assert_eq!(missing.replay().unwrap_err().kind, ReplayErrorKind::MissingReply);
}

/// A match played to its end with varied moves: placements spread over the
/// board, slides chosen by `seed`.
fn played_match(seed: u64) -> Match {
    let mut game = Match::new(Size::Five, Player::One, [seed, seed + 1]);
    let mut state = seed;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n.max(1)
    };
    let mut moves = MoveList::new();
    loop {
        let action = match game.round().phase() {
            Phase::ChaosDraw => Action::Draw,
            Phase::ChaosPlace(_) => {
                let vacant: Vec<Cell> = game.round().board().vacant().into_iter().collect();
                Action::Place(vacant[next(vacant.len())])
            }
            Phase::OrderMove => {
                game.round().position().order_moves(&mut moves);
                Action::from(moves[next(moves.len())])
            }
            Phase::Finished if game.round_index() == 0 => {
                game.start_second_round().unwrap();
                continue;
            }
            Phase::Finished => return game,
        };
        game.apply(action).unwrap();
    }
}

#[test]
fn a_record_says_its_next_action_from_any_point_of_its_replay() {
    for seed in [3, 17, 2026] {
        let played = played_match(seed);
        let record = played.record();
        let mut again = Match::new(Size::Five, Player::One, [seed, seed + 1]);
        let mut actions = 0;
        loop {
            let Some(action) = record.next_action(&again) else {
                if again.round_index() == 0 {
                    again.start_second_round().unwrap();
                    continue;
                }
                break;
            };
            again.apply(action).unwrap();
            actions += 1;
            // Now and then a move taken back and asked for again.
            if action != Action::Draw && actions % 7 == 0 {
                let undone = again.undo().unwrap();
                assert_eq!(record.next_action(&again), Some(undone), "seed {seed}");
                again.apply(undone).unwrap();
            }
        }
        assert!(again.is_over());
        assert_eq!(again.record(), record, "seed {seed}");
        for (a, b) in again.rounds().iter().zip(played.rounds()) {
            assert_eq!(a.board(), b.board());
        }
    }
}
