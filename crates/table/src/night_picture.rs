//! A game night as one picture to share: its date and place, each game with its boxes, start
//! time and final standings, and who won the most games and scored the most points.
//!
//! The picture is built as SVG from the history ([`crate::history`]), so it shows exactly
//! what the history screen does, and rendered to PNG by resvg. Text is drawn with Open Sans
//! (Apache 2.0, `fonts/`), compiled into the program: the picture looks the same on every
//! machine and needs no font installed. Every text that comes from the players (names, the
//! place) is measured with that same font and cut with an ellipsis where it would run past
//! its room, so nothing overflows the card it belongs to.
//!
//! Only finished games that count are shown; voided, abandoned and unfinished games are left
//! out, as the exports leave them out. The words are the picture's own, in English, Dutch or
//! German: the command line has no window to ask for them.
//!
//! Not here: asking where to save (the app) or writing the file ([`crate::save`]).

use crate::highlight::{highlights, Highlight};
use crate::history::{history, GameSummary, NightSummary, SeatResult};
use crate::TableError;
use castellan_engine::TileSet;
use castellan_ledger::{Color, GameId, GameStatus, Ledger, Missing, NightId, RecordKind, RowError};
use chrono::{DateTime, NaiveDate, TimeZone};
use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock};

/// The language of the picture's own words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English.
    En,
    /// Dutch.
    Nl,
    /// German.
    De,
}

impl Language {
    /// The language of a code as the UI and `--lang` name it (`en`, `nl`, `de`).
    pub fn from_code(code: &str) -> Option<Language> {
        match code {
            "en" => Some(Language::En),
            "nl" => Some(Language::Nl),
            "de" => Some(Language::De),
            _ => None,
        }
    }
}

/// A night's picture: its SVG text and size in pixels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NightPicture {
    /// The picture as SVG.
    pub svg: String,
    /// Its width.
    pub width: u32,
    /// Its height, which grows with the games and players.
    pub height: u32,
}

/// The width of every picture: wide enough for a name and a score side by side, narrow
/// enough for a phone's screen.
pub const WIDTH: u32 = 1080;
const MARGIN: f32 = 56.0;
const FAMILY: &str = "Open Sans";

/// The fonts every picture is drawn with, loaded once.
static FONTS: LazyLock<Arc<resvg::usvg::fontdb::Database>> = LazyLock::new(|| {
    let mut fonts = resvg::usvg::fontdb::Database::new();
    fonts.load_font_data(include_bytes!("../fonts/OpenSans-Regular.ttf").to_vec());
    fonts.load_font_data(include_bytes!("../fonts/OpenSans-Bold.ttf").to_vec());
    Arc::new(fonts)
});

fn svg_options() -> resvg::usvg::Options<'static> {
    resvg::usvg::Options { fontdb: Arc::clone(&FONTS), font_family: FAMILY.to_owned(), ..Default::default() }
}

/// The picture of night `night`, its start times in `zone` (the players' own).
///
/// # Errors
/// [`castellan_ledger::RowError::NotFound`] for a night the ledger does not have,
/// [`TableError::NothingToExport`] for a night without a finished game that counts,
/// [`TableError::Stored`] for a game whose stored setup cannot be read, or the ledger fails.
pub fn night_picture<Tz: TimeZone>(
    ledger: &Ledger,
    night: NightId,
    language: Language,
    zone: &Tz,
) -> Result<NightPicture, TableError> {
    let date = ledger.night(night)?.date;
    let wanted = u32::try_from(night.0).ok();
    let summary = history(ledger)?
        .into_iter()
        .find(|n| Some(n.night_id) == wanted)
        .ok_or(RowError::NotFound { what: Missing::Night(night) })?;
    let mut games: Vec<&GameSummary> = summary.games.iter().filter(|g| counts(g)).collect();
    if games.is_empty() {
        return Err(TableError::NothingToExport { night: night.0 });
    }
    // The history lists the latest first; the picture tells the night in the order it went.
    games.reverse();
    let mut starts = Vec::with_capacity(games.len());
    for game in &games {
        let started = DateTime::parse_from_rfc3339(&game.started_at)
            .map_err(|e| TableError::Stored { game: i64::from(game.game_id), detail: format!("start: {e}") })?;
        starts.push(started.with_timezone(zone).naive_local().format("%H:%M").to_string());
    }
    let ids: Vec<GameId> = games.iter().map(|g| GameId(i64::from(g.game_id))).collect();
    let highlights = highlights(ledger, &ids)?;
    Ok(draw(&summary, date, &games, &starts, &highlights, Scope::Night, Words::of(language)))
}

/// The picture of one finished game, `game`: its night's date and place, its standings and
/// what it broke, its start time in `zone`.
///
/// # Errors
/// [`RowError::NotFound`] for a game the ledger does not have, [`TableError::NotExportable`]
/// for a game that is not finished or is voided, [`TableError::Stored`] for a start that
/// cannot be read, or the ledger fails.
pub fn game_picture<Tz: TimeZone>(
    ledger: &Ledger,
    game: u32,
    language: Language,
    zone: &Tz,
) -> Result<NightPicture, TableError> {
    let id = GameId(i64::from(game));
    let night_id = ledger.game(id)?.night;
    let date = ledger.night(night_id)?.date;
    let summary = history(ledger)?
        .into_iter()
        .find(|n| i64::from(n.night_id) == night_id.0)
        .ok_or(RowError::NotFound { what: Missing::Night(night_id) })?;
    let found =
        summary.games.iter().find(|g| g.game_id == game).ok_or(RowError::NotFound { what: Missing::Game(id) })?;
    if !counts(found) {
        return Err(TableError::NotExportable { game: id.0, voided: found.voided_at.is_some() });
    }
    // Numbered as the night's picture numbers it: among the night's games that count, in the
    // order played (the history lists the latest first).
    let number = summary.games.iter().rev().filter(|g| counts(g)).position(|g| g.game_id == game).unwrap_or(0) + 1;
    let started = DateTime::parse_from_rfc3339(&found.started_at)
        .map_err(|e| TableError::Stored { game: i64::from(game), detail: format!("start: {e}") })?;
    let start = started.with_timezone(zone).naive_local().format("%H:%M").to_string();
    let highlights = highlights(ledger, &[id])?;
    Ok(draw(&summary, date, &[found], &[start], &highlights, Scope::Game(number), Words::of(language)))
}

/// Whether a game is one the pictures show: finished and not voided.
fn counts(game: &GameSummary) -> bool {
    game.state == GameStatus::Finished && game.voided_at.is_none()
}

/// Whether a picture tells a whole night or one game of it (with its number in the night).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    Night,
    Game(usize),
}

/// The picture rendered to PNG, at one pixel per SVG unit.
pub fn to_png(picture: &NightPicture) -> Vec<u8> {
    // The SVG is this module's own, its text escaped and stripped of what XML cannot hold;
    // one it cannot read is a bug here, not a problem of the night's.
    let tree = resvg::usvg::Tree::from_str(&picture.svg, &svg_options()).expect("the night's SVG is well-formed");
    let mut pixmap = resvg::tiny_skia::Pixmap::new(picture.width, picture.height).expect("a picture has a size");
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().expect("a pixmap encodes as PNG")
}

/// The file name a save dialog suggests for a night's picture.
pub fn file_name(date: &str) -> String {
    format!("night-{date}.png")
}

/// The picture's own words in one language.
struct Words {
    language: Language,
    kicker: &'static str,
    game_kicker: &'static str,
    game: &'static str,
    night_winner: &'static str,
    most_points: &'static str,
    winner: &'static str,
    end_count_only: &'static str,
}

impl Words {
    fn of(language: Language) -> Words {
        match language {
            Language::En => Words {
                language,
                kicker: "GAME NIGHT",
                game_kicker: "GAME",
                game: "Game",
                night_winner: "Winner of the night",
                most_points: "Most points",
                winner: "winner",
                end_count_only: "end count only: no winner",
            },
            Language::Nl => Words {
                language,
                kicker: "SPELAVOND",
                game_kicker: "SPEL",
                game: "Spel",
                night_winner: "Winnaar van de avond",
                most_points: "Meeste punten",
                winner: "winnaar",
                end_count_only: "alleen eindtelling: geen winnaar",
            },
            Language::De => Words {
                language,
                kicker: "SPIELEABEND",
                game_kicker: "SPIEL",
                game: "Spiel",
                night_winner: "Sieger des Abends",
                most_points: "Meiste Punkte",
                winner: "Sieger",
                end_count_only: "nur Schlusswertung: kein Sieger",
            },
        }
    }

    fn date(&self, date: NaiveDate) -> String {
        let (pattern, locale) = match self.language {
            Language::En => ("%A %-d %B %Y", chrono::Locale::en_GB),
            Language::Nl => ("%A %-d %B %Y", chrono::Locale::nl_NL),
            Language::De => ("%A, %-d. %B %Y", chrono::Locale::de_DE),
        };
        date.format_localized(pattern, locale).to_string()
    }

    fn won(&self, wins: usize, games: usize) -> String {
        match self.language {
            Language::En => format!("{wins} of {games} games won"),
            Language::Nl => format!("{wins} van {games} spellen gewonnen"),
            Language::De => format!("{wins} von {games} Spielen gewonnen"),
        }
    }

    fn total(&self, points: u32) -> String {
        match self.language {
            Language::En => format!("{points} points in all"),
            Language::Nl => format!("{points} punten in totaal"),
            Language::De => format!("{points} Punkte insgesamt"),
        }
    }

    fn and(&self) -> &'static str {
        match self.language {
            Language::En => "and",
            Language::Nl => "en",
            Language::De => "und",
        }
    }

    /// A highlight's label, whose it is, and what it is: `("New record", "Anna", "highest
    /// score 101, was 90")`.
    fn highlight<'a>(&self, highlight: &'a Highlight) -> (&'static str, &'a str, String) {
        use Language::{De, En, Nl};
        let one = |value: f64| match self.language {
            En => format!("{value:.1}"),
            Nl | De => format!("{value:.1}").replace('.', ","),
        };
        match highlight {
            Highlight::Rating { name, before, after } => {
                let label = match self.language {
                    En => "Biggest rating gain",
                    Nl => "Grootste ratingwinst",
                    De => "Größter Wertungsgewinn",
                };
                // In words: Open Sans has no arrow.
                let to = match self.language {
                    En => "to",
                    Nl => "naar",
                    De => "auf",
                };
                (label, name, format!("{} {to} {}", one(*before), one(*after)))
            }
            Highlight::Record { kind, name, value, previous } => {
                let label = match self.language {
                    En => "New record",
                    Nl => "Nieuw record",
                    De => "Neuer Rekord",
                };
                let what = match (kind, self.language) {
                    (RecordKind::HighestScore, En) => "highest score",
                    (RecordKind::HighestScore, Nl) => "hoogste score",
                    (RecordKind::HighestScore, De) => "höchste Punktzahl",
                    (RecordKind::MostFarmPoints, En) => "most farm points",
                    (RecordKind::MostFarmPoints, Nl) => "meeste weidepunten",
                    (RecordKind::MostFarmPoints, De) => "meiste Wiesenpunkte",
                    (RecordKind::BiggestCity, En) => "biggest city (tiles)",
                    (RecordKind::BiggestCity, Nl) => "grootste stad (tegels)",
                    (RecordKind::BiggestCity, De) => "größte Stadt (Plättchen)",
                    (RecordKind::LongestRoad, En) => "longest road (tiles)",
                    (RecordKind::LongestRoad, Nl) => "langste weg (tegels)",
                    (RecordKind::LongestRoad, De) => "längste Straße (Plättchen)",
                    (RecordKind::MostPointsInMove, En) => "most points in one move",
                    (RecordKind::MostPointsInMove, Nl) => "meeste punten in één zet",
                    (RecordKind::MostPointsInMove, De) => "meiste Punkte in einem Zug",
                    (RecordKind::ClosestFinish, En) => "closest win (lead)",
                    (RecordKind::ClosestFinish, Nl) => "kleinste winstmarge",
                    (RecordKind::ClosestFinish, De) => "knappster Sieg (Vorsprung)",
                };
                let was = match self.language {
                    En => "was",
                    Nl => "was",
                    De => "vorher",
                };
                (label, name, format!("{what} {value}, {was} {previous}"))
            }
        }
    }

    /// A box's name as the window shows it in this language.
    fn tile_set(&self, set: TileSet) -> &'static str {
        crate::box_names::box_name(set, self.language)
    }

    /// Names as a sentence lists them: `A`, `A and B`, `A, B and C`.
    fn list(&self, names: &[&str]) -> String {
        match names {
            [] => String::new(),
            [one] => (*one).to_owned(),
            [rest @ .., last] => format!("{} {} {last}", rest.join(", "), self.and()),
        }
    }
}

/// Who won the most of the night's ranked games, and how many; nobody when no game ranked.
fn night_winners<'a>(games: &[&'a GameSummary]) -> (Vec<&'a str>, usize, usize) {
    let ranked: Vec<&&GameSummary> = games.iter().filter(|g| !g.end_count_only).collect();
    let mut wins: BTreeMap<&str, usize> = BTreeMap::new();
    for game in &ranked {
        for seat in game.seats.iter().filter(|s| s.rank == Some(1)) {
            *wins.entry(seat.name.as_str()).or_default() += 1;
        }
    }
    let best = wins.values().copied().max().unwrap_or(0);
    (in_order_of_play(games, |name| wins.get(name) == Some(&best) && best > 0), best, ranked.len())
}

/// Who scored the most points over the night's ranked games, and how many.
fn most_points<'a>(games: &[&'a GameSummary]) -> (Vec<&'a str>, u32) {
    let mut totals: BTreeMap<&str, u32> = BTreeMap::new();
    for game in games.iter().filter(|g| !g.end_count_only) {
        for seat in &game.seats {
            *totals.entry(seat.name.as_str()).or_default() += seat.score.unwrap_or(0);
        }
    }
    let best = totals.values().copied().max().unwrap_or(0);
    (in_order_of_play(games, |name| totals.get(name) == Some(&best) && best > 0), best)
}

/// The names that `keep` picks, each once, in the order they first appear in the night.
fn in_order_of_play<'a>(games: &[&'a GameSummary], keep: impl Fn(&str) -> bool) -> Vec<&'a str> {
    let mut names: Vec<&str> = Vec::new();
    for seat in games.iter().flat_map(|g| &g.seats) {
        if keep(&seat.name) && !names.contains(&seat.name.as_str()) {
            names.push(&seat.name);
        }
    }
    names
}

/// How a text is set: size, weight and colour.
#[derive(Clone, Copy)]
struct Style {
    size: f32,
    bold: bool,
    fill: &'static str,
}

const fn style(size: f32, bold: bool, fill: &'static str) -> Style {
    Style { size, bold, fill }
}

const INK: &str = "#222222";
const SLATE: &str = "#2f4858";
const KICKER: Style = style(24.0, true, "#e9c46a");
const DATE: Style = style(44.0, true, "#ffffff");
const PLACE: Style = style(28.0, false, "#cfe0e8");
const LABEL: Style = style(24.0, false, "#5b5b5b");
const VALUE: Style = style(28.0, true, SLATE);
const TITLE: Style = style(28.0, true, SLATE);
const BOXES: Style = style(22.0, false, "#6b6b6b");
const RANK: Style = style(28.0, true, "#8a8172");
const NAME: Style = style(26.0, false, INK);
const NAME_WON: Style = style(26.0, true, INK);
const SCORE: Style = style(28.0, true, INK);
const MARK: Style = style(20.0, true, "#b7791f");
const FOOTER_TEXT: Style = style(20.0, true, "#a39a88");

const HEADER: f32 = 210.0;
const SUMMARY_LINE: f32 = 52.0;
const CARD_TOP: f32 = 112.0;
const ROW: f32 = 48.0;
const CARD_GAP: f32 = 24.0;
const FOOTER: f32 = 72.0;

/// The room a player's name has in a game's row, between the colour and the winner's mark.
const NAME_ROOM: f32 = WIDTH as f32 - 2.0 * MARGIN - 110.0 - 250.0;

fn draw(
    summary: &NightSummary,
    date: NaiveDate,
    games: &[&GameSummary],
    starts: &[String],
    highlights: &[Highlight],
    scope: Scope,
    words: Words,
) -> NightPicture {
    let first_number = match scope {
        Scope::Night => 1,
        Scope::Game(number) => number,
    };
    let width = WIDTH as f32;
    let inner = width - 2.0 * MARGIN;
    // One game's own card says who won it: the night's lines are for a night.
    let night = matches!(scope, Scope::Night);
    let (winners, wins, ranked) = if night { night_winners(games) } else { (Vec::new(), 0, 0) };
    let (leaders, points) = if night { most_points(games) } else { (Vec::new(), 0) };
    let summary_lines = usize::from(!winners.is_empty()) + usize::from(!leaders.is_empty()) + highlights.len();
    let cards: f32 = games.iter().map(|g| card_height(g)).sum::<f32>() + CARD_GAP * games.len() as f32;
    let top_of_games = HEADER + 36.0 + SUMMARY_LINE * summary_lines as f32 + 12.0;
    let height = (top_of_games + cards + FOOTER).ceil();

    let mut svg = Svg::new(width, height);
    svg.rect([0.0, 0.0, width, height], 0.0, "#f4efe4", None);
    svg.rect([0.0, 0.0, width, HEADER], 0.0, SLATE, None);
    let kicker = if night { words.kicker } else { words.game_kicker };
    svg.text(MARGIN, 72.0, kicker, KICKER, Anchor::Start, inner);
    svg.text(MARGIN, 132.0, &words.date(date), DATE, Anchor::Start, inner);
    if let Some(place) = &summary.place {
        svg.text(MARGIN, 180.0, place, PLACE, Anchor::Start, inner);
    }

    let mut y = HEADER + 36.0 + 28.0;
    let value_x = MARGIN + 320.0;
    let value_room = width - MARGIN - value_x;
    if !winners.is_empty() {
        svg.text(MARGIN, y, words.night_winner, LABEL, Anchor::Start, 310.0);
        let line = summary_line(&words.list(&winners), &words.won(wins, ranked), value_room);
        svg.text(value_x, y, &line, VALUE, Anchor::Start, value_room);
        y += SUMMARY_LINE;
    }
    if !leaders.is_empty() {
        svg.text(MARGIN, y, words.most_points, LABEL, Anchor::Start, 310.0);
        let line = summary_line(&words.list(&leaders), &words.total(points), value_room);
        svg.text(value_x, y, &line, VALUE, Anchor::Start, value_room);
        y += SUMMARY_LINE;
    }
    for highlight in highlights {
        let (label, name, what) = words.highlight(highlight);
        svg.text(MARGIN, y, label, LABEL, Anchor::Start, 310.0);
        svg.text(value_x, y, &summary_line(name, &what, value_room), VALUE, Anchor::Start, value_room);
        y += SUMMARY_LINE;
    }

    let mut top = top_of_games;
    for (number, (game, start)) in games.iter().zip(starts).enumerate() {
        draw_game(&mut svg, top, first_number + number, game, start, &words);
        top += card_height(game) + CARD_GAP;
    }
    svg.text(width - MARGIN, height - 30.0, "Castellan", FOOTER_TEXT, Anchor::End, inner);
    NightPicture { svg: svg.finish(), width: WIDTH, height: height as u32 }
}

/// `names · what`, the names cut where the line would not fit so that what they did stays.
fn summary_line(names: &str, what: &str, room: f32) -> String {
    let what = format!(" · {what}");
    format!("{}{what}", fit(names, VALUE, room - text_width(&what, VALUE)))
}

fn card_height(game: &GameSummary) -> f32 {
    CARD_TOP + ROW * game.seats.len() as f32 + 12.0
}

fn draw_game(svg: &mut Svg, top: f32, number: usize, game: &GameSummary, start: &str, words: &Words) {
    let left = MARGIN;
    let right = WIDTH as f32 - MARGIN;
    let inner = right - left - 48.0;
    svg.rect([left, top, right - left, card_height(game)], 14.0, "#fffdf8", Some("#e0d6c2"));
    let title = format!("{} {number} · {start}", words.game);
    svg.text(left + 24.0, top + 46.0, &title, TITLE, Anchor::Start, inner);
    let boxes: Vec<&str> =
        std::iter::once(TileSet::Base).chain(game.boxes.iter().copied()).map(|set| words.tile_set(set)).collect();
    let note = if game.end_count_only {
        format!("{} — {}", boxes.join(" + "), words.end_count_only)
    } else {
        boxes.join(" + ")
    };
    svg.text(left + 24.0, top + 82.0, &note, BOXES, Anchor::Start, inner);
    for (row, seat) in game.seats.iter().enumerate() {
        let baseline = top + CARD_TOP + ROW * row as f32 + 24.0;
        draw_seat(svg, left, right, baseline, seat, words);
    }
}

fn draw_seat(svg: &mut Svg, left: f32, right: f32, baseline: f32, seat: &SeatResult, words: &Words) {
    let won = seat.rank == Some(1);
    if won {
        svg.rect([left + 12.0, baseline - 33.0, right - left - 24.0, ROW - 4.0], 10.0, "#fbefc9", None);
    }
    if let Some(rank) = seat.rank {
        svg.text(left + 40.0, baseline, &format!("{rank}."), RANK, Anchor::End, 40.0);
    }
    svg.circle(left + 72.0, baseline - 9.0, 12.0, color_hex(seat.color));
    let style = if won { NAME_WON } else { NAME };
    svg.text(left + 100.0, baseline, &seat.name, style, Anchor::Start, NAME_ROOM);
    if won {
        svg.text(right - 150.0, baseline, words.winner, MARK, Anchor::End, 140.0);
    }
    let score = seat.score.map(|s| s.to_string()).unwrap_or_default();
    svg.text(right - 28.0, baseline, &score, SCORE, Anchor::End, 110.0);
}

fn color_hex(color: Color) -> &'static str {
    match color {
        Color::Red => "#d64541",
        Color::Blue => "#2f6fbf",
        Color::Green => "#3f9b4f",
        Color::Yellow => "#f2c230",
        Color::Black => "#2b2b2b",
        Color::Gray => "#9a9a9a",
        Color::Pink => "#e27fb4",
        Color::Purple => "#7e57c2",
    }
}

#[derive(Clone, Copy)]
enum Anchor {
    Start,
    End,
}

/// The SVG text being written.
struct Svg(String);

impl Svg {
    fn new(width: f32, height: f32) -> Svg {
        Svg(format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"{FAMILY}\">\n"
        ))
    }

    /// A rectangle `[x, y, width, height]`.
    fn rect(&mut self, [x, y, w, h]: [f32; 4], radius: f32, fill: &str, stroke: Option<&str>) {
        let stroke = stroke.map(|s| format!(" stroke=\"{s}\" stroke-width=\"2\"")).unwrap_or_default();
        self.0.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"{radius}\" fill=\"{fill}\"{stroke}/>\n"
        ));
    }

    fn circle(&mut self, cx: f32, cy: f32, r: f32, fill: &str) {
        self.0.push_str(&format!(
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\" stroke=\"#00000040\" stroke-width=\"2\"/>\n"
        ));
    }

    /// `text` at `(x, y)`, cut with an ellipsis to fit within `room`.
    fn text(&mut self, x: f32, y: f32, text: &str, style: Style, anchor: Anchor, room: f32) {
        let fitted = fit(text, style, room);
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::End => "end",
        };
        let weight = if style.bold { "700" } else { "400" };
        self.0.push_str(&format!(
            "<text x=\"{x}\" y=\"{y}\" font-size=\"{}\" font-weight=\"{weight}\" fill=\"{}\" \
             text-anchor=\"{anchor}\">{}</text>\n",
            style.size,
            style.fill,
            escaped(&fitted)
        ));
    }

    fn finish(mut self) -> String {
        self.0.push_str("</svg>\n");
        self.0
    }
}

/// `text` made fit for XML: its markup characters escaped and the control characters, which
/// XML cannot hold, left out. Written out because xmlwriter, in the tree already through
/// resvg, escapes neither `&` nor `>` in text.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().filter(|c| !c.is_control()) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// `text` as it fits within `room` pixels in `style`: whole if it does, else as many of its
/// characters as fit with an ellipsis after them.
fn fit(text: &str, style: Style, room: f32) -> String {
    if text_width(text, style) <= room {
        return text.to_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    let cut = |n: usize| format!("{}…", chars[..n].iter().collect::<String>().trim_end());
    // The most characters that fit, found by halving: widths grow with every character added.
    let (mut fits, mut too_many) = (0, chars.len());
    while too_many - fits > 1 {
        let mid = (fits + too_many) / 2;
        if text_width(&cut(mid), style) <= room {
            fits = mid;
        } else {
            too_many = mid;
        }
    }
    cut(fits)
}

/// How far right of its start `text` reaches drawn in `style`: the extent of its glyphs as
/// resvg lays them out, so that measuring and drawing can never disagree.
fn text_width(text: &str, style: Style) -> f32 {
    let weight = if style.bold { "700" } else { "400" };
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><text id=\"t\" x=\"0\" y=\"100\" \
         font-family=\"{FAMILY}\" font-size=\"{}\" font-weight=\"{weight}\">{}</text></svg>",
        style.size,
        escaped(text)
    );
    let Ok(tree) = resvg::usvg::Tree::from_str(&svg, &svg_options()) else { return f32::INFINITY };
    tree.node_by_id("t").map_or(0.0, |node| node.abs_bounding_box().right())
}

/// Night `night`'s picture as PNG, written to `path` whole or not at all: replacing a file
/// there when `replace` (a save dialog asked), else only where there is none.
///
/// # Errors
/// As [`night_picture`], and [`TableError::FileExists`] or [`TableError::NotWritten`] from
/// [`crate::save`]; nothing is written then, and a file at `path` is left as it was.
pub fn save_night_picture<Tz: TimeZone>(
    ledger: &Ledger,
    night: NightId,
    language: Language,
    zone: &Tz,
    path: &std::path::Path,
    replace: bool,
) -> Result<(), TableError> {
    save(&night_picture(ledger, night, language, zone)?, path, replace)
}

/// Game `game`'s picture as PNG, written as [`save_night_picture`] writes a night's.
///
/// # Errors
/// As [`game_picture`], and as [`save_night_picture`] for the file.
pub fn save_game_picture<Tz: TimeZone>(
    ledger: &Ledger,
    game: u32,
    language: Language,
    zone: &Tz,
    path: &std::path::Path,
    replace: bool,
) -> Result<(), TableError> {
    save(&game_picture(ledger, game, language, zone)?, path, replace)
}

/// The file name a save dialog suggests for one game's picture.
pub fn game_file_name(date: &str, game: u32) -> String {
    format!("game-{date}-{game}.png")
}

fn save(picture: &NightPicture, path: &std::path::Path, replace: bool) -> Result<(), TableError> {
    let png = to_png(picture);
    if replace {
        crate::save::replace(path, png)
    } else {
        crate::save::create(path, png)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{now, place, table_at};
    use crate::live::Table;
    use castellan_engine::{GameSetup, Port, Rotation};
    use chrono::{Duration, Utc};

    /// A ledger file with one night at "Utrecht" of three games, 19:30, 20:30 and 21:30 UTC:
    /// `first` closes a two-tile city (4) and `second`'s road stays open (2); then `second`
    /// closes it (4) and `first` scores nothing; then a game of three where `third` closes it
    /// (4), `second` has the road (2) and `first` nothing. The night's most points: `second`, 8.
    fn three_games(dir: &std::path::Path, [first, second, third]: [&str; 3]) -> (Table, NightId) {
        let mut table = table_at(&dir.join("club.sqlite3"));
        let at = |hours| now() + Duration::hours(hours);
        table.start(GameSetup::base(&[first, second]), Some("Utrecht"), at(0)).unwrap();
        table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), at(0)).unwrap();
        table.play(place("V", 1, 0, Rotation::R90, Some(Port::W)), at(0)).unwrap();
        table.finish(Vec::new(), at(0)).unwrap();
        table.start(GameSetup::base(&[first, second]), Some("Utrecht"), at(1)).unwrap();
        table.play(place("V", 1, 0, Rotation::R90, None), at(1)).unwrap();
        table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), at(1)).unwrap();
        table.finish(Vec::new(), at(1)).unwrap();
        table.start(GameSetup::base(&[third, second, first]), Some("Utrecht"), at(2)).unwrap();
        table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), at(2)).unwrap();
        table.play(place("V", 1, 0, Rotation::R90, Some(Port::W)), at(2)).unwrap();
        table.finish(Vec::new(), at(2)).unwrap();
        let night = table.ledger().history().unwrap()[0].night.id;
        (table, night)
    }

    fn decoded(png: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut pixels).expect("the whole PNG decodes");
        pixels.truncate(info.buffer_size());
        (info, pixels)
    }

    /// Every text of the SVG with where resvg draws it.
    fn drawn_texts(svg: &str) -> Vec<(String, resvg::usvg::Rect)> {
        let tree = resvg::usvg::Tree::from_str(svg, &svg_options()).unwrap();
        let mut out = Vec::new();
        fn walk(group: &resvg::usvg::Group, out: &mut Vec<(String, resvg::usvg::Rect)>) {
            for node in group.children() {
                match node {
                    resvg::usvg::Node::Text(text) => {
                        let chars: String = text.chunks().iter().map(|c| c.text()).collect();
                        out.push((chars, text.abs_bounding_box()));
                    }
                    resvg::usvg::Node::Group(g) => walk(g, out),
                    _ => {}
                }
            }
        }
        walk(tree.root(), &mut out);
        out
    }

    #[test]
    fn a_night_of_three_games_is_one_png_naming_every_player_score_and_winner() {
        let dir = tempfile::tempdir().unwrap();
        let (table, night) = three_games(dir.path(), ["Anna", "Bram", "Cas"]);
        let picture = night_picture(table.ledger(), night, Language::En, &Utc).unwrap();
        let svg = &picture.svg;
        for line in ["Friday 20 November 2026", "Utrecht", "Game 1 · 19:30", "Game 2 · 20:30", "Game 3 · 21:30"] {
            assert!(svg.contains(line), "{line} is in the picture");
        }
        let texts: Vec<String> = drawn_texts(svg).into_iter().map(|(text, _)| text).collect();
        for summary in history(table.ledger()).unwrap()[0].games.iter() {
            for seat in &summary.seats {
                assert!(texts.contains(&seat.name), "{} is named", seat.name);
                let score = seat.score.unwrap().to_string();
                assert!(texts.contains(&score), "{}'s {score} is shown", seat.name);
            }
        }
        let winners = texts.iter().filter(|t| *t == "winner").count();
        assert_eq!(winners, 3, "one winner marked in each game");
        assert!(svg.contains("Anna, Bram and Cas · 1 of 3 games won"), "each won one game: {svg}");
        assert!(svg.contains("Bram · 8 points in all"), "2 + 4 + 2");
        assert!(
            svg.contains(">Cas</text>")
                && svg.contains("font-weight=\"700\" fill=\"#222222\" text-anchor=\"start\">Cas<"),
            "the winner's name in bold"
        );

        let png = to_png(&picture);
        let (info, pixels) = decoded(&png);
        assert_eq!((info.width, info.height), (WIDTH, picture.height));
        assert!(picture.height > 700, "three cards of rows: {}", picture.height);
        let colors: std::collections::HashSet<&[u8]> = pixels.chunks(4).collect();
        assert!(colors.len() > 100, "text and cards, antialiased, not a blank sheet: {} colours", colors.len());
        let dark = pixels.chunks(4).filter(|p| p[0] < 80 && p[1] < 80 && p[2] < 80).count();
        assert!(dark > 2_000, "dark text was drawn: {dark} dark pixels");
    }

    #[test]
    fn one_game_is_a_picture_of_its_own_numbered_as_in_its_night() {
        let dir = tempfile::tempdir().unwrap();
        let (mut table, night) = three_games(dir.path(), ["Anna", "Bram", "Cas"]);
        let games = &history(table.ledger()).unwrap()[0].games;
        let third = games[0].game_id;
        let picture = game_picture(table.ledger(), third, Language::En, &Utc).unwrap();
        let svg = &picture.svg;
        for line in ["GAME", "Friday 20 November 2026", "Utrecht", "Game 3 · 21:30"] {
            assert!(svg.contains(line), "{line} is in the picture: {svg}");
        }
        assert!(!svg.contains("GAME NIGHT") && !svg.contains("Winner of the night"), "one game, not the night");
        let texts: Vec<String> = drawn_texts(svg).into_iter().map(|(text, _)| text).collect();
        for seat in &games[0].seats {
            assert!(texts.contains(&seat.name) && texts.contains(&seat.score.unwrap().to_string()), "{}", seat.name);
        }
        assert!(
            !texts.iter().any(|t| t.starts_with("Game 1") || t.starts_with("Game 2")),
            "the other games are not drawn"
        );
        let (info, _) = decoded(&to_png(&picture));
        assert_eq!((info.width, info.height), (WIDTH, picture.height));
        assert!(picture.height < night_picture(table.ledger(), night, Language::En, &Utc).unwrap().height, "one card");

        let first = games[2].game_id;
        crate::history::void_game(&mut table, first, now()).unwrap();
        let refused = game_picture(table.ledger(), first, Language::En, &Utc);
        assert!(matches!(refused, Err(TableError::NotExportable { voided: true, .. })), "{refused:?}");
        let renumbered = game_picture(table.ledger(), third, Language::En, &Utc).unwrap().svg;
        assert!(renumbered.contains("Game 2 · 21:30"), "numbered among the games that count");
        let missing = game_picture(table.ledger(), 999, Language::En, &Utc);
        assert!(
            matches!(missing, Err(TableError::Ledger(castellan_ledger::LedgerError::Row(RowError::NotFound { .. })))),
            "{missing:?}"
        );
    }

    #[test]
    fn a_night_that_broke_a_record_says_so_with_the_biggest_rise_in_rating() {
        let dir = tempfile::tempdir().unwrap();
        let mut table = table_at(&dir.path().join("club.sqlite3"));
        let at = |hours| now() + Duration::hours(hours);
        // The first night: Bram closes the city (4), Anna has nothing: a lead of 4.
        table.start(GameSetup::base(&["Anna", "Bram"]), Some("Utrecht"), at(0)).unwrap();
        table.play(place("V", 1, 0, Rotation::R90, None), at(0)).unwrap();
        table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), at(0)).unwrap();
        table.finish(Vec::new(), at(0)).unwrap();
        // A night later Anna closes it (4) and Bram's road stays open (2): a lead of 2, the
        // closest win yet; the highest score (4) and the biggest city (2 tiles) are only equalled.
        table.start(GameSetup::base(&["Anna", "Bram"]), Some("Utrecht"), at(24)).unwrap();
        table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), at(24)).unwrap();
        table.play(place("V", 1, 0, Rotation::R90, Some(Port::W)), at(24)).unwrap();
        table.finish(Vec::new(), at(24)).unwrap();
        let nights: Vec<NightId> = table.ledger().history().unwrap().iter().map(|n| n.night.id).collect();
        let [later, earlier] = nights[..] else { panic!("two nights: {nights:?}") };

        let svg = night_picture(table.ledger(), later, Language::En, &Utc).unwrap().svg;
        let texts: Vec<String> = drawn_texts(&svg).into_iter().map(|(text, _)| text).collect();
        assert!(texts.contains(&"New record".to_owned()), "{texts:?}");
        assert!(texts.contains(&"Anna · closest win (lead) 2, was 4".to_owned()), "{texts:?}");
        assert_eq!(texts.iter().filter(|t| *t == "New record").count(), 1, "equalled records are not broken");
        let rating = texts.iter().find(|t| t.starts_with("Anna · 2")).expect("Anna's rating rose most");
        let (before, after) = rating.trim_start_matches("Anna · ").split_once(" to ").unwrap();
        assert!(after.parse::<f64>().unwrap() > before.parse::<f64>().unwrap(), "{rating}");
        assert!(texts.contains(&"Biggest rating gain".to_owned()));

        let first = night_picture(table.ledger(), earlier, Language::En, &Utc).unwrap().svg;
        assert!(!first.contains("New record"), "the first night has nothing to break");
        assert!(first.contains(">Biggest rating gain<") && first.contains("Bram · 25.0 to "), "Bram won: {first}");
        let german = night_picture(table.ledger(), later, Language::De, &Utc).unwrap().svg;
        assert!(
            german.contains(">Neuer Rekord<") && german.contains("knappster Sieg (Vorsprung) 2, vorher 4"),
            "{german}"
        );
        assert!(german.contains(">Größter Wertungsgewinn<"), "whole, not cut: {german}");
    }

    #[test]
    fn the_picture_speaks_the_language_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let (table, night) = three_games(dir.path(), ["Anna", "Bram", "Cas"]);
        for (language, words) in [
            (Language::En, ["GAME NIGHT", "Friday 20 November 2026", "Game 1", "Base game"]),
            (Language::Nl, ["SPELAVOND", "vrijdag 20 november 2026", "Spel 1", "Basisspel"]),
            (Language::De, ["SPIELEABEND", "Freitag, 20. November 2026", "Spiel 1", "Grundspiel"]),
        ] {
            let svg = night_picture(table.ledger(), night, language, &Utc).unwrap().svg;
            for word in words {
                assert!(svg.contains(word), "{language:?}: {word}");
            }
        }
        let zone = chrono::FixedOffset::east_opt(3600).unwrap();
        let svg = night_picture(table.ledger(), night, Language::Nl, &zone).unwrap().svg;
        assert!(svg.contains("Spel 1 · 20:30"), "the start in the players' own time");
    }

    #[test]
    fn names_needing_escapes_are_escaped_and_a_long_name_is_cut_within_its_room() {
        let dir = tempfile::tempdir().unwrap();
        // As long as a name may be, in capitals, which are wide.
        let long: String = "WENDELMOED WILHELMINA WOUTERSE-WIJNBERG-MUMM"
            .chars()
            .take(crate::limit::LIMITS.player_name as usize)
            .collect();
        let long = long.as_str();
        let (table, night) = three_games(dir.path(), [long, "<Bob & \"Al\">", "O'Neil"]);
        let picture = night_picture(table.ledger(), night, Language::En, &Utc).unwrap();
        assert!(picture.svg.contains("&lt;Bob &amp; &quot;Al&quot;&gt;"), "{}", picture.svg);
        assert!(picture.svg.contains("O&apos;Neil"));
        assert!(!picture.svg.contains(long), "the long name is cut");
        let texts = drawn_texts(&picture.svg);
        assert!(texts.iter().any(|(t, _)| t == "<Bob & \"Al\">"), "drawn as typed");
        let cut: Vec<&(String, resvg::usvg::Rect)> =
            texts.iter().filter(|(t, _)| t.ends_with('…') && long.starts_with(t.trim_end_matches('…'))).collect();
        assert_eq!(cut.len(), 3, "the long name in each game, in bold where it won: {texts:?}");
        let summary = texts.iter().find_map(|(t, _)| t.strip_suffix("… · 1 of 3 games won"));
        assert!(summary.is_some_and(|name| long.starts_with(name)), "the night's winner cut, the wins kept: {texts:?}");
        for (text, bounds) in &texts {
            assert!(
                bounds.left() >= MARGIN - 1.0 && bounds.right() <= WIDTH as f32 - MARGIN + 1.0,
                "{text} stays inside the margins: {bounds:?}"
            );
        }
        for (text, bounds) in cut {
            assert!(bounds.right() <= MARGIN + 100.0 + NAME_ROOM, "{text} ends before the winner's mark: {bounds:?}");
        }
        decoded(&to_png(&picture));
    }

    #[test]
    fn a_missing_or_empty_or_damaged_night_is_refused_and_no_file_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let (mut table, night) = three_games(dir.path(), ["Anna", "Bram", "Cas"]);
        let out = dir.path().join("night.png");
        let missing = save_night_picture(table.ledger(), NightId(99), Language::En, &Utc, &out, true).unwrap_err();
        assert!(
            matches!(
                missing,
                TableError::Ledger(castellan_ledger::LedgerError::Row(castellan_ledger::RowError::NotFound {
                    what: Missing::Night(NightId(99))
                }))
            ),
            "{missing:?}"
        );

        let tomorrow = now() + Duration::days(1);
        table.start(GameSetup::base(&["Anna", "Bram"]), Some("Utrecht"), tomorrow).unwrap();
        let unfinished = table.ledger().history().unwrap()[0].night.id;
        let empty = save_night_picture(table.ledger(), unfinished, Language::En, &Utc, &out, true).unwrap_err();
        assert!(matches!(empty, TableError::NothingToExport { .. }), "only a game in progress: {empty:?}");

        std::fs::write(&out, "the last picture").unwrap();
        let raw = rusqlite::Connection::open(dir.path().join("club.sqlite3")).unwrap();
        raw.execute("UPDATE games SET setup_json = '{\"sets\": [\"no-such-box\"]}' WHERE id = 2", []).unwrap();
        drop(raw);
        let damaged = save_night_picture(table.ledger(), night, Language::En, &Utc, &out, true).unwrap_err();
        assert!(matches!(damaged, TableError::Stored { game: 2, .. }), "{damaged:?}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "the last picture", "left as it was");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(!names.iter().any(|n| n.to_string_lossy().ends_with(".part")), "no half file: {names:?}");
    }

    #[test]
    fn a_picture_replaces_a_file_only_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let (table, night) = three_games(dir.path(), ["Anna", "Bram", "Cas"]);
        let out = dir.path().join("night.png");
        std::fs::write(&out, "mine").unwrap();
        let refused = save_night_picture(table.ledger(), night, Language::En, &Utc, &out, false).unwrap_err();
        assert!(matches!(refused, TableError::FileExists { .. }), "{refused:?}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
        save_night_picture(table.ledger(), night, Language::En, &Utc, &out, true).unwrap();
        decoded(&std::fs::read(&out).unwrap());
    }
}
