//! On X11 the renderer talks to the X server on a connection of its own.
//!
//! The window's input (a key, a button of the mouse) arrives on winit's
//! connection to the X server, and between frames the game sleeps on that
//! connection's socket until something arrives. The renderer (Vulkan's
//! window-system layer, on Bevy's rendering threads) used to share it:
//! each time it waited for an answer from the server it read whatever had
//! come on the socket, input included, into the connection's queue. An
//! event read so just as the game went to sleep stayed in that queue
//! unseen, with nothing left on the socket to wake the game, until the next
//! input arrived. Drawing only when
//! asked, the game then missed a click now and then: the mouse's release
//! came only with the pointer's next move, and egui took the click for a
//! long press. (Xlib and xcb cannot be shared with a thread that sleeps on
//! the socket: winit's issue 1985.) With a connection of its own the
//! renderer never reads the window's input.
//!
//! The window stays winit's; only the display in the handle the renderer
//! makes its surface from is replaced, before the renderer first reads it.

use std::ffi::c_void;
use std::ptr::NonNull;

use bevy::prelude::*;
use bevy::window::RawHandleWrapper;
use raw_window_handle::{RawDisplayHandle, XlibDisplayHandle};

pub(crate) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::winit::WinitPlugin>() {
        return;
    }
    // In `Last`: the render world takes the window's handle after it.
    app.add_systems(Last, give_the_renderer_its_own_connection);
}

/// Replaces the X display in every new window handle with a connection of
/// its own (a handle of another window system is left as it is).
pub fn give_the_renderer_its_own_connection(mut windows: Query<&mut RawHandleWrapper, Added<RawHandleWrapper>>) {
    for mut handle in &mut windows {
        let RawDisplayHandle::Xlib(shared) = handle.get_display_handle() else {
            continue;
        };
        match open_connection(shared) {
            Ok(display) => {
                handle.set_display_handle(RawDisplayHandle::Xlib(XlibDisplayHandle::new(
                    Some(display),
                    shared.screen,
                )));
            }
            Err(reason) => warn!(
                "the renderer shares the window's X connection ({reason}): a click may now and then wait for the next input"
            ),
        }
    }
}

/// A new connection to the X server of the window's connection `shared`,
/// kept open for the life of the game: the renderer's surface uses it
/// until the game ends.
#[cfg(unix)]
fn open_connection(shared: XlibDisplayHandle) -> Result<NonNull<c_void>, String> {
    let shared = shared.display.ok_or("the window names no X connection")?;
    let xlib = x11_dl::xlib::Xlib::open().map_err(|error| error.to_string())?;
    // SAFETY: `shared` is the window system's open connection (it lives as
    // long as the window); `XDisplayString` reads the name it was opened
    // with. winit made Xlib safe for threads (`XInitThreads`) before it
    // opened its connection.
    let display = unsafe { (xlib.XOpenDisplay)((xlib.XDisplayString)(shared.as_ptr().cast())) };
    NonNull::new(display.cast::<c_void>()).ok_or_else(|| "the X server refused a second connection".to_string())
}

#[cfg(not(unix))]
fn open_connection(_shared: XlibDisplayHandle) -> Result<NonNull<c_void>, String> {
    Err("no Xlib on this system".to_string())
}
