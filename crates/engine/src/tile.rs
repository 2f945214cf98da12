//! What a tile is: its edges, the feature segments drawn on it and how they touch.
//!
//! A [`TileDef`] is catalog data in catalog orientation; the board applies a [`Rotation`].
//! Feature segments are numbered locally per tile ([`LocalFeature`]); the board joins them
//! into features across edges. Nothing here knows about a game in progress, nor about the
//! catalog's contents: looking a tile up (`TileId::def`, `TileId::from_name`, `TileSet::tiles`)
//! is the catalog's, so that the catalog depends on these types and not the other way round.

use crate::coord::{Port, Rotation, Side};
use crate::goods::Goods;
use std::fmt;

/// A tile type of the catalog, e.g. `D` (the start tile) or `WI05`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
// On the wire a tile is its catalog name (see its `Serialize`), so its TypeScript is the union
// of the catalog's names: a UI cannot name a tile the engine does not have.
pub struct TileId(#[cfg_attr(feature = "specta", specta(type = CatalogName))] pub(crate) u8);

/// The TypeScript of a tile's name: one string literal per catalog entry, in catalog order.
#[cfg(feature = "specta")]
struct CatalogName;

#[cfg(feature = "specta")]
impl specta::Type for CatalogName {
    fn definition(_: &mut specta::Types) -> specta::datatype::DataType {
        let mut names = specta::datatype::Enum::default();
        names.variants = TileId::all().map(|t| (t.name().into(), specta::datatype::Variant::unit())).collect();
        names.into()
    }
}

impl TileId {
    /// The catalog id as printed in scripts, e.g. `"D"`, `"R2-04"`.
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// Position in catalog order; stable for a given engine version.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A tile is written by its catalog name (`"D"`), as game scripts name it: the index is an
/// engine detail.
#[cfg(feature = "serde")]
impl serde::Serialize for TileId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A tile is read from its catalog name; a name the catalog does not know is refused. The
/// message does not repeat the name: a request can carry text of any size or content.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TileId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        TileId::from_name(&name).ok_or_else(|| serde::de::Error::custom("no tile of the catalog has this name"))
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of tile types, e.g. the junctions a table treats as trees (Rule V-08).
///
/// One bit per tile type, in words of 64 bits: room for every type a [`TileId`] can name
/// (256), so that adding boxes to the catalog never outgrows it. A copy is four words and
/// a lookup one shift and one mask, as cheap as the single word it replaces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TileSelection([u64; TileSelection::WORDS]);

impl TileSelection {
    /// Words of 64 bits needed for every value of a [`TileId`]'s `u8`.
    const WORDS: usize = (u8::MAX as usize + 1) / 64;

    /// No tile.
    pub const EMPTY: TileSelection = TileSelection([0; TileSelection::WORDS]);

    /// Adds a tile type.
    pub fn insert(&mut self, tile: TileId) {
        let i = tile.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Whether a tile type is in the selection.
    pub fn contains(self, tile: TileId) -> bool {
        let i = tile.index();
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Whether no tile is selected.
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The selected tile types, in catalog order.
    pub fn iter(self) -> impl Iterator<Item = TileId> {
        TileId::all().filter(move |&t| self.contains(t))
    }
}

/// A selection is written as the catalog names of its tiles, in catalog order.
#[cfg(feature = "serde")]
impl serde::Serialize for TileSelection {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(TileId::name))
    }
}

/// A selection is read from catalog names; a name the catalog does not know is refused.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TileSelection {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let names = <Vec<String> as serde::Deserialize>::deserialize(deserializer)?;
        names
            .iter()
            .map(|name| {
                TileId::from_name(name)
                    .ok_or_else(|| serde::de::Error::custom(format_args!("there is no tile `{name}`")))
            })
            .collect()
    }
}

impl FromIterator<TileId> for TileSelection {
    fn from_iter<I: IntoIterator<Item = TileId>>(iter: I) -> Self {
        let mut s = TileSelection::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

/// A box of tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum TileSet {
    /// The base game: 72 tiles, start tile included.
    Base,
    /// The 12 extra tiles of the Winter Edition (the Winter box is `Base` + `Winter`).
    Winter,
    /// The 5 land tiles of King & Robber.
    KingRobber,
    /// The 5 shrines of Heretics & Shrines.
    Shrines,
    /// The 12 tiles of River II.
    River2,
    /// The 12 tiles of the City of Carcassonne (the Count), laid as a start block.
    Count,
    /// The River of the base box, current printing: 12 tiles, a garden on one bend (RI-01).
    River,
    /// The River's first-edition printing: the same 12 tiles, no garden (RI-01, RI-12).
    RiverC1,
    /// The abbot of the current base box: one more figure per player and no tiles of its
    /// own.
    Abbot,
    /// Inns & Cathedrals: 18 tiles with inns and cathedrals, and a big follower per player
    /// (I-01, I-02).
    InnsCathedrals,
    /// Traders & Builders: 24 tiles, most with goods, and a builder and a pig per player
    /// (T-01, T-02).
    TradersBuilders,
    /// Ferries (Big Box): 8 land tiles with a ferry lake where their roads end, and a ferry
    /// per lake linking two of those ends (FE-01).
    Ferries,
    /// Mage & Witch: 8 tiles with the magic symbol, and the mage and the witch, neutral
    /// figures on roads and cities (MW-01).
    MageWitch,
    /// The Flying Machines of the Big Box: 8 tiles with a flying machine that carries a
    /// figure a told number of cells (FM-01).
    Flier,
    /// Gold Mines: 8 land tiles with a gold symbol, and 16 gold ingots (GM-01).
    Goldmines,
    /// Crop Circles of the Big Box: six land tiles with a crop circle, the Crop Circles II
    /// layouts (CC-01, QB-21).
    CropCircles,
    /// The first Crop Circles set (2010): six other layouts with the same rules, played
    /// instead of the Big Box's or beside them (QB-21).
    #[cfg_attr(feature = "serde", serde(rename = "crop-circles-1"))]
    CropCircles1,
}

impl TileSet {
    /// Every set, in a fixed order.
    pub const ALL: [TileSet; 17] = [
        TileSet::Base,
        TileSet::Winter,
        TileSet::KingRobber,
        TileSet::Shrines,
        TileSet::River2,
        TileSet::Count,
        TileSet::River,
        TileSet::RiverC1,
        TileSet::Abbot,
        TileSet::InnsCathedrals,
        TileSet::TradersBuilders,
        TileSet::Ferries,
        TileSet::MageWitch,
        TileSet::Flier,
        TileSet::Goldmines,
        TileSet::CropCircles,
        TileSet::CropCircles1,
    ];

    /// The name used in game scripts.
    pub const fn name(self) -> &'static str {
        match self {
            TileSet::Base => "base",
            TileSet::Winter => "winter",
            TileSet::KingRobber => "king-robber",
            TileSet::Shrines => "shrines",
            TileSet::River2 => "river2",
            TileSet::Count => "count",
            TileSet::River => "river",
            TileSet::RiverC1 => "river-c1",
            TileSet::Abbot => "abbot",
            TileSet::InnsCathedrals => "inns-cathedrals",
            TileSet::TradersBuilders => "traders-builders",
            TileSet::Ferries => "ferries",
            TileSet::MageWitch => "mage-witch",
            TileSet::Flier => "flier",
            TileSet::Goldmines => "goldmines",
            TileSet::CropCircles => "crop-circles",
            TileSet::CropCircles1 => "crop-circles-1",
        }
    }

    /// Parses a script name such as `"king-robber"`.
    pub fn from_name(name: &str) -> Option<TileSet> {
        TileSet::ALL.into_iter().find(|s| s.name() == name)
    }

    /// How many physical tiles the set holds.
    pub fn tile_count(self) -> usize {
        self.tiles().map(|t| t.def().copies as usize).sum()
    }

    /// The set's place in [`TileSet::ALL`].
    pub(crate) fn position(self) -> usize {
        self as usize
    }
}

impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a tile edge shows, as far as matching neighbours is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum EdgeKind {
    /// City wall opening: city across the whole edge.
    City,
    /// Field, road, field.
    Road,
    /// Field on both halves.
    Field,
    /// Field, river, field.
    River,
    /// An edge inside the City of Carcassonne, which only ever meets its block neighbour.
    Inner,
}

impl EdgeKind {
    /// A nibble for packed edge comparisons; 0 means "no constraint".
    pub(crate) const fn code(self) -> u16 {
        self as u16 + 1
    }
}

impl fmt::Display for EdgeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EdgeKind::City => "city",
            EdgeKind::Road => "road",
            EdgeKind::Field => "field",
            EdgeKind::River => "river",
            EdgeKind::Inner => "inner wall",
        })
    }
}

/// The kind of a feature, which also decides a follower's role on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum FeatureKind {
    /// A road; its follower is a thief.
    Road,
    /// A city; its follower is a knight.
    City,
    /// A cloister; its follower is a monk.
    Cloister,
    /// A shrine (cult place); its follower is a heretic.
    Shrine,
    /// A field; its follower is a farmer. Fields joined across tiles make a farm.
    Field,
    /// A river; takes no follower.
    River,
    /// A garden in a tile's centre: it takes only the abbot and scores as a cloister does,
    /// yet is no cloister.
    Garden,
}

impl FeatureKind {
    /// Whether the feature ends when all its edges are closed (roads, cities, rivers), as
    /// opposed to cloisters and shrines (eight neighbours) and fields (never).
    pub const fn closes_by_edges(self) -> bool {
        matches!(self, FeatureKind::Road | FeatureKind::City | FeatureKind::River)
    }

    /// Cloisters, shrines and gardens: the feature in a tile's centre, complete with eight
    /// neighbours (B-22, H-02, A-03).
    pub const fn is_building(self) -> bool {
        matches!(self, FeatureKind::Cloister | FeatureKind::Shrine | FeatureKind::Garden)
    }

    /// Cloisters and shrines, the buildings the heretics' rules and the Count's cathedral
    /// quarter know; a garden is none of them.
    pub const fn is_monastic(self) -> bool {
        matches!(self, FeatureKind::Cloister | FeatureKind::Shrine)
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Cloister => "cloister",
            FeatureKind::Shrine => "shrine",
            FeatureKind::Field => "field",
            FeatureKind::River => "river",
            FeatureKind::Garden => "garden",
        })
    }
}

/// A feature segment's number on its tile (catalog-local).
pub type LocalFeature = u8;

/// One feature segment drawn on a tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureDef {
    /// Road, city, field, …
    pub kind: FeatureKind,
    /// Pennants (shields) drawn in this city segment.
    pub pennants: u8,
    /// Bit `s` set when the segment crosses the middle of catalog side `s` (roads, cities,
    /// rivers): these are the segment's open ends until a neighbour closes them.
    pub edge_sides: u8,
    /// For fields: the city segments of the same tile whose wall it touches.
    pub touches_cities: Vec<LocalFeature>,
    /// For fields on the City of Carcassonne's tiles: the field borders that city.
    pub touches_carcassonne: bool,
    /// A port (catalog orientation) that names this segment, for showing it.
    pub anchor: Port,
    /// For roads: an inn stands beside it (I-04). On `WI05` and `R2-07` the drawing is a
    /// lake, an inn only when Inns & Cathedrals is in play.
    pub inn: bool,
    /// For cities: a cathedral stands in it (I-07).
    pub cathedral: bool,
}

impl FeatureDef {
    /// How many edges the segment crosses.
    pub fn edge_count(&self) -> u32 {
        self.edge_sides.count_ones()
    }
}

/// Marks that matter to placement rules but are not features.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileMarks {
    /// A river's spring (start tile of a river game).
    pub spring: bool,
    /// River II's fork.
    pub fork: bool,
    /// A lake that ends a river branch.
    pub lake: bool,
    /// The volcano lake, placed last of the river tiles.
    pub volcano: bool,
    /// A garden in the middle of the tile, where the printing shows one (RI-12): the
    /// tile's centre feature is then a [`FeatureKind::Garden`], which only the abbot takes.
    pub garden: bool,
    /// A goods symbol (Traders & Builders) and the city segment it is drawn in (T-01, T-03).
    pub goods: Option<(Goods, LocalFeature)>,
    /// River II's herd of pigs and the field it grazes, which works as a pig for the farm's
    /// owners when Traders & Builders is in play.
    pub herd: Option<LocalFeature>,
    /// A ferry lake: every road of the tile ends at it, and a ferry links two of those ends
    /// into one road (FE-02). Not an inn's lake (X2-20).
    pub ferry: bool,
    /// The magic symbol of Mage & Witch: placing the tile makes the player place or move the
    /// mage or the witch (MW-02).
    pub magic: bool,
    /// A flying machine and where it points at rotation 0 (Flying Machines; FM-02, FM-05).
    pub flier: Option<crate::heading::Heading>,
    /// A gold-mine symbol (Gold Mines): placing the tile puts an ingot on it and one on a
    /// neighbour (GM-02).
    pub gold: bool,
    /// A crop circle and its symbol (CC-01, CC-04). The circle is no feature (CC-02): the
    /// rows end the roads that reach it and part the fields it lies across.
    pub crop: Option<CropSymbol>,
}

/// The symbol in a crop circle, which names the followers its action moves (CC-04).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum CropSymbol {
    /// A shield: knights, the followers in cities.
    Shield,
    /// A club: thieves, the followers on roads.
    Club,
    /// A pitchfork: farmers, the followers in fields.
    Pitchfork,
}

impl CropSymbol {
    /// The kind of feature whose followers the symbol moves (CC-04).
    pub const fn kind(self) -> FeatureKind {
        match self {
            CropSymbol::Shield => FeatureKind::City,
            CropSymbol::Club => FeatureKind::Road,
            CropSymbol::Pitchfork => FeatureKind::Field,
        }
    }
}

/// A tile type in catalog orientation.
#[derive(Clone, Debug)]
pub struct TileDef {
    /// Its id.
    pub id: TileId,
    /// Catalog id as printed in scripts.
    pub name: &'static str,
    /// Which box it comes from.
    pub set: TileSet,
    /// How many copies the box holds.
    pub copies: u8,
    /// The segment at each of the 12 edge slots (clockwise from the north-west corner:
    /// NL N NR, EL E ER, SL S SR, WL W WR); `None` inside the City of Carcassonne.
    pub slots: [Option<LocalFeature>; 12],
    /// The segments, indexed by [`LocalFeature`].
    pub features: Vec<FeatureDef>,
    /// The cloister, shrine or garden in the centre.
    pub centre: Option<LocalFeature>,
    /// The enclosed fields `I` and `II`.
    pub inner: [Option<LocalFeature>; 2],
    /// Edge kinds by catalog side.
    pub edges: [EdgeKind; 4],
    /// River and garden marks.
    pub marks: TileMarks,
    /// For each rotation, the four board edges packed four bits a side (see [`EdgeKind::code`]).
    pub(crate) packed_edges: [u16; 4],
}

impl TileDef {
    /// The edge shown on board side `side` when the tile lies with `rotation`.
    pub fn edge(&self, rotation: Rotation, side: Side) -> EdgeKind {
        self.edges[rotation.to_catalog(side).index()]
    }

    /// The segment at a port given in catalog orientation.
    pub fn feature_at(&self, port: Port) -> Option<LocalFeature> {
        match port {
            Port::C => self.centre,
            Port::I => self.inner[0],
            Port::II => self.inner[1],
            _ => port.slot().and_then(|s| self.slots[s]),
        }
    }

    /// The segment at board slot `slot` (0..12) when the tile lies with `rotation`.
    pub fn feature_at_board_slot(&self, rotation: Rotation, slot: usize) -> Option<LocalFeature> {
        self.slots[(slot + 12 - 3 * rotation.quarter_turns()) % 12]
    }

    /// Total pennants on the tile.
    pub fn pennants(&self) -> u32 {
        self.features.iter().map(|f| f.pennants as u32).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_selection_holds_every_tile_id_a_u8_can_name() {
        // The catalog grows past 128 types with the River, the Abbot's gardens, Inns &
        // Cathedrals and Traders & Builders: ids beyond every word boundary must stay apart.
        let picked = [0u8, 63, 64, 127, 128, 200, 255];
        let mut s = TileSelection::EMPTY;
        assert!(s.is_empty(), "a new selection is empty");
        for &i in &picked {
            s.insert(TileId(i));
        }
        assert!(!s.is_empty(), "a selection with tiles is not empty");
        for i in 0..=u8::MAX {
            assert_eq!(s.contains(TileId(i)), picked.contains(&i), "tile index {i}");
        }
    }
}
