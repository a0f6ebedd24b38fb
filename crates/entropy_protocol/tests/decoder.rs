//! The decoder against anything a connection may send: it answers every
//! text with a message or an error naming what is wrong, never a panic, and
//! every message it reads back is the one that was written.

use entropy_protocol::{
    ClientMessage, DecodeError, Format, GameOptions, MAX_MESSAGE, ServerMessage, Speed, decode_client, decode_server,
    encode,
};
use proptest::prelude::*;

fn options() -> impl Strategy<Value = GameOptions> {
    (
        prop_oneof![Just(5u8), Just(7u8), any::<u8>()],
        prop_oneof![Just(Format::Match), Just(Format::Simultaneous)],
        prop_oneof![
            any::<u32>().prop_map(|seconds| Speed::Live { seconds }),
            any::<u32>().prop_map(|days| Speed::Correspondence { days }),
        ],
        any::<bool>(),
    )
        .prop_map(|(size, format, speed, rated)| GameOptions {
            size,
            format,
            speed,
            rated,
        })
}

fn client_message() -> impl Strategy<Value = ClientMessage> {
    let text = ".{0,40}";
    prop_oneof![
        (any::<u32>(), proptest::option::of(text))
            .prop_map(|(protocol, token)| ClientMessage::Hello { protocol, token }),
        options().prop_map(|options| ClientMessage::Seek { options }),
        (text, options()).prop_map(|(player, options)| ClientMessage::Challenge { player, options }),
        text.prop_map(|seek| ClientMessage::Accept { seek }),
        (text, any::<u64>()).prop_map(|(game, since)| ClientMessage::Watch { game, since }),
        (text, any::<u64>(), text).prop_map(|(game, version, action)| ClientMessage::Play { game, version, action }),
        text.prop_map(|game| ClientMessage::Resign { game }),
        text.prop_map(|game| ClientMessage::Takeback { game }),
        (text, any::<u64>()).prop_map(|(game, version)| ClientMessage::CountSeen { game, version }),
        Just(ClientMessage::WatchLobby),
        Just(ClientMessage::Ping),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any text at all: a message or an error, never a panic.
    #[test]
    fn any_text_is_read_or_refused(text in ".{0,300}") {
        let _ = decode_client(&text);
        let _ = decode_server(&text);
    }

    /// Text that looks like the protocol (its words, braces and quotes in
    /// any order) reaches deeper into the decoder.
    #[test]
    fn protocol_like_text_is_read_or_refused(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("{"), Just("}"), Just("\"type\""), Just(":"), Just(","), Just("\"play\""),
                Just("\"game\""), Just("\"version\""), Just("\"action\""), Just("\"hello\""),
                Just("\"options\""), Just("\"speed\""), Just("\"kind\""), Just("\"live\""),
                Just("-1"), Just("18446744073709551616"), Just("1e999"), Just("null"), Just("["), Just("]"),
                Just("\"\\ud800\""), Just("\"seek\""), Just("\"size\""), Just("true"),
            ],
            0..40,
        )
    ) {
        let text = parts.concat();
        let _ = decode_client(&text);
    }

    /// What is written reads back as itself.
    #[test]
    fn a_message_reads_back_as_written(message in client_message()) {
        let text = encode(&message);
        prop_assert_eq!(decode_client(&text), Ok(message));
    }

    /// A valid message with one byte cut off the end is refused, not misread.
    #[test]
    fn a_cut_message_is_refused(message in client_message()) {
        let text = encode(&message);
        let cut = &text[..text.len() - 1];
        prop_assert!(decode_client(cut).is_err());
    }
}

#[test]
fn a_message_too_large_is_refused_before_it_is_read() {
    let game = "g".repeat(MAX_MESSAGE);
    let text = encode(&ClientMessage::Resign { game });
    assert_eq!(decode_client(&text), Err(DecodeError::TooLarge { bytes: text.len() }));
    assert!(decode_client(&text).unwrap_err().to_string().contains("at most 16384"));
}

#[test]
fn an_unknown_message_or_field_is_named() {
    let unknown = decode_client(r#"{"type":"teleport"}"#).unwrap_err().to_string();
    assert!(unknown.contains("teleport"), "{unknown}");
    let extra = decode_client(r#"{"type":"resign","game":"g","sneaky":1}"#)
        .unwrap_err()
        .to_string();
    assert!(extra.contains("sneaky"), "{extra}");
    let wrong = decode_client(r#"{"type":"watch","game":"g","since":-1}"#)
        .unwrap_err()
        .to_string();
    assert!(wrong.contains("-1") || wrong.contains("invalid value"), "{wrong}");
}

#[test]
fn server_messages_read_back_as_written() {
    let message = ServerMessage::Refused {
        game: "g".into(),
        reason: "not your turn".into(),
    };
    assert_eq!(decode_server(&encode(&message)), Ok(message));
}

#[test]
fn the_count_between_the_rounds_is_said_in_snake_case() {
    let seen = decode_client(r#"{"type":"count_seen","game":"g1","version":62}"#).unwrap();
    assert_eq!(
        seen,
        ClientMessage::CountSeen {
            game: "g1".into(),
            version: 62
        }
    );
    let event = ServerMessage::Event {
        game: "g1".into(),
        version: 63,
        event: entropy_protocol::GameEvent::CountSeen { player: 1 },
        clocks: None,
    };
    let text = encode(&event);
    assert!(text.contains(r#""event":{"event":"count_seen","player":1}"#), "{text}");
    assert_eq!(decode_server(&text), Ok(event));
}
