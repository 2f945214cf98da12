//! Reading a script: JSON text → the format's shape ([`crate::shape`]) → [`Script`], with
//! errors that say where. Each entry is read whole and then checked: the rules between its
//! keys, and the names it gives, one step per rule.

use crate::shape::leaf::{
    CellRef, ColorName, CountMovementName, CropChoiceName, FarmName, FerryLink, FigureName, Flag, List, ModeName,
    NameMap, Obj, PlaceRef, PortName, QuarterName, Rot, SetName, StandAt, StartName, Text, TiedWinnersName, TileName,
    UnplaceableName, Whole,
};
use crate::shape::{
    version, CountDoc, CropCircleDoc, ExpectDoc, FerryMoveDoc, FollowerDoc, GoldTakeDoc, MoveDoc, PlayerDoc,
    QuarterMoveDoc, RulesDoc, SetupDoc,
};
use crate::shown::{excerpt, quoted};
use crate::ScriptPlace;
use crate::{version_of_set, Script, Standing, StandingFollower, FORMAT, NEWEST, VERSION};
use castellan_engine::{
    Bounds, Color, CountChoice, CropAction, CropCircle, CropDeed, Entry, FerryMove, Figure, Flight, GameSetup,
    GoldTake, Goods, Mode, Move, MoveError, PlayerId, PlayerSetup, Purchase, Quarter, QuarterMove, RuleSet,
    SecondIngot, SetupError, Start, TileSet, Title, TitleKind, Titles, Tokens, ToldAnswers,
};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use serde_path_to_error::Segment;
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

/// One step of the way serde took to a value it refused.
enum Step {
    Key(String),
    Index(usize),
}

fn steps(path: &serde_path_to_error::Path) -> Vec<Step> {
    path.iter()
        .filter_map(|segment| match segment {
            Segment::Seq { index } => Some(Step::Index(*index)),
            Segment::Map { key } => Some(Step::Key(key.clone())),
            _ => None,
        })
        .collect()
}

/// Reads `v` as the part `T` of the format, a refused value named by `place` from the way to
/// it inside `v`.
fn read_part<T: DeserializeOwned>(v: &Value, place: impl Fn(&[Step]) -> ScriptPlace) -> Result<T> {
    serde_path_to_error::deserialize(v).map_err(|e| {
        let at = place(&steps(e.path()));
        ScriptError::format(at, e.into_inner().to_string())
    })
}

/// Inside `setup` and `expect`: the path of keys, names as errors show them; a list is named
/// as a whole (`setup.sets`), and so are the bounds.
fn in_keys(root: &'static str) -> impl Fn(&[Step]) -> ScriptPlace {
    move |steps| {
        let mut path = String::from(root);
        for step in steps {
            if let Step::Key(k) = step {
                path = format!("{path}.{}", excerpt(k));
                if path == "setup.rules.bounds" {
                    break;
                }
            }
        }
        ScriptPlace::key(path)
    }
}

/// Inside entry `index` of `moves`: the move, and the key for what a table told with a tile
/// (`crop_circle`, its `actions[1]`, `magic`, `magic_fix`), which is long enough to need it.
fn in_move(index: usize) -> impl Fn(&[Step]) -> ScriptPlace {
    move |steps| {
        let key = match steps {
            [Step::Key(k), Step::Key(a), Step::Index(j), ..] if k == "crop_circle" && a == "actions" => {
                Some(format!("crop_circle.actions[{j}]"))
            }
            [Step::Key(k), ..] if matches!(k.as_str(), "crop_circle" | "magic" | "magic_fix") => Some(k.clone()),
            _ => None,
        };
        ScriptPlace::Move { index, key }
    }
}

/// The entries of a list, each read apart so that a script is refused at its first wrong
/// entry, names and all, as a reader going down the file would find it.
fn entries(v: &Value, list: &'static str) -> Result<Vec<Value>> {
    read_part::<List<Value>>(v, |_| ScriptPlace::key(list)).map(|List(entries)| entries)
}

/// The players seated, by whom a script names them.
struct Seats<'a>(&'a [String]);

impl Seats<'_> {
    fn named(&self, name: &Text, at: &ScriptPlace) -> Result<PlayerId> {
        self.position(&name.0)
            .ok_or_else(|| ScriptError::format(at, format!("no player is called {}", excerpt(&name.0))))
    }

    fn position(&self, name: &str) -> Option<PlayerId> {
        self.0.iter().position(|m| m == name).map(|i| PlayerId(i as u8))
    }

    /// `who`, which an entry must give, by seat.
    fn needed(&self, who: Option<&Text>, at: &ScriptPlace, missing: &str) -> Result<PlayerId> {
        self.named(who.ok_or_else(|| ScriptError::format(at, missing))?, at)
    }
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
        let root = root.as_object().ok_or_else(|| ScriptError::format("script", "expected an object"))?;
        let version = read_version(root)?;
        let root = version::as_read_by(version, root)?;

        let players = read_players(root.get("players").ok_or_else(|| ScriptError::format("players", "missing"))?)?;
        let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        let seats = Seats(&names);

        let doc = match root.get("setup") {
            None => SetupDoc::default(),
            Some(v) => read_part::<Obj<SetupDoc>>(v, in_keys("setup"))?.0,
        };
        let (setup, track) = read_setup(doc, players, version, &seats)?;
        let final_board = setup.mode == Mode::FinalBoard;

        let mut moves = Vec::new();
        if let Some(v) = root.get("moves") {
            for (i, m) in entries(v, "moves")?.iter().enumerate() {
                let Obj(doc) = read_part::<Obj<MoveDoc>>(m, in_move(i))?;
                let written = m.as_object().map_or(0, Map::len);
                moves.push(read_move(doc, written, &ScriptPlace::of_move(i), &seats)?);
            }
        }
        if final_board && moves.iter().any(|m| matches!(m, Move::Discard { .. })) {
            return Err(ScriptError::format("moves", "a final board lists no discarded tiles"));
        }

        let mut followers = Vec::new();
        if let Some(v) = root.get("followers") {
            if !final_board {
                return Err(ScriptError::format("followers", "only final-board scripts list standing followers"));
            }
            for (i, f) in entries(v, "followers")?.iter().enumerate() {
                let at = ScriptPlace::of_follower(i);
                let Obj(doc) = read_part::<Obj<FollowerDoc>>(f, |_| at.clone())?;
                followers.push(read_follower(doc, &at, &seats)?);
            }
        }
        let mut final_moves = Vec::new();
        if let Some(v) = root.get("final_moves") {
            for (i, m) in entries(v, "final_moves")?.iter().enumerate() {
                let at = ScriptPlace::key(format!("final_moves[{i}]"));
                let Obj(doc) = read_part::<Obj<QuarterMoveDoc>>(m, |_| at.clone())?;
                final_moves.push(quarter_move(doc, &at, &seats)?);
            }
        }

        let final_scoring = match root.get("final_scoring") {
            None => false,
            Some(v) => read_part::<Flag>(v, |_| ScriptPlace::key("final_scoring"))?.0,
        };
        if final_board && !final_scoring {
            return Err(ScriptError::format("final_scoring", "a final-board script is scored: set it to true"));
        }
        let expect = match root.get("expect") {
            None => None,
            Some(v) => read_part::<Obj<ExpectDoc>>(v, in_keys("expect"))?
                .0
                .scores
                .map(|s| read_expect(s, &seats))
                .transpose()?,
        };
        Ok(Script { setup, moves, followers, final_moves, final_scoring, expect, track })
    }
}

fn read_version(root: &Map<String, Value>) -> Result<u64> {
    match root.get("format") {
        Some(v) if v.as_str() == Some(FORMAT) => {}
        Some(_) => return Err(ScriptError::format("format", format!("expected \"{FORMAT}\""))),
        None => return Err(ScriptError::format("format", "missing")),
    }
    let v = root.get("version").ok_or_else(|| ScriptError::format("version", "missing"))?;
    match read_part::<Whole>(v, |_| ScriptPlace::key("version"))?.0 {
        v if (VERSION as i64..=NEWEST as i64).contains(&v) => Ok(v as u64),
        v => Err(ScriptError::format(
            "version",
            format!("version {v} is not supported (this reads {VERSION} to {NEWEST})"),
        )),
    }
}

fn read_players(v: &Value) -> Result<Vec<PlayerSetup>> {
    let mut seated: Vec<PlayerSetup> = Vec::new();
    for (i, p) in entries(v, "players")?.iter().enumerate() {
        let at = ScriptPlace::key(format!("players[{i}]"));
        let Obj(doc) = read_part::<Obj<PlayerDoc>>(p, |_| at.clone())?;
        let name = doc.name.ok_or_else(|| ScriptError::format(&at, "missing name"))?.0;
        let color = match doc.color {
            Some(ColorName(c)) => c,
            None => *Color::ALL.get(i).ok_or_else(|| ScriptError::format(&at, "missing colour"))?,
        };
        if name.trim().is_empty() {
            return Err(ScriptError::at(at, ScriptErrorKind::NoName));
        }
        if seated.iter().any(|q| q.name == name) {
            return Err(ScriptError::at(at, ScriptErrorKind::Setup(SetupError::DuplicateName(name))));
        }
        seated.push(PlayerSetup { name, color });
    }
    Ok(seated)
}

fn read_setup(
    doc: SetupDoc,
    players: Vec<PlayerSetup>,
    version: u64,
    seats: &Seats,
) -> Result<(GameSetup, Option<Vec<u32>>)> {
    let sets = match &doc.sets {
        None => vec![TileSet::Base],
        Some(List(sets)) => sets.iter().map(|&SetName(set)| set_in(set, version)).collect::<Result<_>>()?,
    };
    let start = doc.start.map_or(Start::Base, |StartName(s)| s);
    let mode = doc.mode.map_or(Mode::Turns, |ModeName(m)| m);
    only_on_a_final_board(&doc, mode)?;
    let mut titles = Titles::default();
    for (key, holder) in [("king", &doc.king), ("robber", &doc.robber)] {
        if let Some(name) = holder {
            let title =
                Some(Title { holder: seats.named(name, &ScriptPlace::key(format!("setup.{key}")))?, record: 0 });
            match key {
                "king" => titles.king = title,
                _ => titles.robber = title,
            }
        }
    }
    let count_at = doc.count_at.map_or(Quarter::Castle, |QuarterName(q)| q);
    let rules = doc.rules.map(|Obj(r)| read_rules(r)).transpose()?.unwrap_or_default();
    let track = doc.track.map(|t| read_track(t, seats)).transpose()?;
    let goods = doc.goods.map(|g| read_goods(g, seats)).transpose()?.unwrap_or_default();
    let magic = doc.magic.map(crate::magic::read_magic_figures).transpose()?.unwrap_or_default();
    let gold = doc.gold.map(|g| read_gold(g, seats)).transpose()?.unwrap_or_default();
    let setup = GameSetup { players, sets, start, rules, mode, titles, count_at, goods, gold, magic };
    Ok((setup, track))
}

/// `set`, in a script of `version`: refused when that version does not know it.
fn set_in(set: TileSet, version: u64) -> Result<TileSet> {
    let needs = version_of_set(set);
    if version < needs {
        return Err(ScriptError::format("setup.sets", format!("{} needs version {needs}", quoted(set.name()))));
    }
    Ok(set)
}

/// What only a final board tells: the titles' holders, the Count's quarter, the scores before
/// the end count, and what the players hold. A game entered turn by turn knows them itself.
fn only_on_a_final_board(doc: &SetupDoc, mode: Mode) -> Result<()> {
    if mode == Mode::FinalBoard {
        return Ok(());
    }
    let given = [
        (doc.king.is_some(), "setup.king", "only a final-board script names the holders"),
        (doc.robber.is_some(), "setup.robber", "only a final-board script names the holders"),
        (doc.count_at.is_some(), "setup.count_at", "only a final-board script says where the Count stands"),
        (doc.track.is_some(), "setup.track", "only a final-board script gives the scores before the end count"),
        (doc.goods.is_some(), "setup.goods", "only a final-board script lists the goods in hand"),
        (doc.magic.is_some(), "setup.magic", "only a final-board script says where the mage and the witch stand"),
        (doc.gold.is_some(), "setup.gold", "only a final-board script lists the gold in hand"),
    ];
    match given.into_iter().find(|&(given, ..)| given) {
        Some((_, at, message)) => Err(ScriptError::format(at, message)),
        None => Ok(()),
    }
}

fn read_rules(doc: RulesDoc) -> Result<RuleSet> {
    let mut r = RuleSet::default();
    let at = |k: &str| format!("setup.rules.{k}");
    let set = |target: &mut bool, v: Option<Flag>| {
        if let Some(Flag(b)) = v {
            *target = b;
        }
    };
    set(&mut r.small_city, doc.small_city);
    set(&mut r.small_city_pennants, doc.small_city_pennants);
    set(&mut r.score_incomplete, doc.score_incomplete);
    set(&mut r.road_loops_complete, doc.road_loops_complete);
    set(&mut r.border_closes, doc.border_closes);
    set(&mut r.hole_extra_turn, doc.hole_extra_turn);
    set(&mut r.separate_start_tile, doc.separate_start_tile);
    set(&mut r.title_record_rises, doc.title_record_rises);
    set(&mut r.start_tile_in_bag, doc.start_tile_in_bag);
    set(&mut r.challenge_when_partner_completes, doc.challenge_when_partner_completes);
    set(&mut r.challenge_winner_takes_both, doc.challenge_winner_takes_both);
    set(&mut r.relaxed_shrine_placement, doc.relaxed_shrine_placement);
    set(&mut r.count_lock_entry, doc.count_lock_entry);
    set(&mut r.herd_and_pig_stack, doc.herd_and_pig_stack);
    set(&mut r.crop_circle_same_tile, doc.crop_circle_same_tile);
    set(&mut r.count_round_per_feature, doc.count_round_per_feature);
    set(&mut r.purchase_pays_drawer, doc.purchase_pays_drawer);
    set(&mut r.river_before_city, doc.river_before_city);
    set(&mut r.start_tile_after_river, doc.start_tile_after_river);
    set(&mut r.no_followers_on_river, doc.no_followers_on_river);
    set(&mut r.recall_loses_challenge, doc.recall_loses_challenge);
    if let Some(FarmName(farms)) = doc.farms {
        r.farms = farms;
    }
    if let Some(CountMovementName(m)) = doc.count_movement {
        r.count_movement = m;
    }
    if let Some(TiedWinnersName(t)) = doc.tied_winners {
        r.tied_winners = t;
    }
    if let Some(UnplaceableName(u)) = doc.unplaceable {
        r.unplaceable = u;
    }
    if let Some(Whole(n)) = doc.max_players {
        r.max_players = u8::try_from(n).map_err(|_| ScriptError::format(at("max_players"), "out of range"))?;
    }
    if let Some(Obj(b)) = doc.bounds {
        let get = |name: &str, v: Option<Whole>| -> Result<i32> {
            let Whole(n) = v.ok_or_else(|| ScriptError::format(at("bounds"), format!("missing {name}")))?;
            i32::try_from(n).map_err(|_| ScriptError::format(at("bounds"), "out of range"))
        };
        r.bounds = Some(Bounds {
            min_x: get("min_x", b.min_x)?,
            max_x: get("max_x", b.max_x)?,
            min_y: get("min_y", b.min_y)?,
            max_y: get("max_y", b.max_y)?,
        });
    }
    r.gardens = doc.gardens.map(|Flag(b)| b);
    if let Some(List(tiles)) = doc.tree_junctions {
        r.tree_junctions = tiles.into_iter().map(|TileName(t)| t).collect();
    }
    Ok(r)
}

/// A final board's `setup.track`: a score for every player by name, none for anyone else.
/// A table that gives some scores and not others has forgotten one, and ranking on half the
/// scores would name the wrong winner.
fn read_track(NameMap(given): NameMap<Whole>, seats: &Seats) -> Result<Vec<u32>> {
    if let Some((stranger, _)) = given.iter().find(|(k, _)| seats.position(k).is_none()) {
        return Err(ScriptError::format(
            format!("setup.track.{}", excerpt(stranger)),
            format!("no player is called {}", excerpt(stranger)),
        ));
    }
    seats
        .0
        .iter()
        .map(|name| {
            let at = format!("setup.track.{}", excerpt(name));
            let (_, Whole(n)) = given
                .iter()
                .find(|(k, _)| k == name)
                .ok_or_else(|| ScriptError::format(&at, "missing: give every player's score"))?;
            u32::try_from(*n).map_err(|_| ScriptError::format(&at, "negative score"))
        })
        .collect()
}

/// A final board's `setup.goods` (X-18): player → kind → tokens; kinds and players left out
/// hold none. The result has one hand per seat, or none at all when nobody holds any.
fn read_goods(NameMap(given): NameMap<NameMap<Whole>>, seats: &Seats) -> Result<Vec<Tokens>> {
    let mut held = vec![Tokens::NONE; seats.0.len()];
    for (name, NameMap(hand)) in given {
        let at = format!("setup.goods.{}", excerpt(&name));
        let seat = seats
            .position(&name)
            .ok_or_else(|| ScriptError::format(&at, format!("no player is called {}", excerpt(&name))))?;
        for (kind, Whole(n)) in hand {
            let at = format!("{at}.{}", excerpt(&kind));
            let goods = Goods::from_name(&kind)
                .ok_or_else(|| ScriptError::format(&at, format!("unknown goods {}", quoted(&kind))))?;
            held[seat.index()][goods] =
                u8::try_from(n).map_err(|_| ScriptError::format(&at, "not a number of tokens"))?;
        }
    }
    if held.iter().all(|t| t.is_empty()) {
        held.clear();
    }
    Ok(held)
}

/// A final board's `setup.gold` (GM-07): player → ingots held; players left out hold none.
/// The result has one count per seat, or none at all when nobody holds any.
fn read_gold(NameMap(given): NameMap<Whole>, seats: &Seats) -> Result<Vec<u8>> {
    let mut held = vec![0; seats.0.len()];
    for (name, Whole(n)) in given {
        let at = format!("setup.gold.{}", excerpt(&name));
        let seat = seats
            .position(&name)
            .ok_or_else(|| ScriptError::format(&at, format!("no player is called {}", excerpt(&name))))?;
        held[seat.index()] = u8::try_from(n).map_err(|_| ScriptError::format(&at, "not a number of ingots"))?;
    }
    if held.iter().all(|&n| n == 0) {
        held.clear();
    }
    Ok(held)
}

fn read_expect(NameMap(scores): NameMap<Whole>, seats: &Seats) -> Result<BTreeMap<String, u32>> {
    let mut out = BTreeMap::new();
    for (name, Whole(points)) in scores {
        let at = format!("expect.scores.{}", excerpt(&name));
        if seats.position(&name).is_none() {
            return Err(ScriptError::format(at, format!("no player is called {}", excerpt(&name))));
        }
        out.insert(name, u32::try_from(points).map_err(|_| ScriptError::format(&at, "negative score"))?);
    }
    Ok(out)
}

/// `{"player": "Bram", "quarter": "castle", "to": [x, y, "N"]}`, in version 2 with `figure`
/// `big` for the big follower (X-07).
fn quarter_move(doc: QuarterMoveDoc, at: &ScriptPlace, seats: &Seats) -> Result<QuarterMove> {
    let player = seats.needed(doc.player.as_ref(), at, "missing player")?;
    let QuarterName(quarter) = doc.quarter.ok_or_else(|| ScriptError::format(at, "missing quarter"))?;
    let PlaceRef(cell, port) = doc.to.ok_or_else(|| ScriptError::format(at, "missing to"))?;
    Ok(QuarterMove { player, quarter, to: (cell, port), big: city_figure_is_big(doc.figure, at)? })
}

/// Whether a version-2 `figure` in the City names the big follower: `follower` (the default)
/// or `big`; the abbot never goes into the City (QX-04), nor do the builder and the pig.
fn city_figure_is_big(figure: Option<FigureName>, at: &ScriptPlace) -> Result<bool> {
    match figure.map(|FigureName(f)| f) {
        None | Some(Figure::Follower) => Ok(false),
        Some(Figure::Big) => Ok(true),
        Some(figure @ (Figure::Abbot | Figure::Builder | Figure::Pig)) => {
            Err(ScriptError::format(at, format!("the {figure} never goes into the City")))
        }
    }
}

/// A move's `count`: `{"moves": […], "enter": {"quarter": "castle", "count_to": "market"}}`.
fn count_choice(doc: CountDoc, at: &ScriptPlace, seats: &Seats) -> Result<CountChoice> {
    let moves = match doc.moves {
        None => Vec::new(),
        Some(List(moves)) => moves.into_iter().map(|Obj(m)| quarter_move(m, at, seats)).collect::<Result<_>>()?,
    };
    let entry = match doc.enter {
        None => None,
        Some(Obj(e)) => {
            let QuarterName(quarter) = e.quarter.ok_or_else(|| ScriptError::format(at, "enter needs a quarter"))?;
            let count_to = e.count_to.map(|QuarterName(q)| q);
            Some(Entry { quarter, count_to, big: city_figure_is_big(e.figure, at)? })
        }
    };
    Ok(CountChoice { moves, entry })
}

/// Refuses a standing figure in a quarter of the City unless it is a follower or the big
/// follower: the abbot, the builder and the pig never wait there.
fn waits_in_city(figure: Figure, standing: Standing, at: &ScriptPlace) -> Result<()> {
    if !matches!(figure, Figure::Follower | Figure::Big) && matches!(standing, Standing::City(_)) {
        return Err(ScriptError::format(at, format!("the {figure} never goes into the City")));
    }
    Ok(())
}

/// An entry of a final board's `followers`: the older way of writing a stand move.
fn read_follower(doc: FollowerDoc, at: &ScriptPlace, seats: &Seats) -> Result<StandingFollower> {
    let player = seats.needed(doc.player.as_ref(), at, "missing player")?;
    let standing = match (doc.quarter, doc.at) {
        (Some(QuarterName(q)), None) => Standing::City(q),
        (None, Some(PlaceRef(cell, port))) => Standing::Board(cell, port),
        _ => return Err(ScriptError::format(at, "give either `at` or `quarter`")),
    };
    if doc.recall.is_some() {
        return Err(ScriptError::format(at, "a standing figure is not taken back"));
    }
    let figure = doc.figure.map_or(Figure::Follower, |FigureName(f)| f);
    waits_in_city(figure, standing, at)?;
    Ok(StandingFollower { player, at: standing, figure })
}

/// An entry of `moves`, which the file gave with `written` keys, known or not.
fn read_move(doc: MoveDoc, written: usize, at: &ScriptPlace, seats: &Seats) -> Result<Move> {
    if let Some(stand) = doc.stand {
        if doc.tile.is_some() || doc.city.is_some() {
            return Err(ScriptError::format(at, "a standing follower is a move of its own"));
        }
        let player = seats.needed(doc.player.as_ref(), at, "missing player")?;
        if doc.recall.is_some() {
            return Err(ScriptError::format(at, "a standing figure is not taken back"));
        }
        let figure = doc.figure.map_or(Figure::Follower, |FigureName(f)| f);
        let standing = match stand {
            StandAt::City(QuarterName(q)) => Standing::City(q),
            StandAt::Board(PlaceRef(cell, port)) => Standing::Board(cell, port),
        };
        waits_in_city(figure, standing, at)?;
        return Ok(Move::Stand { player, at: standing, figure });
    }
    if let Some(CellRef(city)) = doc.city {
        if written > 1 {
            return Err(ScriptError::format(at, "laying the City is a move of its own"));
        }
        return Ok(Move::City { at: city });
    }
    if doc.tile.is_none() {
        if let Some(Obj(magic)) = doc.magic {
            return crate::magic::read_magic_stand(magic, written, at);
        }
    }
    let TileName(tile) = doc.tile.ok_or_else(|| ScriptError::format(at, "missing tile"))?;
    let count = doc.count.map(|Obj(c)| count_choice(c, at, seats)).transpose()?.unwrap_or_default();
    let figure = doc.figure.map(|FigureName(f)| f);
    let recall_abbot = doc.recall.is_some();
    if doc.discard.is_some_and(|Flag(d)| d) {
        if doc.at.is_some() || doc.meeple.is_some() || !count.is_empty() || figure.is_some() || recall_abbot {
            return Err(ScriptError::format(at, "a discarded tile has no place and no follower"));
        }
        if doc.gold.is_some() || doc.gold_taken.is_some() {
            return Err(ScriptError::format(at, "a discarded tile has no gold"));
        }
        return Ok(Move::Discard { tile });
    }
    let CellRef(cell) = doc.at.ok_or_else(|| ScriptError::format(at, "missing at"))?;
    let Rot(rotation) = doc.rot.ok_or_else(|| ScriptError::format(at, "missing rot"))?;
    let follower = doc.meeple.map(|PortName(p)| p);
    // Version 3's flight (Flying Machines); the move's `figure` is then the figure that flew.
    let flight = doc.flight.map(|f| Flight { figure: figure.unwrap_or_default(), roll: f.roll, to: f.to });
    let figure = if flight.is_some() { None } else { figure };
    if figure.is_some() && follower.is_none() {
        return Err(ScriptError::format(at, "a figure needs a meeple place"));
    }
    let purchase = match (&doc.buyer, doc.price) {
        (None, None) => None,
        (Some(buyer), Some(Whole(price))) => Some(Purchase {
            buyer: seats.named(buyer, at)?,
            price: u32::try_from(price).map_err(|_| ScriptError::format(at, "price out of range"))?,
        }),
        _ => return Err(ScriptError::format(at, "a bought tile names its buyer and its price")),
    };
    // Version 2: `"second_tile": false` passes up the builder's second tile (T-15); `true`
    // says what the moves say anyway.
    let pass_second_tile = doc.second_tile.is_some_and(|Flag(b)| !b);
    let told = ToldAnswers {
        flight,
        ferry: doc.ferry.map(|FerryLink(link)| link),
        ferry_moves: read_ferry_moves(doc.ferry_moves, at)?,
        gold: doc.gold.map(|CellRef(c)| SecondIngot { dx: c.x, dy: c.y }),
        gold_taken: read_gold_taken(doc.gold_taken, at, seats)?,
        magic: doc.magic.map(|Obj(m)| crate::magic::read_magic_move(m, &at.child("magic"))).transpose()?,
        magic_fix: doc.magic_fix.map(|Obj(m)| crate::magic::read_magic_move(m, &at.child("magic_fix"))).transpose()?,
        crop_circle: doc.crop_circle.map(|Obj(c)| read_crop_circle(c, &at.child("crop_circle"), seats)).transpose()?,
    };
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
        told: told.into(),
    })
}

/// Version 3's `ferry_moves` (FE-05).
fn read_ferry_moves(doc: Option<List<Obj<FerryMoveDoc>>>, at: &ScriptPlace) -> Result<Vec<FerryMove>> {
    let Some(List(moves)) = doc else { return Ok(Vec::new()) };
    moves
        .into_iter()
        .map(|Obj(m)| {
            let CellRef(cell) = m.at.ok_or_else(|| ScriptError::format(at, "a ferry move needs at"))?;
            let FerryLink(link) = m.link.ok_or_else(|| ScriptError::format(at, "a ferry move needs link"))?;
            Ok(FerryMove { at: cell, link })
        })
        .collect()
}

/// Version 3's `gold_taken` (GM-05).
fn read_gold_taken(doc: Option<List<Obj<GoldTakeDoc>>>, at: &ScriptPlace, seats: &Seats) -> Result<Vec<GoldTake>> {
    let Some(List(takes)) = doc else { return Ok(Vec::new()) };
    takes
        .into_iter()
        .map(|Obj(t)| {
            let player = seats.needed(t.player.as_ref(), at, "a gold take names its player")?;
            let CellRef(from) = t.from.ok_or_else(|| ScriptError::format(at, "a gold take names its tile"))?;
            Ok(GoldTake { player, from })
        })
        .collect()
}

/// Version 3's `crop_circle` (CC-03): `{"choice": "add", "actions": [{"player": "Bram", "at":
/// [2, 0, "NL"]}, {"player": "Anna", "pass": true}]}`, an entry's `figure` naming the big
/// follower.
fn read_crop_circle(doc: CropCircleDoc, here: &ScriptPlace, seats: &Seats) -> Result<CropCircle> {
    let CropChoiceName(choice) = doc.choice.ok_or_else(|| ScriptError::format(here, "missing choice"))?;
    let actions = match doc.actions {
        None => Vec::new(),
        Some(List(actions)) => actions
            .into_iter()
            .enumerate()
            .map(|(i, Obj(a))| {
                let here = here.child(&format!("actions[{i}]"));
                let player = seats.needed(a.player.as_ref(), &here, "missing player")?;
                let deed = match (a.pass, a.at) {
                    (Some(Flag(true)), None) if a.figure.is_none() => CropDeed::Pass,
                    (None, Some(PlaceRef(cell, port))) => {
                        CropDeed::At { cell, port, figure: a.figure.map_or(Figure::Follower, |FigureName(f)| f) }
                    }
                    _ => return Err(ScriptError::format(&here, "an entry has a place (`at`) or `\"pass\": true`")),
                };
                Ok(CropAction { player, deed })
            })
            .collect::<Result<_>>()?,
    };
    Ok(CropCircle { choice, actions })
}

/// `text` without the byte-order mark a Windows editor puts before the first character of a
/// UTF-8 file. JSON has no place for it, but it says nothing about the script either.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A final board of version 3 with a move of each kind: every key a refusal below spoils
    /// is in it, and it reads as it is.
    const BOARD: &str = r#"{"format": "castellan-game-script", "version": 3,
      "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
      "setup": {"sets": ["base", "count", "goldmines", "mage-witch"], "start": "count", "mode": "final-board",
                "count_at": "market", "track": {"Anna": 10, "Bram": 3}, "gold": {"Anna": 1},
                "magic": {"mage": null}, "rules": {"bounds": {"min_x": -5, "max_x": 5, "min_y": -4, "max_y": 4}}},
      "moves": [{"tile": "F", "at": [2, 1], "rot": 0},
                {"player": "Anna", "stand": [2, 1, "W"]},
                {"tile": "G", "at": [3, 1], "rot": 90, "note": "kept aside"}],
      "final_moves": [],
      "final_scoring": true,
      "expect": {"scores": {"Anna": 14}}}"#;

    fn refused(from: &str, to: &str) -> (String, String) {
        assert!(BOARD.contains(from), "the script holds {from}");
        let e = Script::from_json(&BOARD.replacen(from, to, 1)).expect_err(to);
        let place = e.at.to_string();
        let message = e.to_string().strip_prefix(&format!("{place}: ")).expect("where, then why").to_string();
        (place, message)
    }

    #[test]
    fn the_board_reads() {
        let script = Script::from_json(BOARD).expect("a valid script");
        assert_eq!((script.moves.len(), script.track.as_deref()), (3, Some(&[10, 3][..])));
    }

    /// Each refusal keeps the words and the place it has always had: a value is named by the
    /// key holding it, a list by its name, the bounds as one, a name as errors show it.
    #[test]
    fn a_wrong_value_is_named_by_its_key_in_the_formats_words() {
        let cases = [
            (r#""rot": 90"#, r#""rot": "90""#, "move 2", "expected a whole number"),
            (r#""rot": 90"#, r#""rot": 45"#, "move 2", "rot 45 is not 0, 90, 180 or 270"),
            (r#""at": [3, 1]"#, r#""at": [3]"#, "move 2", "expected [x, y]"),
            (r#""at": [3, 1]"#, r#""at": 3"#, "move 2", "expected a list"),
            (r#""at": [3, 1]"#, r#""at": [3, 9999999999]"#, "move 2", "[3,9999999999] is off the table"),
            (r#""tile": "G""#, r#""tile": "ZZ""#, "move 2", "unknown tile `ZZ`"),
            (r#""tile": "G""#, r#""city": [0, 1]"#, "move 2", "laying the City is a move of its own"),
            (r#""stand": [2, 1, "W"]"#, r#""stand": [2, 1, "Q"]"#, "move 1", "unknown place `Q`"),
            (r#""stand": [2, 1, "W"]"#, r#""stand": "tower""#, "move 1", "unknown quarter `tower`"),
            (r#""player": "Anna", "stand""#, r#""player": "Cleo", "stand""#, "move 1", "no player is called Cleo"),
            (r#""color": "blue""#, r#""color": "mauve""#, "players[1]", "unknown colour `mauve`"),
            (r#"{"name": "Bram", "#, "{", "players[1]", "missing name"),
            (r#""sets": ["base", "#, r#""sets": [7, "#, "setup.sets", "expected a string"),
            (r#""start": "count""#, r#""start": "moon""#, "setup.start", "unknown start `moon`"),
            (r#""min_x": -5"#, r#""min_x": "far""#, "setup.rules.bounds", "expected a whole number"),
            (r#""min_x": -5, "#, "", "setup.rules.bounds", "missing min_x"),
            (r#""Bram": 3}"#, r#""Bram": -3}"#, "setup.track.Bram", "negative score"),
            (r#""gold": {"Anna": 1}"#, r#""gold": {"Anna": true}"#, "setup.gold.Anna", "expected a whole number"),
            (r#""gold": {"Anna": 1}"#, r#""gold": {"Anna": 300}"#, "setup.gold.Anna", "not a number of ingots"),
            (r#""mage": null"#, r#""mage": [1, 1]"#, "setup.magic.mage", "expected [x, y, place]"),
            (r#""mage": null"#, r#""sage": null"#, "setup.magic", "unknown magic figure `sage` (mage or witch)"),
            (r#""magic": {"mage": null}"#, r#""magic": 1"#, "setup.magic", "expected an object"),
            (r#""final_moves": []"#, r#""final_moves": [{"player": "Anna"}]"#, "final_moves[0]", "missing quarter"),
            (r#""final_scoring": true"#, r#""final_scoring": 1"#, "final_scoring", "expected true or false"),
            (r#""Anna": 14"#, r#""Anna": "many""#, "expect.scores.Anna", "expected a whole number"),
            (r#""version": 3"#, r#""version": 4"#, "version", "version 4 is not supported (this reads 1 to 3)"),
        ];
        for (from, to, place, message) in cases {
            let (at, said) = refused(from, to);
            assert_eq!(at, place, "{to}: {said}");
            assert!(said.starts_with(message), "{to} at {at}: {said}");
        }
    }

    /// What a table tells with a tile is long enough for its key to be named inside the move.
    #[test]
    fn a_told_answer_is_named_inside_its_move() {
        let tile = r#""rot": 90, "note": "kept aside""#;
        let cases = [
            (r#""rot": 90, "crop_circle": {"choice": "twice"}"#, "move 2.crop_circle", "choice `twice`"),
            (
                r#""rot": 90, "crop_circle": {"choice": "add", "actions": [{"pass": true}]}"#,
                "move 2.crop_circle.actions[0]",
                "missing player",
            ),
            (r#""rot": 90, "magic": {"figure": "mage"}"#, "move 2.magic", "a magic figure goes `to` a place"),
            (r#""rot": 90, "magic_fix": {"figure": "imp"}"#, "move 2.magic_fix", "unknown magic figure `imp`"),
            (r#""rot": 90, "flight": {"roll": 2, "too": "N"}"#, "move 2", "flight: unknown key `too`"),
            (r#""rot": 90, "ferry": ["W", "Q"]"#, "move 2", "`Q` is not a side (N, E, S or W)"),
            (r#""rot": 90, "gold_taken": [{"from": [0, 0]}]"#, "move 2", "a gold take names its player"),
        ];
        for (to, place, message) in cases {
            let (at, said) = refused(tile, to);
            assert_eq!(at, place, "{to}: {said}");
            assert!(said.starts_with(message), "{to} at {at}: {said}");
        }
    }

    /// An older version ignores what a later one added, however it is written, except what
    /// would change the game unseen.
    #[test]
    fn an_older_version_ignores_the_keys_a_later_one_adds() {
        let v1 = r#"{"format": "castellan-game-script", "version": 1,
          "players": [{"name": "Anna"}, {"name": "Bram"}],
          "setup": {"gold": "lots", "magic": 7},
          "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "figure": 7, "recall": 1, "second_tile": "no",
                     "flight": [], "magic": "up", "crop_circle": null, "gold": "x", "ferry": 0}]}"#;
        let script = Script::from_json(v1).expect("every key of a later version is unknown here");
        assert_eq!(script.to_json()["version"].as_u64(), Some(1), "and nothing of them is kept");
        let gardens = v1.replace(r#""gold": "lots""#, r#""rules": {"gardens": false}"#);
        let e = Script::from_json(&gardens).unwrap_err();
        assert_eq!(e.to_string(), "setup.rules.gardens: needs version 2");
        let city = r#"{"city": [0, 1], "figure": "abbot"}"#;
        let e = Script::from_json(&v1.replace(r#"{"tile": "E""#, &format!("{city}, {{\"tile\": \"E\""))).unwrap_err();
        assert_eq!(e.to_string(), "move 0: laying the City is a move of its own", "alone, whatever stands beside it");
    }
}
