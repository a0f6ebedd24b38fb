// Hide the console window on Windows in release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use bevy::prelude::*;
use clap::Parser;

/// Entropy, Eric Solomon's game of Order and Chaos.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    /// The window's starting size in logical pixels, as WIDTHxHEIGHT.
    #[arg(long, value_name = "WIDTHxHEIGHT", default_value = "1280x720", value_parser = window_size)]
    window: (u32, u32),
}

fn window_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("{text:?}: expected WIDTHxHEIGHT, such as 1280x720"))?;
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|&v| (320..=16384).contains(&v))
            .ok_or_else(|| format!("{s:?}: a size from 320 to 16384 pixels"))
    };
    Ok((number(w)?, number(h)?))
}

fn main() -> AppExit {
    let args = Args::parse();
    App::new()
        .add_plugins(entropy::AppPlugin {
            window: args.window,
            ..Default::default()
        })
        .run()
}
