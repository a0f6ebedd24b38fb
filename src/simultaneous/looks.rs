//! How the two boards look: the trays, the squares (lit under the pointer
//! or the cursor on the board waiting for a person, the picked-up counter's
//! square gold), each board's title, and the counters in the game's
//! colours. Everything here reads the match and the hand; nothing changes
//! them.

use bevy::prelude::*;
use entropy_rules::Player;

use super::InSimultaneous;
use super::boards::{SimCoordinate, SimCounter, SimLayout, SimSquare, SimTitle, SimTray};
use super::count::SimCount;
use super::game::SimMatch;
use super::input::SimHand;
use crate::app::players::possessive;
use crate::table::pieces::{lift, piece_sprites};
use crate::table::z;
use crate::ui::art::{Art, ROUNDED_BORDER};
use crate::ui::theme;
use crate::ui::theme::fonts::WorldFont;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(dress_square)
        .add_observer(dress_tray)
        .add_observer(dress_title)
        .add_observer(dress_counter)
        .add_observer(dress_coordinate)
        .add_systems(
            Update,
            (tint_squares, lift_picked, name_boards)
                .run_if(in_state(InSimultaneous).and_then(resource_exists::<SimMatch>))
                .after(crate::app::AppSet::Sync),
        )
        .add_systems(OnEnter(InSimultaneous), show_boards)
        .add_systems(
            OnExit(InSimultaneous),
            |mut view: ResMut<crate::ui::camera::WorldView>| {
                *view = crate::ui::camera::WorldView::default();
            },
        );
}

/// The camera shows both boards.
fn show_boards(game: Option<Res<SimMatch>>, mut view: ResMut<crate::ui::camera::WorldView>) {
    let size = game.map_or(entropy_rules::Size::default(), |g| g.game.size());
    let (min, max) = SimLayout { size }.view();
    view.show(min, max);
}

fn dress_square(add: On<Add, SimSquare>, art: Res<Art>, mut commands: Commands) {
    commands.entity(add.entity).insert((
        Pickable::default(),
        art.rounded_sprite(
            theme::CELL,
            Vec2::splat(SimLayout::PITCH * 0.92),
            ROUNDED_BORDER * 0.5,
            0.5,
        ),
    ));
}

fn dress_tray(add: On<Add, SimTray>, game: Option<Res<SimMatch>>, art: Res<Art>, mut commands: Commands) {
    let size = game.map_or(entropy_rules::Size::default(), |g| g.game.size());
    commands.entity(add.entity).insert((
        Pickable::IGNORE,
        art.rounded_sprite(theme::TRAY, Vec2::splat(SimLayout { size }.tray()), ROUNDED_BORDER, 0.5),
    ));
}

fn dress_title(add: On<Add, SimTitle>, font: Res<WorldFont>, mut commands: Commands) {
    commands.entity(add.entity).insert((
        Pickable::IGNORE,
        Text2d::new(""),
        font.strong(24.0),
        TextColor(theme::TEXT),
    ));
}

fn dress_coordinate(
    add: On<Add, SimCoordinate>,
    labels: Query<&SimCoordinate>,
    font: Res<WorldFont>,
    mut commands: Commands,
) {
    let Ok(SimCoordinate(label)) = labels.get(add.entity) else {
        return;
    };
    commands.entity(add.entity).insert((
        Pickable::IGNORE,
        Text2d::new(label.to_string()),
        font.at(16.0),
        TextColor(theme::LABEL),
    ));
}

fn dress_counter(add: On<Add, SimCounter>, counters: Query<&SimCounter>, art: Res<Art>, mut commands: Commands) {
    let Ok(counter) = counters.get(add.entity) else { return };
    let colour = theme::counter_colour(counter.colour);
    commands
        .entity(add.entity)
        .insert((Pickable::IGNORE, Visibility::default()))
        .with_children(|parent| piece_sprites(parent, &art, colour, SimLayout::counter_diameter()));
}

/// Each board's title says whose it is and, while it waits for a person,
/// who is to act on it.
fn name_boards(
    game: Res<SimMatch>,
    count: Option<Res<SimCount>>,
    mut titles: Query<(&SimTitle, &mut Text2d, &mut TextColor)>,
) {
    let waiting = game.person_to_act();
    for (&SimTitle(owner), mut text, mut colour) in &mut titles {
        let name = &game.names[owner.index()];
        // Once the boards are full, the totals grow only as the count shows them.
        let score = match &count {
            Some(count) => count.counted(owner),
            None => game.game.board(owner).score(),
        };
        let words = format!("{} board · {score}", possessive(name));
        if text.0 != words {
            text.0 = words;
        }
        let lit = waiting.is_some_and(|p| p.board == owner);
        let wanted = if lit { theme::SELECTED } else { theme::LABEL };
        if colour.0 != wanted {
            colour.0 = wanted;
        }
    }
}

/// The squares of the board waiting for a person light under the pointer
/// and the cursor; the picked-up counter's square is gold.
fn tint_squares(
    game: Res<SimMatch>,
    hand: Res<SimHand>,
    count: Option<Res<SimCount>>,
    mut squares: Query<(&SimSquare, &mut Sprite)>,
) {
    let waiting: Option<Player> = game.person_to_act().map(|p| p.board);
    let counted = count.as_ref().filter(|c| !c.finished()).and_then(|c| c.current());
    for (square, mut sprite) in &mut squares {
        let here = Some((square.owner, square.cell));
        let on_waiting = waiting == Some(square.owner);
        let lit =
            counted.is_some_and(|(owner, step)| owner == square.owner && step.run.cells().any(|c| c == square.cell));
        let colour = if lit {
            theme::COUNTING
        } else if on_waiting && hand.picked == Some(square.cell) {
            theme::SELECTED
        } else if on_waiting && (hand.hovered == here || hand.cursor == here) {
            theme::CELL_HOVER
        } else {
            theme::CELL
        };
        if sprite.color != colour {
            sprite.color = colour;
        }
    }
}

/// The picked-up counter stands a little larger, above the others.
fn lift_picked(
    game: Res<SimMatch>,
    hand: Res<SimHand>,
    mut counters: Query<(&SimCounter, &mut Transform), Without<crate::ui::animation::Tween>>,
) {
    let waiting = game.person_to_act().map(|p| p.board);
    for (counter, mut transform) in &mut counters {
        let picked =
            matches!((waiting, hand.picked, counter.at), (Some(w), Some(c), Some((o, at))) if w == o && c == at);
        let (scale, z) = if picked { (1.12, z::LIFTED) } else { (1.0, z::COUNTER) };
        lift(&mut transform, scale, z);
    }
}
