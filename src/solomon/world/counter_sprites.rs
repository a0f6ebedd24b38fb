//! A counter's sprites: shadow, tinted body, gloss, and the colour's number
//! and symbol, the one the settings choose shown. The board's counters,
//! the bag's row and the title's demo board are all drawn with these.

use bevy::prelude::*;

use super::layout::BoardLayout;
use super::pieces::Counter;
use crate::app::prefs::{ColourMarks, Settings};
use crate::table::pieces::piece_sprites;
use crate::ui::art::Art;
use crate::ui::theme;
use crate::ui::theme::fonts::WorldFont;

/// The number or symbol on a counter, for players who tell colours apart with difficulty.
#[derive(Component)]
pub(super) struct Marking;

pub(super) fn dress_counter(
    add: On<Add, Counter>,
    counters: Query<&Counter>,
    layout: Res<BoardLayout>,
    art: Res<Art>,
    font: Res<WorldFont>,
    settings: Res<Settings>,
    mut commands: Commands,
) {
    let Ok(counter) = counters.get(add.entity) else { return };
    let d = layout.counter_diameter();
    let colour = counter.colour;
    commands
        .entity(add.entity)
        .insert(Pickable::IGNORE)
        .with_children(|parent| {
            piece_sprites(parent, &art, theme::counter_colour(colour.index()), d);
            spawn_markings(parent, &art, &font, colour, d, settings.colour_marks);
        });
}

/// The number and the symbol of `colour` on a counter of diameter `d`, the
/// one the settings choose shown (the board's counters and the bag's row).
pub fn spawn_markings(
    parent: &mut ChildSpawnerCommands,
    art: &Art,
    font: &WorldFont,
    colour: entropy_rules::Colour,
    d: f32,
    shown: ColourMarks,
) {
    let visibility = |kind: ColourMarks| {
        if kind == shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    parent.spawn((
        Marking,
        ColourMarks::Numbers,
        Text2d::new(colour.number().to_string()),
        font.strong(d * 0.44),
        TextColor(theme::marking_colour(colour.index())),
        Transform::from_xyz(0.0, 0.0, 0.2),
        visibility(ColourMarks::Numbers),
        Pickable::IGNORE,
    ));
    parent.spawn((
        Marking,
        ColourMarks::Symbols,
        Sprite {
            image: art.symbols[colour.index()].clone(),
            color: theme::marking_colour(colour.index()),
            custom_size: Some(Vec2::splat(d * 0.5)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 0.2),
        visibility(ColourMarks::Symbols),
        Pickable::IGNORE,
    ));
}

/// Shows the numbers or the symbols on the counters, as the settings say.
pub(super) fn update_markings(
    settings: Res<Settings>,
    mut marks: Query<(&ColourMarks, &mut Visibility), With<Marking>>,
) {
    if !settings.is_changed() {
        return;
    }
    for (kind, mut visibility) in &mut marks {
        let shown = *kind == settings.colour_marks;
        let wanted = if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}
