//! The format's shape, declared once: every object of a game script as a type that is read
//! and written alike, each key a field under its name in the file. Reading one
//! ([`crate::read`]) turns it into engine types; writing ([`crate::write`]) builds it from them.
//!
//! Every key is optional here, as in JSON: a key a move needs (`tile`, `at`, `rot`) is asked
//! for by the reader, which says which is missing in the format's words. Keys a type does not
//! declare are ignored, as the format promises; which keys a version knows at all is
//! [`version`]'s to say. Written out, a key left `None` is left out.

pub(crate) mod leaf;
pub(crate) mod version;

use leaf::{
    present, CellRef, ColorName, CountMovementName, CropChoiceName, FarmName, FerryLink, FigureName, Flag, List,
    MagicFigureName, ModeName, NameMap, Obj, PlaceRef, QuarterName, Recall, Rot, SetName, StandAt, StartName, Text,
    TiedWinnersName, TileName, UnplaceableName, Whole,
};
use serde::{Deserialize, Serialize};

/// A whole script as written: the keys of the file's top level.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ScriptDoc {
    pub format: &'static str,
    pub version: u64,
    pub players: Vec<PlayerDoc>,
    pub setup: SetupDoc,
    pub moves: Vec<MoveDoc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub followers: Option<Vec<FollowerDoc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_moves: Option<Vec<QuarterMoveDoc>>,
    pub final_scoring: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expect: Option<ExpectDoc>,
}

/// An entry of `players`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct PlayerDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub name: Option<Text>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub color: Option<ColorName>,
}

/// `setup`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct SetupDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub sets: Option<List<SetName>>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub start: Option<StartName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub mode: Option<ModeName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub rules: Option<Obj<RulesDoc>>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub count_at: Option<QuarterName>,
    /// A final board's title holders, by name.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub king: Option<Text>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub robber: Option<Text>,
    /// A final board's scores before the end count: name → score.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub track: Option<NameMap<Whole>>,
    /// Version 2: a final board's goods in hand, name → kind → tokens.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub goods: Option<NameMap<NameMap<Whole>>>,
    /// Version 3: a final board's mage and witch (MW-08).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub magic: Option<NameMap<Option<PlaceRef>>>,
    /// Version 3: a final board's ingots in hand, name → ingots (GM-07).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub gold: Option<NameMap<Whole>>,
}

/// `setup.rules`: every option the format names, each left out at its default.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct RulesDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub farms: Option<FarmName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub small_city: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub score_incomplete: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub small_city_pennants: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub road_loops_complete: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub max_players: Option<Whole>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub border_closes: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub hole_extra_turn: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub separate_start_tile: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub title_record_rises: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub start_tile_in_bag: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub challenge_when_partner_completes: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub challenge_winner_takes_both: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub relaxed_shrine_placement: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub river_before_city: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub start_tile_after_river: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub no_followers_on_river: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub recall_loses_challenge: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub herd_and_pig_stack: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub crop_circle_same_tile: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub purchase_pays_drawer: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub count_lock_entry: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub count_round_per_feature: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub count_movement: Option<CountMovementName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub tied_winners: Option<TiedWinnersName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub unplaceable: Option<UnplaceableName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub gardens: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub tree_junctions: Option<List<TileName>>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub bounds: Option<Obj<BoundsDoc>>,
}

/// `setup.rules.bounds`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct BoundsDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub min_x: Option<Whole>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub max_x: Option<Whole>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub min_y: Option<Whole>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub max_y: Option<Whole>,
}

/// An entry of `moves`: a tile placed or discarded, the City laid, or a figure standing on a
/// final board. Which one it is, and which keys go together, is the reader's to check.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct MoveDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub tile: Option<TileName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub discard: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub city: Option<CellRef>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub player: Option<Text>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub stand: Option<StandAt>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub at: Option<CellRef>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub rot: Option<Rot>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub meeple: Option<leaf::PortName>,
    /// Version 2: the figure placed, or (version 3) the figure that flew.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub figure: Option<FigureName>,
    /// Version 2.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub recall: Option<Recall>,
    /// Version 2: `false` passes up the builder's second tile (T-15).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub second_tile: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub buyer: Option<Text>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub price: Option<Whole>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub count: Option<Obj<CountDoc>>,
    /// Version 3, Ferries (FE-03).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub ferry: Option<FerryLink>,
    /// Version 3, Ferries (FE-05).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub ferry_moves: Option<List<Obj<FerryMoveDoc>>>,
    /// Version 3, Gold Mines: the neighbour of the second ingot, as an offset (GM-02).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub gold: Option<CellRef>,
    /// Version 3, Gold Mines (GM-05).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub gold_taken: Option<List<Obj<GoldTakeDoc>>>,
    /// Version 3, Mage & Witch (MW-02 to MW-04).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub magic: Option<Obj<MagicMoveDoc>>,
    /// Version 3, Mage & Witch (MW-05).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub magic_fix: Option<Obj<MagicMoveDoc>>,
    /// Version 3, Flying Machines.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub flight: Option<FlightDoc>,
    /// Version 3, Crop Circles (CC-03).
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub crop_circle: Option<Obj<CropCircleDoc>>,
}

/// A tile move's `count`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct CountDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub moves: Option<List<Obj<QuarterMoveDoc>>>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub enter: Option<Obj<EnterDoc>>,
}

/// `count.enter`: a follower entering the City.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct EnterDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub quarter: Option<QuarterName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub count_to: Option<QuarterName>,
    /// Version 2: `big` for the big follower.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub figure: Option<FigureName>,
}

/// A follower moved out of the City: an entry of `count.moves` or `final_moves`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct QuarterMoveDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub player: Option<Text>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub quarter: Option<QuarterName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub to: Option<PlaceRef>,
    /// Version 2: `big` for the big follower.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub figure: Option<FigureName>,
}

/// An entry of a final board's `followers`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct FollowerDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub player: Option<Text>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub at: Option<PlaceRef>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub quarter: Option<QuarterName>,
    /// Version 2.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub figure: Option<FigureName>,
    /// Version 2, and refused here.
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub recall: Option<Recall>,
}

/// An entry of `ferry_moves`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct FerryMoveDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub at: Option<CellRef>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub link: Option<FerryLink>,
}

/// An entry of `gold_taken`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct GoldTakeDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub player: Option<Text>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub from: Option<CellRef>,
}

/// A move's `magic` or `magic_fix`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct MagicMoveDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub figure: Option<MagicFigureName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub to: Option<PlaceRef>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub remove: Option<Flag>,
}

/// A move's `crop_circle`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct CropCircleDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub choice: Option<CropChoiceName>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub actions: Option<List<Obj<CropActionDoc>>>,
}

/// An entry of `crop_circle.actions`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct CropActionDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub player: Option<Text>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub pass: Option<Flag>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub at: Option<PlaceRef>,
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub figure: Option<FigureName>,
}

/// A move's `flight`: `{"roll": 2, "to": "N"}`, `to` left out for a crash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FlightDoc {
    pub roll: u8,
    pub to: Option<castellan_engine::Port>,
}

/// `expect`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(default)]
pub(crate) struct ExpectDoc {
    #[serde(deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub scores: Option<NameMap<Whole>>,
}

mod flight;
