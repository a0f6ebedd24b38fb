//! Signing in: the server's address (remembered; the first time, a server
//! on this computer), a name and a password; Sign in, Register (a new
//! account with that name and password), Back. While the server is asked
//! the screen says so; a server that cannot be reached, or that says no,
//! is named with the reason, and the form keeps what was typed. Signed
//! in, the lobby opens. Enter in the password signs in. With a gamepad, A
//! on a field opens the on-screen keyboard for it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::AppSet;
use crate::app::Folders;
use crate::online::net::{HOST_PORT, Net, NetCommand};
use crate::online::session::{Hosting, Link, ServerChoice, Session};
use crate::online::{NextScreen, OnlineScreen};
use crate::ui::keyboard::OnScreenKeyboard;
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::{Focus, LastDevice, TextEntry};
use crate::ui::overlays::OverlayCommand;
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Password>()
        .add_systems(OnEnter(OnlineScreen::SignIn), focus_first_empty)
        .add_systems(OnExit(OnlineScreen::SignIn), forget)
        .add_systems(
            Update,
            (
                navigate.after(crate::ui::navigation::ReadDevices),
                (take_typed, to_lobby).run_if(in_state(OnlineScreen::SignIn)),
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
    /// Host a server inside the game.
    Host,
}

/// Every row a computer shows, in order: Host last.
const ALL_ROWS: &[Row] = &[
    Row::Address,
    Row::Name,
    Row::Password,
    Row::SignIn,
    Row::Register,
    Row::Back,
    Row::Host,
];

/// The rows, in order; a browser cannot host a server, so it has no Host.
pub const ROWS: &[Row] = match ALL_ROWS.split_last() {
    Some((_, rest)) if cfg!(target_arch = "wasm32") => rest,
    _ => ALL_ROWS,
};

/// The labels of the fields and buttons, as the screen shows them.
pub const ADDRESS: &str = "Server";
pub const NAME: &str = "Name";
pub const PASSWORD: &str = "Password";
pub const SIGN_IN: &str = "Sign in";
pub const REGISTER: &str = "Register";
pub const HOST: &str = "Host a server here";
pub const STOP_HOSTING: &str = "Stop hosting";
pub const KEYBOARD: &str = "On-screen keyboard";

/// What each field takes.
pub const ADDRESS_FIELD: widgets::Field = widgets::Field {
    hint: "host:port, or a wss:// address",
    limit: 200,
    hidden: false,
};
pub const NAME_FIELD: widgets::Field = widgets::Field {
    hint: "letters, digits, - and _",
    limit: 24,
    hidden: false,
};
pub const PASSWORD_FIELD: widgets::Field = widgets::Field {
    hint: "8 characters or more",
    limit: 256,
    hidden: true,
};

/// What the on-screen keyboard typed goes into its field.
fn take_typed(
    mut keyboard: ResMut<OnScreenKeyboard>,
    mut choice: ResMut<ServerChoice>,
    mut password: ResMut<Password>,
) {
    if let Some(text) = keyboard.take(ADDRESS) {
        choice.address = text;
    }
    if let Some(text) = keyboard.take(NAME) {
        choice.name = text;
    }
    if let Some(text) = keyboard.take(PASSWORD) {
        password.0 = text;
    }
}

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
    (choice, password, folders): (&ServerChoice, &Password, &Folders),
    session: &mut Session,
    net: &Net,
    next: &mut NextScreen,
) {
    match row {
        Row::Host => match &session.hosting {
            Hosting::On { .. } => {
                session.hosting = Hosting::Stopping;
                net.send(NetCommand::StopHosting);
            }
            _ => session.start_hosting(folders.data.as_deref(), net),
        },
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

#[allow(clippy::too_many_arguments)]
fn navigate(
    mut keys: MenuKeys<OnlineScreen>,
    mut focus: ResMut<Focus>,
    choice: Res<ServerChoice>,
    password: Res<Password>,
    mut session: ResMut<Session>,
    (net, folders): (Res<Net>, Res<Folders>),
    (device, mut keyboard, mut overlays): (Res<LastDevice>, ResMut<OnScreenKeyboard>, MessageWriter<OverlayCommand>),
    mut next: NextScreen,
) {
    for event in menu_events(keys.for_screen(OnlineScreen::SignIn), &mut focus, ROWS) {
        match event {
            // A gamepad types through the on-screen keyboard.
            MenuEvent::Confirm(row @ (Row::Address | Row::Name | Row::Password)) if *device == LastDevice::Gamepad => {
                let (label, text, field) = match row {
                    Row::Address => (ADDRESS, choice.address.as_str(), ADDRESS_FIELD),
                    Row::Name => (NAME, choice.name.as_str(), NAME_FIELD),
                    _ => (PASSWORD, password.0.as_str(), PASSWORD_FIELD),
                };
                keyboard.open(label, text, field, &mut overlays);
            }
            MenuEvent::Confirm(row) => press(row, (&choice, &password, &folders), &mut session, &net, &mut next),
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
    (overlays, net, folders): (Res<crate::ui::overlays::Overlays>, Res<Net>, Res<Folders>),
    (mut keyboard, mut overlay_commands): (ResMut<OnScreenKeyboard>, MessageWriter<OverlayCommand>),
    mut next: NextScreen,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    // While the server starts or stops its button is gone: the focus goes on to the name.
    let host_shown = !matches!(session.hosting, Hosting::Starting | Hosting::Stopping);
    if !host_shown && focus.of(ROWS.len()) == ROWS.len() - 1 {
        focus.point_at(1);
    }
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
                Row::Address => (ADDRESS, &mut choice.address, ADDRESS_FIELD),
                Row::Name => (NAME, &mut choice.name, NAME_FIELD),
                _ => (PASSWORD, &mut password.0, PASSWORD_FIELD),
            };
            let before = text.len();
            let hovered = widgets::field_row(ui, label, text, field, is_focused, &mut any_typing);
            // What was wrong with the form is wrong no longer once it changes.
            if text.len() != before && session.link == Link::Offline {
                session.problem = None;
            }
            if active && widgets::pointer_takes_focus(ui, hovered) {
                focus.point_at(i);
            }
        }
        // For a pointer with no keys (a touch screen): the on-screen
        // keyboard, on the field focused (else the name).
        ui.horizontal(|ui| {
            let look = widgets::ButtonLook::new(190.0, 30.0).text_size(15.0);
            if widgets::button(ui, KEYBOARD, look).clicked() && active {
                let row = ROWS
                    .get(focused)
                    .copied()
                    .filter(|r| matches!(r, Row::Address | Row::Password));
                let (label, text, field) = match row {
                    Some(Row::Address) => (ADDRESS, choice.address.clone(), ADDRESS_FIELD),
                    Some(_) => (PASSWORD, password.0.clone(), PASSWORD_FIELD),
                    None => (NAME, choice.name.clone(), NAME_FIELD),
                };
                keyboard.open(label, &text, field, &mut overlay_commands);
            }
        });
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
                ui.add(egui::Label::new(widgets::text(problem, widgets::BODY).color(ui::WARNING)).wrap());
                crate::ui::theme::controls::shown(ui, "Problem", problem);
            }
            _ => {
                ui.label(widgets::muted(" ", widgets::BODY));
            }
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            for (i, row) in ROWS.iter().enumerate().skip(3).take(3) {
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
        if !ROWS.contains(&Row::Host) {
            return;
        }
        ui.add_space(18.0);
        let hosting = matches!(session.hosting, Hosting::On { .. } | Hosting::Stopping);
        let heading = if hosting { "Hosting" } else { "No server?" };
        ui.label(widgets::strong(heading, widgets::BODY + 1.0));
        crate::ui::theme::controls::shown(ui, "Hosting heading", heading);
        let words = match &session.hosting {
            Hosting::Off => {
                "Host one here: a friend on the same network signs in at this computer's address.".to_string()
            }
            Hosting::Starting => "Starting the server…".to_string(),
            Hosting::Stopping => "Stopping the server…".to_string(),
            Hosting::On {
                addresses,
                port,
                taken,
                web,
            } => {
                let taken = if *taken {
                    format!(
                        "Port {} was taken (by another server?), so it listens on port {port}. ",
                        HOST_PORT
                    )
                } else {
                    String::new()
                };
                let friends = if addresses.is_empty() {
                    "This computer is on no network: only it can join.".to_string()
                } else if *web {
                    let pages: Vec<String> = addresses.iter().map(|a| format!("http://{a}/")).collect();
                    format!(
                        "Friends on the same network sign in at {}, or play in a browser at {}.",
                        addresses.join(" or "),
                        pages.join(" or ")
                    )
                } else {
                    format!("Friends on the same network sign in at {}.", addresses.join(" or "))
                };
                format!(
                    "This computer hosts a server. {taken}{friends} Sign in at it here as 127.0.0.1:{port} (filled in above). It stops with the game or with Stop hosting; its games come back when it is hosted again."
                )
            }
            Hosting::Failed(why) => format!("The server could not start: {why}"),
        };
        let colour = if matches!(session.hosting, Hosting::Failed(_)) {
            ui::WARNING
        } else {
            ui::MUTED
        };
        ui.add(egui::Label::new(widgets::text(&words, widgets::SMALL + 1.0).color(colour)).wrap());
        crate::ui::theme::controls::shown(ui, "Hosting", &words);
        if host_shown {
            let i = ROWS.len() - 1;
            let look = widgets::ButtonLook::new(260.0, 44.0)
                .entry()
                .focused(active && i == focused);
            let response = widgets::button(ui, if hosting { STOP_HOSTING } else { HOST }, look);
            if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                focus.point_at(i);
            }
            if active && response.clicked() {
                pressed = Some(Row::Host);
            }
        }
    });
    if let Some(row) = pressed {
        press(row, (&choice, &password, &folders), &mut session, &net, &mut next);
    }
    if typing.0 != any_typing {
        typing.0 = any_typing;
    }
    Ok(())
}
