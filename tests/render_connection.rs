//! The renderer's own connection to the X server (`ui/render_connection.rs`):
//! a new window's handle on X11 gets, for the renderer, a connection of its
//! own to the same server, so the renderer never reads the window's input;
//! the window itself is unchanged, and a handle of another window system is
//! left as it is.

mod common;

use std::ffi::c_void;
use std::ptr::NonNull;

use bevy::prelude::*;
use bevy::window::{RawHandleWrapper, WindowWrapper};
use common::xserver::{on_path, start_xvfb};
use entropy::ui::render_connection::give_the_renderer_its_own_connection;
use raw_window_handle::{
    DisplayHandle, HandleError, HasDisplayHandle, HasWindowHandle, RawDisplayHandle, RawWindowHandle,
    WaylandDisplayHandle, WindowHandle, XlibDisplayHandle, XlibWindowHandle,
};

/// A window as a window system would hand it to Bevy: only its handles.
struct Window(RawWindowHandle, RawDisplayHandle);

// SAFETY: the handles are only read, on the test's thread.
unsafe impl Send for Window {}
// SAFETY: as above.
unsafe impl Sync for Window {}

impl HasWindowHandle for Window {
    fn window_handle(&self) -> Result<WindowHandle<'_>, HandleError> {
        // SAFETY: the handle is only compared, never used to draw.
        Ok(unsafe { WindowHandle::borrow_raw(self.0) })
    }
}

impl HasDisplayHandle for Window {
    fn display_handle(&self) -> Result<DisplayHandle<'_>, HandleError> {
        // SAFETY: as above.
        Ok(unsafe { DisplayHandle::borrow_raw(self.1) })
    }
}

/// The handle the renderer finds after the game's first frame with a
/// window of these handles.
fn renderer_handle(window: RawWindowHandle, display: RawDisplayHandle) -> RawHandleWrapper {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_systems(Last, give_the_renderer_its_own_connection);
    let wrapper = RawHandleWrapper::new(&WindowWrapper::new(Window(window, display))).expect("a handle");
    let entity = app.world_mut().spawn(wrapper).id();
    app.update();
    app.world().get::<RawHandleWrapper>(entity).expect("the handle").clone()
}

#[test]
fn the_renderer_reaches_the_x_server_on_a_connection_of_its_own() {
    assert!(
        on_path("Xvfb"),
        "this test needs Xvfb (the README's set-up installs it)"
    );
    let (mut server, display) = start_xvfb("640x480");
    let xlib = x11_dl::xlib::Xlib::open().expect("libX11");
    let name = std::ffi::CString::new(display).expect("a display's name");
    // SAFETY: `name` is a display's name, alive for the call.
    let windows_connection = unsafe { (xlib.XOpenDisplay)(name.as_ptr()) };
    assert!(!windows_connection.is_null(), "the window's connection opens");
    let window = RawWindowHandle::Xlib(XlibWindowHandle::new(0x40_0001));
    let shared = XlibDisplayHandle::new(NonNull::new(windows_connection.cast::<c_void>()), 0);

    let handle = renderer_handle(window, RawDisplayHandle::Xlib(shared));

    assert_eq!(
        handle.get_window_handle(),
        window,
        "the window is the window system's own"
    );
    let RawDisplayHandle::Xlib(own) = handle.get_display_handle() else {
        panic!(
            "the renderer's display is an X display: {:?}",
            handle.get_display_handle()
        );
    };
    let own_connection = own.display.expect("a display").as_ptr().cast::<x11_dl::xlib::Display>();
    assert_eq!(own.screen, 0, "on the window's screen");
    assert_ne!(own_connection, windows_connection, "not the window's connection");
    // SAFETY: both are open connections to the test's server.
    let (own_socket, windows_socket, own_server, windows_server) = unsafe {
        (
            (xlib.XConnectionNumber)(own_connection),
            (xlib.XConnectionNumber)(windows_connection),
            std::ffi::CStr::from_ptr((xlib.XDisplayString)(own_connection)).to_owned(),
            std::ffi::CStr::from_ptr((xlib.XDisplayString)(windows_connection)).to_owned(),
        )
    };
    assert_ne!(own_socket, windows_socket, "a socket of its own");
    assert_eq!(own_server, windows_server, "to the same server");
    let _ = server.kill();
}

#[test]
fn a_handle_of_another_window_system_is_left_as_it_is() {
    let window = RawWindowHandle::Xlib(XlibWindowHandle::new(7));
    let wayland = RawDisplayHandle::Wayland(WaylandDisplayHandle::new(NonNull::<c_void>::dangling()));
    let handle = renderer_handle(window, wayland);
    assert_eq!(handle.get_display_handle(), wayland);
    assert_eq!(handle.get_window_handle(), window);
}
