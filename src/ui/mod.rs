//! What the player sees and touches, for both games: the theme and its
//! widgets, the art, the camera and the interface's scale, the devices and
//! menus, the dialogs over a screen, transitions, motion, sound, the window
//! and the title.

pub mod animation;
pub mod art;
pub mod audio;
pub mod camera;
pub mod egui_shader;
pub mod frames;
pub mod keyboard;
pub mod menus;
pub mod navigation;
pub mod overlays;
pub mod panel_ground;
pub mod pause;
pub mod render_connection;
pub mod rules_window;
pub mod save_notice;
pub mod settings;
pub mod sprite_shader;
pub mod theme;
pub mod title;
pub mod transition;
pub mod window;
