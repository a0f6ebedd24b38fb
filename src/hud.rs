//! The interface, drawn with egui: the title and setup screens, the side
//! panel while a match is on (round, roles, whose turn, the live score, the
//! match totals, the last move, Pass), the count of a finished round, and
//! the result of the match.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_ai::Level;
use entropy_rules::{LineScore, Outcome, Phase, Player, Role, Size};

use crate::ai::{HintRequest, Seat, Thinking, deciding};
use crate::animation::Tween;
use crate::board::BoardLayout;
use crate::camera::PanelInset;
use crate::game::{Command, CurrentMatch, Intent, MatchSetup, Refused, ScoreCount};
use crate::screens::{Screen, TurnPhase};
use crate::textures::Textures;
use crate::theme::{self, ACCENT32, CHAOS32, ORDER32};
use crate::view::ViewOptions;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudState>()
        .add_systems(OnEnter(Screen::Title), spawn_title_counters)
        .add_systems(Update, collect_refusals)
        .add_systems(EguiPrimaryContextPass, interface);
}

/// The interface's own state.
#[derive(Resource, Debug, Default)]
pub struct HudState {
    /// The leave-the-match question is open.
    confirm_leave: bool,
    /// The rules window is open.
    show_rules: bool,
    /// Why the last move was refused, and for how much longer to say so.
    refusal: Option<(String, f32)>,
}

fn collect_refusals(mut refused: MessageReader<Refused>, time: Res<Time>, mut hud: ResMut<HudState>) {
    for r in refused.read() {
        hud.refusal = Some((capitalise(&r.error.to_string()), 4.0));
    }
    if let Some((_, left)) = hud.refusal.as_mut() {
        *left -= time.delta_secs();
        if *left <= 0.0 {
            hud.refusal = None;
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A palindrome of counters under the title.
fn spawn_title_counters(mut commands: Commands, textures: Res<Textures>) {
    let pattern = [0usize, 3, 2, 6, 2, 3, 0];
    let centre = (BoardLayout::VIEW_MIN + BoardLayout::VIEW_MAX) / 2.0;
    for (i, &c) in pattern.iter().enumerate() {
        let Some(colour) = entropy_rules::Colour::from_index(c) else {
            continue;
        };
        let at = centre + Vec2::new((i as f32 - 3.0) * 84.0, 10.0);
        commands
            .spawn((
                DespawnOnExit(Screen::Title),
                Pickable::IGNORE,
                Transform::from_translation(at.extend(2.0)),
                Visibility::default(),
            ))
            .with_children(|p| {
                p.spawn((
                    Sprite {
                        image: textures.shadow.clone(),
                        custom_size: Some(Vec2::splat(88.0)),
                        ..default()
                    },
                    Transform::from_xyz(4.0, -6.0, -0.1),
                ));
                p.spawn(Sprite {
                    image: textures.disc.clone(),
                    color: theme::counter_colour(colour),
                    custom_size: Some(Vec2::splat(70.0)),
                    ..default()
                });
                p.spawn((
                    Sprite {
                        image: textures.gloss.clone(),
                        custom_size: Some(Vec2::splat(70.0)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
}

/// A root `Ui` over the whole window, for panels.
fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

#[allow(clippy::too_many_arguments)]
fn interface(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    phase: Option<Res<State<TurnPhase>>>,
    mut setup: ResMut<MatchSetup>,
    game: Option<Res<CurrentMatch>>,
    count: Option<Res<ScoreCount>>,
    mut hud: ResMut<HudState>,
    mut options: ResMut<ViewOptions>,
    mut inset: ResMut<PanelInset>,
    tweens: Query<&Tween>,
    thinking: Res<Thinking>,
    mut hint: ResMut<HintRequest>,
    mut commands_out: MessageWriter<Command>,
    mut intents: MessageWriter<Intent>,
    mut exit: MessageWriter<AppExit>,
    mut prefs: Option<ResMut<crate::prefs::PrefsFile>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut panel_width = 0.0;
    match (screen.get(), game) {
        (Screen::Title, _) => {
            title(&ctx, &mut hud, &mut commands_out, &mut exit);
            if let Some(prefs) = prefs.as_mut() {
                prefs_notice(&ctx, prefs);
            }
        }
        (Screen::Setup, _) => setup_window(&ctx, &mut setup, &mut commands_out),
        (_, Some(game)) => {
            let busy = tweens.iter().any(|t| t.blocking);
            let phase = phase.map(|p| *p.get());
            let mut ui = root_ui(&ctx);
            let response = egui::Panel::right("hud")
                .resizable(false)
                .exact_size(330.0)
                .frame(
                    egui::Frame::new()
                        .fill(egui::Color32::from_rgb(30, 33, 42))
                        .inner_margin(18),
                )
                .show(&mut ui, |ui| {
                    side_panel(
                        ui,
                        *screen.get(),
                        phase,
                        &setup,
                        &game,
                        count.as_deref(),
                        &mut hud,
                        &mut options,
                        busy,
                        &thinking,
                        &mut hint,
                        &mut commands_out,
                        &mut intents,
                    )
                });
            panel_width = response.response.rect.width();
            if hud.confirm_leave {
                leave_dialog(&ctx, &mut hud, &mut commands_out);
            }
        }
        _ => {}
    }
    if hud.show_rules {
        rules_window(&ctx, &mut hud);
    }
    if inset.right != panel_width {
        inset.right = panel_width;
    }
    Ok(())
}

/// Says once that the saved preferences could not be read (and where they were kept).
fn prefs_notice(ctx: &egui::Context, prefs: &mut crate::prefs::PrefsFile) {
    let Some(notice) = prefs.notice.clone() else { return };
    egui::Area::new("prefs notice".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgb(70, 40, 40))
                .corner_radius(8)
                .inner_margin(10)
                .show(ui, |ui| {
                    ui.set_max_width(760.0);
                    ui.horizontal(|ui| {
                        ui.label(
                            egui::RichText::new(capitalise(&notice)).color(egui::Color32::from_rgb(255, 200, 190)),
                        );
                        if ui.button("OK").clicked() {
                            prefs.notice = None;
                        }
                    });
                });
        });
}

fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized([240.0, 44.0], egui::Button::new(egui::RichText::new(text).size(20.0)))
}

fn title(
    ctx: &egui::Context,
    hud: &mut HudState,
    commands: &mut MessageWriter<Command>,
    exit: &mut MessageWriter<AppExit>,
) {
    let screen = ctx.viewport_rect();
    egui::Area::new("title".into())
        .fixed_pos(egui::pos2(
            screen.center().x - 300.0,
            screen.top() + screen.height() * 0.12,
        ))
        .show(ctx, |ui| {
            ui.set_width(600.0);
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new("ENTROPY")
                        .size(76.0)
                        .strong()
                        .color(egui::Color32::from_rgb(238, 236, 228)),
                );
                ui.label(
                    egui::RichText::new("The game of Order and Chaos  ·  Eric Solomon, 1977")
                        .size(19.0)
                        .color(egui::Color32::from_rgb(150, 158, 178)),
                );
            });
        });
    egui::Area::new("title buttons".into())
        .fixed_pos(egui::pos2(
            screen.center().x - 120.0,
            screen.top() + screen.height() * 0.62,
        ))
        .show(ctx, |ui| {
            ui.set_width(240.0);
            ui.vertical_centered(|ui| {
                if big_button(ui, "New match").clicked() {
                    commands.write(Command::OpenSetup);
                }
                if big_button(ui, "How to play").clicked() {
                    hud.show_rules = true;
                }
                if big_button(ui, "Quit").clicked() {
                    exit.write(AppExit::Success);
                }
            });
        });
}

fn setup_window(ctx: &egui::Context, setup: &mut MatchSetup, commands: &mut MessageWriter<Command>) {
    egui::Window::new(egui::RichText::new("New match").size(24.0))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .fixed_size([500.0, 0.0])
        .show(ctx, |ui| {
            ui.add_space(6.0);
            egui::Grid::new("setup")
                .num_columns(2)
                .spacing([18.0, 14.0])
                .show(ui, |ui| {
                    ui.label("Board");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut setup.size, Size::Seven, "7×7 (standard)");
                        ui.radio_value(&mut setup.size, Size::Five, "5×5");
                    });
                    ui.end_row();
                    for player in Player::BOTH {
                        let i = player.index();
                        ui.label(format!("Player {}", i + 1));
                        ui.horizontal(|ui| {
                            ui.add(
                                egui::TextEdit::singleline(&mut setup.names[i])
                                    .char_limit(20)
                                    .desired_width(150.0),
                            );
                            egui::ComboBox::from_id_salt(("seat", i))
                                .selected_text(setup.seats[i].label())
                                .width(150.0)
                                .show_ui(ui, |ui| {
                                    ui.selectable_value(&mut setup.seats[i], Seat::Human, Seat::Human.label());
                                    for level in Level::ALL {
                                        let seat = Seat::Computer(level);
                                        ui.selectable_value(&mut setup.seats[i], seat, seat.label());
                                    }
                                });
                        });
                        ui.end_row();
                    }
                    ui.label("Order first");
                    ui.horizontal(|ui| {
                        for player in Player::BOTH {
                            let name = setup.name(player).to_string();
                            ui.radio_value(&mut setup.first_order, player, name);
                        }
                    });
                    ui.end_row();
                });
            ui.add_space(8.0);
            ui.label(
                egui::RichText::new(
                    "Each player is Order for one round and Chaos for the other; the higher Order score wins.",
                )
                .small()
                .color(egui::Color32::from_rgb(150, 158, 178)),
            );
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                if ui.button("Back").clicked() {
                    commands.write(Command::ToTitle);
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let start = ui.add(egui::Button::new(
                        egui::RichText::new("Start match").size(20.0).strong(),
                    ));
                    if start.clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        commands.write(Command::StartMatch);
                    }
                });
            });
        });
}

fn role_badge(ui: &mut egui::Ui, role: Role) {
    let (text, colour) = match role {
        Role::Order => ("ORDER", ORDER32),
        Role::Chaos => ("CHAOS", CHAOS32),
    };
    egui::Frame::new()
        .fill(colour.gamma_multiply(0.22))
        .corner_radius(5)
        .inner_margin(egui::Margin::symmetric(7, 2))
        .show(ui, |ui| {
            ui.label(egui::RichText::new(text).size(13.0).strong().color(colour));
        });
}

fn swatch(ui: &mut egui::Ui, colour: entropy_rules::Colour) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(20.0, 20.0), egui::Sense::hover());
    ui.painter()
        .circle_filled(rect.center(), 9.5, theme::counter_colour32(colour));
    ui.painter().circle_stroke(
        rect.center(),
        9.5,
        egui::Stroke::new(1.0, egui::Color32::from_gray(200)),
    );
}

fn card<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(38, 42, 54))
        .corner_radius(10)
        .inner_margin(12)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui)
        })
        .inner
}

fn muted(text: impl Into<String>) -> egui::RichText {
    egui::RichText::new(text).color(egui::Color32::from_rgb(150, 158, 178))
}

#[allow(clippy::too_many_arguments)]
fn side_panel(
    ui: &mut egui::Ui,
    screen: Screen,
    phase: Option<TurnPhase>,
    setup: &MatchSetup,
    game: &CurrentMatch,
    count: Option<&ScoreCount>,
    hud: &mut HudState,
    options: &mut ViewOptions,
    busy: bool,
    thinking: &Thinking,
    hint: &mut HintRequest,
    commands: &mut MessageWriter<Command>,
    intents: &mut MessageWriter<Intent>,
) {
    let m = &game.0;
    let index = m.round_index();
    let round = m.round();
    let order = m.order_player(index);
    let chaos = order.other();
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(format!("ROUND {} OF 2", index + 1))
                .size(15.0)
                .strong()
                .color(ACCENT32),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(muted(format!("{} board", round.size())).size(14.0));
        });
    });
    ui.add_space(4.0);

    // Who plays which side, and the match so far.
    card(ui, |ui| {
        for (player, role) in [(order, Role::Order), (chaos, Role::Chaos)] {
            ui.horizontal(|ui| {
                role_badge(ui, role);
                ui.label(egui::RichText::new(setup.name(player)).size(19.0).strong());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let played: Vec<u32> = (0..m.rounds().len())
                        .filter(|&i| m.order_player(i) == player && m.rounds()[i].is_finished())
                        .map(|i| m.rounds()[i].score())
                        .collect();
                    let total = if played.is_empty() {
                        "–".to_string()
                    } else {
                        played.iter().sum::<u32>().to_string()
                    };
                    ui.label(egui::RichText::new(total).size(19.0))
                        .on_hover_text("Match total: points scored as Order");
                });
            });
        }
    });
    ui.add_space(6.0);

    match screen {
        Screen::Playing if phase == Some(TurnPhase::Scoring) => counting(ui, count, commands),
        Screen::Playing => turn(ui, setup, game, order, chaos, busy, thinking, hint, intents),
        Screen::RoundOver => round_over(ui, setup, game, commands),
        Screen::MatchOver => match_over(ui, setup, game, commands),
        _ => {}
    }

    ui.add_space(6.0);
    card(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(muted("Board score"));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(
                    egui::RichText::new(round.score().to_string())
                        .size(30.0)
                        .strong()
                        .color(ORDER32),
                )
                .on_hover_text("Every palindrome of adjacent counters in every row and column, as the board stands");
            });
        });
        if let Some(text) = last_move(round.position(), round.turns()) {
            ui.label(muted(text).size(15.0));
        }
    });

    if let Some((reason, _)) = &hud.refusal {
        ui.add_space(4.0);
        ui.label(
            egui::RichText::new(reason)
                .color(egui::Color32::from_rgb(255, 120, 110))
                .size(15.0),
        );
    }

    ui.with_layout(egui::Layout::bottom_up(egui::Align::Min), |ui| {
        ui.horizontal(|ui| {
            if screen != Screen::MatchOver && ui.button("Leave match").clicked() {
                hud.confirm_leave = true;
            }
            if ui.button("Rules").clicked() {
                hud.show_rules = true;
            }
        });
        ui.checkbox(&mut options.show_destinations, "Show where a counter can go");
        ui.checkbox(&mut options.colour_numbers, "Numbers on counters");
        ui.label(muted("Mouse: click or drag · Keys: arrows, Enter, P to pass, Esc").size(13.0));
        ui.separator();
    });
}

#[allow(clippy::too_many_arguments)]
fn turn(
    ui: &mut egui::Ui,
    setup: &MatchSetup,
    game: &CurrentMatch,
    order: Player,
    chaos: Player,
    busy: bool,
    thinking: &Thinking,
    hint: &mut HintRequest,
    intents: &mut MessageWriter<Intent>,
) {
    let position = game.round().position();
    let computer = matches!(deciding(game, setup), Some((_, Seat::Computer(_))));
    card(ui, |ui| match position.phase() {
        Phase::ChaosDraw => {
            ui.label(
                egui::RichText::new(format!("{} draws…", setup.name(chaos)))
                    .size(22.0)
                    .color(CHAOS32),
            );
            ui.label(muted("Chaos takes a counter from the bag."));
        }
        Phase::ChaosPlace(colour) => {
            ui.label(
                egui::RichText::new(format!("{} to place", setup.name(chaos)))
                    .size(22.0)
                    .color(CHAOS32),
            );
            ui.horizontal(|ui| {
                swatch(ui, colour);
                if computer {
                    ui.label(format!("Where will the {} counter go?", colour.name()));
                } else {
                    ui.label(format!("Put the {} counter on any empty cell.", colour.name()));
                }
            });
            if computer {
                thinking_line(ui, thinking);
            }
        }
        Phase::OrderMove => {
            ui.label(
                egui::RichText::new(format!("{} to move", setup.name(order)))
                    .size(22.0)
                    .color(ORDER32),
            );
            if computer {
                ui.label("Order may slide any counter along a row or column, or pass.");
                thinking_line(ui, thinking);
                return;
            }
            ui.label("Slide any counter along a row or column, or pass.");
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let pass = ui.add_enabled(
                    !busy,
                    egui::Button::new(egui::RichText::new("Pass").size(19.0)).min_size(egui::vec2(110.0, 36.0)),
                );
                if pass.on_hover_text("Leave the board as it is (key P)").clicked() {
                    intents.write(Intent::Pass);
                }
                let asked = ui.add_enabled(
                    !hint.working(),
                    egui::Button::new(egui::RichText::new("Hint").size(19.0)).min_size(egui::vec2(90.0, 36.0)),
                );
                if asked
                    .on_hover_text("Ask the computer (Hard) for a move and the score it expects")
                    .clicked()
                {
                    hint.wanted = true;
                }
                if hint.working() {
                    ui.add(egui::Spinner::new());
                }
            });
            if let Some(h) = hint.for_position(position) {
                let what = match h.best {
                    entropy_rules::OrderMove::Slide(s) => format!("Slide {} → {}", s.from, s.to),
                    entropy_rules::OrderMove::Pass => "Pass".to_string(),
                };
                ui.label(egui::RichText::new(what).strong().color(theme::HINT32));
                ui.label(muted(format!("Expected final score: about {:.0}", h.expected)));
            }
        }
        Phase::Finished => {
            ui.label(egui::RichText::new("The board is full").size(22.0));
        }
    });
}

fn thinking_line(ui: &mut egui::Ui, thinking: &Thinking) {
    ui.horizontal(|ui| {
        ui.add(egui::Spinner::new());
        ui.label(muted(if thinking.busy() { "Thinking…" } else { "…" }));
    });
}

/// What happened last, from the round's own record.
fn last_move(position: &entropy_rules::Position, turns: &[entropy_rules::Turn]) -> Option<String> {
    let turn = turns.last()?;
    let placed = format!("Chaos put {} on {}", turn.placement.colour.name(), turn.placement.cell);
    Some(match (position.phase(), turn.reply) {
        (_, Some(entropy_rules::OrderMove::Slide(s))) => format!("{placed}; Order slid {} → {}", s.from, s.to),
        (_, Some(entropy_rules::OrderMove::Pass)) => format!("{placed}; Order passed"),
        (_, None) => format!("Last move: {placed}"),
    })
}

fn counting(ui: &mut egui::Ui, count: Option<&ScoreCount>, commands: &mut MessageWriter<Command>) {
    let Some(count) = count else { return };
    card(ui, |ui| {
        ui.label(egui::RichText::new("Counting the board").size(22.0).color(ACCENT32));
        if let Some(run) = count.current() {
            let done: Vec<_> = count.runs[..count.shown]
                .iter()
                .filter(|r| r.line == run.line)
                .copied()
                .collect();
            let partial = LineScore {
                line: run.line,
                score: done.iter().map(|r| r.len as u32).sum(),
                runs: done,
            };
            ui.label(egui::RichText::new(format!("{}:", capitalise(&run.line.to_string()))).strong());
            ui.label(partial.spoken());
        } else {
            ui.label(muted("Palindromes of two or more, in every row and column."));
        }
        ui.horizontal(|ui| {
            ui.label(format!("Total so far: {}", count.counted()));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if !count.finished() && ui.button("Skip").clicked() {
                    commands.write(Command::SkipCount);
                }
            });
        });
    });
}

fn round_over(ui: &mut egui::Ui, setup: &MatchSetup, game: &CurrentMatch, commands: &mut MessageWriter<Command>) {
    let m = &game.0;
    let order = m.order_player(0);
    card(ui, |ui| {
        ui.label(egui::RichText::new("Round 1 is over").size(22.0).color(ACCENT32));
        ui.label(format!("{} scored {} as Order.", setup.name(order), m.round().score()));
        ui.label(muted(format!(
            "Now {} is Order and {} is Chaos.",
            setup.name(order.other()),
            setup.name(order)
        )));
        ui.add_space(6.0);
        if ui
            .add(
                egui::Button::new(egui::RichText::new("Start round 2").size(19.0).strong())
                    .min_size(egui::vec2(200.0, 38.0)),
            )
            .clicked()
        {
            commands.write(Command::NextRound);
        }
    });
}

fn match_over(ui: &mut egui::Ui, setup: &MatchSetup, game: &CurrentMatch, commands: &mut MessageWriter<Command>) {
    let m = &game.0;
    let [one, two] = m.totals();
    card(ui, |ui| {
        let headline = match m.outcome() {
            Some(Outcome::Win(player)) => format!("{} wins!", setup.name(player)),
            _ => "A draw!".to_string(),
        };
        ui.label(egui::RichText::new(headline).size(26.0).strong().color(ACCENT32));
        ui.label(format!(
            "{} {one}  ·  {} {two}",
            setup.name(Player::One),
            setup.name(Player::Two)
        ));
        for (i, round) in m.rounds().iter().enumerate() {
            ui.label(muted(format!(
                "Round {}: {} scored {} as Order",
                i + 1,
                setup.name(m.order_player(i)),
                round.score()
            )));
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui
                .add(
                    egui::Button::new(egui::RichText::new("Rematch").size(19.0).strong())
                        .min_size(egui::vec2(130.0, 38.0)),
                )
                .clicked()
            {
                commands.write(Command::Rematch);
            }
            if ui
                .add(egui::Button::new(egui::RichText::new("Title").size(19.0)).min_size(egui::vec2(100.0, 38.0)))
                .clicked()
            {
                commands.write(Command::ToTitle);
            }
        });
    });
}

fn leave_dialog(ctx: &egui::Context, hud: &mut HudState, commands: &mut MessageWriter<Command>) {
    egui::Modal::new(egui::Id::new("leave")).show(ctx, |ui| {
        ui.set_width(320.0);
        ui.heading("Leave this match?");
        ui.label("The match will be lost.");
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Leave").clicked() {
                hud.confirm_leave = false;
                commands.write(Command::ToTitle);
            }
            if ui.button("Keep playing").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                hud.confirm_leave = false;
            }
        });
    });
}

fn rules_window(ctx: &egui::Context, hud: &mut HudState) {
    let mut open = hud.show_rules;
    egui::Window::new("How to play")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(460.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label("One player is Chaos, the other Order. The bag holds 7 counters of each of 7 colours (5 of 5 on the small board).");
            ui.label("Chaos draws a counter at random and places it on any empty cell.");
            ui.label("Order may then slide any one counter along its row or column, over empty cells, like a rook — or pass.");
            ui.label("When the board is full, Order scores every run of two or more counters that reads the same both ways, in every row and column: each run scores its length. Runs may overlap.");
            ui.label(muted("AA = 2 · ABA = 3 · AAA = 2 + 2 + 3 = 7 · ABBA = 2 + 4 = 6 · ABCBA = 3 + 5 = 8"));
            ui.label("Then the players swap roles. The higher Order score wins the match.");
            ui.label(muted("About 75 is an average score on 7×7; 100 is good; 120 and more is expert play."));
        });
    hud.show_rules = open;
}
