//! How the game is put together, without a window: the game's logic
//! (`CorePlugin`: screens, the match, intents, computer players) runs under
//! Bevy's `MinimalPlugins`; a command starts a match between two computers,
//! and the app is updated frame by frame until the match is over.
//!
//! `cargo run --release --example headless_match`

use std::time::Duration;

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use entropy::CorePlugin;
use entropy::app::Folders;
use entropy::solomon::game::{CurrentMatch, SolomonCommand};
use entropy::solomon::match_setup::{MatchSetup, Opponent};
use entropy::solomon::screen::SolomonScreen;
use entropy_ai::Level;
use entropy_rules::Size;

fn main() {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        InputPlugin,
        CorePlugin {
            folders: Folders::default(),
        },
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    app.update();
    *app.world_mut().resource_mut::<MatchSetup>() = MatchSetup {
        size: Size::Five,
        opponent: Opponent::Watch(Level::Beginner, Level::Easy),
        ..MatchSetup::default()
    };
    app.world_mut().write_message(SolomonCommand::StartMatch);
    loop {
        app.update();
        let screen = app.world().get_resource::<State<SolomonScreen>>().map(|s| *s.get());
        match screen {
            Some(SolomonScreen::RoundOver) => {
                app.world_mut().write_message(SolomonCommand::NextRound);
            }
            Some(SolomonScreen::MatchOver) => break,
            _ => std::thread::sleep(Duration::from_millis(1)),
        }
    }
    let game = &app.world().resource::<CurrentMatch>().game;
    let [one, two] = game.totals();
    println!("{one} to {two}: {:?}", game.outcome());
    for (i, round) in game.rounds().iter().enumerate() {
        println!(
            "round {}: {}",
            i + 1,
            round
                .turns()
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
}
