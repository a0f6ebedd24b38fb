//! The typefaces: Inter (regular and semibold), embedded in the binary, for
//! the interface (egui) and for the text in the world (row and column
//! letters, the bag, the count's line scores). `assets/fonts/` holds the
//! files and their licence.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    // egui writes the glyphs it draws for the first time into its font
    // atlas, an image the renderer copies only in a frame whose asset events
    // name it. Written after those events are sent, the new glyphs would be
    // drawn from the old copy: letters missing from a word or a number.
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::PostProcessOutput.before(bevy::asset::AssetEventSystems),
    );
    app.init_resource::<WorldFont>()
        .add_systems(EguiPrimaryContextPass, install_egui_fonts.run_if(run_once));
}

/// Present once the interface's fonts are in use: egui takes new fonts at
/// the start of its next pass, so the screens draw from the frame after
/// they were given.
#[derive(Resource, Debug, Default)]
pub struct FontsReady;

/// Inter Regular.
pub const REGULAR: &[u8] = include_bytes!("../../../assets/fonts/Inter-Regular.otf");
/// Inter SemiBold.
pub const SEMIBOLD: &[u8] = include_bytes!("../../../assets/fonts/Inter-SemiBold.otf");

/// The egui family of the semibold face (headings, buttons, numbers that matter).
pub fn strong_family() -> egui::FontFamily {
    egui::FontFamily::Name("strong".into())
}

/// The typeface of the text in the world.
#[derive(Resource, Debug, Clone)]
pub struct WorldFont {
    regular: Handle<Font>,
    strong: Handle<Font>,
}

impl WorldFont {
    /// The regular face at `size`.
    pub fn at(&self, size: f32) -> TextFont {
        TextFont::from_font_size(size).with_font(self.regular.clone())
    }

    /// The semibold face at `size`.
    pub fn strong(&self, size: f32) -> TextFont {
        TextFont::from_font_size(size).with_font(self.strong.clone())
    }
}

impl FromWorld for WorldFont {
    fn from_world(world: &mut World) -> Self {
        let mut fonts = world.resource_mut::<Assets<Font>>();
        WorldFont {
            regular: fonts.add(Font::from_bytes(REGULAR.to_vec())),
            strong: fonts.add(Font::from_bytes(SEMIBOLD.to_vec())),
        }
    }
}

fn install_egui_fonts(mut contexts: EguiContexts, mut commands: Commands) -> Result {
    contexts.ctx_mut()?.set_fonts(definitions());
    commands.insert_resource(FontsReady);
    Ok(())
}

/// Inter for every egui text style; semibold under [`strong_family`].
pub fn definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::empty();
    fonts
        .font_data
        .insert("regular".into(), Arc::new(egui::FontData::from_static(REGULAR)));
    fonts
        .font_data
        .insert("strong".into(), Arc::new(egui::FontData::from_static(SEMIBOLD)));
    fonts
        .families
        .insert(egui::FontFamily::Proportional, vec!["regular".into()]);
    fonts
        .families
        .insert(egui::FontFamily::Monospace, vec!["regular".into()]);
    fonts.families.insert(strong_family(), vec!["strong".into()]);
    fonts
}
