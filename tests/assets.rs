//! The game's assets: every sound it plays is a file that exists and
//! decodes, and every character of every text the game shows is in its
//! typefaces (a missing glyph shows as a box).

use std::path::Path;

fn assets() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"))
}

#[test]
fn every_sound_exists_and_decodes() {
    for file in entropy::ui::audio::SOUND_FILES {
        let bytes = std::fs::read(assets().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let sound = bevy_kira_audio::prelude::StaticSoundData::from_cursor(std::io::Cursor::new(bytes))
            .unwrap_or_else(|e| panic!("{file} does not decode: {e}"));
        assert!(sound.duration().as_secs_f64() > 0.02, "{file} is too short to hear");
    }
}

/// The characters inside the string literals of the Rust files under `dir`.
fn literal_chars(dir: &Path, chars: &mut std::collections::BTreeSet<char>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            literal_chars(&path, chars);
        } else if path.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
                let mut inside = false;
                let mut escaped = false;
                for c in line.chars() {
                    match (inside, escaped, c) {
                        (true, false, '\\') => escaped = true,
                        (_, false, '"') => inside = !inside,
                        (true, _, c) => {
                            escaped = false;
                            chars.insert(c);
                        }
                        _ => {}
                    }
                }
            }
        }
    }
}

#[test]
fn every_character_the_game_shows_is_in_its_typefaces() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut chars = std::collections::BTreeSet::new();
    for dir in ["src", "crates/entropy_rules/src", "crates/entropy_ai/src"] {
        literal_chars(&root.join(dir), &mut chars);
    }
    chars.extend((' '..='~').collect::<Vec<_>>());
    for (name, data) in [
        ("Inter Regular", entropy::ui::theme::fonts::REGULAR),
        ("Inter SemiBold", entropy::ui::theme::fonts::SEMIBOLD),
    ] {
        let face = ttf_parser::Face::parse(data, 0).expect("a font");
        let missing: String = chars
            .iter()
            .filter(|c| !c.is_control() && face.glyph_index(**c).is_none())
            .collect();
        assert!(missing.is_empty(), "{name} lacks {missing:?}");
    }
    assert!(chars.contains(&'→'), "the slides' arrow is among the texts checked");
}
