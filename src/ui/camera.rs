//! Two cameras: one for the world (board, bag, counters), drawn in the part
//! of the window the side panel leaves free and scaled to fit it; one for
//! the interface, over the whole window, into the same texture: the side
//! panel's ground ([`super::panel_ground`]), then egui. The interface scales with the
//! window ([`InterfaceScale`]), so the whole screen grows and shrinks together.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

use crate::app::screen::MatchShown;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelInset>()
        .init_resource::<InterfaceScale>()
        .init_resource::<WorldView>()
        .configure_sets(PostUpdate, (CameraSystems::Inset, CameraSystems::Fit).chain())
        .add_systems(Startup, spawn_cameras)
        .add_systems(PostUpdate, scale_interface.in_set(CameraSystems::Inset))
        .add_systems(PostUpdate, fit_world_camera.in_set(CameraSystems::Fit));
}

/// The cameras' work after each frame's update: the panel's inset first,
/// the world's view fitted last; a screen decides what the world camera
/// shows ([`WorldView`]) between the two.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CameraSystems {
    /// The interface's scale and the side panel's width.
    Inset,
    /// The world camera fitted to the room the panel leaves and to the view.
    Fit,
}

/// The part of the world the world camera must show (it shows more along
/// one side when the window's shape differs). Each screen sets its own.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct WorldView {
    /// The lower left corner.
    pub min: Vec2,
    /// The upper right corner.
    pub max: Vec2,
}

impl Default for WorldView {
    fn default() -> Self {
        WorldView::WIDE
    }
}

impl WorldView {
    /// The title's view, and a board's with room beside it: one world unit
    /// is one pixel in a 1280×720 window.
    pub const WIDE: WorldView = WorldView {
        min: Vec2::new(-620.0, -340.0),
        max: Vec2::new(370.0, 340.0),
    };

    /// The middle of the view.
    pub fn centre(&self) -> Vec2 {
        (self.min + self.max) / 2.0
    }

    /// Shows the rectangle from `min` to `max` (changed only when it differs).
    pub fn show(&mut self, min: Vec2, max: Vec2) {
        if (self.min, self.max) != (min, max) {
            (self.min, self.max) = (min, max);
        }
    }
}

/// How large the interface is drawn: 1 at 1280×720, following the window's
/// smaller proportion, within limits that keep text readable.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct InterfaceScale(pub f32);

impl Default for InterfaceScale {
    fn default() -> Self {
        InterfaceScale(1.0)
    }
}

impl InterfaceScale {
    /// The scale for a window of `width` × `height` logical pixels; never
    /// so small that the interface's smallest text (14 points) is drawn
    /// under 12 pixels.
    pub fn for_window(width: f32, height: f32) -> InterfaceScale {
        InterfaceScale((width / 1280.0).min(height / 720.0).clamp(Self::MIN, 2.5))
    }

    /// The smallest scale: 14-point text at 12 pixels.
    pub const MIN: f32 = 12.0 / 14.0;
}

/// The side panel's width at scale 1, in logical pixels.
pub const PANEL_WIDTH: f32 = 340.0;

/// Where the side panel stands in a window of `size` (interface points,
/// the top left at zero): at the right, or across the bottom under the
/// board when the window stands upright and is too narrow for both side
/// by side (a phone).
pub fn panel_area(size: Vec2) -> Rect {
    let upright = size.x < 2.0 * PANEL_WIDTH && size.y > size.x * 1.2;
    if upright {
        let height = (size.y - size.x).max(size.y * 0.45);
        Rect::from_corners(Vec2::new(0.0, size.y - height), size)
    } else {
        Rect::from_corners(Vec2::new(size.x - PANEL_WIDTH, 0.0), size)
    }
}

/// The world camera.
#[derive(Component)]
pub struct WorldCamera;

/// The layer of what the interface camera draws under egui (the side
/// panel's ground, [`super::panel_ground`]).
pub const INTERFACE_LAYER: usize = 1;

/// How much of the window the interface panel covers, in logical pixels:
/// its right side, or its bottom ([`panel_area`]).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct PanelInset {
    /// Width of the panel at the right (0 when there is none there).
    pub right: f32,
    /// Height of the panel across the bottom (0 when there is none there).
    pub bottom: f32,
}

fn spawn_cameras(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    egui_settings.auto_create_primary_context = false;
    let view = WorldView::default();
    let size = view.max - view.min;
    commands.spawn((
        Name::new("world camera"),
        WorldCamera,
        Camera2d,
        // Everything drawn is a sprite whose texture already has smooth
        // edges: multisampling adds nothing to see and, on software
        // rendering, costs much of the frame.
        Msaa::Off,
        // Both cameras draw into the window's one intermediate texture; only
        // the last writes it to the window (a full-window copy saved).
        Camera {
            output_mode: CameraOutputMode::Skip,
            ..default()
        },
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: size.x,
                min_height: size.y,
            },
            ..OrthographicProjection::default_2d()
        }),
        Transform::from_translation(((view.min + view.max) / 2.0).extend(0.0)),
    ));
    commands.spawn((
        Name::new("interface camera"),
        PrimaryEguiContext,
        Camera2d,
        Msaa::Off,
        RenderLayers::layer(INTERFACE_LAYER),
        Camera {
            order: 1,
            // Keeps the world drawn by the first camera, draws the interface
            // over it, and writes the whole to the window.
            clear_color: ClearColorConfig::None,
            ..default()
        },
    ));
}

fn scale_interface(
    window: Single<&Window, With<PrimaryWindow>>,
    shown: Option<Res<MatchShown>>,
    mut scale: ResMut<InterfaceScale>,
    mut inset: ResMut<PanelInset>,
) {
    let wanted = InterfaceScale::for_window(window.width(), window.height());
    if *scale != wanted {
        *scale = wanted;
    }
    let panel = if shown.is_some() {
        let points = Vec2::new(window.width(), window.height()) / wanted.0;
        let area = panel_area(points);
        // Across the bottom it starts below the top; at the right it spans
        // the window's height (however narrow the window).
        if area.min.y > 0.0 {
            PanelInset {
                right: 0.0,
                bottom: area.height() * wanted.0,
            }
        } else {
            PanelInset {
                right: area.width() * wanted.0,
                bottom: 0.0,
            }
        }
    } else {
        PanelInset::default()
    };
    if *inset != panel {
        *inset = panel;
    }
}

/// Keeps the world in the part of the window left of the panel (or above
/// it), showing the screen's [`WorldView`].
fn fit_world_camera(
    inset: Res<PanelInset>,
    view: Res<WorldView>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Camera, &mut Projection, &mut Transform), With<WorldCamera>>,
) {
    let (mut camera, mut projection, mut transform) = camera.into_inner();
    let scale = window.scale_factor();
    let width = window.physical_width();
    let height = window.physical_height();
    let right = ((inset.right * scale) as u32).min(width.saturating_sub(1));
    let bottom = ((inset.bottom * scale) as u32).min(height.saturating_sub(1));
    let viewport = Viewport {
        physical_position: UVec2::ZERO,
        physical_size: UVec2::new((width - right).max(1), (height - bottom).max(1)),
        ..default()
    };
    if camera.viewport.as_ref().map(|v| (v.physical_position, v.physical_size))
        != Some((viewport.physical_position, viewport.physical_size))
    {
        camera.viewport = Some(viewport);
    }
    if view.is_changed() {
        let size = view.max - view.min;
        if let Projection::Orthographic(orthographic) = &mut *projection {
            orthographic.scaling_mode = ScalingMode::AutoMin {
                min_width: size.x,
                min_height: size.y,
            };
        }
        transform.translation = ((view.min + view.max) / 2.0).extend(transform.translation.z);
    }
}

/// The mouse pointer in world coordinates, if it is over the world
/// camera's part of the window (not over the side panel).
pub fn pointer_world(
    pointers: &Query<(&PointerId, &PointerLocation)>,
    camera: &Query<(&Camera, &GlobalTransform), With<WorldCamera>>,
) -> Option<Vec2> {
    let (_, location) = pointers.iter().find(|(id, _)| id.is_mouse())?;
    window_to_world(location.location.as_ref()?.position, camera)
}

/// A place in the window (logical pixels) in world coordinates, if it is
/// in the world camera's part of the window (not over the side panel).
pub fn window_to_world(position: Vec2, camera: &Query<(&Camera, &GlobalTransform), With<WorldCamera>>) -> Option<Vec2> {
    let (camera, transform) = camera.single().ok()?;
    if camera.logical_viewport_rect().is_some_and(|r| !r.contains(position)) {
        return None;
    }
    camera.viewport_to_world_2d(transform, position).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panel_stands_at_the_right_and_under_the_board_on_an_upright_phone() {
        let desktop = panel_area(Vec2::new(1280.0, 720.0));
        assert_eq!(
            (desktop.min, desktop.max),
            (Vec2::new(940.0, 0.0), Vec2::new(1280.0, 720.0))
        );
        // A phone of 390 × 844 pixels, at the smallest interface scale.
        let points = Vec2::new(390.0, 844.0) / InterfaceScale::MIN;
        let phone = panel_area(points);
        assert_eq!(phone.min.x, 0.0);
        assert_eq!(phone.width(), points.x);
        assert!(
            phone.min.y >= points.x - 0.01,
            "the board above keeps a square as wide as the phone"
        );
        // A phone lying on its side, and a tall but wide window: at the right.
        assert_eq!(panel_area(Vec2::new(844.0, 390.0)).min.y, 0.0);
        assert_eq!(panel_area(Vec2::new(900.0, 1600.0)).min.y, 0.0);
    }
}
