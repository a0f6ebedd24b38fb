//! One entity per cell and one per counter, kept in step with the rules
//! crate's round by a single sync step that follows the rule events (and
//! the moves taken back).

use bevy::prelude::*;
use entropy_rules::{Action, Cell, Colour, Event, Phase};

use super::BoardEntity;
use super::layout::BoardLayout;
use crate::app::AppSet;
use crate::solomon::game::{Applied, CurrentMatch, Refused, Solomon, Undone};
use crate::solomon::screen::InMatch;
use crate::solomon::screen::SolomonScreen;
use crate::table::z;
use crate::ui::animation::{Motion, Shake, Tween};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RebuildBoard>()
        .add_message::<BoardBuilt>()
        .add_systems(OnEnter(SolomonScreen::Playing), rebuild_board)
        .add_systems(OnEnter(SolomonScreen::Replay), rebuild_board)
        .add_systems(OnEnter(SolomonScreen::MatchOver), put_the_hand_away)
        .add_systems(
            Update,
            (
                rebuild_board.run_if(on_message::<RebuildBoard>),
                (follow_events, follow_undos, refuse_feedback).chain(),
            )
                .chain()
                .in_set(AppSet::Sync),
        );
}

/// Asks for the board to be built afresh from the match (a jump in a replay).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RebuildBoard;

/// The board's cells and counters were just built afresh: what stands around
/// them (the tray, the bag) is built again too.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BoardBuilt;

/// A cell of the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardCell(pub Cell);

/// A counter of the match.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    /// Its colour.
    pub colour: Colour,
    /// Where it is.
    pub at: CounterAt,
}

/// Where a counter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CounterAt {
    /// In Chaos's hand, drawn and not yet placed.
    Hand,
    /// On a cell of the board.
    Cell(Cell),
}

/// Builds the board for the round about to be played (or resumed).
pub(crate) fn rebuild_board(
    mut commands: Commands,
    game: Option<Res<CurrentMatch>>,
    old: Query<Entity, With<BoardEntity>>,
    mut layout: ResMut<BoardLayout>,
    mut built: MessageWriter<BoardBuilt>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let Some(game) = game else { return };
    built.write(BoardBuilt);
    let round = game.round();
    *layout = layout.with_size(round.size());
    for cell in Cell::all(round.size()) {
        commands.spawn((
            Name::new(format!("cell {cell}")),
            BoardCell(cell),
            BoardEntity,
            DespawnOnExit(InMatch),
            Transform::from_translation(layout.cell_centre(cell).extend(z::CELL)),
            Visibility::default(),
        ));
        if let Some(colour) = round.board().get(cell) {
            let at = layout.cell_centre(cell).extend(z::COUNTER);
            spawn_counter(&mut commands, colour, CounterAt::Cell(cell), at);
        }
    }
    if let Phase::ChaosPlace(colour) = round.phase()
        && !game.game.is_over()
    {
        spawn_counter(&mut commands, colour, CounterAt::Hand, layout.hand().extend(z::LIFTED));
    }
}

/// A match ended by a forfeit leaves no counter waiting in Chaos's hand.
fn put_the_hand_away(mut commands: Commands, counters: Query<(Entity, &Counter)>) {
    for (entity, counter) in &counters {
        if counter.at == CounterAt::Hand {
            commands.entity(entity).despawn();
        }
    }
}

fn spawn_counter(commands: &mut Commands, colour: Colour, at: CounterAt, translation: Vec3) -> Entity {
    commands
        .spawn((
            Name::new(format!("{} counter", colour.name())),
            Counter { colour, at },
            BoardEntity,
            DespawnOnExit(InMatch),
            Transform::from_translation(translation),
            Visibility::default(),
        ))
        .id()
}

/// The sync step: moves the counter entities as the rule events say.
fn follow_events(
    mut applied: MessageReader<Applied<Solomon>>,
    mut commands: Commands,
    layout: Res<BoardLayout>,
    mut counters: Query<(Entity, &mut Counter, &Transform)>,
) {
    for Applied(event) in applied.read() {
        match *event {
            Event::Drew(colour) => {
                let from = layout.bag_mouth().extend(z::LIFTED);
                let to = layout.hand().extend(z::LIFTED);
                let entity = spawn_counter(&mut commands, colour, CounterAt::Hand, from);
                commands.entity(entity).insert(
                    Tween::new(from, to, 0.42, EaseFunction::CubicOut)
                        .growing_from(0.35)
                        .showing(Motion::Draw),
                );
            }
            Event::Placed(placement) => {
                if let Some((entity, mut counter, transform)) =
                    counters.iter_mut().find(|(_, c, _)| c.at == CounterAt::Hand)
                {
                    counter.at = CounterAt::Cell(placement.cell);
                    let to = layout.cell_centre(placement.cell).extend(z::COUNTER);
                    let from = transform.translation.with_z(z::LIFTED);
                    commands
                        .entity(entity)
                        .insert(Tween::new(from, to, 0.26, EaseFunction::CubicOut).showing(Motion::Place));
                }
            }
            Event::Slid(slide) => {
                if let Some((entity, mut counter, transform)) = counters
                    .iter_mut()
                    .find(|(_, c, _)| c.at == CounterAt::Cell(slide.from))
                {
                    counter.at = CounterAt::Cell(slide.to);
                    let to = layout.cell_centre(slide.to).extend(z::COUNTER);
                    let from = transform.translation.with_z(z::LIFTED);
                    let duration = Tween::slide_duration(slide.distance());
                    commands
                        .entity(entity)
                        .insert(Tween::new(from, to, duration, EaseFunction::CubicInOut).showing(Motion::Slide));
                }
            }
            Event::Passed => {}
        }
    }
}

/// A move taken back plays backwards: a placed counter returns to Chaos's
/// hand, a slid one to where it came from, and a counter drawn since goes
/// back into the bag.
fn follow_undos(
    mut undone: MessageReader<Undone<Solomon>>,
    mut commands: Commands,
    layout: Res<BoardLayout>,
    mut counters: Query<(Entity, &mut Counter, &Transform)>,
) {
    for Undone(action) in undone.read() {
        let back_to_bag: Vec<Entity> = counters
            .iter()
            .filter(|(_, c, _)| c.at == CounterAt::Hand)
            .map(|(e, _, _)| e)
            .collect();
        match *action {
            Action::Place(cell) => {
                if let Some((entity, mut counter, transform)) =
                    counters.iter_mut().find(|(_, c, _)| c.at == CounterAt::Cell(cell))
                {
                    counter.at = CounterAt::Hand;
                    let to = layout.hand().extend(z::LIFTED);
                    commands.entity(entity).insert(Tween::new(
                        transform.translation,
                        to,
                        0.3,
                        EaseFunction::CubicInOut,
                    ));
                }
            }
            Action::Slide(slide) => {
                if let Some((entity, mut counter, transform)) =
                    counters.iter_mut().find(|(_, c, _)| c.at == CounterAt::Cell(slide.to))
                {
                    counter.at = CounterAt::Cell(slide.from);
                    let to = layout.cell_centre(slide.from).extend(z::COUNTER);
                    let duration = Tween::slide_duration(slide.distance());
                    commands.entity(entity).insert(
                        Tween::new(transform.translation, to, duration, EaseFunction::CubicInOut)
                            .showing(Motion::Slide),
                    );
                }
            }
            Action::Pass | Action::Draw => {}
        }
        // Taking back Order's move also puts back the counter Chaos drew after it.
        if !matches!(action, Action::Place(_)) {
            for entity in back_to_bag {
                commands.entity(entity).despawn();
            }
        }
    }
}

/// A refused move: the counter goes back where it belongs and shakes.
fn refuse_feedback(
    mut refused: MessageReader<Refused<Solomon>>,
    mut commands: Commands,
    layout: Res<BoardLayout>,
    counters: Query<(Entity, &Counter, &Transform)>,
) {
    for Refused { attempt: action, .. } in refused.read() {
        let wanted = match action {
            Action::Slide(slide) => CounterAt::Cell(slide.from),
            Action::Place(_) => CounterAt::Hand,
            _ => continue,
        };
        let Some((entity, counter, transform)) = counters.iter().find(|(_, c, _)| c.at == wanted) else {
            continue;
        };
        let home = match counter.at {
            CounterAt::Cell(cell) => layout.cell_centre(cell).extend(z::COUNTER),
            CounterAt::Hand => layout.hand().extend(z::LIFTED),
        };
        if transform.translation.truncate().distance(home.truncate()) > 1.0 {
            commands
                .entity(entity)
                .insert(Tween::new(transform.translation, home, 0.18, EaseFunction::CubicOut));
        }
        commands.entity(entity).insert(Shake::at(home));
    }
}
