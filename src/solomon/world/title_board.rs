//! The living board behind the title: a round between two computer players
//! (Easy, quick to think) plays itself slowly on a dimmed board, and starts
//! again when the board is full. Between its moves nothing is drawn: it
//! asks for a frame at its next move ([`Redraw::after`]), and its counters
//! ask for theirs while they move.

use bevy::prelude::*;
use entropy_ai::{Level, Limits};
use entropy_rules::{Action, Cell, Event, Phase, Role, Round, Size};

use super::layout::BoardLayout;
use crate::app::redraw::Redraw;
use crate::app::screen::Screen;
use crate::ui::animation::Tween;
use crate::ui::art::{Art, ROUNDED_BORDER};
use crate::ui::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_board)
        .add_systems(OnExit(Screen::Title), |mut commands: Commands| {
            commands.remove_resource::<Demo>()
        })
        .add_systems(
            Update,
            play.run_if(in_state(Screen::Title).and_then(resource_exists::<Demo>)),
        );
}

/// The demo round and its players.
#[derive(Resource)]
struct Demo {
    round: Round,
    // Players are `Send` but not `Sync`: a resource needs both.
    chaos: std::sync::Mutex<Box<dyn entropy_ai::Player>>,
    order: std::sync::Mutex<Box<dyn entropy_ai::Player>>,
    wait: f32,
    games: u64,
}

impl Demo {
    fn new(games: u64) -> Demo {
        Demo {
            round: Round::new(Size::Seven, 1977 + games),
            chaos: std::sync::Mutex::new(Level::Easy.player(games * 2)),
            order: std::sync::Mutex::new(Level::Easy.player(games * 2 + 1)),
            wait: 1.0,
            games,
        }
    }
}

/// A counter of the demo board, on its cell.
#[derive(Component)]
struct DemoCounter(Cell);

/// Everything of the demo board.
#[derive(Component)]
struct DemoPiece;

/// Where the demo board stands: the centre of the world's view, a little low.
fn layout() -> (BoardLayout, Vec2) {
    let centre = (BoardLayout::VIEW_MIN + BoardLayout::VIEW_MAX) / 2.0 + Vec2::new(0.0, -40.0);
    (BoardLayout::new(Size::Seven), centre)
}

fn spawn_board(mut commands: Commands, art: Option<Res<Art>>) {
    let Some(art) = art else { return };
    commands.insert_resource(Demo::new(0));
    let (layout, centre) = layout();
    let scoped = || (DemoPiece, DespawnOnExit(Screen::Title), Pickable::IGNORE);
    let tray = BoardLayout::BOARD_SPAN + layout.pitch * 0.35;
    commands.spawn((
        scoped(),
        art.rounded_sprite(theme::TRAY, Vec2::splat(tray), ROUNDED_BORDER, 1.0),
        Transform::from_translation(centre.extend(-2.0)),
    ));
    for cell in Cell::all(Size::Seven) {
        commands.spawn((
            scoped(),
            art.rounded_sprite(theme::CELL, Vec2::splat(layout.pitch * 0.92), ROUNDED_BORDER * 0.5, 0.5),
            Transform::from_translation((centre + layout.cell_centre(cell)).extend(-1.5)),
        ));
    }
    // A veil over the board keeps the title and the menu in front.
    commands.spawn((
        scoped(),
        Sprite::from_color(theme::BACKGROUND.with_alpha(0.5), Vec2::splat(4000.0)),
        Transform::from_xyz(0.0, 0.0, 20.0),
    ));
}

/// Seconds between the demo's moves.
const PACE: f32 = 2.5;

fn play(
    time: Res<Time<Real>>,
    mut demo: ResMut<Demo>,
    art: Res<Art>,
    counters: Query<(Entity, &DemoCounter, &Transform)>,
    mut commands: Commands,
    mut redraw: ResMut<Redraw>,
) {
    demo.wait -= time.delta_secs();
    if demo.wait > 0.0 {
        redraw.after(std::time::Duration::from_secs_f32(demo.wait));
        return;
    }
    redraw.now();
    demo.wait = PACE;
    let (layout, centre) = layout();
    let at = |cell: Cell, z: f32| (centre + layout.cell_centre(cell)).extend(z);
    let position = *demo.round.position();
    let limits = Limits::none();
    let player = match position.phase().to_move() {
        Some(Role::Chaos) => &mut demo.chaos,
        Some(Role::Order) => &mut demo.order,
        None => {
            for (entity, _, _) in &counters {
                commands.entity(entity).despawn();
            }
            let games = demo.games + 1;
            *demo = Demo::new(games);
            demo.wait = 2.5;
            return;
        }
    };
    let action = if position.phase() == Phase::ChaosDraw {
        Action::Draw
    } else {
        match player.get_mut().ok().and_then(|p| p.choose(&position, &limits)) {
            Some(action) => action,
            None => return,
        }
    };
    match demo.round.apply(action) {
        Ok(Event::Drew(_)) => demo.wait = 0.0,
        Ok(Event::Placed(placement)) => {
            let to = at(placement.cell, 0.0);
            commands
                .spawn((
                    DemoPiece,
                    DemoCounter(placement.cell),
                    DespawnOnExit(Screen::Title),
                    Pickable::IGNORE,
                    Transform::from_translation(to + Vec3::Y * 40.0),
                    Visibility::default(),
                    Tween::new(to + Vec3::Y * 40.0, to, 0.3, EaseFunction::CubicOut).not_blocking(),
                ))
                .with_children(|parent| {
                    crate::table::pieces::piece_sprites(
                        parent,
                        &art,
                        theme::counter_colour(placement.colour.index()),
                        layout.counter_diameter(),
                    )
                });
        }
        Ok(Event::Slid(slide)) => {
            if let Some((entity, _, transform)) = counters.iter().find(|(_, c, _)| c.0 == slide.from) {
                let duration = Tween::slide_duration(slide.distance());
                commands.entity(entity).insert((
                    DemoCounter(slide.to),
                    Tween::new(
                        transform.translation,
                        at(slide.to, 0.0),
                        duration,
                        EaseFunction::CubicInOut,
                    )
                    .not_blocking(),
                ));
            }
        }
        Ok(Event::Passed) | Err(_) => {}
    }
}
