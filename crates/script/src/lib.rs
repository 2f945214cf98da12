//! The game-script format, version 1: a JSON record of a game as entered at the table.
//!
//! The format is a contract shared with other tools (documented in `docs/game-script.md` at
//! the repository root). This crate reads it into engine types ([`Script`]), replays it
//! ([`Script::play`]), and writes it back ([`Script::to_json`]). A game as a ledger stores
//! it becomes a script through [`StoredGame`]. Keys the format does not define are ignored;
//! a defined key with a wrong type or value is an error naming where it is.
//!
//! The format's shape is declared once, as types that serde reads and writes alike (the
//! private module `shape`); reading checks what lies between keys after the types are read,
//! one step per rule, and writing builds the same types from the engine's.

#![deny(missing_docs)]

mod flight;
mod magic;
mod place;
mod read;
mod report;
mod scenario;
mod shape;
pub mod shown;
mod stored;
mod write;

pub use place::ScriptPlace;
pub use read::{without_bom, ScriptError, ScriptErrorKind};
pub use report::{report, report_with_track};
pub use scenario::check_scenario;
pub use stored::{StoredError, StoredGame, StoredPart};
pub use write::{final_moves_json, move_json, players_json, setup_json, track_json};

pub use castellan_engine::Standing;

use castellan_engine::{
    Figure, Game, GameSetup, Move, MoveError, PlayerId, QuarterMove, ReplayError, ScoreSource, StandError, TileSet,
    TitleKind,
};
use std::collections::BTreeMap;

/// The `format` value every script carries.
pub const FORMAT: &str = "castellan-game-script";
/// The format version a script needs when it uses nothing of version 2: what this crate
/// writes for such a game, so that readers of version 1 keep reading it.
pub const VERSION: u64 = 1;
/// Version 1 plus the abbot, Inns & Cathedrals and Traders & Builders (their sets, figures,
/// recall, second tiles and goods; `docs/game-script-v2.md`). It is written only for a game
/// that uses it.
pub const VERSION_2: u64 = 2;
/// Version 2 plus the boxes of the Big Box that change the board (`docs/game-script-v3.md`):
/// their sets, and what the players tell the app when one of their tiles is placed. It is
/// written only for a game that plays one of them.
pub const VERSION_3: u64 = 3;
/// The newest version this crate reads.
pub const NEWEST: u64 = VERSION_3;

/// The first format version that knows `set`: a script of an older version naming it is
/// refused, and a game playing it is written in this version at least.
pub fn version_of_set(set: TileSet) -> u64 {
    match set {
        TileSet::CropCircles | TileSet::CropCircles1 => VERSION_3,
        TileSet::Abbot | TileSet::InnsCathedrals | TileSet::TradersBuilders => VERSION_2,
        TileSet::Ferries => VERSION_3,
        TileSet::MageWitch => VERSION_3,
        TileSet::Flier => VERSION_3,
        TileSet::Goldmines => VERSION_3,
        TileSet::Base
        | TileSet::Winter
        | TileSet::KingRobber
        | TileSet::Shrines
        | TileSet::River2
        | TileSet::Count
        | TileSet::River
        | TileSet::RiverC1 => VERSION,
    }
}

/// The format version a script of a game with `setup` is written in: the newest its sets
/// need ([`version_of_set`]); version 2 also for a rule option version 2 adds (RI-14's
/// `start_tile_after_river`, RI-15's `no_followers_on_river`, QX-03's
/// `recall_loses_challenge`, QX-18's `gardens`, QX-07's `herd_and_pig_stack`) or goods in
/// hand, so that readers of an older version keep reading every game they can.
pub fn version_for(setup: &GameSetup) -> u64 {
    let r = &setup.rules;
    let sets = setup.sets.iter().map(|&s| version_of_set(s)).max().unwrap_or(VERSION);
    let version_2_rules = !setup.goods.is_empty()
        || r.start_tile_after_river
        || r.no_followers_on_river
        || r.recall_loses_challenge
        || r.gardens.is_some()
        || !r.herd_and_pig_stack;
    // QB-19's option is a version-3 key.
    let version_3_rules = !r.crop_circle_same_tile;
    if version_3_rules {
        sets.max(VERSION_3)
    } else if version_2_rules {
        sets.max(VERSION_2)
    } else {
        sets
    }
}

/// Scores plus the scores before the end count, seat by seat; the scores alone without them.
pub fn with_track(scores: &[u32], track: Option<&[u32]>) -> Vec<u32> {
    match track {
        Some(before) => scores.iter().zip(before).map(|(s, b)| s + b).collect(),
        None => scores.to_vec(),
    }
}

/// A follower of a final-board script's `followers` list: the older way of writing a stand
/// move, played after every move of `moves`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingFollower {
    /// Whose.
    pub player: PlayerId,
    /// Where.
    pub at: Standing,
    /// Which figure (version 2's `figure`): a follower or the big follower, or the abbot,
    /// builder or pig on the board.
    pub figure: Figure,
}

impl StandingFollower {
    /// The stand move it stands for.
    pub fn to_move(&self) -> Move {
        Move::Stand { player: self.player, at: self.at, figure: self.figure }
    }
}

/// A parsed game script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// Players, sets, start, rules and mode.
    pub setup: GameSetup,
    /// One entry per tile drawn (or per tile and standing follower on the finished board).
    pub moves: Vec<Move>,
    /// Final-board followers listed apart from `moves` (kept apart so that the script is
    /// written back as it was, and a refusal names `follower i`).
    pub followers: Vec<StandingFollower>,
    /// With the Count: followers moved out of Carcassonne before the final count.
    pub final_moves: Vec<QuarterMove>,
    /// Apply the end-of-game count after the last move.
    pub final_scoring: bool,
    /// A final board's `setup.track`: each seat's score before the end count (the space on
    /// the track plus the 50 and 100 tokens), which the tiles cannot show. The totals and the
    /// ranking are then these plus the end count; without it only the end count is known.
    pub track: Option<Vec<u32>>,
    /// Expected totals by player name, when the script states them.
    pub expect: Option<BTreeMap<String, u32>>,
}

/// A script that replayed but did not give the totals it expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectMismatch {
    /// `(name, expected, actual)` for every player whose total differs.
    pub differences: Vec<(String, u32, u32)>,
}

impl std::fmt::Display for ExpectMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> =
            self.differences.iter().map(|(n, e, a)| format!("{} expected {e}, got {a}", shown::excerpt(n))).collect();
        write!(f, "scores differ from expect: {}", parts.join("; "))
    }
}

impl Script {
    /// Every move the script makes before the final count: `moves`, then the `followers`
    /// list as stand moves. This is what a ledger stores of it.
    pub fn all_moves(&self) -> Vec<Move> {
        self.moves.iter().cloned().chain(self.followers.iter().map(StandingFollower::to_move)).collect()
    }

    /// Replays the script: setup, moves, followers, and the final count if asked for.
    ///
    /// A script is a game that was played, so it seats at least two players (Rule B-02),
    /// and a final board that names a title holder shows a completed city or road to earn
    /// it. Neither is asked of a game's moves as such: a ledger's stored games replay through
    /// [`castellan_engine::History`] whatever their table.
    ///
    /// # Errors
    /// The setup or the first refused move, with its index; a refusal names the players.
    pub fn play(&self) -> Result<Game, ScriptError> {
        let names: Vec<String> = self.setup.players.iter().map(|p| p.name.clone()).collect();
        self.replay().map_err(|e| e.naming(&names))
    }

    fn replay(&self) -> Result<Game, ScriptError> {
        if self.setup.players.len() < 2 {
            let names = self.setup.players.iter().map(|p| p.name.clone()).collect();
            return Err(ScriptError::at("players", ScriptErrorKind::TooFewPlayers { names }));
        }
        let mut game = Game::replay(&self.setup, &self.moves).map_err(|e| match e {
            ReplayError::Setup(e) => ScriptError::at("setup", ScriptErrorKind::Setup(e)),
            ReplayError::Move { index, error } => {
                ScriptError::at(ScriptPlace::of_move(index), ScriptErrorKind::Move(error))
            }
        })?;
        for (i, f) in self.followers.iter().enumerate() {
            game.apply(&f.to_move())
                .map_err(|e| ScriptError::at(ScriptPlace::of_follower(i), ScriptErrorKind::Move(e)))?;
        }
        if self.final_scoring {
            self.check_titles(&game)?;
            game.finish_naming(&self.final_moves).map_err(|e| {
                let at = match (e.index, &e.error) {
                    (Some(i), _) => ScriptPlace::key(format!("final_moves[{i}]")),
                    // A finished table's mage and witch are told with its setup (MW-08).
                    (None, MoveError::Magic(_)) => ScriptPlace::key("setup.magic"),
                    (None, _) => self.entry_of(&e.error).unwrap_or_else(|| ScriptPlace::key("final_moves")),
                };
                ScriptError::at(at, ScriptErrorKind::Move(e.error))
            })?;
        } else if !self.final_moves.is_empty() {
            return Err(ScriptError::at(
                "final_moves",
                ScriptErrorKind::Format("final moves come with the final scoring".into()),
            ));
        }
        Ok(game)
    }

    /// The entry (`move 4`, `follower 2`) that stood the figure a final board's count refused
    /// for the rest of the table (X-18): the figure is named by where it stands, and a player
    /// has one builder and one pig, so the last stand of it there is the one on the table.
    fn entry_of(&self, refusal: &MoveError) -> Option<ScriptPlace> {
        let (player, figure, at) = match *refusal {
            MoveError::Stand(StandError::Unaccompanied { player, figure, cell, port, .. }) => {
                (player, figure, Standing::Board(cell, port))
            }
            MoveError::Stand(StandError::CityNotLaid { player, figure, quarter }) => {
                (player, figure, Standing::City(quarter))
            }
            _ => return None,
        };
        let stood = Move::Stand { player, at, figure };
        if let Some(i) = self.followers.iter().rposition(|f| f.to_move() == stood) {
            return Some(ScriptPlace::of_follower(i));
        }
        self.moves.iter().rposition(|m| *m == stood).map(ScriptPlace::of_move)
    }

    /// A title a final board names (`setup.king`, `setup.robber`) needs something on the
    /// table to count: the King a completed city (the City of Carcassonne is one), the
    /// Robber a completed road. Otherwise the name is a slip, and counting it would hide it
    /// behind a bonus of 0.
    fn check_titles(&self, game: &Game) -> Result<(), ScriptError> {
        let (count, _) = game.final_count();
        for (title, key, source) in [
            (TitleKind::King, "setup.king", ScoreSource::King),
            (TitleKind::Robber, "setup.robber", ScoreSource::Robber),
        ] {
            let Some(held) = self.setup.titles.get(title) else { continue };
            if count.iter().any(|s| s.source == source && s.points == 0) {
                let holder = self.setup.players[held.holder.index()].name.clone();
                return Err(ScriptError::at(key, ScriptErrorKind::TitleWithoutFeature { title, holder }));
            }
        }
        Ok(())
    }

    /// Each seat's total: its score before the end count (`setup.track`, 0 without it)
    /// plus what the game scored.
    pub fn totals(&self, game: &Game) -> Vec<u32> {
        with_track(game.scores(), self.track.as_deref())
    }

    /// The report of the replayed game as `castellan score` prints it: on the totals with
    /// the scores before the end count, when the script gives them.
    pub fn report(&self, game: &Game) -> serde_json::Value {
        report_with_track(game, self.track.as_deref())
    }

    /// Compares a replayed game's totals with `expect`.
    ///
    /// # Errors
    /// Every player whose total differs.
    pub fn check_expect(&self, game: &Game) -> Result<(), ExpectMismatch> {
        let Some(expect) = &self.expect else {
            return Ok(());
        };
        let totals = self.totals(game);
        let mut differences = Vec::new();
        for (i, p) in self.setup.players.iter().enumerate() {
            if let Some(&want) = expect.get(&p.name) {
                let got = totals[i];
                if got != want {
                    differences.push((p.name.clone(), want, got));
                }
            }
        }
        if differences.is_empty() {
            Ok(())
        } else {
            Err(ExpectMismatch { differences })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCRIPT: &str = r#"{
      "format": "castellan-game-script", "version": 1,
      "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
      "setup": {"sets": ["base", "winter", "king-robber"], "rules": {"farms": "c1", "small_city": true,
                "bounds": {"min_x": -5, "max_x": 5, "min_y": -4, "max_y": 4}, "tied_winners": "no-winner",
                "tree_junctions": ["W", "X"]}},
      "moves": [
        {"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"},
        {"tile": "V", "at": [1, 0], "rot": 90, "note": "keys we do not know are ignored"}
      ],
      "final_scoring": true,
      "expect": {"scores": {"Anna": 3, "Bram": 0}}
    }"#;

    #[test]
    fn a_script_written_out_reads_back_the_same() {
        let script = Script::from_json(SCRIPT).expect("valid script");
        let again = Script::from_json(&script.to_json().to_string()).expect("written script reads");
        assert_eq!(again, script, "write then read is the identity");
        let game = script.play().expect("replays");
        assert_eq!(
            script.check_expect(&game),
            Ok(()),
            "Anna: small city 2 (V-05) and the King for one completed city (K-07); Bram has no follower"
        );
    }

    #[test]
    fn errors_name_the_move_and_the_key() {
        let bad_rot = SCRIPT.replace("\"rot\": 90", "\"rot\": 45");
        let e = Script::from_json(&bad_rot).unwrap_err();
        assert_eq!(e.at, ScriptPlace::of_move(1));
        assert!(e.to_string().contains("rot 45 is not 0, 90, 180 or 270"), "{e}");
        let bad_farms = SCRIPT.replace("\"c1\"", "\"c9\"");
        assert_eq!(Script::from_json(&bad_farms).unwrap_err().at, ScriptPlace::key("setup.rules.farms"));
        let bad_tree = SCRIPT.replace("[\"W\", \"X\"]", "[\"W\", \"ZZ\"]");
        let e = Script::from_json(&bad_tree).unwrap_err();
        assert_eq!(e.at, ScriptPlace::key("setup.rules.tree_junctions"));
        assert!(e.to_string().contains("unknown tile `ZZ`"), "{e}");
        let not_json = Script::from_json("{\"format\": ").unwrap_err();
        assert!(matches!(not_json.kind, ScriptErrorKind::Json(_)));
        // Traders & Builders, like the abbot, needs version 2.
        let traders = SCRIPT.replace("\"king-robber\"]", "\"traders-builders\"]");
        let e = Script::from_json(&traders).unwrap_err();
        assert_eq!(e.at, ScriptPlace::key("setup.sets"));
        assert!(e.to_string().contains("`traders-builders` needs version 2"), "{e}");
    }

    #[test]
    fn the_rule_options_of_version_2_are_written_as_version_2_and_refused_in_version_1() {
        let v1 = r#"{"format": "castellan-game-script", "version": 1,
          "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
          "setup": {"sets": ["base", "river"], "start": "river", "rules": {"no_followers_on_river": true}},
          "moves": []}"#;
        let e = Script::from_json(v1).unwrap_err();
        assert_eq!(
            (e.at.clone(), e.to_string().contains("needs version 2")),
            (ScriptPlace::key("setup.rules.no_followers_on_river"), true)
        );
        for key in ["no_followers_on_river", "start_tile_after_river", "recall_loses_challenge", "gardens"] {
            let v2 = v1.replace("\"version\": 1", "\"version\": 2").replace("no_followers_on_river", key);
            let script = Script::from_json(&v2).expect("version 2 reads the key");
            let written = script.to_json();
            assert_eq!((written["version"].as_u64(), written["setup"]["rules"][key].as_bool()), (Some(2), Some(true)));
            assert_eq!(Script::from_json(&written.to_string()).unwrap(), script, "{key} reads back");
        }
        let inns = v1.replace("\"version\": 1", "\"version\": 2").replace(
            r#""sets": ["base", "river"], "start": "river", "rules": {"no_followers_on_river": true}"#,
            r#""sets": ["base", "inns-cathedrals"]"#,
        );
        let script = Script::from_json(&inns).expect("version 2 reads Inns & Cathedrals");
        assert!(script.setup.has(castellan_engine::TileSet::InnsCathedrals), "the box is played");
        assert_eq!(script.to_json()["version"].as_u64(), Some(2), "and written as version 2");
        let v2 = v1.replace("\"version\": 1", "\"version\": 2");
        let traders = v2.replace(
            r#""sets": ["base", "river"], "start": "river", "rules": {"no_followers_on_river": true}"#,
            r#""sets": ["base", "traders-builders"]"#,
        );
        let script = Script::from_json(&traders).expect("version 2 reads Traders & Builders");
        assert!(script.setup.has(castellan_engine::TileSet::TradersBuilders), "the box is played");
        assert_eq!(script.to_json()["version"].as_u64(), Some(2), "and written as version 2");
        // QX-07's option, like the others, is version 2's alone.
        let herd = |script: &str| script.replace(r#""no_followers_on_river": true"#, r#""herd_and_pig_stack": false"#);
        let e = Script::from_json(&herd(v1)).unwrap_err();
        assert_eq!(e.at, ScriptPlace::key("setup.rules.herd_and_pig_stack"), "{e}");
        let script = Script::from_json(&herd(&v2)).expect("version 2 reads the herd's option");
        let written = script.to_json();
        assert_eq!(
            (written["version"].as_u64(), written["setup"]["rules"]["herd_and_pig_stack"].as_bool()),
            (Some(2), Some(false))
        );
    }

    #[test]
    fn gold_keys_are_read_in_version_3_and_unknown_before() {
        let script = |version: u64, sets: &str, moves: &str, setup: &str| {
            let end = if setup.contains("final-board") { r#", "final_scoring": true"# } else { "" };
            format!(
                r#"{{"format": "castellan-game-script", "version": {version},
                  "players": [{{"name": "Anna", "color": "red"}}, {{"name": "Bram", "color": "blue"}}],
                  "setup": {{"sets": [{sets}]{setup}}}, "moves": [{moves}]{end}}}"#
            )
        };
        // In version 2 the keys are unknown, and ignored: the plain tile plays as ever.
        let plain = r#"{"tile": "U", "at": [1, 0], "rot": 0, "gold": [-1, 0], "gold_taken": [{"player": "Anna", "from": [0, 0]}]}"#;
        let old = Script::from_json(&script(2, r#""base""#, plain, "")).expect("version 2 ignores the keys");
        assert!(matches!(&old.moves[0], Move::Place { told, .. } if told.is_empty()));
        assert!(old.play().is_ok());
        // In version 3 they are read, and written back as they were.
        let gold = r#"{"tile": "GM06", "at": [1, 0], "rot": 90, "gold": [-1, 0]}"#;
        let new = Script::from_json(&script(3, r#""base", "goldmines""#, gold, "")).expect("version 3 reads gold");
        let written = new.to_json();
        assert_eq!((written["version"].as_u64(), &written["moves"][0]["gold"]), (Some(3), &serde_json::json!([-1, 0])));
        assert_eq!(Script::from_json(&written.to_string()).unwrap(), new, "gold reads back");
        assert_eq!(new.play().unwrap().gold_on_tiles().len(), 2, "two tiles hold an ingot");
        // The ingots in hand are a finished table's alone.
        let held = r#", "gold": {"Anna": 3}"#;
        let e = Script::from_json(&script(3, r#""base", "goldmines""#, "", held)).unwrap_err();
        assert_eq!(e.at, ScriptPlace::key("setup.gold"), "{e}");
        let board = format!(r#", "mode": "final-board"{held}"#);
        let finished = Script::from_json(&script(3, r#""base", "goldmines""#, "", &board)).expect("a final board");
        assert_eq!(finished.setup.gold, [3, 0]);
        assert_eq!(Script::from_json(&finished.to_json().to_string()).unwrap(), finished, "setup.gold reads back");
    }

    #[test]
    fn a_byte_order_mark_before_the_script_is_ignored() {
        let marked = format!("\u{feff}{SCRIPT}");
        assert_eq!(Script::from_json(&marked), Script::from_json(SCRIPT), "the same script");
        assert_eq!(check_scenario(&marked), Ok(()), "a scenario reads it as well");
        let late = format!("{SCRIPT}\u{feff}");
        assert!(matches!(Script::from_json(&late).unwrap_err().kind, ScriptErrorKind::Json(_)), "only at the start");
    }

    #[test]
    fn a_refusal_calls_players_by_name() {
        // Bram buys the tile Anna drew but has no points to pay with.
        let bought = SCRIPT.replace(r#""meeple": "S"}"#, r#""meeple": "S", "buyer": "Bram", "price": 3}"#);
        let err = Script::from_json(&bought).unwrap().play().unwrap_err();
        assert_eq!(err.to_string(), "move 0: Bram has 0 points and cannot pay 3");
        assert_eq!(
            err.kind,
            ScriptErrorKind::Move(
                castellan_engine::PurchaseError::CannotPay { player: PlayerId(1), score: 0, price: 3 }.into()
            )
        );
    }

    const FINAL_BOARD: &str = r#"{
      "format": "castellan-game-script", "version": 1,
      "players": [{"name": "Anna"}, {"name": "Bram"}],
      "setup": {"mode": "final-board", "sets": ["base", "count"], "start": "count", "count_at": "market"},
      "moves": [
        {"tile": "F", "at": [2, 1], "rot": 0},
        {"player": "Anna", "stand": [2, 1, "W"]},
        {"tile": "G", "at": [3, 1], "rot": 0},
        {"player": "Bram", "stand": [3, 1, "E"]},
        {"player": "Bram", "stand": "castle"}
      ],
      "final_scoring": true
    }"#;

    #[test]
    fn stand_moves_are_read_written_and_read_back_the_same() {
        let script = Script::from_json(FINAL_BOARD).expect("valid script");
        assert_eq!(
            script.moves[4],
            Move::Stand {
                player: PlayerId(1),
                at: Standing::City(castellan_engine::Quarter::Castle),
                figure: Figure::Follower
            }
        );
        let written = script.to_json();
        assert_eq!(written["moves"][1], serde_json::json!({"player": "Anna", "stand": [2, 1, "W"]}));
        assert_eq!(written["moves"][4], serde_json::json!({"player": "Bram", "stand": "castle"}));
        let again = Script::from_json(&written.to_string()).expect("written script reads");
        assert_eq!(again, script, "write then read is the identity");
        let game = script.play().expect("replays");
        assert_eq!(game.scores(), &[4, 4], "a knight each on the open city of three tiles and a pennant: a tie");
    }

    #[test]
    fn every_figure_stands_by_one_move_written_with_its_kind() {
        let v2 = FINAL_BOARD.replace(r#""version": 1"#, r#""version": 2"#);
        for figure in [Figure::Abbot, Figure::Big, Figure::Builder, Figure::Pig] {
            let named = v2.replace(
                r#"{"player": "Anna", "stand": [2, 1, "W"]}"#,
                &format!(r#"{{"player": "Anna", "stand": [2, 1, "W"], "figure": "{figure}"}}"#),
            );
            let script = Script::from_json(&named).expect("reads");
            let at = Standing::Board(castellan_engine::Cell::new(2, 1), castellan_engine::Port::W);
            assert_eq!(script.moves[1], Move::Stand { player: PlayerId(0), at, figure });
            assert_eq!(
                script.to_json()["moves"][1],
                serde_json::json!({"player": "Anna", "stand": [2, 1, "W"], "figure": figure.name()}),
                "written as read"
            );
            let in_city = v2.replace(
                r#"{"player": "Bram", "stand": "castle"}"#,
                &format!(r#"{{"player": "Bram", "stand": "castle", "figure": "{figure}"}}"#),
            );
            match Script::from_json(&in_city) {
                Ok(s) => assert_eq!(figure, Figure::Big, "only the big follower waits in the City: {:?}", s.moves[4]),
                Err(e) => assert_eq!(e.to_string(), format!("move 4: the {figure} never goes into the City")),
            }
        }
    }

    #[test]
    fn the_followers_list_still_reads_and_plays_as_stands_after_the_moves() {
        let listed = r#"{
          "format": "castellan-game-script", "version": 1,
          "players": [{"name": "Anna"}, {"name": "Bram"}],
          "setup": {"mode": "final-board", "sets": ["base", "count"], "start": "count", "count_at": "market"},
          "moves": [{"tile": "F", "at": [2, 1], "rot": 0}, {"tile": "G", "at": [3, 1], "rot": 0}],
          "followers": [{"player": "Anna", "at": [2, 1, "W"]}, {"player": "Bram", "at": [3, 1, "E"]},
                        {"player": "Bram", "quarter": "castle"}],
          "final_scoring": true
        }"#;
        let old = Script::from_json(listed).expect("the followers list is read as before");
        assert_eq!(old.moves.len(), 2, "the tiles alone");
        assert_eq!(old.followers.len(), 3);
        let again = Script::from_json(&old.to_json().to_string()).unwrap();
        assert_eq!(again, old, "written back as a followers list");
        let new = Script::from_json(FINAL_BOARD).unwrap();
        assert_eq!(old.play().unwrap().scores(), new.play().unwrap().scores(), "the same count either way");
        assert_eq!(old.all_moves().len(), 5, "the list as stand moves after the tiles");
        let too_far = listed.replace(r#""at": [3, 1, "E"]"#, r#""at": [9, 9, "E"]"#);
        assert_eq!(
            Script::from_json(&too_far).unwrap().play().unwrap_err().at,
            ScriptPlace::of_follower(1),
            "named as before"
        );
    }

    #[test]
    fn the_scores_before_the_end_count_make_the_totals_and_the_winner() {
        let tracked =
            FINAL_BOARD.replace(r#""count_at": "market""#, r#""count_at": "market", "track": {"Bram": 3, "Anna": 10}"#);
        let script = Script::from_json(&tracked).expect("valid script");
        assert_eq!(script.track, Some(vec![10, 3]), "by seat, whatever the order of the names");
        let game = script.play().unwrap();
        assert_eq!(game.scores(), &[4, 4], "the end count alone is a tie");
        assert_eq!(script.totals(&game), [14, 7]);
        let report = script.report(&game);
        assert_eq!(report["scores"], serde_json::json!({"Anna": 14, "Bram": 7}));
        assert_eq!(report["winners"], serde_json::json!(["Anna"]), "ranked on the totals");
        assert_eq!(report["outcome"], "winner");
        assert_eq!(report["before_count"], serde_json::json!({"Anna": 10, "Bram": 3}));
        assert_eq!(report["end_count"], serde_json::json!({"Anna": 4, "Bram": 4}));
        assert_eq!(report["track"]["Anna"], serde_json::json!({"space": 14, "fifties": 0, "hundreds": 0}));
        let written = script.to_json();
        assert_eq!(written["setup"]["track"], serde_json::json!({"Anna": 10, "Bram": 3}));
        assert_eq!(Script::from_json(&written.to_string()).unwrap(), script, "write then read is the identity");

        let untracked = Script::from_json(FINAL_BOARD).unwrap();
        let report = untracked.report(&untracked.play().unwrap());
        assert_eq!(report["scores"], serde_json::json!({"Anna": 4, "Bram": 4}), "without it: the end count as before");
        assert!(report.get("before_count").is_none() && report.get("end_count").is_none());
        assert_eq!(untracked.to_json()["setup"].get("track"), None, "nothing written that was not given");
    }

    #[test]
    fn the_scores_before_the_end_count_name_every_player_and_only_on_a_final_board() {
        let with = |track: &str| {
            FINAL_BOARD.replace(r#""count_at": "market""#, &format!(r#""count_at": "market", "track": {track}"#))
        };
        let at = |text: &str| Script::from_json(text).unwrap_err().at;
        assert_eq!(at(&with(r#"{"Anna": 10}"#)), ScriptPlace::key("setup.track.Bram"), "a player left out");
        assert_eq!(
            at(&with(r#"{"Anna": 10, "Bram": 3, "Carl": 5}"#)),
            ScriptPlace::key("setup.track.Carl"),
            "nobody of that name"
        );
        assert_eq!(at(&with(r#"{"Anna": -1, "Bram": 3}"#)), ScriptPlace::key("setup.track.Anna"));
        assert_eq!(at(&with(r#"{"Anna": "ten", "Bram": 3}"#)), ScriptPlace::key("setup.track.Anna"));
        assert_eq!(at(&with("[10, 3]")), ScriptPlace::key("setup.track"));
        let turns = SCRIPT.replace(r#""setup": {"#, r#""setup": {"track": {"Anna": 1, "Bram": 2}, "#);
        assert_eq!(at(&turns), ScriptPlace::key("setup.track"), "turn by turn the game itself scored everything");
    }

    #[test]
    fn a_stand_move_in_a_game_entered_turn_by_turn_is_refused() {
        let turns = FINAL_BOARD.replace(r#""mode": "final-board", "#, "").replace(r#", "count_at": "market""#, "");
        let script = Script::from_json(&turns).expect("reads: the rules decide");
        let err = script.play().unwrap_err();
        assert_eq!(
            (err.at, &err.kind),
            (
                ScriptPlace::of_move(1),
                &ScriptErrorKind::Move(castellan_engine::StandError::InTurns { player: PlayerId(0) }.into())
            )
        );
        let mixed = FINAL_BOARD.replace(r#"{"player": "Anna", "stand""#, r#"{"tile": "E", "player": "Anna", "stand""#);
        assert_eq!(Script::from_json(&mixed).unwrap_err().at, ScriptPlace::of_move(1), "a stand is a move of its own");
        let bad = FINAL_BOARD.replace(r#""stand": "castle""#, r#""stand": "tower""#);
        assert!(Script::from_json(&bad).unwrap_err().to_string().contains("unknown quarter `tower`"));
    }

    #[test]
    fn a_count_refused_for_a_figure_names_the_entry_that_stood_it() {
        let script = |moves: &str, followers: &str| {
            let text = format!(
                r#"{{"format": "castellan-game-script", "version": 2,
                "players": [{{"name": "Anna", "color": "red"}}, {{"name": "Bram", "color": "blue"}}],
                "setup": {{"sets": ["base", "traders-builders"], "mode": "final-board"}},
                "moves": [{{"tile": "U", "at": [1, 0], "rot": 0}}{moves}],
                "followers": [{followers}],
                "final_scoring": true}}"#
            );
            Script::from_json(&text).expect("valid script")
        };
        let pig = r#"{"player": "Anna", "at": [1, 0, "N"], "figure": "pig"}"#;
        let farmer = r#"{"player": "Anna", "at": [1, 0, "N"]}"#;
        let south = r#"{"player": "Anna", "at": [1, 0, "S"]}"#;
        let refused = script("", &format!("{south}, {pig}")).play().map(|_| ()).unwrap_err();
        assert_eq!(refused.at, ScriptPlace::of_follower(1), "the pig's entry, its farmer across the road: {refused}");
        let in_moves = r#", {"player": "Bram", "stand": [1, 0, "E"], "figure": "builder"}"#;
        let refused = script(in_moves, farmer).play().map(|_| ()).unwrap_err();
        assert_eq!(refused.at, ScriptPlace::of_move(1), "the builder's stand move: {refused}");
        assert!(refused.to_string().contains("Bram's builder at [1,0] E stands on a road"), "{refused}");
        let thief = r#"{"player": "Bram", "at": [0, 0, "W"]}"#;
        let game = script(in_moves, &format!("{pig}, {thief}, {farmer}")).play().expect("in any order");
        assert!(game.is_finished());
    }
}
