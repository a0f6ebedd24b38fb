//! How every menu reads its keys: [`MenuKeys`] hands a screen or dialog
//! the frame's [`Nav`] only while it is on top, [`menu_events`] moves the
//! focus and reports the rest, and [`cycle`] steps a choice row's value.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::ui::overlays::{Overlay, Overlays};

use crate::app::screen::Screen;
use crate::ui::navigation::{Focus, Nav};

/// What a menu's keys did this frame: the control confirmed, a choice
/// changed, or back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuEvent<T> {
    /// The focused control was pressed.
    Confirm(T),
    /// The focused choice moves to its previous (-1) or next (+1) value.
    Change(T, i32),
    /// Back (Esc, Backspace, B).
    Back,
    /// Any other request (pass, hint, undo, pause).
    Other(Nav),
}

/// The keys and buttons for one screen or dialog.
///
/// Every system that reads [`Nav`] runs every frame and asks for its keys
/// through this, which reads them all and hands them over only while its
/// screen is shown with no dialog over it (or its dialog is on top). A
/// system that ran only while its screen was shown would see, on its first
/// frame, the key that opened the screen.
///
/// `S` is the state whose screens the system's keys belong to: the app's
/// [`Screen`] for the title, a game's own for its screens.
#[derive(SystemParam)]
pub struct MenuKeys<'w, 's, S: States = Screen> {
    nav: MessageReader<'w, 's, Nav>,
    screen: Option<Res<'w, State<S>>>,
    overlays: Res<'w, Overlays>,
}

impl<S: States> MenuKeys<'_, '_, S> {
    /// This frame's keys if `screen` is shown and no dialog is open.
    pub fn for_screen(&mut self, screen: S) -> Vec<Nav> {
        let shown = self.screen.as_ref().is_some_and(|s| *s.get() == screen);
        let active = shown && self.overlays.is_empty();
        self.take_if(active)
    }

    /// This frame's keys if `overlay` is the dialog on top.
    pub fn for_dialog(&mut self, overlay: Overlay) -> Vec<Nav> {
        let active = self.overlays.top() == Some(overlay);
        self.take_if(active)
    }

    fn take_if(&mut self, active: bool) -> Vec<Nav> {
        let keys: Vec<Nav> = self.nav.read().copied().collect();
        if active { keys } else { Vec::new() }
    }
}

/// The value `delta` steps from `current` in `all`, round the ends: a
/// choice row's previous (-1) or next (+1) value.
pub fn cycle<T: Copy + PartialEq>(all: &[T], current: T, delta: i32) -> T {
    let index = all.iter().position(|&v| v == current).unwrap_or(0) as i32;
    all[(index + delta).rem_euclid(all.len() as i32) as usize]
}

/// Moves the focus up and down a menu of `items` with `keys` and reports the rest.
pub fn menu_events<T: Copy>(keys: Vec<Nav>, focus: &mut Focus, items: &[T]) -> Vec<MenuEvent<T>> {
    let mut events = Vec::new();
    for n in keys {
        let focused = items.get(focus.of(items.len())).copied();
        match (n, focused) {
            (Nav::Up, _) => focus.step(items.len(), -1),
            (Nav::Down, _) => focus.step(items.len(), 1),
            (Nav::Left, Some(item)) => events.push(MenuEvent::Change(item, -1)),
            (Nav::Right, Some(item)) => events.push(MenuEvent::Change(item, 1)),
            (Nav::Confirm, Some(item)) => events.push(MenuEvent::Confirm(item)),
            (Nav::Back, _) => events.push(MenuEvent::Back),
            (Nav::Left | Nav::Right | Nav::Confirm, None) => {}
            (other, _) => events.push(MenuEvent::Other(other)),
        }
    }
    events
}
