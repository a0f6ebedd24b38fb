//! The match is saved after every move and resumes identical after any
//! exit; a save that cannot be read is reported, kept aside and never
//! blocks a new match.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use common::*;
use entropy::app::Folders;
use entropy::solomon::game::{CurrentMatch, Intent, Solomon, SolomonCommand};
use entropy::solomon::match_clock::MatchClock;
use entropy::solomon::match_setup::{ClockChoice, MatchSetup, Opponent, RoleChoice};
use entropy::solomon::saved::SavedMatch;
use entropy::ui::title::TitleMenu;
use entropy_ai::Level;
use entropy_rules::{Action, Size};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Everything that makes the match what it is, to compare before and after.
fn snapshot(
    app: &App,
) -> (
    entropy_rules::MatchRecord,
    entropy_rules::Position,
    [u32; 2],
    Option<[Duration; 2]>,
) {
    let game = app.world().resource::<CurrentMatch>();
    (
        game.game.record(),
        *game.round().position(),
        game.game.totals(),
        app.world().get_resource::<MatchClock>().map(|c| c.left),
    )
}

#[test]
fn a_match_resumes_identical_after_the_app_is_dropped_at_any_moment() {
    let dir = scratch("resume");
    let mut rng = SmallRng::seed_from_u64(17);
    // Stops at: the first placement, mid-round, mid-animation, round 2.
    for (case, moves, mid_animation) in [(0, 1, false), (1, 23, false), (2, 30, true), (3, 60, false)] {
        let folders = Folders::in_dir(dir.join(format!("case{case}")));
        let mut app = core_app(folders.clone());
        *app.world_mut().resource_mut::<MatchSetup>() = MatchSetup {
            size: Size::Five,
            opponent: Opponent::Person,
            clock: ClockChoice::Minutes(5),
            ..MatchSetup::default()
        };
        send(&mut app, SolomonCommand::StartMatch);
        wait_for(&mut app, SolomonScreen::Playing);
        let mut sent = 0;
        while sent < moves {
            settle(&mut app);
            match random_intent(&app, &mut rng) {
                Some(intent) => {
                    send(&mut app, intent);
                    sent += 1;
                }
                None => {
                    wait_for(&mut app, SolomonScreen::RoundOver);
                    send(&mut app, SolomonCommand::NextRound);
                    wait_for(&mut app, SolomonScreen::Playing);
                }
            }
        }
        app.update();
        if mid_animation {
            assert!(is_animating(&mut app), "stopped while a counter moves");
        } else {
            settle(&mut app);
        }
        let before = snapshot(&app);
        let saved_clock = app
            .world()
            .resource::<SavedMatch>()
            .data
            .as_ref()
            .and_then(|d| d.clock_ms);
        drop(app);

        let mut app = core_app(folders);
        assert_eq!(
            app.world().resource::<TitleMenu>().shown().first().map(|e| e.label),
            Some("Continue")
        );
        send(&mut app, SolomonCommand::Continue);
        app.update();
        // Restored as it was: every move of both rounds and the bags, the
        // board, the bag, the scores, whose turn.
        let restored = snapshot(&app);
        assert_eq!(restored.0, before.0, "case {case}: the record");
        assert_eq!(restored.1, before.1, "case {case}: the position");
        assert_eq!(restored.2, before.2, "case {case}: the scores");
        // The clocks come back as last saved: at the last move, or a running
        // clock's last few seconds (it is saved every 5 s).
        let clock = restored.3;
        assert_eq!(
            clock.map(|c| c.map(|d| d.as_millis() as u64)),
            saved_clock,
            "case {case}: the clocks"
        );
        for (now, then) in clock.unwrap().iter().zip(before.3.unwrap()) {
            assert!(
                now.abs_diff(then) <= Duration::from_secs(5),
                "case {case}: {now:?} against {then:?}"
            );
        }
        wait_for(&mut app, SolomonScreen::Playing);
        settle(&mut app);
        assert_entities_match(&mut app);
    }
}

#[test]
fn the_computer_goes_on_thinking_after_a_resume() {
    let dir = scratch("resume-computer");
    let folders = Folders::in_dir(&dir);
    let mut app = core_app(folders.clone());
    *app.world_mut().resource_mut::<MatchSetup>() = MatchSetup {
        size: Size::Five,
        opponent: Opponent::Computer(Level::Beginner),
        role: RoleChoice::Chaos,
        ..MatchSetup::default()
    };
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    settle(&mut app);
    // The person (Chaos) places; drop the app while the computer (Order) is to reply.
    send(
        &mut app,
        Intent::<Solomon>(Action::Place(entropy_rules::Cell::new(2, 2).unwrap())),
    );
    app.update();
    app.update();
    drop(app);
    let mut app = core_app(folders);
    send(&mut app, SolomonCommand::Continue);
    wait_for(&mut app, SolomonScreen::Playing);
    run_until(&mut app, 4000, |app| {
        app.world().resource::<CurrentMatch>().round().turns()[0]
            .reply
            .is_some()
    });
    assert!(
        app.world().resource::<CurrentMatch>().round().turns()[0]
            .reply
            .is_some(),
        "the computer replied"
    );
}

#[test]
fn unreadable_saves_are_reported_kept_aside_and_a_new_match_starts() {
    let dir = scratch("bad-saves");
    // A good save to spoil: one move of a match.
    let good = {
        let folders = Folders::in_dir(dir.join("good"));
        let mut app = core_app(folders);
        app.world_mut().resource_mut::<MatchSetup>().opponent = Opponent::Person;
        send(&mut app, SolomonCommand::StartMatch);
        wait_for(&mut app, SolomonScreen::Playing);
        settle(&mut app);
        send(
            &mut app,
            Intent::<Solomon>(Action::Place(entropy_rules::Cell::new(1, 1).unwrap())),
        );
        settle(&mut app);
        std::fs::read_to_string(dir.join("good/data/match.ron")).expect("the match was saved")
    };
    let truncated = good[..good.len() / 2].to_string();
    let corrupt = good.replace("record", "recrod");
    let old = good.replacen("version:1", "version:0", 1);
    assert_ne!(old, good, "the save names its version");
    for (name, text) in [("truncated", truncated), ("corrupt", corrupt), ("old", old)] {
        let folders = Folders::in_dir(dir.join(name));
        std::fs::create_dir_all(dir.join(name).join("data")).unwrap();
        std::fs::write(dir.join(name).join("data/match.ron"), &text).unwrap();
        let mut app = core_app(folders);
        let saved = app.world().resource::<SavedMatch>();
        let notice = saved.notice.clone().unwrap_or_default();
        assert!(notice.contains("kept as"), "{name}: reported ({notice})");
        assert!(saved.data.is_none());
        let menu = app.world().resource::<TitleMenu>();
        assert!(
            menu.shown().iter().all(|e| e.label != "Continue"),
            "{name}: no Continue"
        );
        let aside = std::fs::read_to_string(dir.join(name).join("data/match.ron.unreadable")).unwrap();
        assert_eq!(aside, text, "{name}: kept as it was");
        send(&mut app, SolomonCommand::StartMatch);
        wait_for(&mut app, SolomonScreen::Playing);
        settle(&mut app);
        assert!(
            dir.join(name).join("data/match.ron").exists(),
            "{name}: the new match is saved"
        );
        assert!(
            dir.join(name).join("data/match.ron.unreadable").exists(),
            "{name}: and the old file is still there"
        );
    }
}
