//! A simultaneous match from the history, stepped through on both boards
//! as it was played: the rules crate says which action of the record comes
//! next ([`entropy_rules::SimultaneousRecord::next_action`]); a step forward
//! plays it through the turn pipeline (the draw and the placement after it
//! together), so the boards animate as in live play, and a step back takes
//! it back. Jumps rebuild both boards at once. The computer's review judges
//! each board's moves ([`crate::history::review::Review::start_simultaneous`]).

use bevy::prelude::*;

use crate::app::redraw::Redraw;
use entropy_ai::{Level, ReviewBudget};
use entropy_rules::{Action, AnyMatchFile, Player, SimultaneousFile, SimultaneousMatch, SimultaneousStep};

use super::boards::RebuildSimBoards;
use super::game::{Seat, SimAction, SimCommand, SimMatch, Simultaneous};
use super::{NextScreen, SimScreen};
use crate::app::AppSet;
use crate::history::HistoryCommand;
use crate::history::review::Review;
use crate::table::turn::{Change, Intent};
use crate::ui::animation::{Tween, blocks_input};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SimReplayCommand>()
        .add_systems(Update, open.in_set(AppSet::Turn))
        .add_systems(
            Update,
            (follow_commands, autoplay)
                .chain()
                .run_if(
                    in_state(SimScreen::Replay)
                        .and_then(resource_exists::<SimReplay>)
                        .and_then(resource_exists::<SimMatch>),
                )
                .in_set(AppSet::Turn)
                .before(crate::table::turn::apply_changes::<Simultaneous>),
        )
        .add_systems(OnExit(SimScreen::Replay), crate::history::review::cancel)
        .add_systems(OnExit(SimScreen::Replay), |mut commands: Commands| {
            commands.remove_resource::<SimReplay>();
        });
}

/// One move of the replay: a player's placement or Order move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayMove {
    /// Who made it.
    pub player: Player,
    /// On whose board (its Order).
    pub board: Player,
    /// The turn of that board (1-based).
    pub turn: usize,
    /// What was played.
    pub action: Action,
}

/// The simultaneous match being replayed, and where.
#[derive(Resource, Debug, Clone)]
pub struct SimReplay {
    /// The match file.
    pub file: SimultaneousFile,
    /// Every action of the record in the order played, draws included.
    actions: Vec<(Player, Action)>,
    /// The moves (every action but the draws), in the order played.
    pub moves: Vec<ReplayMove>,
    /// How many of the moves are played.
    pub step: usize,
    /// Moves a second when playing by itself.
    pub autoplay: Option<f32>,
    /// Steps asked for and not yet taken: forward (positive) or back.
    queued: i32,
    since: f32,
}

/// What the person watching a replay asks for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SimReplayCommand {
    /// One move forward.
    Forward,
    /// One move back.
    Back,
    /// The start of the match.
    Start,
    /// The end of the match.
    End,
    /// After this many moves.
    Goto(usize),
    /// Play by itself, or stop.
    ToggleAutoplay,
    /// Faster (+1) or slower (-1) when playing by itself.
    Pace(i32),
    /// Ask the computer to review the match, with this budget.
    Review(ReviewBudget),
    /// Back to the list of matches.
    Leave,
}

impl SimReplay {
    /// A replay of `file` from its start; `Err` says why its moves do not replay.
    pub fn new(file: SimultaneousFile) -> Result<SimReplay, String> {
        file.replay().map_err(|e| e.to_string())?;
        let mut game = fresh(&file)?;
        let mut actions = Vec::new();
        let mut moves = Vec::new();
        while let Some((player, action)) = file.record.next_action(&game) {
            let applied = match action {
                Action::Draw => game.draw().map(|_| ()),
                _ => {
                    let board = match action {
                        Action::Place(_) => player.other(),
                        _ => player,
                    };
                    // A placement begins a turn of its board; an Order move ends it.
                    let turn = game.board(board).turns().len() + usize::from(matches!(action, Action::Place(_)));
                    moves.push(ReplayMove {
                        player,
                        board,
                        turn,
                        action,
                    });
                    game.apply(player, action).map(|_| ())
                }
            };
            applied.map_err(|e| e.to_string())?;
            actions.push((player, action));
        }
        Ok(SimReplay {
            file,
            actions,
            moves,
            step: 0,
            autoplay: None,
            queued: 0,
            since: 0.0,
        })
    }

    /// Actions played (draws included) once `step` moves are: a draw is
    /// played with the move after it.
    fn actions_at(&self, step: usize) -> usize {
        if step == 0 {
            return 0;
        }
        let mut moves = 0;
        for (i, (_, action)) in self.actions.iter().enumerate() {
            if *action != Action::Draw {
                moves += 1;
                if moves == step {
                    return i + 1;
                }
            }
        }
        self.actions.len()
    }

    /// The match after `step` moves, as the replay shows it.
    pub fn at(&self, step: usize) -> Option<SimMatch> {
        let mut game = fresh(&self.file).ok()?;
        for &(player, action) in &self.actions[..self.actions_at(step)] {
            match action {
                Action::Draw => game.draw().map(|_| ()),
                _ => game.apply(player, action).map(|_| ()),
            }
            .ok()?;
        }
        Some(SimMatch {
            game,
            // Nobody is waited for at this screen: the replay plays every move.
            seats: [Seat::Computer(Level::Hard); 2],
            names: Player::BOTH.map(|p| self.file.tags.players[p.index()].name.clone()),
        })
    }

    /// Whether steps asked for wait their turn.
    pub fn busy(&self) -> bool {
        self.queued != 0
    }
}

/// A new match with the file's board and its one queue of draws.
fn fresh(file: &SimultaneousFile) -> Result<SimultaneousMatch, String> {
    SimultaneousMatch::with_bag(file.record.size, &file.record.bag)
}

/// A simultaneous match asked for from the History screen opens here, and
/// the match just played when its review is asked for.
fn open(
    mut commands: MessageReader<HistoryCommand>,
    mut sim_commands: MessageReader<SimCommand>,
    played: Option<Res<SimMatch>>,
    (online, games): (
        Option<Res<crate::online::table::OnTable>>,
        Res<crate::online::games::OnlineGames>,
    ),
    mut next: NextScreen,
    mut cmd: Commands,
) {
    // A match played on a server is reviewed as the server's archive has it.
    let served = online.as_ref().and_then(|table| {
        let text = games.get(&table.game)?.file.clone()?.ok()?;
        match AnyMatchFile::parse(&text).ok()? {
            AnyMatchFile::Simultaneous(file) => Some(file),
            AnyMatchFile::Rounds(_) => None,
        }
    });
    let reviewed = sim_commands
        .read()
        .any(|c| *c == SimCommand::Review)
        .then(|| {
            played
                .as_deref()
                .map(|game| (served.unwrap_or_else(|| super::saved::file(game)), true))
        })
        .flatten();
    let asked = commands.read().filter_map(|command| match command {
        HistoryCommand::Replay { file, review } => match &**file {
            AnyMatchFile::Simultaneous(file) => Some((file.clone(), *review)),
            AnyMatchFile::Rounds(_) => None,
        },
        HistoryCommand::Show => None,
    });
    for (file, review) in asked.chain(reviewed) {
        let replay = match SimReplay::new(file.clone()) {
            Ok(replay) => replay,
            Err(e) => {
                warn!("the match does not replay: {e}");
                continue;
            }
        };
        let Some(shown) = replay.at(0) else { continue };
        if review {
            cmd.insert_resource(Review::start_simultaneous(file.record.clone(), ReviewBudget::Quick));
        }
        cmd.insert_resource(shown);
        cmd.insert_resource(replay);
        next.set(SimScreen::Replay);
    }
}

/// What the replay's steps write.
#[derive(bevy::ecs::system::SystemParam)]
struct ReplayOut<'w> {
    intents: MessageWriter<'w, Intent<Simultaneous>>,
    changes: MessageWriter<'w, Change<Simultaneous>>,
    rebuild: MessageWriter<'w, RebuildSimBoards>,
    history: MessageWriter<'w, HistoryCommand>,
}

/// Jumps rebuild the boards at the new place; steps play the move through
/// the turn pipeline, or take it back, one at a time once the boards are still.
fn follow_commands(
    mut commands: MessageReader<SimReplayCommand>,
    mut replay: ResMut<SimReplay>,
    shown: Res<SimMatch>,
    mut out: ReplayOut,
    tweens: Query<&Tween>,
    mut cmd: Commands,
) {
    let ReplayOut {
        intents,
        changes,
        rebuild,
        history,
    } = &mut out;
    for command in commands.read().copied() {
        let jump = match command {
            SimReplayCommand::Start => Some(0),
            SimReplayCommand::End => Some(replay.moves.len()),
            SimReplayCommand::Goto(step) => Some(step.min(replay.moves.len())),
            SimReplayCommand::Forward => {
                replay.queued += 1;
                None
            }
            SimReplayCommand::Back => {
                replay.queued -= 1;
                None
            }
            SimReplayCommand::ToggleAutoplay => {
                replay.autoplay = match replay.autoplay {
                    Some(_) => None,
                    // From the end, playing by itself starts again from the start.
                    None if replay.step == replay.moves.len() => {
                        replay.step = 0;
                        if let Some(shown) = replay.at(0) {
                            cmd.insert_resource(shown);
                            rebuild.write(RebuildSimBoards);
                        }
                        Some(1.5)
                    }
                    None => Some(1.5),
                };
                None
            }
            SimReplayCommand::Pace(delta) => {
                if let Some(speed) = replay.autoplay.as_mut() {
                    *speed = (*speed * 2f32.powi(delta)).clamp(0.5, 8.0);
                }
                None
            }
            SimReplayCommand::Review(budget) => {
                cmd.insert_resource(Review::start_simultaneous(replay.file.record.clone(), budget));
                None
            }
            SimReplayCommand::Leave => {
                history.write(HistoryCommand::Show);
                None
            }
        };
        if let Some(step) = jump {
            replay.step = step;
            replay.queued = 0;
            if let Some(shown) = replay.at(step) {
                cmd.insert_resource(shown);
                rebuild.write(RebuildSimBoards);
            }
        }
    }
    if replay.queued == 0 || blocks_input(&tweens) {
        return;
    }
    let (from, to) = if replay.queued > 0 {
        replay.queued -= 1;
        if replay.step == replay.moves.len() {
            replay.queued = 0;
            replay.autoplay = None;
            return;
        }
        (replay.step, replay.step + 1)
    } else {
        replay.queued += 1;
        if replay.step == 0 {
            replay.queued = 0;
            return;
        }
        (replay.step, replay.step - 1)
    };
    let (a, b) = (replay.actions_at(from), replay.actions_at(to));
    if to > from {
        // A move taken back leaves its counter drawn: it is not drawn again.
        let drawn = shown.game.step() != SimultaneousStep::Draw;
        for &(player, action) in &replay.actions[a..b] {
            if !(action == Action::Draw && drawn) {
                intents.write(Intent(SimAction { player, action }));
            }
        }
    } else {
        // The move is taken back (after an Order move, a counter drawn
        // since goes back too; a placement's counter stays drawn).
        changes.write(Change::TakeBack);
    }
    replay.step = to;
}

fn autoplay(
    time: Res<Time>,
    mut replay: ResMut<SimReplay>,
    tweens: Query<&Tween>,
    mut commands: MessageWriter<SimReplayCommand>,
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
        commands.write(SimReplayCommand::Forward);
    }
}
