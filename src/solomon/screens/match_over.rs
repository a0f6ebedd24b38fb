//! The end of a match: who won and how (or a draw), from the player's side
//! against the computer ("You won 33–29"), both players' totals, each
//! round's score, and Rematch (focused), Review (the match in the replay,
//! the computer's review running), New match or Title.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_rules::Player;

use crate::app::AppSet;
use crate::online::card::OnlineCard;
use crate::online::table::rematch_label;
use crate::solomon::game::{CurrentMatch, SolomonCommand};
use crate::solomon::match_setup::Name;
use crate::solomon::screen::SolomonScreen;
use crate::solomon::screens::panel::{PanelData, side_panel};
use crate::solomon::world::marks::ShownMove;
use crate::table::end_card::end_card;
use crate::table::result_words;
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::{Focus, Nav};
use crate::ui::overlays::{Overlay, OverlayCommand};
use crate::ui::theme::widgets;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(SolomonScreen::MatchOver), |mut focus: ResMut<Focus>| {
        focus.set(0)
    })
    .add_systems(
        Update,
        navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
    )
    .add_systems(
        EguiPrimaryContextPass,
        draw.run_if(in_state(SolomonScreen::MatchOver).and_then(resource_exists::<CurrentMatch>))
            .in_set(crate::ui::theme::Interface),
    );
}

/// The buttons, two to a row, in the order the focus goes.
const CHOICES: [(SolomonCommand, &str); 4] = [
    (SolomonCommand::Rematch, "Rematch"),
    (SolomonCommand::Review, "Review"),
    (SolomonCommand::OpenSetup, "New match"),
    (SolomonCommand::ToTitle, "Title"),
];

/// The buttons for the match shown: after a match on a server the lobby
/// instead of a new match, Rematch as the server has it (asked, or offered
/// by the opponent), and none for a spectator.
fn choices(online: &OnlineCard) -> Vec<(SolomonCommand, &'static str)> {
    let Some((table, followed)) = online.game() else {
        return CHOICES.to_vec();
    };
    let mut choices = Vec::new();
    if !table.watching() {
        choices.push((SolomonCommand::Rematch, rematch_label(table, followed)));
    }
    choices.extend([
        (SolomonCommand::Review, "Review"),
        (SolomonCommand::ToLobby, "Lobby"),
        (SolomonCommand::ToTitle, "Title"),
    ]);
    choices
}

fn navigate(
    mut keys: MenuKeys<SolomonScreen>,
    mut focus: ResMut<Focus>,
    mut commands: MessageWriter<SolomonCommand>,
    mut overlays: MessageWriter<OverlayCommand>,
    online: OnlineCard,
) {
    let choices: Vec<SolomonCommand> = choices(&online).into_iter().map(|(c, _)| c).collect();
    for event in menu_events(keys.for_screen(SolomonScreen::MatchOver), &mut focus, &choices) {
        match event {
            MenuEvent::Confirm(command) => {
                commands.write(command);
            }
            MenuEvent::Other(Nav::Pause) => {
                overlays.write(OverlayCommand::Open(Overlay::Settings));
            }
            MenuEvent::Back => {
                commands.write(SolomonCommand::ToTitle);
            }
            _ => {}
        }
    }
}

/// The headline of the result and how the match ended, when not on the
/// boards alone (a forfeit, a flag), in the words every room uses
/// ([`crate::table::result_words`]): from the side of the person at this
/// screen when one plays ("You won 33–29", "You lost"), else by name.
pub fn headline(game: &entropy_rules::Match, name: impl Fn(Player) -> Name) -> (String, Option<String>) {
    let said = |seat: usize| name(entropy_client::player_at(seat as u8)).to_string();
    let forfeit = game.forfeited().map(crate::online::ending::forfeited);
    let reason = match forfeit {
        Some(forfeit) => Some(result_words::forfeit_sentence(forfeit, said)),
        None => flags_sentence(game, &name),
    };
    let you = Player::BOTH.into_iter().find(|&p| name(p).is_you()).map(Player::index);
    let winner = match game.outcome() {
        Some(entropy_rules::Outcome::Win(winner)) => Some(winner.index()),
        _ => None,
    };
    let headline = result_words::headline(winner, game.totals(), forfeit, you, said);
    (headline, reason)
}

/// Who ran out of time and where, as a sentence: "Ada ran out of time in
/// round 1, turn 30; the rules played on for them."
pub fn flags_sentence(game: &entropy_rules::Match, name: &impl Fn(Player) -> Name) -> Option<String> {
    let falls: Vec<String> = game
        .flags()
        .iter()
        .map(|f| {
            format!(
                "{} ran out of time in round {}, turn {}",
                name(f.player),
                f.round + 1,
                f.turn()
            )
        })
        .collect();
    (!falls.is_empty()).then(|| format!("{}; the rules played on for them.", falls.join(" and ")))
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    data: PanelData,
    mut shown: ResMut<ShownMove>,
    mut focus: ResMut<Focus>,
    overlays: Res<crate::ui::overlays::Overlays>,
    mut commands: MessageWriter<SolomonCommand>,
    mut online: OnlineCard,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let m = &data.game.game;
    let (title, reason) = headline(m, |p| data.name(p));
    let active = overlays.is_empty();
    side_panel(&ctx, &data, &mut shown, |ui| {
        let lines = |ui: &mut egui::Ui| {
            if let Some(reason) = reason {
                ui.label(widgets::text(reason, widgets::BODY));
            }
            // A forfeit's unfinished boards scored nothing to show.
            if m.forfeited().is_none() {
                let [one, two] = m.totals();
                ui.label(widgets::text(
                    format!("{} {one}  ·  {} {two}", data.name(Player::One), data.name(Player::Two)),
                    widgets::BODY,
                ));
            }
            for (i, round) in m.rounds().iter().enumerate() {
                if round.is_finished() {
                    ui.label(widgets::muted(
                        format!(
                            "Round {}: {} scored {} as Order",
                            i + 1,
                            data.name(m.order_player(i)),
                            round.score()
                        ),
                        widgets::SMALL,
                    ));
                }
            }
            online.result_lines(ui);
        };
        let choices = choices(&online);
        if let Some(command) = end_card(ui, &title, lines, &choices, 2, &mut focus, active) {
            commands.write(command);
        }
        online.card(ui, false, active);
    });
    Ok(())
}
