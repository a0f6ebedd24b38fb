//! `./play` after `./run-tests` compiles nothing: every crate the play
//! command builds resolves to the same features in the test command's build.
//!
//! Cargo builds a crate once per set of features it is asked for, so a crate
//! that the tests (with their dev-dependencies, every workspace member and
//! `--all-features`) ask for with one more feature than the game does is
//! built twice, and everything above it too: a feature turned on deep under
//! Bevy costs a quarter of an hour on two cores (`docs/design.md`, "Builds").

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Each package's name and version, with the sets of features it is built
/// with (more than one where a build script or macro needs it otherwise).
type Builds = BTreeMap<String, BTreeSet<String>>;

/// `cargo tree` with each package and its features on a line of its own.
fn packages(args: &[&str]) -> Builds {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let output = Command::new(env!("CARGO"))
        .args(["tree", "--locked", "--manifest-path", manifest])
        .args(["--prefix", "none", "--format", "{p}|{f}"])
        .args(args)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut builds = Builds::new();
    for line in String::from_utf8(output.stdout)
        .expect("cargo tree writes UTF-8")
        .lines()
    {
        let Some((package, features)) = line.split_once('|') else {
            continue;
        };
        // "name v1.2.3 (path)" or "name v1.2.3"; a repeat ends in "(*)".
        let mut words = package.split_whitespace();
        let (Some(name), Some(version)) = (words.next(), words.next()) else {
            continue;
        };
        let features = features.trim_end_matches("(*)").trim().to_owned();
        builds.entry(format!("{name} {version}")).or_default().insert(features);
    }
    builds
}

/// What the two commands differ on, one line a crate.
fn differences(play: &Builds, test: &Builds) -> Vec<String> {
    let mut differ = Vec::new();
    for (package, sets) in play {
        let Some(theirs) = test.get(package) else {
            differ.push(format!("{package}: ./play builds it, ./run-tests does not"));
            continue;
        };
        for features in sets.difference(theirs) {
            let theirs: Vec<String> = theirs.iter().map(|f| format!("[{f}]")).collect();
            differ.push(format!(
                "{package}: ./play builds it with [{features}], ./run-tests with {}",
                theirs.join(" and ")
            ));
        }
    }
    differ
}

#[test]
fn the_play_build_is_part_of_the_test_build() {
    let play = packages(&["-p", "entropy", "--edges", "normal,build"]);
    let test = packages(&["--workspace", "--all-features", "--edges", "normal,build,dev"]);
    assert!(play.contains_key(&format!("entropy v{}", env!("CARGO_PKG_VERSION"))));
    assert!(play.len() > 100, "the game's tree holds Bevy: {} crates", play.len());
    let differ = differences(&play, &test);
    assert!(
        differ.is_empty(),
        "these crates would be built twice, once for each command; ask for the \
         same features in the game's Cargo.toml (docs/design.md, \"Builds\"):\n{}",
        differ.join("\n")
    );
}

/// `./serve` builds `entropy-server` with the workspace's features (as
/// `./run-tests` does, without the tests' dev-dependencies): after the
/// tests, it compiles nothing either.
#[test]
fn the_serve_build_is_part_of_the_test_build() {
    let serve = packages(&["--workspace", "--all-features", "--edges", "normal,build"]);
    let test = packages(&["--workspace", "--all-features", "--edges", "normal,build,dev"]);
    assert!(serve.contains_key(&format!("entropy_server v{}", env!("CARGO_PKG_VERSION"))));
    let differ = differences(&serve, &test);
    assert!(
        differ.is_empty(),
        "./serve would build these crates a second time:\n{}",
        differ.join("\n")
    );
}

#[test]
fn a_feature_only_the_tests_ask_for_is_named() {
    let builds = |rustix: &str| -> Builds {
        Builds::from([
            ("rustix v1.1.6".to_owned(), BTreeSet::from([rustix.to_owned()])),
            ("libc v0.2.0".to_owned(), BTreeSet::from(["std".to_owned()])),
        ])
    };
    let (play, test) = (builds("alloc,std"), builds("alloc,default,std"));
    assert!(differences(&play, &play).is_empty());
    let differ = differences(&play, &test);
    assert_eq!(differ.len(), 1);
    assert!(differ[0].starts_with("rustix v1.1.6:"), "{differ:?}");
    assert!(differ[0].contains("[alloc,default,std]"), "{differ:?}");
}
