//! When the game draws. A board game mostly waits for a person to think, so
//! the window draws a frame only when something asks for one: input (the
//! window system wakes the game for it), something that moves, or a time
//! something waits for. Whatever moves asks here, every frame it moves:
//!
//! - [`Redraw::now`]: draw the next frame at once (a slide, a fade, the count);
//! - [`Redraw::after`]: draw a frame no later than this (the clock's next
//!   second, the living title board's next move, a notice's end);
//! - [`wake`]: from any thread, draw a frame now (a search that finished).
//!
//! A frame that took a key, a mouse button or a gamepad button asks for the
//! next one too: what the input set off is often a message read in the
//! next frame (a button of the interface, drawn after the game's systems,
//! asks for a move that way), and without that frame it would wait for
//! the next input.
//!
//! How the window follows these is [`crate::ui::frames`]; without a window
//! (the tests) nothing is drawn, and [`Redraw::asked`] counts the frames
//! that asked for another, so that a test can show that a still screen asks
//! for none.
//!
//! ```
//! use std::time::Duration;
//! use entropy::app::redraw::Redraw;
//!
//! let mut redraw = Redraw::default();
//! redraw.after(Duration::from_secs(2));
//! redraw.after(Duration::from_millis(500));
//! assert_eq!(redraw.wanted().unwrap().wait, Duration::from_millis(500));
//! redraw.now();
//! assert_eq!(redraw.wanted().unwrap().wait, Duration::ZERO);
//! ```

use std::sync::OnceLock;
use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::input::gamepad::GamepadButtonStateChangedEvent;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Redraw>()
        .add_systems(First, begin_frame)
        .add_systems(Last, (input_asks_for_the_next_frame, settle.in_set(Settle)).chain());
}

/// Where the frame's requests are settled, at the end of the frame: read
/// them after it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Settle;

/// The next frame wanted by what is on screen.
#[derive(Resource, Debug, Default)]
pub struct Redraw {
    /// What this frame asked for so far.
    asking: Option<Wanted>,
    /// What the last frame asked for, settled at its end.
    last: Option<Wanted>,
    /// How many frames asked for another.
    asked: u64,
    /// When this frame began.
    began: Option<Instant>,
}

/// A frame asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wanted {
    /// How long after the frame that asked (zero: at once).
    pub wait: Duration,
    /// When, as an instant.
    pub at: Instant,
    /// The code that asked (the earliest wish's), for a maintainer who
    /// wonders why frames are drawn.
    pub by: &'static std::panic::Location<'static>,
}

impl Redraw {
    /// Something moves: draw the next frame at once.
    #[track_caller]
    pub fn now(&mut self) {
        self.after(Duration::ZERO);
    }

    /// Something will change in `wait`: draw a frame then (or earlier).
    #[track_caller]
    pub fn after(&mut self, wait: Duration) {
        let at = self.began.unwrap_or_else(Instant::now) + wait;
        if self.asking.is_none_or(|w| wait < w.wait) {
            self.asking = Some(Wanted {
                wait,
                at,
                by: std::panic::Location::caller(),
            });
        }
    }

    /// What this frame has asked for so far.
    pub fn wanted(&self) -> Option<Wanted> {
        self.asking
    }

    /// What the last frame asked for, once it ended.
    pub fn last(&self) -> Option<Wanted> {
        self.last
    }

    /// How many frames have asked for another frame (at once or later).
    pub fn asked(&self) -> u64 {
        self.asked
    }
}

fn begin_frame(mut redraw: ResMut<Redraw>) {
    redraw.began = Some(Instant::now());
}

/// A key, a mouse button, a finger or a gamepad button pressed, moved or
/// released this frame: the next frame takes what it set off.
fn input_asks_for_the_next_frame(
    mut keys: MessageReader<KeyboardInput>,
    mut mouse: MessageReader<MouseButtonInput>,
    mut touches: MessageReader<bevy::input::touch::TouchInput>,
    mut pads: MessageReader<GamepadButtonStateChangedEvent>,
    mut redraw: ResMut<Redraw>,
) {
    let took = keys.read().count() + mouse.read().count() + touches.read().count() + pads.read().count();
    if took > 0 {
        redraw.now();
    }
}

fn settle(mut redraw: ResMut<Redraw>) {
    let asked = redraw.asking.take();
    if asked.is_some() {
        redraw.asked += 1;
    }
    redraw.last = asked;
}

/// What draws a frame when [`wake`] is called: set once by the window.
static WAKER: OnceLock<Box<dyn Fn() + Send + Sync>> = OnceLock::new();

/// Sets what [`wake`] does (the window's event loop; once per process).
pub fn set_waker(waker: impl Fn() + Send + Sync + 'static) {
    let _ = WAKER.set(Box::new(waker));
}

/// Draws a frame as soon as the game can, from any thread: a search that
/// finished calls it so that its answer is taken at once.
pub fn wake() {
    if let Some(waker) = WAKER.get() {
        waker();
    }
}
