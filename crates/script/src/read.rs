//! Reading a script: JSON text → [`Script`], with errors that say where.

use crate::place::At;
use crate::shown::{excerpt, quoted};
use crate::ScriptPlace;
use crate::{version_of_set, Script, Standing, StandingFollower, FORMAT, NEWEST, VERSION, VERSION_2, VERSION_3};
use castellan_engine::{
    Bounds, Cell, Color, CountChoice, CountMovement, CropAction, CropChoice, CropCircle, CropDeed, Entry, FarmRule,
    Figure, GameSetup, GoldTake, Goods, MagicFigures, Mode, Move, MoveError, PlayerId, PlayerSetup, Port, Purchase,
    Quarter, QuarterMove, Rotation, RuleSet, SecondIngot, SetupError, Side, Start, TiedWinners, TileId, TileSet, Title,
    TitleKind, Titles, Tokens, ToldAnswers, Unplaceable,
};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;

/// What went wrong, and where in the script (`"move 7"`, `"setup.rules.farms"`, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// Where: a move or follower index, a position in the text, or a key path.
    pub at: ScriptPlace,
    /// What.
    pub kind: ScriptErrorKind,
    /// The players' names in seat order, so that the message calls a player by name rather
    /// than by seat; empty before the players are read.
    names: Vec<String>,
}

/// The kinds of script error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptErrorKind {
    /// Not JSON.
    Json(String),
    /// JSON, but not this format: a missing key, a wrong type or an unknown value.
    Format(String),
    /// The setup does not make a game.
    Setup(SetupError),
    /// A move the rules refuse.
    Move(MoveError),
    /// A player without a name (only blanks, or nothing).
    NoName,
    /// Fewer than two players: Carcassonne is a game for two or more (Rule B-02).
    TooFewPlayers {
        /// The names seated.
        names: Vec<String>,
    },
    /// A final-board script names a title holder, but nothing on the table earns the title:
    /// no city (for the King) or road (for the Robber) is complete.
    TitleWithoutFeature {
        /// King or Robber.
        title: TitleKind,
        /// The name given as holder.
        holder: String,
    },
}

impl ScriptError {
    /// `kind` found `at` a place of the script, before its players are known.
    pub fn at(at: impl Into<ScriptPlace>, kind: ScriptErrorKind) -> ScriptError {
        ScriptError { at: at.into(), kind, names: Vec::new() }
    }

    /// The same error, calling the players by these names, as errors show a value
    /// ([`excerpt`]): a name is a value of the file like any other.
    pub fn naming(self, names: &[String]) -> ScriptError {
        ScriptError { names: names.iter().map(|n| excerpt(n).to_string()).collect(), ..self }
    }

    /// The players' names in seat order, as an error shows them ([`excerpt`]: cut and
    /// escaped), empty when the error was found before the players were read: what a
    /// refusal's seat numbers stand for.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub(crate) fn format(at: impl Into<ScriptPlace>, msg: impl Into<String>) -> ScriptError {
        ScriptError::at(at, ScriptErrorKind::Format(msg.into()))
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ScriptErrorKind::Json(m) => write!(f, "{}: not valid JSON: {m}", self.at),
            ScriptErrorKind::Format(m) => write!(f, "{}: {m}", self.at),
            ScriptErrorKind::Setup(SetupError::DuplicateName(name)) => {
                write!(f, "{}: {}", self.at, SetupError::DuplicateName(excerpt(name).to_string()))
            }
            ScriptErrorKind::Setup(e) => write!(f, "{}: {e}", self.at),
            ScriptErrorKind::Move(e) => write!(f, "{}: {}", self.at, e.with_names(&self.names)),
            ScriptErrorKind::NoName => write!(f, "{}: a player needs a name", self.at),
            ScriptErrorKind::TooFewPlayers { names } => match names.as_slice() {
                [] => write!(f, "{}: a game needs at least two players, and none is seated", self.at),
                [one] => {
                    write!(f, "{}: a game needs at least two players, but only {} is seated", self.at, excerpt(one))
                }
                more => write!(f, "{}: a game needs at least two players, but {} are seated", self.at, more.len()),
            },
            ScriptErrorKind::TitleWithoutFeature { title, holder } => {
                let (name, feature) = match title {
                    TitleKind::King => ("King", "city"),
                    TitleKind::Robber => ("Robber", "road"),
                };
                let holder = excerpt(holder);
                write!(f, "{}: {holder} is named {name}, but no {feature} on the table is complete", self.at)
            }
        }
    }
}

impl std::error::Error for ScriptError {}

pub(crate) type Result<T> = std::result::Result<T, ScriptError>;

pub(crate) fn object(v: &Value, at: impl At) -> Result<&Map<String, Value>> {
    v.as_object().ok_or_else(|| ScriptError::format(at, "expected an object"))
}

pub(crate) fn string(v: &Value, at: impl At) -> Result<&str> {
    v.as_str().ok_or_else(|| ScriptError::format(at, "expected a string"))
}

pub(crate) fn boolean(v: &Value, at: impl At) -> Result<bool> {
    v.as_bool().ok_or_else(|| ScriptError::format(at, "expected true or false"))
}

fn integer(v: &Value, at: impl At) -> Result<i64> {
    v.as_i64().ok_or_else(|| ScriptError::format(at, "expected a whole number"))
}

fn array(v: &Value, at: impl At) -> Result<&Vec<Value>> {
    v.as_array().ok_or_else(|| ScriptError::format(at, "expected a list"))
}

fn cell_of(v: &Value, at: impl At) -> Result<Cell> {
    let a = array(v, at)?;
    if a.len() != 2 {
        return Err(ScriptError::format(at, "expected [x, y]"));
    }
    let x = integer(&a[0], at)?;
    let y = integer(&a[1], at)?;
    // The engine refuses a cell off the table (`Cell::LIMIT`); one beyond `i32` cannot even
    // be handed to it, and gets the same words here.
    let (Ok(x32), Ok(y32)) = (i32::try_from(x), i32::try_from(y)) else {
        let limit = Cell::LIMIT;
        return Err(ScriptError::format(
            at,
            format!("[{x},{y}] is off the table: coordinates run from -{limit} to {limit}"),
        ));
    };
    Ok(Cell::new(x32, y32))
}

fn port_of(v: &Value, at: impl At) -> Result<Port> {
    let s = string(v, at)?;
    Port::from_name(s).ok_or_else(|| ScriptError::format(at, format!("unknown place {}", quoted(s))))
}

/// `[x, y, "NL"]`: a place anywhere on the board.
pub(crate) fn feature_ref(v: &Value, at: impl At) -> Result<(Cell, Port)> {
    let a = array(v, at)?;
    if a.len() != 3 {
        return Err(ScriptError::format(at, "expected [x, y, place]"));
    }
    let cell = cell_of(&Value::Array(a[..2].to_vec()), at)?;
    Ok((cell, port_of(&a[2], at)?))
}

impl Script {
    /// Parses a script.
    ///
    /// # Errors
    /// Text that is not JSON, or JSON that is not a version-1 game script.
    pub fn from_json(text: &str) -> Result<Script> {
        let root: Value = serde_json::from_str(without_bom(text)).map_err(|e| {
            ScriptError::at(
                ScriptPlace::Text { line: e.line(), column: e.column() },
                ScriptErrorKind::Json(e.to_string()),
            )
        })?;
        Script::from_value(&root)
    }

    /// Reads a script already parsed as JSON: what [`Script::from_json`] does after the
    /// text, and what a stored game ([`crate::StoredGame`]) is read with, so that its moves
    /// are not written out as text only to be parsed again.
    ///
    /// # Errors
    /// JSON that is not a version-1 game script.
    pub fn from_value(root: &Value) -> Result<Script> {
        let root = object(root, "script")?;
        match root.get("format") {
            Some(v) if v.as_str() == Some(FORMAT) => {}
            Some(_) => return Err(ScriptError::format("format", format!("expected \"{FORMAT}\""))),
            None => return Err(ScriptError::format("format", "missing")),
        }
        let version = match root.get("version").map(|v| integer(v, "version")).transpose()? {
            Some(v) if (VERSION as i64..=NEWEST as i64).contains(&v) => v as u64,
            Some(v) => {
                return Err(ScriptError::format(
                    "version",
                    format!("version {v} is not supported (this reads {VERSION} to {NEWEST})"),
                ))
            }
            None => return Err(ScriptError::format("version", "missing")),
        };

        let players = read_players(root.get("players").ok_or_else(|| ScriptError::format("players", "missing"))?)?;
        let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        let player_named = |v: &Value, at: &ScriptPlace| -> Result<PlayerId> {
            let n = string(v, at)?;
            names
                .iter()
                .position(|m| m == n)
                .map(|i| PlayerId(i as u8))
                .ok_or_else(|| ScriptError::format(at, format!("no player is called {}", excerpt(n))))
        };

        let setup_v = root.get("setup").map(|v| object(v, "setup")).transpose()?;
        let empty = Map::new();
        let setup_v = setup_v.unwrap_or(&empty);
        let sets = match setup_v.get("sets") {
            None => vec![TileSet::Base],
            Some(v) => array(v, "setup.sets")?
                .iter()
                .map(|s| {
                    let name = string(s, "setup.sets")?;
                    let set = TileSet::from_name(name)
                        .ok_or_else(|| ScriptError::format("setup.sets", format!("unknown set {}", quoted(name))))?;
                    let needs = version_of_set(set);
                    if version < needs {
                        return Err(ScriptError::format(
                            "setup.sets",
                            format!("{} needs version {needs}", quoted(name)),
                        ));
                    }
                    Ok(set)
                })
                .collect::<Result<_>>()?,
        };
        let start = match setup_v.get("start").map(|v| string(v, "setup.start")).transpose()? {
            None => Start::Base,
            Some(name) => Start::from_name(name)
                .ok_or_else(|| ScriptError::format("setup.start", format!("unknown start {}", quoted(name))))?,
        };
        let mode = match setup_v.get("mode").map(|v| string(v, "setup.mode")).transpose()? {
            None => Mode::Turns,
            Some(name) => Mode::from_name(name)
                .ok_or_else(|| ScriptError::format("setup.mode", format!("unknown mode {}", quoted(name))))?,
        };
        let mut titles = Titles::default();
        for (key, kind) in [("king", TitleKind::King), ("robber", TitleKind::Robber)] {
            if let Some(v) = setup_v.get(key) {
                let at = format!("setup.{key}");
                if mode != Mode::FinalBoard {
                    return Err(ScriptError::format(at, "only a final-board script names the holders"));
                }
                let holder = player_named(v, &at.place())?;
                let title = Some(Title { holder, record: 0 });
                match kind {
                    TitleKind::King => titles.king = title,
                    TitleKind::Robber => titles.robber = title,
                }
            }
        }
        let count_at = match setup_v.get("count_at") {
            None => Quarter::Castle,
            Some(_) if mode != Mode::FinalBoard => {
                return Err(ScriptError::format(
                    "setup.count_at",
                    "only a final-board script says where the Count stands",
                ))
            }
            Some(v) => quarter_of(v, "setup.count_at")?,
        };
        let rules = match setup_v.get("rules") {
            None => RuleSet::default(),
            Some(v) => read_rules(object(v, "setup.rules")?, version)?,
        };
        let track = match setup_v.get("track") {
            None => None,
            Some(_) if mode != Mode::FinalBoard => {
                return Err(ScriptError::format(
                    "setup.track",
                    "only a final-board script gives the scores before the end count",
                ))
            }
            Some(v) => Some(read_track(object(v, "setup.track")?, &names)?),
        };
        let goods = match setup_v.get("goods") {
            None => Vec::new(),
            Some(_) if version < VERSION_2 => {
                return Err(ScriptError::format("setup.goods", "goods need version 2"));
            }
            Some(_) if mode != Mode::FinalBoard => {
                return Err(ScriptError::format("setup.goods", "only a final-board script lists the goods in hand"))
            }
            Some(v) => read_goods(object(v, "setup.goods")?, &names)?,
        };
        // Version 3: where a finished table's mage and witch stand (MW-08); an unknown key before.
        let magic = match setup_v.get("magic") {
            Some(_) if version < VERSION_3 => MagicFigures::default(),
            None => MagicFigures::default(),
            Some(_) if mode != Mode::FinalBoard => {
                return Err(ScriptError::format(
                    "setup.magic",
                    "only a final-board script says where the mage and the witch stand",
                ))
            }
            Some(v) => crate::magic::read_magic_figures(v, "setup.magic")?,
        };
        // Version 3's ingots in hand (GM-07); in an older script an unknown key, ignored.
        let gold = match setup_v.get("gold") {
            Some(_) if version < VERSION_3 => Vec::new(),
            None => Vec::new(),
            Some(_) if mode != Mode::FinalBoard => {
                return Err(ScriptError::format("setup.gold", "only a final-board script lists the gold in hand"))
            }
            Some(v) => read_gold(object(v, "setup.gold")?, &names)?,
        };
        let setup = GameSetup { players, sets, start, rules, mode, titles, count_at, goods, gold, magic };

        let moves = match root.get("moves") {
            None => Vec::new(),
            Some(v) => array(v, "moves")?
                .iter()
                .enumerate()
                .map(|(i, m)| read_move(m, &ScriptPlace::of_move(i), version, &player_named))
                .collect::<Result<_>>()?,
        };
        if mode == Mode::FinalBoard && moves.iter().any(|m| matches!(m, Move::Discard { .. })) {
            return Err(ScriptError::format("moves", "a final board lists no discarded tiles"));
        }

        let mut followers = Vec::new();
        if let Some(v) = root.get("followers") {
            if mode != Mode::FinalBoard {
                return Err(ScriptError::format("followers", "only final-board scripts list standing followers"));
            }
            for (i, f) in array(v, "followers")?.iter().enumerate() {
                let at = ScriptPlace::of_follower(i);
                let o = object(f, &at)?;
                let player =
                    player_named(o.get("player").ok_or_else(|| ScriptError::format(&at, "missing player"))?, &at)?;
                let standing = match (o.get("quarter"), o.get("at")) {
                    (Some(q), None) => Standing::City(quarter_of(q, &at)?),
                    (None, Some(place)) => {
                        let (cell, port) = feature_ref(place, &at)?;
                        Standing::Board(cell, port)
                    }
                    _ => return Err(ScriptError::format(&at, "give either `at` or `quarter`")),
                };
                let (figure, recall) = if version >= VERSION_2 { figure_and_recall(o, &at)? } else { (None, false) };
                if recall {
                    return Err(ScriptError::format(&at, "a standing figure is not taken back"));
                }
                let figure = figure.unwrap_or_default();
                waits_in_city(figure, standing, &at)?;
                followers.push(StandingFollower { player, at: standing, figure });
            }
        }
        let final_moves = match root.get("final_moves") {
            None => Vec::new(),
            Some(v) => array(v, "final_moves")?
                .iter()
                .enumerate()
                .map(|(i, m)| quarter_move(m, &format!("final_moves[{i}]"), version, &player_named))
                .collect::<Result<_>>()?,
        };

        let final_scoring =
            root.get("final_scoring").map(|v| boolean(v, "final_scoring")).transpose()?.unwrap_or(false);
        if mode == Mode::FinalBoard && !final_scoring {
            return Err(ScriptError::format("final_scoring", "a final-board script is scored: set it to true"));
        }
        let expect = match root.get("expect") {
            None => None,
            Some(v) => {
                let o = object(v, "expect")?;
                match o.get("scores") {
                    None => None,
                    Some(s) => {
                        let mut out = BTreeMap::new();
                        for (name, pts) in object(s, "expect.scores")? {
                            let at = format!("expect.scores.{}", excerpt(name));
                            if !names.contains(name) {
                                return Err(ScriptError::format(at, format!("no player is called {}", excerpt(name))));
                            }
                            let p = integer(pts, &at)?;
                            out.insert(
                                name.clone(),
                                u32::try_from(p).map_err(|_| ScriptError::format(&at, "negative score"))?,
                            );
                        }
                        Some(out)
                    }
                }
            }
        };
        Ok(Script { setup, moves, followers, final_moves, final_scoring, expect, track })
    }
}

/// A final board's `setup.track`: a score for every player by name, none for anyone else.
/// A table that gives some scores and not others has forgotten one, and ranking on half the
/// scores would name the wrong winner.
fn read_track(o: &Map<String, Value>, names: &[String]) -> Result<Vec<u32>> {
    if let Some(stranger) = o.keys().find(|k| !names.contains(k)) {
        return Err(ScriptError::format(
            format!("setup.track.{}", excerpt(stranger)),
            format!("no player is called {}", excerpt(stranger)),
        ));
    }
    names
        .iter()
        .map(|name| {
            let at = format!("setup.track.{}", excerpt(name));
            let v = o.get(name).ok_or_else(|| ScriptError::format(&at, "missing: give every player's score"))?;
            u32::try_from(integer(v, &at)?).map_err(|_| ScriptError::format(&at, "negative score"))
        })
        .collect()
}

/// A final board's `setup.goods`: player → kind → tokens; kinds and players left out
/// hold none. The result has one hand per seat, or none at all when nobody holds any.
fn read_goods(o: &Map<String, Value>, names: &[String]) -> Result<Vec<Tokens>> {
    let mut held = vec![Tokens::NONE; names.len()];
    for (name, hand) in o {
        let at = format!("setup.goods.{}", excerpt(name));
        let seat = names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| ScriptError::format(&at, format!("no player is called {}", excerpt(name))))?;
        for (kind, n) in object(hand, &at)? {
            let at = format!("{at}.{}", excerpt(kind));
            let goods = Goods::from_name(kind)
                .ok_or_else(|| ScriptError::format(&at, format!("unknown goods {}", quoted(kind))))?;
            held[seat][goods] =
                u8::try_from(integer(n, &at)?).map_err(|_| ScriptError::format(&at, "not a number of tokens"))?;
        }
    }
    if held.iter().all(|t| t.is_empty()) {
        held.clear();
    }
    Ok(held)
}

/// A final board's `setup.gold` (GM-07): player → ingots held; players left out hold none.
/// The result has one count per seat, or none at all when nobody holds any.
fn read_gold(o: &Map<String, Value>, names: &[String]) -> Result<Vec<u8>> {
    let mut held = vec![0; names.len()];
    for (name, n) in o {
        let at = format!("setup.gold.{}", excerpt(name));
        let seat = names
            .iter()
            .position(|m| m == name)
            .ok_or_else(|| ScriptError::format(&at, format!("no player is called {}", excerpt(name))))?;
        held[seat] = u8::try_from(integer(n, &at)?).map_err(|_| ScriptError::format(&at, "not a number of ingots"))?;
    }
    if held.iter().all(|&n| n == 0) {
        held.clear();
    }
    Ok(held)
}

/// Gold Mines' answers (GM-02, GM-05): the second ingot's neighbour and the takes told.
fn read_gold_answers(
    o: &Map<String, Value>,
    at: impl At,
    player_named: &impl Fn(&Value, &ScriptPlace) -> Result<PlayerId>,
    told: &mut ToldAnswers,
) -> Result<()> {
    if let Some(v) = o.get("gold") {
        let offset = cell_of(v, at)?;
        told.gold = Some(SecondIngot { dx: offset.x, dy: offset.y });
    }
    if let Some(v) = o.get("gold_taken") {
        for t in array(v, at)? {
            let t = object(t, at)?;
            let player = player_named(
                t.get("player").ok_or_else(|| ScriptError::format(at, "a gold take names its player"))?,
                &at.place(),
            )?;
            let from =
                cell_of(t.get("from").ok_or_else(|| ScriptError::format(at, "a gold take names its tile"))?, at)?;
            told.gold_taken.push(GoldTake { player, from });
        }
    }
    Ok(())
}

/// `text` without the byte-order mark a Windows editor puts before the first character of a
/// UTF-8 file. JSON has no place for it, but it says nothing about the script either.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

fn read_players(v: &Value) -> Result<Vec<PlayerSetup>> {
    let players = array(v, "players")?;
    let mut seated: Vec<PlayerSetup> = Vec::with_capacity(players.len());
    for (i, p) in players.iter().enumerate() {
        let at = format!("players[{i}]");
        let player = read_player(i, p, &at)?;
        if player.name.trim().is_empty() {
            return Err(ScriptError::at(at, ScriptErrorKind::NoName));
        }
        if seated.iter().any(|q| q.name == player.name) {
            return Err(ScriptError::at(at, ScriptErrorKind::Setup(SetupError::DuplicateName(player.name))));
        }
        seated.push(player);
    }
    Ok(seated)
}

fn read_player(i: usize, p: &Value, at: impl At) -> Result<PlayerSetup> {
    let o = object(p, at)?;
    let name = string(o.get("name").ok_or_else(|| ScriptError::format(at, "missing name"))?, at)?;
    let color = match o.get("color") {
        Some(c) => {
            let c = string(c, at)?;
            Color::from_name(c).ok_or_else(|| ScriptError::format(at, format!("unknown colour {}", quoted(c))))?
        }
        None => *Color::ALL.get(i).ok_or_else(|| ScriptError::format(at, "missing colour"))?,
    };
    Ok(PlayerSetup { name: name.to_string(), color })
}

/// The rules keys version 2 adds: a version-1 script naming one is refused, not read as if
/// the key were unknown, since the game would then be a different one.
const VERSION_2_RULES: &[&str] =
    &["start_tile_after_river", "no_followers_on_river", "recall_loses_challenge", "gardens"];

fn read_rules(o: &Map<String, Value>, version: u64) -> Result<RuleSet> {
    let mut r = RuleSet::default();
    let at = |k: &str| format!("setup.rules.{k}");
    for (k, v) in o {
        if VERSION_2_RULES.contains(&k.as_str()) && version < VERSION_2 {
            return Err(ScriptError::format(at(k), "needs version 2"));
        }
        match k.as_str() {
            "farms" => {
                let name = string(v, &at(k))?;
                r.farms = FarmRule::from_name(name)
                    .ok_or_else(|| ScriptError::format(at(k), format!("unknown farm rule {}", quoted(name))))?;
            }
            "small_city" => r.small_city = boolean(v, &at(k))?,
            "small_city_pennants" => r.small_city_pennants = boolean(v, &at(k))?,
            "score_incomplete" => r.score_incomplete = boolean(v, &at(k))?,
            "road_loops_complete" => r.road_loops_complete = boolean(v, &at(k))?,
            "border_closes" => r.border_closes = boolean(v, &at(k))?,
            "hole_extra_turn" => r.hole_extra_turn = boolean(v, &at(k))?,
            "separate_start_tile" => r.separate_start_tile = boolean(v, &at(k))?,
            "title_record_rises" => r.title_record_rises = boolean(v, &at(k))?,
            "start_tile_in_bag" => r.start_tile_in_bag = boolean(v, &at(k))?,
            "challenge_when_partner_completes" => r.challenge_when_partner_completes = boolean(v, &at(k))?,
            "challenge_winner_takes_both" => r.challenge_winner_takes_both = boolean(v, &at(k))?,
            "relaxed_shrine_placement" => r.relaxed_shrine_placement = boolean(v, &at(k))?,
            "count_lock_entry" => r.count_lock_entry = boolean(v, &at(k))?,
            "herd_and_pig_stack" if version < VERSION_2 => {
                return Err(ScriptError::format(at(k), "`herd_and_pig_stack` needs version 2"))
            }
            "herd_and_pig_stack" => r.herd_and_pig_stack = boolean(v, &at(k))?,
            "crop_circle_same_tile" if version < VERSION_3 => {
                return Err(ScriptError::format(at(k), "`crop_circle_same_tile` needs version 3"))
            }
            "crop_circle_same_tile" => r.crop_circle_same_tile = boolean(v, &at(k))?,
            "count_round_per_feature" => r.count_round_per_feature = boolean(v, &at(k))?,
            "count_movement" => {
                let name = string(v, &at(k))?;
                r.count_movement = CountMovement::from_name(name)
                    .ok_or_else(|| ScriptError::format(at(k), format!("unknown Count movement {}", quoted(name))))?;
            }
            "max_players" => {
                r.max_players =
                    u8::try_from(integer(v, &at(k))?).map_err(|_| ScriptError::format(at(k), "out of range"))?
            }
            "tied_winners" => {
                let name = string(v, &at(k))?;
                r.tied_winners = TiedWinners::from_name(name)
                    .ok_or_else(|| ScriptError::format(at(k), format!("unknown tie rule {}", quoted(name))))?;
            }
            "unplaceable" => {
                let name = string(v, &at(k))?;
                r.unplaceable = Unplaceable::from_name(name)
                    .ok_or_else(|| ScriptError::format(at(k), format!("unknown value {}", quoted(name))))?;
            }
            "bounds" => {
                let b = object(v, &at(k))?;
                let get = |name: &str| -> Result<i32> {
                    let v = b.get(name).ok_or_else(|| ScriptError::format(at("bounds"), format!("missing {name}")))?;
                    i32::try_from(integer(v, &at("bounds"))?)
                        .map_err(|_| ScriptError::format(at("bounds"), "out of range"))
                };
                r.bounds = Some(Bounds {
                    min_x: get("min_x")?,
                    max_x: get("max_x")?,
                    min_y: get("min_y")?,
                    max_y: get("max_y")?,
                });
            }
            "purchase_pays_drawer" => r.purchase_pays_drawer = boolean(v, &at(k))?,
            "river_before_city" => r.river_before_city = boolean(v, &at(k))?,
            "start_tile_after_river" => r.start_tile_after_river = boolean(v, &at(k))?,
            "no_followers_on_river" => r.no_followers_on_river = boolean(v, &at(k))?,
            "recall_loses_challenge" => r.recall_loses_challenge = boolean(v, &at(k))?,
            "gardens" => r.gardens = Some(boolean(v, &at(k))?),
            "tree_junctions" => {
                r.tree_junctions = array(v, &at(k))?
                    .iter()
                    .map(|t| {
                        let name = string(t, &at(k))?;
                        TileId::from_name(name)
                            .ok_or_else(|| ScriptError::format(at(k), format!("unknown tile {}", quoted(name))))
                    })
                    .collect::<Result<_>>()?;
            }
            _ => {} // Keys this version does not define are ignored.
        }
    }
    Ok(r)
}

fn quarter_of(v: &Value, at: impl At) -> Result<Quarter> {
    let s = string(v, at)?;
    Quarter::from_name(s).ok_or_else(|| ScriptError::format(at, format!("unknown quarter {}", quoted(s))))
}

/// `{"player": "Bram", "quarter": "castle", "to": [x, y, "N"]}`, in version 2 with `figure`
/// `big` for the big follower.
fn quarter_move(
    v: &Value,
    at: impl At,
    version: u64,
    player_named: &impl Fn(&Value, &ScriptPlace) -> Result<PlayerId>,
) -> Result<QuarterMove> {
    let o = object(v, at)?;
    let player = player_named(o.get("player").ok_or_else(|| ScriptError::format(at, "missing player"))?, &at.place())?;
    let quarter = quarter_of(o.get("quarter").ok_or_else(|| ScriptError::format(at, "missing quarter"))?, at)?;
    let to = feature_ref(o.get("to").ok_or_else(|| ScriptError::format(at, "missing to"))?, at)?;
    Ok(QuarterMove { player, quarter, to, big: city_figure_is_big(o, at, version)? })
}

/// Whether a version-2 `figure` in the City names the big follower: `follower` (the default)
/// or `big`; the abbot never goes into the City (QX-04), nor do the builder and the pig. A version-1 script has no `figure`.
fn city_figure_is_big(o: &Map<String, Value>, at: impl At, version: u64) -> Result<bool> {
    if version < VERSION_2 {
        return Ok(false);
    }
    match figure_and_recall(o, at)?.0 {
        None | Some(Figure::Follower) => Ok(false),
        Some(Figure::Big) => Ok(true),
        Some(figure @ (Figure::Abbot | Figure::Builder | Figure::Pig)) => {
            Err(ScriptError::format(at, format!("the {figure} never goes into the City")))
        }
    }
}

/// A move's `count`: `{"moves": […], "enter": {"quarter": "castle", "count_to": "market"}}`.
fn count_choice(
    v: &Value,
    at: impl At,
    version: u64,
    player_named: &impl Fn(&Value, &ScriptPlace) -> Result<PlayerId>,
) -> Result<CountChoice> {
    let o = object(v, at)?;
    let moves = match o.get("moves") {
        None => Vec::new(),
        Some(m) => array(m, at)?.iter().map(|m| quarter_move(m, at, version, player_named)).collect::<Result<_>>()?,
    };
    let entry = match o.get("enter") {
        None => None,
        Some(e) => {
            let e = object(e, at)?;
            let quarter =
                quarter_of(e.get("quarter").ok_or_else(|| ScriptError::format(at, "enter needs a quarter"))?, at)?;
            let count_to = e.get("count_to").map(|q| quarter_of(q, at)).transpose()?;
            Some(Entry { quarter, count_to, big: city_figure_is_big(e, at, version)? })
        }
    };
    Ok(CountChoice { moves, entry })
}

/// Refuses a standing figure in a quarter of the City unless it is a follower or the big
/// follower: the abbot, the builder and the pig never wait there.
fn waits_in_city(figure: Figure, standing: Standing, at: impl At) -> Result<()> {
    if !matches!(figure, Figure::Follower | Figure::Big) && matches!(standing, Standing::City(_)) {
        return Err(ScriptError::format(at, format!("the {figure} never goes into the City")));
    }
    Ok(())
}

/// Where a stand move puts its follower: `[x, y, "NL"]` on the board, or a quarter's name.
fn standing_of(v: &Value, at: impl At) -> Result<Standing> {
    match v {
        Value::String(_) => Ok(Standing::City(quarter_of(v, at)?)),
        _ => {
            let (cell, port) = feature_ref(v, at)?;
            Ok(Standing::Board(cell, port))
        }
    }
}

fn read_move(
    v: &Value,
    at: impl At,
    version: u64,
    player_named: &impl Fn(&Value, &ScriptPlace) -> Result<PlayerId>,
) -> Result<Move> {
    let o = object(v, at)?;
    if let Some(place) = o.get("stand") {
        if o.contains_key("tile") || o.contains_key("city") {
            return Err(ScriptError::format(at, "a standing follower is a move of its own"));
        }
        let player =
            player_named(o.get("player").ok_or_else(|| ScriptError::format(at, "missing player"))?, &at.place())?;
        let (figure, recall) = if version >= VERSION_2 { figure_and_recall(o, at)? } else { (None, false) };
        if recall {
            return Err(ScriptError::format(at, "a standing figure is not taken back"));
        }
        let figure = figure.unwrap_or_default();
        let standing = standing_of(place, at)?;
        waits_in_city(figure, standing, at)?;
        return Ok(Move::Stand { player, at: standing, figure });
    }
    if let Some(c) = o.get("city") {
        if o.len() > 1 {
            return Err(ScriptError::format(at, "laying the City is a move of its own"));
        }
        return Ok(Move::City { at: cell_of(c, at)? });
    }
    if let Some(stand) = crate::magic::read_magic_stand(o, version, at)? {
        return Ok(stand);
    }
    let name = string(o.get("tile").ok_or_else(|| ScriptError::format(at, "missing tile"))?, at)?;
    let tile =
        TileId::from_name(name).ok_or_else(|| ScriptError::format(at, format!("unknown tile {}", quoted(name))))?;
    let count = o.get("count").map(|c| count_choice(c, at, version, player_named)).transpose()?.unwrap_or_default();
    // Version 2's keys; in a version-1 script they are unknown keys, and ignored.
    let (figure, recall_abbot) = if version >= VERSION_2 { figure_and_recall(o, at)? } else { (None, false) };
    if o.get("discard").map(|d| boolean(d, at)).transpose()?.unwrap_or(false) {
        if o.contains_key("at") || o.contains_key("meeple") || !count.is_empty() || figure.is_some() || recall_abbot {
            return Err(ScriptError::format(at, "a discarded tile has no place and no follower"));
        }
        if version >= VERSION_3 && (o.contains_key("gold") || o.contains_key("gold_taken")) {
            return Err(ScriptError::format(at, "a discarded tile has no gold"));
        }
        return Ok(Move::Discard { tile });
    }
    let cell = cell_of(o.get("at").ok_or_else(|| ScriptError::format(at, "missing at"))?, at)?;
    let degrees = integer(o.get("rot").ok_or_else(|| ScriptError::format(at, "missing rot"))?, at)?;
    let rotation = Rotation::from_degrees(degrees)
        .ok_or_else(|| ScriptError::format(at, format!("rot {degrees} is not 0, 90, 180 or 270")))?;
    let follower = o.get("meeple").map(|m| port_of(m, at)).transpose()?;
    // Version 3's flight (Flying Machines); the move's `figure` is then the figure that flew.
    let flight = if version >= VERSION_3 { crate::flight::read_flight(o, figure, at)? } else { None };
    let figure = if flight.is_some() { None } else { figure };
    if figure.is_some() && follower.is_none() {
        return Err(ScriptError::format(at, "a figure needs a meeple place"));
    }
    let purchase = match (o.get("buyer"), o.get("price")) {
        (None, None) => None,
        (Some(b), Some(p)) => Some(Purchase {
            buyer: player_named(b, &at.place())?,
            price: u32::try_from(integer(p, at)?).map_err(|_| ScriptError::format(at, "price out of range"))?,
        }),
        _ => return Err(ScriptError::format(at, "a bought tile names its buyer and its price")),
    };
    // Version 2: `"second_tile": false` passes up the builder's second tile (T-15); `true`
    // says what the moves say anyway.
    let pass_second_tile = match o.get("second_tile") {
        Some(v) if version >= VERSION_2 => !boolean(v, at)?,
        _ => false,
    };
    let told = read_told(o, at, version, player_named)?;
    Ok(Move::Place {
        tile,
        cell,
        rotation,
        follower,
        figure: figure.unwrap_or_default(),
        recall_abbot,
        count,
        purchase,
        pass_second_tile,
        told: ToldAnswers { flight, crop_circle: crop_circle_of(o, at, version, player_named)?, ..told }.into(),
    })
}

/// Two sides such as `["W", "S"]`: the road ends a ferry links (FE-03, FE-05).
fn ferry_link(v: &Value, at: impl At) -> Result<[Side; 2]> {
    let a = array(v, at)?;
    let side = |v: &Value| {
        let s = string(v, at)?;
        Side::ALL
            .into_iter()
            .find(|side| side.letter() == s)
            .ok_or_else(|| ScriptError::format(at, format!("{} is not a side (N, E, S or W)", quoted(s))))
    };
    match a.as_slice() {
        [a, b] => Ok([side(a)?, side(b)?]),
        _ => Err(ScriptError::format(at, "a ferry links two road ends: [side, side]")),
    }
}

/// Version 3's ferries: `ferry` on a lake tile, `ferry_moves` for the ferries moved.
fn read_ferries(o: &Map<String, Value>, at: impl At, told: &mut ToldAnswers) -> Result<()> {
    told.ferry = o.get("ferry").map(|v| ferry_link(v, at)).transpose()?;
    if let Some(moves) = o.get("ferry_moves") {
        for m in array(moves, at)? {
            let m = object(m, at)?;
            let cell = cell_of(m.get("at").ok_or_else(|| ScriptError::format(at, "a ferry move needs at"))?, at)?;
            let link =
                ferry_link(m.get("link").ok_or_else(|| ScriptError::format(at, "a ferry move needs link"))?, at)?;
            told.ferry_moves.push(castellan_engine::FerryMove { at: cell, link });
        }
    }
    Ok(())
}

/// What the table told with the tile (version 3); in older versions these are unknown keys.
fn read_told(
    o: &Map<String, Value>,
    at: impl At,
    version: u64,
    player_named: &impl Fn(&Value, &ScriptPlace) -> Result<PlayerId>,
) -> Result<ToldAnswers> {
    let mut told = ToldAnswers::default();
    if version < VERSION_3 {
        return Ok(told);
    }
    read_ferries(o, at, &mut told)?;
    read_gold_answers(o, at, player_named, &mut told)?;
    let magic_move =
        |key: &str| o.get(key).map(|m| crate::magic::read_magic_move(m, &at.place().child(key))).transpose();
    told.magic = magic_move("magic")?;
    told.magic_fix = magic_move("magic_fix")?;
    Ok(told)
}

/// Version 3's `crop_circle` (CC-03): `{"choice": "add", "actions": [{"player": "Bram", "at":
/// [2, 0, "NL"]}, {"player": "Anna", "pass": true}]}`, an entry's `figure` naming the big
/// follower. In an older script it is an unknown key, and ignored.
fn crop_circle_of(
    o: &Map<String, Value>,
    at: impl At,
    version: u64,
    player_named: &impl Fn(&Value, &ScriptPlace) -> Result<PlayerId>,
) -> Result<Option<CropCircle>> {
    let Some(v) = o.get("crop_circle").filter(|_| version >= VERSION_3) else { return Ok(None) };
    let here = at.place().child("crop_circle");
    let c = object(v, &here)?;
    let choice = string(c.get("choice").ok_or_else(|| ScriptError::format(&here, "missing choice"))?, &here)?;
    let choice = CropChoice::from_name(choice)
        .ok_or_else(|| ScriptError::format(&here, format!("choice {} is not \"add\" or \"remove\"", quoted(choice))))?;
    let actions = match c.get("actions") {
        Some(a) => array(a, &here)?
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let here = here.child(&format!("actions[{i}]"));
                let a = object(a, &here)?;
                let player =
                    player_named(a.get("player").ok_or_else(|| ScriptError::format(&here, "missing player"))?, &here)?;
                let pass = a.get("pass").map(|p| boolean(p, &here)).transpose()?;
                let deed = match (pass, a.get("at")) {
                    (Some(true), None) if !a.contains_key("figure") => CropDeed::Pass,
                    (None, Some(place)) => {
                        let (cell, port) = feature_ref(place, &here)?;
                        let figure = figure_and_recall(a, &here)?.0.unwrap_or_default();
                        CropDeed::At { cell, port, figure }
                    }
                    _ => return Err(ScriptError::format(&here, "an entry has a place (`at`) or `\"pass\": true`")),
                };
                Ok(CropAction { player, deed })
            })
            .collect::<Result<_>>()?,
        None => Vec::new(),
    };
    Ok(Some(CropCircle { choice, actions }))
}

/// A version-2 move's `figure` (`follower` or `abbot`) and `recall` (`abbot`, the only
/// figure taken back).
fn figure_and_recall(o: &Map<String, Value>, at: impl At) -> Result<(Option<Figure>, bool)> {
    let figure = o
        .get("figure")
        .map(|f| {
            let name = string(f, at)?;
            Figure::from_name(name).ok_or_else(|| ScriptError::format(at, format!("unknown figure {}", quoted(name))))
        })
        .transpose()?;
    let recall = match o.get("recall") {
        None => false,
        Some(r) if string(r, at)? == "abbot" => true,
        Some(_) => return Err(ScriptError::format(at, "only the abbot is taken back (`\"recall\": \"abbot\"`)")),
    };
    Ok((figure, recall))
}
