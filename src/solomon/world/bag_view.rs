//! The bag beside the board: what is left of each colour and the chance of
//! each colour coming next (Order may reckon them), and Chaos's hand where
//! a drawn counter waits to be placed.

use bevy::prelude::*;

use super::BoardEntity;
use super::layout::BoardLayout;
use crate::solomon::game::CurrentMatch;
use crate::solomon::screen::InMatch;
use crate::ui::art::Art;
use crate::ui::theme;
use crate::ui::theme::fonts::WorldFont;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        spawn_bag
            .run_if(on_message::<super::pieces::BoardBuilt>)
            .after(crate::app::AppSet::Sync),
    )
    .add_systems(Update, update_bag.run_if(resource_exists::<CurrentMatch>));
}

/// The count of one colour under the bag.
#[derive(Component)]
struct BagCount(entropy_rules::Colour);

/// The chance of one colour under the bag.
#[derive(Component)]
struct BagOdds(entropy_rules::Colour);

/// The bag's caption.
#[derive(Component)]
struct BagCaption;

fn spawn_bag(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    art: Res<Art>,
    font: Res<WorldFont>,
    settings: Res<crate::app::prefs::Settings>,
    layout: Res<BoardLayout>,
) {
    let scoped = || (BoardEntity, DespawnOnExit(InMatch), Pickable::IGNORE);
    let bag = layout.bag();
    commands.spawn((
        Name::new("bag"),
        scoped(),
        Sprite {
            image: art.bag.clone(),
            color: theme::BAG,
            custom_size: Some(Vec2::splat(210.0)),
            ..default()
        },
        Transform::from_translation(bag.extend(0.5)),
    ));
    commands.spawn((
        scoped(),
        BagCaption,
        Text2d::new(""),
        font.at(21.0),
        TextColor(theme::TEXT),
        Transform::from_translation((bag + Vec2::new(0.0, -124.0)).extend(1.0)),
    ));
    // Chaos's hand: a ring where the drawn counter waits.
    commands.spawn((
        scoped(),
        Sprite {
            image: art.ring.clone(),
            color: theme::LABEL.with_alpha(0.5),
            custom_size: Some(Vec2::splat(78.0)),
            ..default()
        },
        Transform::from_translation(layout.hand().extend(0.5)),
    ));
    commands.spawn((
        scoped(),
        Text2d::new("Chaos's hand"),
        font.at(19.0),
        TextColor(theme::LABEL),
        Transform::from_translation((layout.hand() + Vec2::new(0.0, 58.0)).extend(1.0)),
    ));
    // Under the bag, each colour with how many are left and the chance it comes next.
    let size = game.round().size();
    let n = size.n() as f32;
    let step = layout.colour_step();
    for colour in size.colours() {
        let row = layout.colour_row();
        let x = row.x + (colour.index() as f32 - (n - 1.0) / 2.0) * step;
        let y = row.y;
        // A light rim, so that the black counter shows on the dark ground.
        commands.spawn((
            scoped(),
            Sprite {
                image: art.disc.clone(),
                color: theme::LABEL,
                custom_size: Some(Vec2::splat(33.0)),
                ..default()
            },
            Transform::from_xyz(x, y, 0.9),
        ));
        commands
            .spawn((
                scoped(),
                Sprite {
                    image: art.disc.clone(),
                    color: theme::counter_colour(colour.index()),
                    custom_size: Some(Vec2::splat(29.0)),
                    ..default()
                },
                Transform::from_xyz(x, y, 1.0),
            ))
            .with_children(|parent| {
                super::counter_sprites::spawn_markings(parent, &art, &font, colour, 29.0, settings.colour_marks);
            });
        commands.spawn((
            scoped(),
            BagCount(colour),
            Text2d::new(""),
            font.strong(20.0),
            TextColor(theme::TEXT),
            Transform::from_xyz(x, y - 30.0, 1.0),
        ));
        commands.spawn((
            scoped(),
            BagOdds(colour),
            Text2d::new(""),
            font.at(19.0),
            TextColor(theme::LABEL),
            Transform::from_xyz(x, y - 52.0, 1.0),
        ));
    }
}

/// The texts under the bag: a colour's count, a colour's odds, or the caption.
type BagTexts = (
    &'static mut Text2d,
    Option<&'static BagCount>,
    Option<&'static BagOdds>,
    Has<BagCaption>,
);

fn update_bag(game: Res<CurrentMatch>, mut texts: Query<BagTexts>) {
    let left = *game.round().counts();
    for (mut text, count, odds, caption) in &mut texts {
        let words = match (count, odds, caption) {
            (Some(BagCount(colour)), _, _) => left.get(*colour).to_string(),
            (_, Some(_), _) if left.is_empty() => String::new(),
            (_, Some(BagOdds(colour)), _) => format!("{:.0}%", left.probability(*colour) * 100.0),
            (_, _, true) => match left.total() {
                0 => "The bag is empty".to_string(),
                1 => "1 counter in the bag".to_string(),
                n => format!("{n} counters in the bag"),
            },
            _ => continue,
        };
        set(&mut text, words);
    }
}

/// Writes the text only when it changes, so unchanged text is not laid out again.
fn set(text: &mut Mut<Text2d>, value: String) {
    if text.0 != value {
        text.0 = value;
    }
}
