// Hide the console window on Windows in release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use clap::Parser;

#[cfg(not(target_arch = "wasm32"))]
/// Entropy, Eric Solomon's game of Order and Chaos.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    /// The window's starting size in logical pixels, as WIDTHxHEIGHT.
    #[arg(long, value_name = "WIDTHxHEIGHT", default_value = "1280x720", value_parser = window_size)]
    window: (u32, u32),
}

#[cfg(not(target_arch = "wasm32"))]
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

#[cfg(not(target_arch = "wasm32"))]
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

#[cfg(not(target_arch = "wasm32"))]
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
    let mut app = App::new();
    app.add_plugins(entropy::AppPlugin {
        window: args.window,
        ..Default::default()
    });
    #[cfg(unix)]
    {
        // After the plugins: Bevy's own Ctrl+C handler is then the one
        // signal-hook passes SIGINT on to.
        terminate::install();
        app.add_systems(Update, terminate::exit_when_asked);
    }
    app.run()
}

#[cfg(not(target_arch = "wasm32"))]
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

#[cfg(not(any(
    target_arch = "wasm32",
    all(unix, not(any(target_os = "macos", target_os = "ios", target_os = "android")))
)))]
fn display_found() -> Result<(), String> {
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
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

/// The web game: the page's canvas, the browser's storage
/// (`docs/web.md`).
#[cfg(target_arch = "wasm32")]
fn main() {
    // The tab's lock first: a second tab must know before it reads a file.
    wasm_bindgen_futures::spawn_local(async {
        entropy::app::data_lock::take_in_the_browser().await;
        App::new().add_plugins(entropy::AppPlugin::default()).run();
    });
}

/// SIGTERM, SIGHUP and SIGINT (Ctrl+C) end the game the way closing its
/// window does: the match is saved as it stands and the game exits by
/// itself, with 128 + the signal's number (SIGINT is passed on to Bevy's
/// own handler too, which asks the same). A second signal ends it
/// at once, with the same code.
///
/// The signal acts at once even on a still screen: the game then sleeps
/// in the window system's event loop, which nothing else would wake before
/// its 30-second safety net (`docs/design.md`, "Drawing only when something
/// changes"), and a service manager or a desktop logging out would kill the
/// game before it saved. So the handler (signal-hook's) records the signal,
/// and a thread that receives it from signal-hook wakes the loop
/// ([`entropy::app::redraw::wake`]); the frame it wakes asks the app to
/// exit.
#[cfg(unix)]
mod terminate {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use bevy::prelude::*;
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    /// The signal that came (0: none yet).
    static SIGNAL: AtomicUsize = AtomicUsize::new(0);

    /// The signals that end the game: a service manager's, a terminal
    /// closed, Ctrl+C.
    const ENDING: [i32; 3] = [SIGHUP, SIGTERM, SIGINT];

    /// Handles the signals that end the game (before the app runs: a signal
    /// that comes before its first frame is acted on in that frame).
    pub fn install() {
        let armed = Arc::new(AtomicBool::new(false));
        for signal in ENDING {
            // The order matters (signal-hook's documented pattern): the exit
            // acts only once the flag registered after it has been set, by
            // the first signal, so it is the second signal that ends the game.
            let handled = signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&armed))
                .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&armed)))
                .and_then(|_| signal_hook::flag::register_usize(signal, &SIGNAL, signal as usize));
            if let Err(e) = handled {
                eprintln!("signal {signal} is not handled ({e}): it ends the game without saving");
            }
        }
        let listened = Signals::new(ENDING).and_then(|mut signals| {
            std::thread::Builder::new().name("signals".into()).spawn(move || {
                for _ in signals.forever() {
                    entropy::app::redraw::wake();
                }
            })
        });
        if let Err(e) = listened {
            eprintln!(
                "no thread waits for SIGTERM, SIGHUP and SIGINT ({e}): on a still screen they act at its next frame"
            );
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
