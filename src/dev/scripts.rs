//! The scripts, step by step.

use entropy_ai::Level;
use entropy_rules::Size;

use super::Shown;
use super::Step::{self, *};
use super::carreno::CarrenoStep;
use super::measure::{Bucket, Place};
use crate::app::prefs::ColourMarks;
use crate::carreno::CarrenoScreen;
use crate::carreno::{CarrenoCommand, CarrenoOpponent, CarrenoSetup, SideChoice};
use crate::solomon::game::SolomonCommand;
use crate::solomon::match_setup::Opponent;
use crate::solomon::screen::SolomonScreen;
use crate::ui::navigation::LastDevice;
use crate::ui::navigation::Nav;
use crate::ui::overlays::{Overlay, OverlayCommand};

/// The script named `name`, and whether it runs on fixed 50 ms frames.
pub fn named(name: &str) -> Option<(Vec<Step>, bool)> {
    Some(match name {
        "tour" => (tour(), true),
        "tour-large" => (tour_large(), true),
        "resized" => (resized(), true),
        "record" => (record(["record", "record_setup"]), true),
        "record-small" => (record(["record_800x600", "record_setup_800x600"]), true),
        "pointer" => (pointer(), false),
        "measure" => (measure(), false),
        "crash-play" => (crash_play(), true),
        "crash-continue" => (crash_continue(), true),
        "crash-count" => (crash_count(), true),
        "carreno" => (carreno(), true),
        "simultaneous" => (
            simultaneous([
                "simultaneous_setup",
                "simultaneous_playing",
                "simultaneous_count",
                "simultaneous_over",
                "simultaneous_replay",
                "simultaneous_history",
            ]),
            true,
        ),
        "simultaneous-large" => (
            simultaneous([
                "simultaneous_setup_large",
                "simultaneous_playing_large",
                "simultaneous_count_large",
                "simultaneous_over_large",
                "simultaneous_replay_large",
                "simultaneous_history_large",
            ]),
            true,
        ),
        "simultaneous-pointer" => (simultaneous_pointer(), false),
        "tournament" => (tournament(["tournament_setup", "tournament_flag"]), true),
        "tournament-large" => (tournament(["tournament_setup_large", "tournament_flag_large"]), true),
        "online" => (online(ONLINE_SHOTS), true),
        "online-large" => (online(ONLINE_SHOTS_LARGE), true),
        "online-small" => (online(ONLINE_SHOTS_SMALL), true),
        _ => return None,
    })
}

/// Every screen a player meets, shot at 1280×720.
fn tour() -> Vec<Step> {
    vec![
        Frames(110),
        Shot("title"),
        Do(SolomonCommand::OpenSetup),
        Screen(SolomonScreen::Setup.into()),
        Key(Nav::Up),
        Frames(6),
        Shot("setup"),
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Speed(60.0),
        Play(22),
        Speed(1.0),
        Pick,
        Frames(8),
        Shot("playing"),
        Speed(60.0),
        PlayToChaos(30),
        Speed(1.0),
        Frames(12),
        Shot("chaos_turn"),
        Marks(ColourMarks::Symbols),
        Frames(6),
        Shot("symbols"),
        Marks(ColourMarks::Off),
        Overlay(OverlayCommand::Open(Overlay::Pause)),
        Frames(8),
        Shot("pause"),
        Overlay(OverlayCommand::Open(Overlay::Settings)),
        Frames(8),
        Shot("settings"),
        Overlay(OverlayCommand::CloseAll),
        Speed(60.0),
        Play(usize::MAX),
        Speed(1.0),
        CountBeats(12),
        Shot("count"),
        Speed(60.0),
        Screen(SolomonScreen::RoundOver.into()),
        Speed(1.0),
        Frames(8),
        Shot("round_over"),
        Do(SolomonCommand::NextRound),
        Screen(SolomonScreen::Playing.into()),
        Speed(60.0),
        Play(usize::MAX),
        Screen(SolomonScreen::MatchOver.into()),
        Speed(1.0),
        Frames(10),
        Shot("match_over"),
        Do(SolomonCommand::ToTitle),
        Screen(Shown::Title),
        Overlay(OverlayCommand::Open(Overlay::Rules)),
        RulesPage(1),
        Frames(30),
        Shot("rules"),
        Overlay(OverlayCommand::CloseAll),
        Do(SolomonCommand::StartTutorial),
        Screen(SolomonScreen::Playing.into()),
        Frames(30),
        Shot("tutorial"),
        Do(SolomonCommand::ToTitle),
        Screen(Shown::Title),
        Do(SolomonCommand::OpenHistory),
        Screen(SolomonScreen::History.into()),
        Frames(8),
        Shot("history"),
        Key(Nav::Confirm),
        Frames(2),
        Key(Nav::Down),
        Key(Nav::Confirm),
        Screen(SolomonScreen::Replay.into()),
        ReviewDone,
        Key(Nav::Right),
        Frames(40),
        Key(Nav::Right),
        Frames(40),
        Shot("replay"),
        Frames(10),
        Exit,
    ]
}

/// The screens that change most with the window's size, at 1920×1080.
fn tour_large() -> Vec<Step> {
    vec![
        Frames(110),
        Shot("title_large"),
        Do(SolomonCommand::OpenSetup),
        Screen(SolomonScreen::Setup.into()),
        Frames(6),
        Shot("setup_large"),
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Speed(60.0),
        PlayToChaos(30),
        Speed(1.0),
        Marks(ColourMarks::Symbols),
        Frames(12),
        Shot("symbols_large"),
        Marks(ColourMarks::Off),
        Speed(60.0),
        Play(usize::MAX),
        Speed(1.0),
        CountBeats(12),
        Shot("count_large"),
        Do(SolomonCommand::ToTitle),
        Screen(Shown::Title),
        Overlay(OverlayCommand::Open(Overlay::Rules)),
        RulesPage(1),
        Frames(30),
        Shot("rules_large"),
        Overlay(OverlayCommand::CloseAll),
        Do(SolomonCommand::StartTutorial),
        Screen(SolomonScreen::Playing.into()),
        Frames(30),
        Shot("tutorial_large"),
        Frames(10),
        Exit,
    ]
}

/// The simultaneous match against the computer: its setup, both boards in
/// play, the count, the result, its replay with the computer's review, and
/// the History listing it.
fn simultaneous([setup, playing, count, over, replay, history]: [&'static str; 6]) -> Vec<Step> {
    use super::simultaneous::SimStep;
    use crate::simultaneous::replay::SimReplayCommand;
    use crate::simultaneous::{SimCommand, SimOpponent, SimScreen, SimSetup};
    vec![
        Frames(60),
        Step::Simultaneous(SimStep::Setup(SimSetup {
            opponent: SimOpponent::Computer(Level::Medium),
            size: Size::Seven,
        })),
        Step::Simultaneous(SimStep::Do(SimCommand::OpenSetup)),
        Screen(SimScreen::Setup.into()),
        Frames(8),
        Shot(setup),
        Step::Simultaneous(SimStep::Do(SimCommand::Start)),
        Screen(SimScreen::Playing.into()),
        Speed(60.0),
        Step::Simultaneous(SimStep::Play(18)),
        Speed(1.0),
        Frames(12),
        Shot(playing),
        Speed(60.0),
        Step::Simultaneous(SimStep::Play(usize::MAX)),
        Speed(1.0),
        Frames(30),
        Shot(count),
        Speed(60.0),
        Screen(SimScreen::Over.into()),
        Speed(1.0),
        Frames(12),
        Shot(over),
        Step::Simultaneous(SimStep::Do(SimCommand::Review)),
        Screen(SimScreen::Replay.into()),
        ReviewDone,
        Step::Simultaneous(SimStep::Replay(SimReplayCommand::Goto(41))),
        Frames(20),
        Shot(replay),
        Do(SolomonCommand::OpenHistory),
        Screen(SolomonScreen::History.into()),
        Frames(12),
        Shot(history),
        Frames(10),
        Exit,
    ]
}

/// A hot-seat simultaneous match on 5×5, for a real pointer: where Cc of
/// player 2's board and Bb of player 1's are, then a wait for player 1's
/// counter on the first (placed as Chaos on the other's board) and player
/// 2's on the second.
fn simultaneous_pointer() -> Vec<Step> {
    use super::simultaneous::SimStep;
    use crate::simultaneous::{SimCommand, SimOpponent, SimScreen, SimSetup};
    use entropy_rules::Player;
    const TARGETS: &[(Player, &str)] = &[(Player::Two, "Cc"), (Player::One, "Bb")];
    vec![
        Step::Simultaneous(SimStep::Setup(SimSetup {
            opponent: SimOpponent::Person,
            size: Size::Five,
        })),
        Step::Simultaneous(SimStep::Do(SimCommand::Start)),
        Screen(SimScreen::Playing.into()),
        Frames(20),
        Step::Simultaneous(SimStep::Announce(TARGETS)),
        Step::Simultaneous(SimStep::AwaitPlacements(TARGETS, 6000)),
        Exit,
    ]
}

/// A tournament match against the computer: its setup, then the
/// computer's flag fallen and the rules filling its counters from the
/// top-left while the person plays on, shot under `names`.
fn tournament([setup, flag]: [&'static str; 2]) -> Vec<Step> {
    vec![
        Frames(60),
        Tournament(Opponent::Computer(Level::Medium)),
        Do(SolomonCommand::OpenSetup),
        Screen(SolomonScreen::Setup.into()),
        Frames(8),
        Shot(setup),
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Speed(60.0),
        Play(6),
        ClockLeft(1, 1),
        Play(20),
        Speed(1.0),
        Frames(12),
        Shot(flag),
        Frames(10),
        Exit,
    ]
}

/// A round in progress, for a window of another size than the default.
fn resized() -> Vec<Step> {
    vec![
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Speed(60.0),
        Play(30),
        Speed(1.0),
        Frames(8),
        Shot("resized"),
        Frames(10),
        Exit,
    ]
}

/// The Record screen (of a history put in the data folder beforehand),
/// then the setup against the computer with the player's strength.
fn record(shots: [&'static str; 2]) -> Vec<Step> {
    vec![
        Frames(10),
        Do(SolomonCommand::OpenRecord),
        Screen(SolomonScreen::Record.into()),
        Frames(10),
        Shot(shots[0]),
        Versus(Opponent::Computer(Level::Hard)),
        Do(SolomonCommand::OpenSetup),
        Screen(SolomonScreen::Setup.into()),
        Frames(10),
        Shot(shots[1]),
        Frames(10),
        Exit,
    ]
}

/// Waits on Chaos's first turn for a real pointer to place a counter.
fn pointer() -> Vec<Step> {
    vec![
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Frames(20),
        Announce(Size::default().centre()),
        AwaitPlacement(3000),
        Exit,
    ]
}

/// Plays some moves, writes the board, and waits to be killed.
fn crash_play() -> Vec<Step> {
    vec![
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Speed(60.0),
        Play(9),
        Speed(1.0),
        Frames(4),
        WriteBoard,
        Frames(u32::MAX),
    ]
}

/// Plays a whole match to the count of its last round, writes the board
/// while the count goes on (all but stopped), and waits to be killed.
fn crash_count() -> Vec<Step> {
    let mut steps = vec![
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Speed(60.0),
    ];
    steps.extend(to_the_last_count());
    steps.extend([Speed(0.01), CountBeats(1), WriteBoard, Frames(u32::MAX)]);
    steps
}

/// From round 1 under way to the last counter of round 2 placed: the
/// round played out, round 2 started and played out.
fn to_the_last_count() -> [Step; 5] {
    [
        Play(usize::MAX),
        Screen(SolomonScreen::RoundOver.into()),
        Do(SolomonCommand::NextRound),
        Screen(SolomonScreen::Playing.into()),
        Play(usize::MAX),
    ]
}

/// Continues the saved match and writes its board.
fn crash_continue() -> Vec<Step> {
    vec![
        Frames(4),
        Do(SolomonCommand::Continue),
        Screen(SolomonScreen::Playing.into()),
        Frames(4),
        WriteBoard,
        Exit,
    ]
}

/// How long the measurements let what moves come to rest before a still spell.
const SETTLE: std::time::Duration = std::time::Duration::from_secs(2);

fn measure() -> Vec<Step> {
    vec![
        Frames(60),
        Quiet(SETTLE),
        Still(Place::Title),
        Do(SolomonCommand::OpenSetup),
        Screen(SolomonScreen::Setup.into()),
        Frames(30),
        Quiet(SETTLE),
        Still(Place::Menu),
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Speed(60.0),
        Play(20),
        Speed(1.0),
        Frames(30),
        Quiet(SETTLE),
        Still(Place::Match),
        Overlay(OverlayCommand::Open(Overlay::Pause)),
        Frames(30),
        Quiet(SETTLE),
        Still(Place::Paused),
        Overlay(OverlayCommand::CloseAll),
        Frames(30),
        Measure(Bucket::Idle),
        Frames(300),
        Measure(Bucket::Slides),
        Play(44),
        Measure(Bucket::None),
        Speed(60.0),
        Play(48),
        Speed(1.0),
        Measure(Bucket::Count),
        Play(usize::MAX),
        Screen(SolomonScreen::RoundOver.into()),
        Measure(Bucket::None),
        Speed(60.0),
        Do(SolomonCommand::NextRound),
        Screen(SolomonScreen::Playing.into()),
        Play(usize::MAX),
        Screen(SolomonScreen::MatchOver.into()),
        Frames(30),
        Speed(1.0),
        TimeSaves,
        Greedily(true),
        Versus(Opponent::Computer(Level::Hard)),
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Measure(Bucket::ThinkingHard),
        Play(48),
        CountSearch(0),
        Measure(Bucket::None),
        Do(SolomonCommand::StartMatch),
        Screen(SolomonScreen::Playing.into()),
        Measure(Bucket::ThinkingStill),
        Play(48),
        CountSearch(1),
        Measure(Bucket::None),
        Report,
        Exit,
    ]
}

/// Carreno's game: the setup, a game at a shared screen with O in check and
/// a piece picked up (its destinations marked), How to play, and the result
/// of the game played to its end.
fn carreno() -> Vec<Step> {
    let shared = CarrenoSetup {
        opponent: CarrenoOpponent::Person,
        side: SideChoice::O,
    };
    vec![
        Frames(60),
        // A player at the keyboard (once the window has seen the pointer):
        // the pointer resting over a menu no longer moves its focus.
        Device(LastDevice::Keyboard),
        Frames(2),
        Shot("carreno_title"),
        Carreno(CarrenoStep::Do(CarrenoCommand::OpenSetup)),
        Screen(CarrenoScreen::Setup.into()),
        Frames(12),
        Shot("carreno_setup"),
        Carreno(CarrenoStep::Setup(shared)),
        Carreno(CarrenoStep::Do(CarrenoCommand::Start)),
        Screen(CarrenoScreen::Playing.into()),
        Frames(8),
        // O's c1-c3 leaves c3 touching nothing; S's e4-e3 keeps away: O is in check.
        Carreno(CarrenoStep::Moves(&["c1-c3", "e4-e3"])),
        Carreno(CarrenoStep::Select("d1")),
        Frames(10),
        Shot("carreno_playing"),
        Overlay(OverlayCommand::Open(Overlay::Rules)),
        Carreno(CarrenoStep::RulesPage(1)),
        Frames(10),
        Shot("carreno_rules"),
        Overlay(OverlayCommand::CloseAll),
        Speed(20.0),
        Carreno(CarrenoStep::ToEnd),
        Screen(CarrenoScreen::Over.into()),
        Speed(1.0),
        Frames(12),
        Shot("carreno_result"),
        Frames(4),
        Exit,
    ]
}

/// The online screens' shots, in the order [`online`] takes them.
const ONLINE_SHOTS: [&str; 14] = [
    "online_sign_in",
    "online_hosting",
    "online_keyboard",
    "online_lobby",
    "online_playing",
    "online_pause",
    "online_over",
    "online_takeback",
    "online_simultaneous",
    "online_watching",
    "online_my_games",
    "online_title",
    "online_lost",
    "online_lost_seeks",
];

/// The same at 1920×1080.
const ONLINE_SHOTS_LARGE: [&str; 14] = [
    "online_sign_in_large",
    "online_hosting_large",
    "online_keyboard_large",
    "online_lobby_large",
    "online_playing_large",
    "online_pause_large",
    "online_over_large",
    "online_takeback_large",
    "online_simultaneous_large",
    "online_watching_large",
    "online_my_games_large",
    "online_title_large",
    "online_lost_large",
    "online_lost_seeks_large",
];

/// The same at 800×600.
const ONLINE_SHOTS_SMALL: [&str; 14] = [
    "online_sign_in_small",
    "online_hosting_small",
    "online_keyboard_small",
    "online_lobby_small",
    "online_playing_small",
    "online_pause_small",
    "online_over_small",
    "online_takeback_small",
    "online_simultaneous_small",
    "online_watching_small",
    "online_my_games_small",
    "online_title_small",
    "online_lost_small",
    "online_lost_seeks_small",
];

/// Online play through a server of the script's own, with bots: the
/// sign-in form, the server hosted here, the on-screen keyboard, the lobby
/// (seeks, a challenge, the players online with their ratings), a rated
/// match on the board with a spectator, its pause menu, its result with
/// the ratings' change and a rematch offered, a takeback asked in a
/// simultaneous match and that match, a game between bots watched, My
/// games, the title saying a move is waited for, and the connection lost,
/// in a game and in the lobby.
fn online(
    [
        sign_in,
        hosting,
        keyboard,
        lobby,
        playing,
        pause,
        over,
        takeback,
        simultaneous,
        watching,
        my_games,
        title,
        lost,
        lost_seeks,
    ]: [&'static str; 14],
) -> Vec<Step> {
    use super::online::{OnlineStep as O, Wait};
    use crate::online::OnlineScreen;
    use crate::online::table::GameAction;
    use crate::simultaneous::SimScreen;
    use entropy_client::bot::Behaviour;
    use entropy_protocol::{Format, GameOptions, Speed};
    let options = |size, format, speed, rated| GameOptions {
        size,
        format,
        speed,
        rated,
    };
    let live = |minutes: u32| Speed::Live { seconds: minutes * 60 };
    let bea = Behaviour {
        seek: Some(options(7, Format::Match, live(10), true)),
        games: 2,
        rematch: true,
        ..Behaviour::default()
    };
    let cy = Behaviour {
        seek: Some(options(5, Format::Simultaneous, live(10), false)),
        takebacks_after: vec![3],
        ..Behaviour::default()
    };
    let dot = Behaviour {
        seek: Some(options(5, Format::Match, Speed::Correspondence { days: 3 }, false)),
        ..Behaviour::default()
    };
    let eve = Behaviour {
        challenge: Some((
            "Ada".into(),
            options(7, Format::Simultaneous, Speed::Correspondence { days: 1 }, false),
        )),
        ..Behaviour::default()
    };
    let pace = std::time::Duration::from_millis(700);
    let fay = Behaviour {
        seek: Some(options(5, Format::Match, live(5), false)),
        pace,
        ..Behaviour::default()
    };
    let gus = Behaviour {
        accept_from: Some("Fay".into()),
        pace,
        ..Behaviour::default()
    };
    let online = Step::Online;
    vec![
        Frames(30),
        online(O::Serve),
        online(O::Bot("Bea", bea)),
        online(O::Bot("Cy", cy)),
        online(O::Bot("Dot", dot)),
        online(O::Form("Ada")),
        online(O::To(OnlineScreen::SignIn)),
        Screen(OnlineScreen::SignIn.into()),
        Frames(20),
        Shot(sign_in),
        online(O::Host),
        online(O::Until(Wait::Hosting)),
        Frames(20),
        Shot(hosting),
        online(O::Form("Ada")),
        Device(LastDevice::Gamepad),
        online(O::Keyboard),
        Frames(20),
        Shot(keyboard),
        Key(Nav::Pause),
        Device(LastDevice::Mouse),
        online(O::Register),
        Screen(OnlineScreen::Lobby.into()),
        // A challenge, once Ada is there to be challenged.
        online(O::Bot("Eve", eve)),
        online(O::Until(Wait::Lobby {
            seeks: 3,
            challenges: 1,
            games: 0,
        })),
        Frames(20),
        Shot(lobby),
        // A correspondence game begun and left for later.
        online(O::Accept("Dot")),
        Screen(SolomonScreen::Playing.into()),
        online(O::Play(4)),
        online(O::Act(GameAction::Lobby)),
        Screen(OnlineScreen::Lobby.into()),
        // A rated match, watched by someone, to its result.
        online(O::Accept("Bea")),
        Screen(SolomonScreen::Playing.into()),
        online(O::Play(40)),
        online(O::Spectate),
        online(O::Until(Wait::Watched)),
        Frames(20),
        Shot(playing),
        Overlay(OverlayCommand::Open(crate::ui::overlays::Overlay::Pause)),
        Frames(12),
        Shot(pause),
        Overlay(OverlayCommand::Close),
        Speed(60.0),
        online(O::Play(usize::MAX)),
        Screen(SolomonScreen::MatchOver.into()),
        Speed(1.0),
        online(O::Until(Wait::Rated)),
        online(O::Until(Wait::RematchOffered)),
        Frames(20),
        Shot(over),
        Do(SolomonCommand::ToLobby),
        Screen(OnlineScreen::Lobby.into()),
        // A simultaneous match: the bot asks for a takeback, allowed.
        online(O::Accept("Cy")),
        Screen(SimScreen::Playing.into()),
        online(O::PlayUntil(Wait::TakebackAsked)),
        Frames(20),
        Shot(takeback),
        online(O::Act(GameAction::AcceptTakeback)),
        online(O::Play(30)),
        Frames(20),
        Shot(simultaneous),
        online(O::Act(GameAction::Lobby)),
        Screen(OnlineScreen::Lobby.into()),
        // Two bots play each other: watched.
        online(O::Bot("Fay", fay)),
        online(O::Bot("Gus", gus)),
        online(O::Watch("Fay")),
        Screen(SolomonScreen::Playing.into()),
        online(O::Until(Wait::Steps(14))),
        Frames(30),
        Shot(watching),
        online(O::Act(GameAction::Lobby)),
        Screen(OnlineScreen::Lobby.into()),
        online(O::To(OnlineScreen::Games)),
        Screen(OnlineScreen::Games.into()),
        Frames(20),
        Shot(my_games),
        online(O::Title),
        Screen(Shown::Title),
        Frames(30),
        Shot(title),
        // The simultaneous match taken up again, and the server gone.
        online(O::To(OnlineScreen::Lobby)),
        Screen(OnlineScreen::Lobby.into()),
        online(O::TakeUp("Cy")),
        Screen(SimScreen::Playing.into()),
        Frames(20),
        online(O::KillServer),
        online(O::Until(Wait::Lost)),
        Frames(10),
        Shot(lost),
        // The lobby while the server is gone.
        online(O::Act(GameAction::Lobby)),
        Screen(OnlineScreen::Lobby.into()),
        Frames(20),
        Shot(lost_seeks),
        Frames(10),
        Exit,
    ]
}
