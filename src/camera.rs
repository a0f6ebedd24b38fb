//! Two cameras: one for the world (board, bag, counters), drawn in the part
//! of the window the side panel leaves free and scaled to fit it; one for
//! the interface, over the whole window.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

use crate::board::BoardLayout;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelInset>()
        .add_systems(Startup, spawn_cameras)
        .add_systems(PostUpdate, fit_world_camera);
}

/// The world camera.
#[derive(Component)]
pub struct WorldCamera;

/// How much of the window's right side the interface panel covers, in logical pixels.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct PanelInset {
    /// Width of the right panel (0 when there is none).
    pub right: f32,
}

fn spawn_cameras(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    egui_settings.auto_create_primary_context = false;
    let size = BoardLayout::VIEW_MAX - BoardLayout::VIEW_MIN;
    commands.spawn((
        Name::new("world camera"),
        WorldCamera,
        Camera2d,
        // Everything drawn is a sprite whose texture already has smooth
        // edges: multisampling adds nothing to see and, on software
        // rendering, costs much of the frame.
        Msaa::Off,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: size.x,
                min_height: size.y,
            },
            ..OrthographicProjection::default_2d()
        }),
        Transform::from_translation(((BoardLayout::VIEW_MIN + BoardLayout::VIEW_MAX) / 2.0).extend(0.0)),
    ));
    commands.spawn((
        Name::new("interface camera"),
        PrimaryEguiContext,
        Camera2d,
        Msaa::Off,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// Keeps the world in the part of the window left of the panel.
fn fit_world_camera(
    inset: Res<PanelInset>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<WorldCamera>>,
) {
    let scale = window.scale_factor();
    let width = window.physical_width();
    let height = window.physical_height();
    let panel = ((inset.right * scale) as u32).min(width.saturating_sub(1));
    let viewport = Viewport {
        physical_position: UVec2::ZERO,
        physical_size: UVec2::new((width - panel).max(1), height.max(1)),
        ..default()
    };
    if camera.viewport.as_ref().map(|v| (v.physical_position, v.physical_size))
        != Some((viewport.physical_position, viewport.physical_size))
    {
        camera.viewport = Some(viewport);
    }
}
