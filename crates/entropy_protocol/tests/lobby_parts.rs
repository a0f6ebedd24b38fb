//! A lobby of any size goes in parts that each keep within the one limit
//! both sides read ([`MAX_MESSAGE`]), and comes back whole and in order.

use entropy_protocol::lobby::{Assembly, parts};
use entropy_protocol::{
    Format, GameOptions, LiveGame, MAX_MESSAGE, OnlinePlayer, Seat, Seek, ServerMessage, Speed, decode_server, encode,
};
use proptest::prelude::*;

fn seat() -> impl Strategy<Value = Seat> {
    (
        "[a-zA-Z0-9_-]{1,24}",
        any::<bool>(),
        proptest::option::of((1000u32..2500).prop_map(f64::from)),
    )
        .prop_map(|(name, bot, rating)| Seat { name, bot, rating })
}

fn options() -> GameOptions {
    GameOptions {
        size: 7,
        format: Format::Match,
        speed: Speed::Live { seconds: 900 },
        rated: true,
    }
}

fn seek() -> impl Strategy<Value = Seek> {
    ("[a-z0-9]{8}", seat(), proptest::option::of("[a-zA-Z0-9]{1,24}")).prop_map(|(id, by, to)| Seek {
        id,
        by,
        options: options(),
        to,
    })
}

fn player() -> impl Strategy<Value = OnlinePlayer> {
    (
        "[a-zA-Z0-9_-]{1,24}",
        any::<bool>(),
        proptest::collection::btree_map("[0-9]x[0-9]-match", (1000u32..2500).prop_map(f64::from), 0..4),
    )
        .prop_map(|(name, bot, ratings)| OnlinePlayer { name, bot, ratings })
}

fn game() -> impl Strategy<Value = LiveGame> {
    ("[a-z0-9]{8}", seat(), seat(), any::<u32>()).prop_map(|(id, a, b, spectators)| LiveGame {
        id,
        players: [a, b],
        options: options(),
        spectators,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_part_is_within_the_limit_and_the_parts_make_the_lobby(
        seeks in proptest::collection::vec(seek(), 0..400),
        online in proptest::collection::vec(player(), 0..400),
        games in proptest::collection::vec(game(), 0..400),
    ) {
        let sent = parts(seeks.clone(), online.clone(), games.clone());
        let mut assembly = Assembly::default();
        let mut told = Vec::new();
        for (i, message) in sent.iter().enumerate() {
            let text = encode(message);
            prop_assert!(text.len() <= MAX_MESSAGE, "part {i} has {} bytes", text.len());
            let read = decode_server(&text).expect("a client reads every part");
            let last = i + 1 == sent.len();
            let more = matches!(read, ServerMessage::Lobby { more: true, .. });
            prop_assert_eq!(more, !last);
            told.extend(assembly.take(read));
        }
        prop_assert_eq!(told, vec![ServerMessage::Lobby { seeks, online, games, more: false }]);
    }
}

#[test]
fn a_small_lobby_is_one_message_as_before() {
    let sent = parts(Vec::new(), Vec::new(), Vec::new());
    assert_eq!(encode(&sent), r#"[{"type":"lobby","seeks":[],"online":[],"games":[]}]"#);
}
