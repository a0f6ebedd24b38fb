//! The house's rooms and their floors: `app` ← `ui` ← `table` ← `history`
//! (the matches of Solomon's Entropy kept, of both ways to play it) and
//! `online` (playing through a server: the session, the lobby) ← the
//! games (`solomon`, `carreno`, `simultaneous`) ← `probe` (what the
//! screen holds, for tests) ← `dev`. A file imports only from its own room
//! and the floors below it; neither game names the other; no file of the
//! lower floors names a game, its rules or its computer players. Read from
//! the sources themselves (their code, not their comments).

use std::path::{Path, PathBuf};

/// The rooms, by floor.
const ROOMS: [(&str, u8); 10] = [
    ("app", 0),
    ("ui", 1),
    ("table", 2),
    ("history", 3),
    ("online", 3),
    ("solomon", 4),
    ("carreno", 4),
    ("simultaneous", 4),
    ("probe", 5),
    ("dev", 6),
];

/// What only a game may name.
const GAME_NAMES: [&str; 7] = [
    "solomon",
    "carreno",
    "simultaneous",
    "entropy_rules",
    "entropy_ai",
    "carreno_rules",
    "carreno_ai",
];

fn floor(room: &str) -> Option<u8> {
    ROOMS.iter().find(|(r, _)| *r == room).map(|(_, f)| *f)
}

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|x| x == "rs") {
            files.push(path);
        }
    }
}

/// The file's code: its lines without comments.
fn code(path: &Path) -> String {
    without_comments(&std::fs::read_to_string(path).unwrap())
}

/// `text` without its comments.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rooms `code` imports from (`crate::room`).
fn rooms_named(code: &str) -> Vec<String> {
    let mut rooms = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let room: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !rooms.contains(&room) {
            rooms.push(room);
        }
    }
    rooms
}

#[test]
fn every_room_imports_only_from_its_own_floor_and_below_and_the_lower_floors_name_no_game() {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (room, own) in ROOMS {
        let mut files = Vec::new();
        rust_files(&src.join(room), &mut files);
        assert!(!files.is_empty(), "the room {room} has files");
        for path in files {
            checked += 1;
            let name = path.strip_prefix(src).unwrap().display().to_string();
            let code = code(&path);
            for other in rooms_named(&code) {
                let Some(theirs) = floor(&other) else { continue };
                if other != room && theirs >= own {
                    wrong.push(format!("{name} imports from {other}/ (floor {theirs}, its own {own})"));
                }
            }
            if own < 3 {
                let lower = code.to_lowercase();
                for game in GAME_NAMES {
                    if lower.contains(game) {
                        wrong.push(format!("{name} (floor {own}) names {game}"));
                    }
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} files read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_sees_a_wrong_import_and_a_game_named_below() {
    assert_eq!(
        rooms_named("use crate::solomon::game::Intent;\nuse crate::ui::theme;"),
        ["solomon", "ui"]
    );
    let text = "//! crate::carreno in a comment\nuse crate::app::AppSet; // crate::dev\n";
    assert_eq!(rooms_named(&without_comments(text)), ["app"]);
    assert_eq!(floor("carreno"), floor("solomon"));
    assert!(floor("app") < floor("ui") && floor("ui") < floor("table") && floor("table") < floor("history"));
    assert!(floor("history") < floor("solomon") && floor("history") < floor("simultaneous"));
}
