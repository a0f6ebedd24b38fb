//! `entropy-cli show` and `entropy-cli review`: a match file read back and
//! replayed, its boards and scores shown, every move judged in a table and
//! the rounds drawn as a graph of expected final scores (SVG, written by
//! hand: a few lines and labels need no library).

use std::fmt::Write as _;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use entropy_ai::{Mark, MatchReview, RoundReview};
use entropy_rules::text::escaped;
use entropy_rules::{
    AnyMatchFile, Board, Ending, FlagFall, Match, MatchFile, MatchTags, Move, Player, Round, SimultaneousFile,
    SimultaneousMatch, Size, TimeControl, Turn, TurnClocks,
};

use crate::input::read_text;

/// Reads and parses a match file, within [`MatchFile::BOUNDS`] whatever
/// the file holds; the error names the file and the line.
pub fn read(path: &Path) -> Result<MatchFile, String> {
    let text = read_file(path)?;
    MatchFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads and parses a match file of either kind (two rounds or
/// simultaneous), as [`read`] does.
pub fn read_any(path: &Path) -> Result<AnyMatchFile, String> {
    let text = read_file(path)?;
    AnyMatchFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The text of the file at `path`, within [`MatchFile::BOUNDS`]; the
/// error names the file.
pub fn read_file(path: &Path) -> Result<String, String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let file = File::open(path).map_err(|e| at(&e))?;
    read_text(BufReader::new(file), MatchFile::BOUNDS).map_err(|e| at(&e))
}

/// `player 1 (Ann)`, or `player 1` when the file names nobody. The name
/// is [`escaped`], as is all free text of a file printed: a file may hold
/// any characters in its tags.
pub fn player_name(file: &MatchFile, player: Player) -> String {
    name_in(&file.tags, player)
}

/// [`player_name`] from the tags.
fn name_in(tags: &MatchTags, player: Player) -> String {
    let number = player.index() + 1;
    match tags.players[player.index()].name.as_str() {
        "" => format!("player {number}"),
        name => format!("player {number} ({})", escaped(name)),
    }
}

/// The move in CodeCup notation: `3Dc` for a placement, `DcDf` or `pass`.
pub fn notation(mv: Move) -> String {
    match mv {
        Move::Place(placement) => placement.to_string(),
        Move::Order(order) => order.to_string(),
    }
}

/// Who played, when, the ending and the totals.
fn heading(file: &MatchFile, game: &Match) -> String {
    let mut out = people(&file.tags);
    let [one, two] = game.totals();
    let ending = Ending::of(game);
    let _ = writeln!(out, "{} board; {ending}; totals {one}-{two}", game.size());
    out
}

/// The players with their kinds, and the date.
fn people(tags: &MatchTags) -> String {
    let mut out = String::new();
    for player in Player::BOTH {
        let kind = &tags.players[player.index()].kind;
        let kind = if kind.is_empty() {
            String::new()
        } else {
            format!(", {}", escaped(kind))
        };
        let _ = writeln!(out, "{}{kind}", name_in(tags, player));
    }
    if !tags.date.is_empty() {
        let _ = writeln!(out, "played {}", escaped(&tags.date));
    }
    out
}

/// The time control and the flags fallen, a line each (nothing without them).
fn tournament(tags: &MatchTags, time_control: Option<TimeControl>, flags: &[FlagFall], rounds: bool) -> String {
    let mut out = String::new();
    if let Some(tc) = time_control {
        let seconds = tc.secs();
        let minutes = if seconds % 60 == 0 {
            format!("{} min", seconds / 60)
        } else {
            format!("{}:{:02} min", seconds / 60, seconds % 60)
        };
        let _ = writeln!(out, "time control: {minutes} a player for the match ({seconds} s)");
    }
    for flag in flags {
        let point = match (rounds, flag.after_placement()) {
            (true, _) => format!("round {}, {}", flag.round + 1, flag.point()),
            (false, false) => format!("before their placement of turn {}", flag.turn()),
            (false, true) => format!("after their placement of turn {}, before their Order move", flag.turn()),
        };
        let _ = writeln!(
            out,
            "{} ran out of time: {point}; the rules played their moves from there",
            name_in(tags, flag.player)
        );
    }
    out
}

/// Each turn with the clocks after its moves, when the round or board has
/// any; `chaos` and `order` name who placed and who moved.
fn clock_lines(turns: &[Turn], clocks: &[TurnClocks], chaos: &str, order: &str) -> String {
    let mut out = String::new();
    if clocks.iter().all(TurnClocks::is_empty) {
        return out;
    }
    let _ = writeln!(out, "Time left after each move ({chaos} places, {order} moves):");
    for (i, turn) in turns.iter().enumerate() {
        let c = clocks.get(i).copied().unwrap_or_default();
        let clock = |left: Option<entropy_rules::TimeLeft>| left.map_or("-".to_string(), |l| l.to_string());
        let placement = format!("{} {}", turn.placement, clock(c.placement));
        let reply = turn.reply.map_or(String::new(), |r| {
            format!("{} {}", r.notation(turn.placement.cell), clock(c.reply))
        });
        let _ = writeln!(out, "{:>4}. {placement:<16} {reply}", i + 1);
    }
    // No trailing blanks on a last turn without a reply.
    out.lines().map(|l| format!("{}\n", l.trim_end())).collect()
}

/// A round's or board's state: its score, final or so far.
fn state(round: &Round) -> String {
    if round.is_finished() {
        format!("score {}", round.score())
    } else {
        format!("unfinished, {} so far", round.score())
    }
}

/// The board with its row letters and column letters, as the notation names cells.
fn labelled(board: &Board) -> String {
    let n = board.size().n();
    let columns: Vec<String> = (0..n).map(|c| char::from(b'a' + c as u8).to_string()).collect();
    let mut out = format!("   {}\n", columns.join(" "));
    for (r, row) in board.to_string().lines().enumerate() {
        let cells: Vec<String> = row.chars().map(String::from).collect();
        let _ = writeln!(out, "{}  {}", char::from(b'A' + r as u8), cells.join(" "));
    }
    out
}

/// `entropy-cli show`: the heading (with the time control and the flags
/// fallen, if any), then each round's board as it ended (or stands) with
/// its score, and the clock after each move when the file has them.
pub fn show(file: &MatchFile, game: &Match) -> String {
    let mut out = heading(file, game);
    let record = &file.record;
    out.push_str(&tournament(&file.tags, record.time_control, &record.flags, true));
    for (index, round) in game.rounds().iter().enumerate() {
        let order = player_name(file, game.order_player(index));
        let turns = round.turns().len();
        let _ = writeln!(
            out,
            "\nRound {}: {order} is Order; {turns} turns; {}",
            index + 1,
            state(round)
        );
        out.push_str(&labelled(round.board()));
        let chaos = player_name(file, game.order_player(index).other());
        out.push_str(&clock_lines(round.turns(), game.clocks(index), &chaos, &order));
    }
    out
}

/// `entropy-cli show` of a simultaneous match: the heading, then each
/// board as it ended (or stands) with its score, and the clocks.
pub fn show_simultaneous(file: &SimultaneousFile, game: &SimultaneousMatch) -> String {
    let mut out = simultaneous_heading(file, game);
    let record = &file.record;
    out.push_str(&tournament(&file.tags, record.time_control, &record.flags, false));
    for owner in Player::BOTH {
        let board = game.board(owner);
        let order = name_in(&file.tags, owner);
        let chaos = name_in(&file.tags, owner.other());
        let _ = writeln!(
            out,
            "\nBoard {}: {order} is Order, {chaos} places; {} turns; {}",
            owner.index() + 1,
            board.turns().len(),
            state(board)
        );
        out.push_str(&labelled(board.board()));
        out.push_str(&clock_lines(board.turns(), game.clocks(owner), &chaos, &order));
    }
    out
}

/// Who played a simultaneous match, when, the ending and the scores.
fn simultaneous_heading(file: &SimultaneousFile, game: &SimultaneousMatch) -> String {
    let mut out = people(&file.tags);
    let [one, two] = game.scores();
    let _ = writeln!(
        out,
        "simultaneous match on {} boards; {}; scores {one}-{two}",
        game.size(),
        game.ending()
    );
    out
}

/// `entropy-cli show` of either kind of file, replayed.
pub fn show_any(file: &AnyMatchFile) -> Result<String, String> {
    match file {
        AnyMatchFile::Rounds(file) => {
            let game = file.replay().map_err(|e| e.to_string())?;
            Ok(show(file, &game))
        }
        AnyMatchFile::Simultaneous(file) => {
            let game = file.replay().map_err(|e| e.to_string())?;
            Ok(show_simultaneous(file, &game))
        }
    }
}

/// `entropy-cli review`: for each round a table of every move (turn, who,
/// the move played, the best move, the expected final score after each,
/// the cost and the mark), then each player's summary.
pub fn table(file: &MatchFile, game: &Match, review: &MatchReview) -> String {
    heading(file, game) + &moves_table(&file.tags, review, Part::Round)
}

/// `entropy-cli review` of a simultaneous match: the table of each board
/// (its Order's, where the other player places), then each player's
/// summary over both boards.
pub fn table_simultaneous(file: &SimultaneousFile, game: &SimultaneousMatch, review: &MatchReview) -> String {
    simultaneous_heading(file, game) + &moves_table(&file.tags, review, Part::Board)
}

/// What a review's "round" is: a round of a match, or a board of a simultaneous match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// A round of a match of two rounds.
    Round,
    /// A board of a simultaneous match (by its Order).
    Board,
}

impl Part {
    fn word(self) -> &'static str {
        match self {
            Part::Round => "Round",
            Part::Board => "Board",
        }
    }
}

/// Every judged move, a table per round or board, then the summary.
fn moves_table(tags: &MatchTags, review: &MatchReview, part: Part) -> String {
    let mut out = String::new();
    for (index, round) in review.rounds.iter().enumerate() {
        let score = round
            .score
            .map_or("unfinished".to_string(), |s| format!("final score {s}"));
        let _ = writeln!(
            out,
            "\n{} {}: {} is Order; {score}",
            part.word(),
            index + 1,
            name_in(tags, round.order)
        );
        let row = |cells: [String; 8]| {
            let [turn, who, played, best, expected, if_best, cost, mark] = cells;
            format!("{turn:>4}  {who:<7}  {played:<6}  {best:<6}  {expected:>8}  {if_best:>7}  {cost:>5}  {mark}\n")
        };
        let titles = ["turn", "who", "played", "best", "expected", "if best", "cost", "mark"];
        out.push_str(&row(titles.map(String::from)));
        for m in &round.moves {
            out.push_str(&row([
                m.turn.to_string(),
                format!("{} {}", m.role, m.player.index() + 1),
                notation(m.played),
                notation(m.best),
                format!("{:.1}", m.expected_played),
                format!("{:.1}", m.expected_best),
                format!("{:.1}", m.cost),
                m.mark.to_string(),
            ]));
        }
    }
    out.push_str("\nSummary (points given away by moves worse than the best)\n");
    for player in Player::BOTH {
        let s = &review.players[player.index()];
        let marks: Vec<String> = Mark::ALL
            .iter()
            .map(|&mark| format!("{} {mark}", s.marks[mark as usize]))
            .collect();
        let _ = writeln!(
            out,
            "{}: {:.1} lost as Order, {:.1} given away as Chaos; {}",
            name_in(tags, player),
            s.lost_as_order,
            s.given_as_chaos,
            marks.join(", ")
        );
    }
    out
}

/// Escapes text for SVG.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The graph: for each round, the expected final score after each move,
/// the moves along the x axis (ticks at the turns' placements), a dot at
/// each mistake (its cost in the dot's tooltip), the final score in the legend.
pub fn svg(tags: &MatchTags, size: Size, review: &MatchReview, part: Part) -> String {
    const W: f64 = 800.0;
    const H: f64 = 420.0;
    const LEFT: f64 = 50.0;
    const RIGHT: f64 = 20.0;
    const TOP: f64 = 40.0;
    const BOTTOM: f64 = 60.0;
    const COLOURS: [&str; 2] = ["#1f6fb4", "#d9541e"];
    let moves = 2 * size.cells() - 1;
    let highest = review
        .rounds
        .iter()
        .flat_map(RoundReview::expected)
        .fold(0.0f64, f64::max);
    let top = ((highest / 20.0).floor() + 1.0) * 20.0;
    let x = |i: usize| LEFT + (W - LEFT - RIGHT) * (i as f64 + 1.0) / moves as f64;
    let y = |v: f64| TOP + (H - TOP - BOTTOM) * (1.0 - v / top);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" \
         font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(out, "<rect width=\"{W}\" height=\"{H}\" fill=\"white\"/>");
    let _ = writeln!(
        out,
        "<text x=\"{LEFT}\" y=\"22\" font-size=\"15\">Expected final score of each {} after each move</text>",
        part.word().to_lowercase()
    );
    let mut grid = 0.0;
    while grid <= top {
        let _ = writeln!(
            out,
            "<line x1=\"{LEFT}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{2}\" y=\"{3:.1}\" text-anchor=\"end\">{grid}</text>",
            y(grid),
            W - RIGHT,
            LEFT - 6.0,
            y(grid) + 4.0
        );
        grid += 20.0;
    }
    let base = H - BOTTOM;
    // A tick at the placement of turns 1, 10, 20, …
    let turns = size.cells();
    for turn in std::iter::once(1).chain((10..=turns).step_by(10)) {
        let tx = x(2 * (turn - 1));
        let _ = writeln!(
            out,
            "<line x1=\"{tx:.1}\" y1=\"{base}\" x2=\"{tx:.1}\" y2=\"{0}\" stroke=\"#888\"/>\
             <text x=\"{tx:.1}\" y=\"{1}\" text-anchor=\"middle\">{turn}</text>",
            base + 5.0,
            base + 17.0
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{0}\" y=\"{1:.1}\" text-anchor=\"end\">turn</text>\
         <text x=\"{2:.1}\" y=\"22\" text-anchor=\"end\">● a mistake (cost {3} or more)</text>",
        LEFT - 6.0,
        base + 17.0,
        W - RIGHT,
        Mark::INACCURACY_BELOW
    );
    for (index, round) in review.rounds.iter().enumerate() {
        let colour = COLOURS[index % 2];
        let points: Vec<String> = round
            .expected()
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("{:.1},{:.1}", x(i), y(v)))
            .collect();
        let _ = writeln!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
            points.join(" ")
        );
        for (i, m) in round.moves.iter().enumerate() {
            if m.mark == Mark::Mistake {
                let _ = writeln!(
                    out,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" fill=\"{colour}\" stroke=\"white\"><title>turn {} {}: {} \
                     (best {}), cost {:.1}</title></circle>",
                    x(i),
                    y(m.expected_played),
                    m.turn,
                    m.role,
                    notation(m.played),
                    notation(m.best),
                    m.cost
                );
            }
        }
        let score = round.score.map_or(String::new(), |s| format!(", final score {s}"));
        let label = format!(
            "{} {}: {} is Order{score}",
            part.word(),
            index + 1,
            name_in(tags, round.order)
        );
        let ly = base + 38.0;
        let lx = LEFT + index as f64 * (W - LEFT - RIGHT) / 2.0;
        let _ = writeln!(
            out,
            "<line x1=\"{lx}\" y1=\"{0:.1}\" x2=\"{1}\" y2=\"{0:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <text x=\"{2}\" y=\"{3:.1}\">{4}</text>",
            ly - 4.0,
            lx + 20.0,
            lx + 26.0,
            ly,
            xml(&label)
        );
    }
    out.push_str("</svg>\n");
    out
}
