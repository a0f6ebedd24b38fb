//! The window: the game's icon (three counters in a palindrome, drawn at
//! start-up like the rest of the art) and full screen or a window, as the
//! settings say.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy::winit::WinitWindows;

use crate::app::prefs::Settings;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, (set_icon, follow_display_setting));
}

/// Gives the window its icon once the window system has made it.
fn set_icon(windows: Option<NonSend<WinitWindows>>, mut done: Local<bool>) {
    let Some(windows) = windows else { return };
    if *done {
        return;
    }
    let size = 64;
    let rgba = crate::ui::art::icon_pixels(size);
    let Ok(icon) = winit::window::Icon::from_rgba(rgba, size, size) else {
        return;
    };
    for window in windows.windows.values() {
        window.set_window_icon(Some(icon.clone()));
        *done = true;
    }
}

fn follow_display_setting(settings: Res<Settings>, mut window: Query<&mut Window, With<PrimaryWindow>>) {
    if !settings.is_changed() {
        return;
    }
    let wanted = if settings.fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    for mut window in &mut window {
        if window.mode != wanted {
            window.mode = wanted;
        }
    }
}
