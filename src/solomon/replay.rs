//! Replaying a match from the history, move by move, on the board as it
//! was played: the rules crate replays the record to the chosen move, a step
//! forward applies the next move (the board animates as in live play) and a
//! step back takes it back ([`entropy_rules::Match::undo`]). Jumps rebuild the
//! board at once. The bag shows what was left at that move.
//!
//! Each press is one move of the record, whatever the pace: the replay asks
//! the rules for the next action at most once a frame, before the frame's
//! changes are applied, so it asks of a match that every action asked for
//! before has reached (never the same placement twice). And where the
//! replay stands is where the board stands: [`Replay::round`] and
//! [`Replay::step`] are read from the match once each frame's changes are
//! applied, so the counter, the list, the review's verdict and its best move
//! follow the board, never the presses.

use bevy::prelude::*;

use crate::app::redraw::Redraw;
use entropy_ai::{MatchReview, MoveReview};
use entropy_rules::{Action, Match, MatchFile, MatchRecord, Turn};

use crate::app::AppSet;
use crate::solomon::game::{Change, CurrentMatch, Intent, MatchChange, Solomon};
use crate::solomon::match_setup::Seat;
use crate::solomon::screen::SolomonScreen;
use crate::solomon::world::pieces::RebuildBoard;
use crate::table::turn::apply_changes;
use crate::ui::animation::blocks_input;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ReplayCommand>().add_systems(
        Update,
        (
            (follow_commands, autoplay).chain().before(apply_changes::<Solomon>),
            follow_board.after(apply_changes::<Solomon>),
        )
            .run_if(in_state(SolomonScreen::Replay).and_then(resource_exists::<Replay>))
            .in_set(AppSet::Turn),
    );
}

/// The match being replayed, and where.
#[derive(Resource, Debug, Clone)]
pub struct Replay {
    /// The match file.
    pub file: MatchFile,
    /// The round on the board (0 or 1), read from the match every frame.
    pub round: usize,
    /// How many of the round's moves (placements and Order moves) are on
    /// the board, read from the match every frame.
    pub step: usize,
    /// Moves a second when playing by itself.
    pub autoplay: Option<f32>,
    /// Steps asked for and not yet played: forward (positive) or back. A
    /// step forward to a placement is played by its draw and then, once the
    /// counter has landed, the placement: it counts until the placement.
    queued: i32,
    since: f32,
}

/// What the person watching a replay asks for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayCommand {
    /// One move forward (into the next round at the end of the first).
    Forward,
    /// One move back.
    Back,
    /// The start of the match.
    Start,
    /// The end of the match.
    End,
    /// Round `round` after `step` of its moves.
    Goto {
        /// The round (0 or 1).
        round: usize,
        /// Moves played in it.
        step: usize,
    },
    /// Play by itself, or stop.
    ToggleAutoplay,
    /// Faster (+1) or slower (-1) when playing by itself.
    Pace(i32),
}

/// The moves of a round, one per step: each turn's placement, then Order's move.
pub fn moves(turns: &[Turn]) -> Vec<Action> {
    turns
        .iter()
        .flat_map(|t| std::iter::once(Action::Place(t.placement.cell)).chain(t.reply.map(Action::from)))
        .collect()
}

/// The match of `record` in round `round` after `step` of its moves
/// (placements and Order moves), played through the rules.
pub fn match_at(record: &MatchRecord, round: usize, step: usize) -> Option<Match> {
    record.truncated(round, step).replay().ok()
}

impl Replay {
    /// A replay of `file` from its start.
    pub fn new(file: MatchFile) -> Replay {
        Replay {
            file,
            round: 0,
            step: 0,
            autoplay: None,
            queued: 0,
            since: 0.0,
        }
    }

    /// The moves of round `round`.
    pub fn round_moves(&self, round: usize) -> Vec<Action> {
        self.file.record.rounds.get(round).map_or(Vec::new(), |t| moves(t))
    }

    /// The match as the replay shows it now.
    pub fn current(&self) -> Option<CurrentMatch> {
        let game = match_at(&self.file.record, self.round, self.step)?;
        Some(CurrentMatch {
            game,
            seats: [Seat::Computer(entropy_ai::Level::Hard); 2],
            tournament: false,
            touched: None,
        })
    }

    /// Whether steps asked for wait their turn (a placement waiting for
    /// its draw to land among them).
    pub fn busy(&self) -> bool {
        self.queued != 0
    }

    /// A finished `review`'s verdict on the move about to be played.
    pub fn next_move_review<'a>(&self, review: &'a MatchReview) -> Option<&'a MoveReview> {
        review.rounds.get(self.round)?.moves.get(self.step)
    }

    fn last_round(&self) -> usize {
        self.file.record.rounds.len().saturating_sub(1)
    }
}

/// Jumps: the board is rebuilt at the new place. Steps: the move is applied
/// or taken back through the rules and the board animates; steps asked for
/// while a move is still moving wait their turn, so that every press counts.
/// One action a frame at most, asked of the match as this frame found it
/// (every action asked for before has been applied to it); none in a frame
/// that jumps, whose match is put in place only after this system.
fn follow_commands(
    mut commands: MessageReader<ReplayCommand>,
    mut replay: ResMut<Replay>,
    game: Res<CurrentMatch>,
    (mut intents, mut changes, mut rebuild): (
        MessageWriter<Intent<Solomon>>,
        MessageWriter<Change<Solomon>>,
        MessageWriter<RebuildBoard>,
    ),
    tweens: Query<&crate::ui::animation::Tween>,
    mut cmd: Commands,
) {
    let mut jump = None;
    for command in commands.read().copied() {
        let to = match command {
            ReplayCommand::Start => Some((0, 0)),
            ReplayCommand::End => {
                let last = replay.last_round();
                Some((last, replay.round_moves(last).len()))
            }
            ReplayCommand::Goto { round, step } => Some((round, step)),
            ReplayCommand::Forward => {
                replay.queued += 1;
                None
            }
            ReplayCommand::Back => {
                replay.queued -= 1;
                None
            }
            ReplayCommand::ToggleAutoplay => {
                replay.autoplay = match replay.autoplay {
                    Some(_) => None,
                    None => Some(1.5),
                };
                None
            }
            ReplayCommand::Pace(delta) => {
                if let Some(speed) = replay.autoplay.as_mut() {
                    *speed = (*speed * 2f32.powi(delta)).clamp(0.5, 8.0);
                }
                None
            }
        };
        if to.is_some() {
            // Steps asked for before a jump are dropped; after it, they wait a frame.
            jump = to;
            replay.queued = 0;
        }
    }
    // One step once the last one has come to rest.
    if jump.is_none() && replay.queued != 0 && !blocks_input(&tweens) {
        jump = if replay.queued > 0 {
            step_forward(&mut replay, &game, (&mut intents, &mut changes))
        } else {
            step_back(&mut replay, &game, &mut changes)
        };
    }
    if let Some((round, step)) = jump {
        replay.round = round;
        replay.step = step.min(replay.round_moves(round).len());
        if let Some(current) = replay.current() {
            cmd.insert_resource(current);
            rebuild.write(RebuildBoard);
        }
    }
}

/// The record's next move, asked of the rules (a draw first, its placement
/// following once it has landed), or the place to jump to at the end of a
/// round.
fn step_forward(
    replay: &mut Replay,
    game: &CurrentMatch,
    (intents, changes): (&mut MessageWriter<Intent<Solomon>>, &mut MessageWriter<Change<Solomon>>),
) -> Option<(usize, usize)> {
    let round = game.game.round_index();
    // A flag that fell at this point falls again before the move.
    let moves = game.round().moves();
    for flag in &replay.file.record.flags {
        if flag.round == round && flag.moves == moves && !game.game.is_flagged(flag.player) {
            changes.write(Change::Game(MatchChange::Flag(flag.player)));
        }
    }
    match replay.file.record.next_action(&game.game) {
        Some(action) => {
            intents.write(Intent(action));
            // A draw is the start of the step: its placement ends it.
            if action != Action::Draw {
                replay.queued -= 1;
            }
            None
        }
        None if round < replay.last_round() => {
            replay.queued -= 1;
            Some((round + 1, 0))
        }
        None => {
            replay.autoplay = None;
            replay.queued = 0;
            None
        }
    }
}

/// The last move, asked to be taken back, or the place to jump to at
/// the start of a round.
fn step_back(
    replay: &mut Replay,
    game: &CurrentMatch,
    changes: &mut MessageWriter<Change<Solomon>>,
) -> Option<(usize, usize)> {
    match (game.round().moves(), game.game.round_index()) {
        (0, 0) => {
            replay.queued = 0;
            None
        }
        (0, round) => {
            replay.queued += 1;
            Some((round - 1, replay.round_moves(round - 1).len()))
        }
        _ => {
            changes.write(Change::TakeBack);
            replay.queued += 1;
            None
        }
    }
}

/// Where the replay stands is where the board stands: read from the match
/// once this frame's changes are applied (a jump's match put in place, a
/// move played or taken back). No match: the replay is being left.
fn follow_board(game: Option<Res<CurrentMatch>>, mut replay: ResMut<Replay>) {
    let Some(game) = game else { return };
    let at = (game.game.round_index(), game.round().moves());
    if (replay.round, replay.step) != at {
        (replay.round, replay.step) = at;
    }
}

fn autoplay(
    time: Res<Time>,
    mut replay: ResMut<Replay>,
    tweens: Query<&crate::ui::animation::Tween>,
    mut commands: MessageWriter<ReplayCommand>,
    mut redraw: ResMut<Redraw>,
) {
    let Some(speed) = replay.autoplay else { return };
    redraw.now();
    if blocks_input(&tweens) || replay.busy() {
        return;
    }
    replay.since += time.delta_secs() * speed;
    if replay.since >= 1.0 {
        replay.since = 0.0;
        commands.write(ReplayCommand::Forward);
    }
}
