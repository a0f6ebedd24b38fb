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

/// glibc gives each thread that allocates its own heap, up to eight a
/// core, and frees memory back to each heap alone: with Bevy's and the
/// renderer's threads that kept about 10 MiB more resident than two heaps
/// do (`docs/performance.md`).
fn fewer_heaps() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets a parameter of the allocator; called
    // before any other thread starts.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
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
    fewer_heaps();
    let args = Args::parse();
    if let Err(missing) = display_found() {
        eprintln!("{missing}");
        return AppExit::error();
    }
    explain_a_display_that_fails();
    if std::env::var("ENTROPY_SCRIPT").is_ok_and(|s| s == "empty-window") {
        // The measurements' control: an empty Bevy window (scripts/measure-game.sh).
        return entropy::dev::empty_window(args.window).run();
    }
    #[cfg(unix)]
    terminate::install();
    let mut app = App::new();
    app.add_plugins(entropy::AppPlugin {
        window: args.window,
        ..Default::default()
    });
    #[cfg(unix)]
    app.add_systems(Update, terminate::exit_when_asked);
    app.run()
}

/// What the window needs, said before anything tries to open one.
const NEEDS: &str = "Entropy needs a graphical display (an X11 session, or Wayland with XWayland)";

/// This build opens its window through X11: without `DISPLAY` it cannot.
#[cfg(all(unix, not(any(target_os = "macos", target_os = "ios", target_os = "android"))))]
fn display_found() -> Result<(), String> {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") {
        return Ok(());
    }
    let why = if set("WAYLAND_DISPLAY") {
        "DISPLAY is unset (WAYLAND_DISPLAY is set, but the game reaches Wayland through XWayland, which sets DISPLAY)"
    } else {
        "DISPLAY and WAYLAND_DISPLAY are unset"
    };
    Err(format!("{NEEDS}; none was found: {why}."))
}

#[cfg(not(all(unix, not(any(target_os = "macos", target_os = "ios", target_os = "android")))))]
fn display_found() -> Result<(), String> {
    Ok(())
}

/// A display that is named but cannot be opened makes the window system
/// panic ("Failed to build event loop"): said in plain words instead, and
/// the game exits with an error, without a backtrace.
fn explain_a_display_that_fails() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info.payload_as_str().unwrap_or_default();
        if let Some(reason) = message.strip_prefix("Failed to build event loop") {
            let display = std::env::var("DISPLAY").unwrap_or_default();
            // The window system's own words, without its source file and line.
            let reason = match reason.split_once("error: ") {
                Some((_, inner)) => inner.strip_suffix(" })").unwrap_or(inner).to_string(),
                None => reason.trim_start_matches([':', ' ']).to_string(),
            };
            eprintln!("{NEEDS}; the display {display:?} could not be opened ({reason}).");
            std::process::exit(1);
        }
        default(info);
    }));
}

/// SIGTERM and SIGHUP end the game the way closing its window does (Bevy
/// itself does so for Ctrl+C): the match is saved as it stands and the game
/// exits cleanly. A second signal ends it at once.
#[cfg(unix)]
mod terminate {
    use std::sync::atomic::{AtomicI32, Ordering};

    use bevy::prelude::*;

    static SIGNAL: AtomicI32 = AtomicI32::new(0);
    const SIGHUP: i32 = 1;
    const SIGTERM: i32 = 15;

    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
        fn _exit(status: i32) -> !;
    }

    extern "C" fn on_signal(signum: i32) {
        // Only what is safe in a signal handler: an atomic, or `_exit`.
        if SIGNAL.swap(signum, Ordering::SeqCst) != 0 {
            // SAFETY: `_exit` is async-signal-safe.
            unsafe { _exit(128 + signum) }
        }
    }

    /// Handles SIGTERM and SIGHUP.
    pub fn install() {
        for signum in [SIGHUP, SIGTERM] {
            // SAFETY: the handler only touches an atomic (or calls `_exit`).
            unsafe {
                signal(signum, on_signal as extern "C" fn(i32) as usize);
            }
        }
    }

    /// Asks the app to exit once a signal came.
    pub fn exit_when_asked(mut exit: MessageWriter<AppExit>) {
        let signum = SIGNAL.load(Ordering::SeqCst);
        if signum != 0 {
            exit.write(AppExit::from_code((128 + signum) as u8));
        }
    }
}
