//! The board in the world: its geometry ([`layout`]), the cell and
//! counter entities that follow the rules' events ([`pieces`]), how they
//! look ([`looks`], with the counters' sprites in [`counter_sprites`] and a
//! refused move's flash in [`refused_flash`]), what is marked on them
//! ([`marks`]), the count on the board ([`count_marks`]) and the bag beside
//! it ([`bag_view`]).

use bevy::prelude::*;
use entropy_rules::Size;

use crate::solomon::world::layout::BoardLayout;

pub mod bag_view;
pub mod count_marks;
pub mod counter_sprites;
pub mod layout;
pub mod looks;
pub mod marks;
pub mod pieces;
pub mod refused_flash;
pub mod score_flash;
pub mod title_board;

/// The parts of the world that need neither window nor drawing (the tests run them headless).
pub(crate) fn core_plugin(app: &mut App) {
    app.insert_resource(BoardLayout::new(Size::Seven))
        .add_plugins(pieces::plugin);
}

/// How the world looks: needs the drawn images and the fonts.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        arrange
            .run_if(in_state(crate::solomon::screen::InMatch))
            .after(crate::ui::camera::CameraSystems::Inset)
            .before(crate::ui::camera::CameraSystems::Fit),
    )
    .add_systems(OnExit(crate::solomon::screen::InMatch), wide_view);
    app.add_plugins((
        looks::plugin,
        marks::plugin,
        count_marks::plugin,
        bag_view::plugin,
        title_board::plugin,
        score_flash::plugin,
    ));
}

/// The bag goes where the board shows larger, and the camera shows the
/// board and what stands by it; a change of arrangement builds the board
/// anew from the rules' round.
fn arrange(
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    inset: Res<crate::ui::camera::PanelInset>,
    mut layout: ResMut<BoardLayout>,
    mut view: ResMut<crate::ui::camera::WorldView>,
    mut rebuild: MessageWriter<pieces::RebuildBoard>,
) {
    let (width, height) = (window.width() - inset.right, window.height() - inset.bottom);
    let wanted = BoardLayout::best_arrangement(width.max(1.0), height.max(1.0));
    if layout.arrangement != wanted {
        layout.arrangement = wanted;
        rebuild.write(pieces::RebuildBoard);
    }
    let (min, max) = layout.view();
    view.show(min, max);
}

fn wide_view(mut view: ResMut<crate::ui::camera::WorldView>) {
    view.show(BoardLayout::VIEW_MIN, BoardLayout::VIEW_MAX);
}

/// Everything that belongs to the board of the round on screen.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct BoardEntity;
