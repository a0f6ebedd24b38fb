//! Signing in: the server's address (remembered; the first time, a server
//! on this computer), a name and a password; Sign in, Register (a new
//! account with that name and password), Back. While the server is asked
//! the screen says so; a server that cannot be reached, or that says no,
//! is named with the reason, and the form keeps what was typed. Signed
//! in, the lobby opens. Enter in the password signs in.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::AppSet;
use crate::online::net::{Net, NetCommand};
use crate::online::session::{Link, ServerChoice, Session};
use crate::online::{NextScreen, OnlineScreen};
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::{Focus, TextEntry};
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Password>()
        .add_systems(OnEnter(OnlineScreen::SignIn), focus_first_empty)
        .add_systems(OnExit(OnlineScreen::SignIn), forget)
        .add_systems(
            Update,
            (
                navigate.after(crate::ui::navigation::ReadDevices),
                to_lobby.run_if(in_state(OnlineScreen::SignIn)),
            )
                .in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(OnlineScreen::SignIn))
                .in_set(crate::ui::theme::Interface),
        );
}

/// The password typed: never remembered, forgotten when the screen closes.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Password(pub String);

/// The screen's controls, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    Address,
    Name,
    Password,
    SignIn,
    Register,
    Back,
}

/// The rows, in order.
pub const ROWS: [Row; 6] = [
    Row::Address,
    Row::Name,
    Row::Password,
    Row::SignIn,
    Row::Register,
    Row::Back,
];

/// The labels of the fields and buttons, as the screen shows them.
pub const ADDRESS: &str = "Server";
pub const NAME: &str = "Name";
pub const PASSWORD: &str = "Password";
pub const SIGN_IN: &str = "Sign in";
pub const REGISTER: &str = "Register";

/// The focus starts on the first field left empty, else on Sign in.
fn focus_first_empty(choice: Res<ServerChoice>, password: Res<Password>, mut focus: ResMut<Focus>) {
    let row = if choice.address.trim().is_empty() {
        Row::Address
    } else if choice.name.trim().is_empty() {
        Row::Name
    } else if password.0.is_empty() {
        Row::Password
    } else {
        Row::SignIn
    };
    focus.set(ROWS.iter().position(|r| *r == row).unwrap_or(0));
}

fn forget(mut password: ResMut<Password>, mut typing: ResMut<TextEntry>) {
    password.0.clear();
    typing.0 = false;
}

/// Signed in: to the lobby.
fn to_lobby(session: Res<Session>, mut next: NextScreen) {
    if session.signed_in() {
        next.set(OnlineScreen::Lobby);
    }
}

/// What is wrong with the form before asking the server, if anything.
pub fn form_problem(choice: &ServerChoice, password: &str) -> Option<&'static str> {
    if choice.address.trim().is_empty() {
        Some("Type the server's address, such as 127.0.0.1:7849 or entropy.example.org.")
    } else if choice.name.trim().is_empty() {
        Some("Type your name on the server.")
    } else if password.is_empty() {
        Some("Type your password.")
    } else {
        None
    }
}

fn press(
    row: Row,
    choice: &ServerChoice,
    password: &Password,
    session: &mut Session,
    net: &Net,
    next: &mut NextScreen,
) {
    match row {
        Row::SignIn | Row::Register | Row::Password => {
            if session.link == Link::Connecting {
                return;
            }
            if let Some(problem) = form_problem(choice, &password.0) {
                session.problem = Some(problem.into());
                return;
            }
            session.link = Link::Connecting;
            session.problem = None;
            net.send(NetCommand::SignIn {
                address: choice.address.trim().to_string(),
                name: choice.name.trim().to_string(),
                password: password.0.clone(),
                register: row == Row::Register,
            });
        }
        Row::Back => next.title(),
        Row::Address | Row::Name => {}
    }
}

fn navigate(
    mut keys: MenuKeys<OnlineScreen>,
    mut focus: ResMut<Focus>,
    choice: Res<ServerChoice>,
    password: Res<Password>,
    mut session: ResMut<Session>,
    net: Res<Net>,
    mut next: NextScreen,
) {
    for event in menu_events(keys.for_screen(OnlineScreen::SignIn), &mut focus, &ROWS) {
        match event {
            MenuEvent::Confirm(row) => press(row, &choice, &password, &mut session, &net, &mut next),
            MenuEvent::Back => next.title(),
            _ => {}
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    mut choice: ResMut<ServerChoice>,
    mut password: ResMut<Password>,
    mut session: ResMut<Session>,
    mut typing: ResMut<TextEntry>,
    (overlays, net): (Res<crate::ui::overlays::Overlays>, Res<Net>),
    mut next: NextScreen,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let focused = focus.of(ROWS.len());
    let active = overlays.is_empty();
    let mut any_typing = false;
    let mut pressed = None;
    widgets::centred_column(&ctx, "sign in", 620.0, 0.08, |ui| {
        ui.label(widgets::strong("Play online", 34.0).color(ui::ACCENT));
        ui.label(widgets::muted(
            "Sign in at a server to meet people in its lobby. New here? Type a name and a password and Register.",
            widgets::SMALL + 1.0,
        ));
        ui.add_space(10.0);
        ui.spacing_mut().item_spacing.y = 8.0;
        for (i, row) in ROWS.iter().enumerate().take(3) {
            let is_focused = active && i == focused;
            let (label, text, field) = match row {
                Row::Address => (
                    ADDRESS,
                    &mut choice.address,
                    widgets::Field {
                        hint: "host:port, or a wss:// address",
                        limit: 200,
                        hidden: false,
                    },
                ),
                Row::Name => (
                    NAME,
                    &mut choice.name,
                    widgets::Field {
                        hint: "letters, digits, - and _",
                        limit: 24,
                        hidden: false,
                    },
                ),
                _ => (
                    PASSWORD,
                    &mut password.0,
                    widgets::Field {
                        hint: "8 characters or more",
                        limit: 256,
                        hidden: true,
                    },
                ),
            };
            let hovered = widgets::field_row(ui, label, text, field, is_focused, &mut any_typing);
            if active && widgets::pointer_takes_focus(ui, hovered) {
                focus.point_at(i);
            }
        }
        ui.add_space(4.0);
        match (&session.link, &session.problem) {
            (Link::Connecting, _) => {
                ui.horizontal(|ui| {
                    widgets::working(ui, ui::ACCENT);
                    ui.label(widgets::text(
                        format!("Asking {}…", choice.address.trim()),
                        widgets::BODY,
                    ));
                });
            }
            (_, Some(problem)) => {
                ui.label(widgets::text(problem, widgets::BODY).color(ui::WARNING));
            }
            _ => {
                ui.label(widgets::muted(" ", widgets::BODY));
            }
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            for (i, row) in ROWS.iter().enumerate().skip(3) {
                let (label, width) = match row {
                    Row::SignIn => (SIGN_IN, 200.0),
                    Row::Register => (REGISTER, 180.0),
                    _ => ("Back", 140.0),
                };
                let look = widgets::ButtonLook::new(width, 48.0)
                    .entry()
                    .main(*row == Row::SignIn)
                    .enabled(session.link != Link::Connecting || *row == Row::Back)
                    .focused(active && i == focused);
                let response = widgets::button(ui, label, look);
                if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                    focus.point_at(i);
                }
                if active && response.clicked() {
                    pressed = Some(*row);
                }
            }
        });
    });
    if let Some(row) = pressed {
        press(row, &choice, &password, &mut session, &net, &mut next);
    }
    if typing.0 != any_typing {
        typing.0 = any_typing;
    }
    Ok(())
}
