//! The tile catalog as the UI draws it: each tile's edges and the features on it, in
//! catalog orientation (the board turns them).

use castellan_engine::{CropSymbol, EdgeKind, FeatureKind, Goods, Port, Rotation, Side, TileId, TileSet};
use serde::Serialize;

/// One feature drawn on a tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FeatureShapeView {
    /// Road, city, …
    pub kind: FeatureKind,
    /// The sides whose middle it crosses: `N`, `E`, `S`, `W`, catalog orientation.
    pub sides: Vec<String>,
    /// Pennants drawn in it.
    pub pennants: u32,
    /// The place that names it (where a follower stands on it).
    pub anchor: Port,
    /// A road with an inn drawn beside it (I-04; on `WI05` and `R2-07` a lake that is an inn
    /// only with Inns & Cathedrals, X-11).
    pub inn: bool,
    /// A city with a cathedral in it (I-07).
    pub cathedral: bool,
    /// A city showing a goods symbol (T-01), drawn so the tile is told from its look-alikes.
    pub goods: Option<Goods>,
}

/// A tile type as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TileShape {
    /// The catalog id.
    pub id: TileId,
    /// Its box.
    pub from: TileSet,
    /// Copies in the box.
    pub copies: u32,
    /// The features, roads, cities and rivers with their sides; the cloister or shrine in
    /// the centre has none.
    pub features: Vec<FeatureShapeView>,
    /// Part of the City of Carcassonne's block.
    pub carcassonne: bool,
    /// A crop circle in the tile's middle and its symbol (CC-02, CC-04); `null` without one.
    pub crop: Option<CropSymbol>,
    /// The edges north, east, south, west: `C` city, `R` road, `F` field, `W` river — what a
    /// player sees on the drawn tile and can type to find it.
    pub edges: String,
    /// A ferry lake in the middle, where its roads end (FE-02).
    pub ferry_lake: bool,
    /// A gold-mine symbol (Gold Mines, GM-02), drawn so the tile is told from its look-alikes.
    pub gold: bool,
}

const SIDES: [&str; 4] = ["N", "E", "S", "W"];

/// The boxes the new-game screen offers beside the base game, which is always in play, in the
/// engine's order: every box whose questions the table screen asks (where each box's figures
/// go — the big follower, the abbot, the builder and the pig —, the builder's second tile,
/// goods).
pub fn offered_boxes() -> Vec<TileSet> {
    TileSet::ALL.into_iter().filter(|&s| window_plays(s)).collect()
}

/// Whether the table screen asks everything a game with `set` needs told. The base game is
/// always in play, so it is not offered as a box.
fn window_plays(set: TileSet) -> bool {
    match set {
        // The Big Box's boxes: the window does not ask their questions yet (the flight's die
        // and landing, the magic figures).
        TileSet::Base | TileSet::Flier | TileSet::MageWitch => false,
        TileSet::CropCircles
        | TileSet::CropCircles1
        | TileSet::Goldmines
        | TileSet::Winter
        | TileSet::KingRobber
        | TileSet::Shrines
        | TileSet::River2
        | TileSet::Count
        | TileSet::Ferries
        | TileSet::River
        | TileSet::RiverC1
        | TileSet::Abbot
        | TileSet::InnsCathedrals
        | TileSet::TradersBuilders => true,
    }
}

/// Every tile type, in catalog order.
pub fn tile_shapes() -> Vec<TileShape> {
    TileId::all()
        .map(|t| {
            let def = t.def();
            TileShape {
                id: t,
                from: def.set,
                copies: u32::from(def.copies),
                features: def
                    .features
                    .iter()
                    .enumerate()
                    .map(|(i, f)| FeatureShapeView {
                        kind: f.kind,
                        sides: (0..4).filter(|s| f.edge_sides & (1 << s) != 0).map(|s| SIDES[s].to_string()).collect(),
                        pennants: u32::from(f.pennants),
                        anchor: f.anchor,
                        inn: f.inn,
                        cathedral: f.cathedral,
                        goods: def.marks.goods.filter(|&(_, at)| usize::from(at) == i).map(|(g, _)| g),
                    })
                    .collect(),
                carcassonne: def.set == TileSet::Count,
                crop: def.marks.crop,
                ferry_lake: def.marks.ferry,
                edges: Side::ALL
                    .into_iter()
                    .map(|side| match def.edge(Rotation::R0, side) {
                        EdgeKind::City => 'C',
                        EdgeKind::Road => 'R',
                        EdgeKind::Field => 'F',
                        EdgeKind::River => 'W',
                        EdgeKind::Inner => '-',
                    })
                    .collect(),
                gold: def.marks.gold,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_tile_is_drawn_with_its_city_road_and_fields() {
        let shapes = tile_shapes();
        let d = shapes.iter().find(|s| s.id.name() == "D").expect("D");
        assert_eq!(d.copies, 4);
        assert!(d.features.iter().any(|f| f.kind == FeatureKind::City && f.sides == ["N"]));
        assert!(d.features.iter().any(|f| f.kind == FeatureKind::Road && f.sides == ["E", "W"]));
        assert_eq!(d.features.iter().filter(|f| f.kind == FeatureKind::Field).count(), 2);
        assert_eq!(shapes.len(), TileId::all().count());
        let shield = shapes.iter().find(|s| s.id.name() == "C").expect("C");
        assert_eq!(shield.features[0].pennants, 1, "C is the full city with a pennant");
        assert_eq!(d.edges, "CRFR", "D: city north, road east and west");
        let cathedral = shapes.iter().find(|s| s.id.name() == "IC01").expect("IC01");
        assert!(cathedral.features[0].cathedral && !cathedral.features[0].inn, "the UI draws the cathedral");
        let inn = shapes.iter().find(|s| s.id.name() == "IC16").expect("IC16");
        assert_eq!(inn.features.iter().filter(|f| f.inn).count(), 1, "and the inn by the road");
        assert_eq!(shield.edges, "CCCC");
    }

    #[test]
    fn the_new_game_screen_offers_every_box_but_the_base_game() {
        let offered = offered_boxes();
        assert!(!offered.contains(&TileSet::Base), "the base game is always in play");
        for box_ in [
            TileSet::InnsCathedrals,
            TileSet::TradersBuilders,
            TileSet::Abbot,
            TileSet::River,
            TileSet::CropCircles,
            TileSet::CropCircles1,
            TileSet::Goldmines,
        ] {
            assert!(offered.contains(&box_), "{box_:?} is played at the table: {offered:?}");
        }
        // The boxes whose questions the window does not ask yet are not offered.
        assert!(offered.contains(&TileSet::Ferries), "the ferries' questions are asked: {offered:?}");
        let not_yet = [TileSet::Flier, TileSet::MageWitch];
        assert!(not_yet.iter().all(|b| !offered.contains(b)), "not offered yet: {offered:?}");
        assert_eq!(offered.len(), TileSet::ALL.len() - 1 - not_yet.len(), "every other box: {offered:?}");
    }

    #[test]
    fn a_crop_circle_is_drawn_with_its_symbol() {
        let shapes = tile_shapes();
        let symbols = |from: TileSet| -> Vec<(String, Option<CropSymbol>)> {
            shapes.iter().filter(|s| s.from == from).map(|s| (s.id.name().to_string(), s.crop)).collect()
        };
        use CropSymbol::{Club, Pitchfork, Shield};
        let second: Vec<_> = [Club, Club, Pitchfork, Pitchfork, Shield, Shield]
            .into_iter()
            .enumerate()
            .map(|(i, s)| (format!("CC0{}", i + 1), Some(s)))
            .collect();
        assert_eq!(symbols(TileSet::CropCircles), second, "two of each symbol (CC-01)");
        assert!(symbols(TileSet::CropCircles1).iter().all(|(_, s)| s.is_some()));
        assert!(shapes
            .iter()
            .filter(|s| s.crop.is_some())
            .all(|s| s.from == TileSet::CropCircles || s.from == TileSet::CropCircles1));
    }

    #[test]
    fn the_ferry_lake_is_drawn_on_the_eight_lake_tiles() {
        let shapes = tile_shapes();
        let lakes: Vec<String> = shapes.iter().filter(|s| s.ferry_lake).map(|s| s.id.name().to_string()).collect();
        assert_eq!(lakes, ["FE01", "FE02", "FE03", "FE04", "FE05", "FE06", "FE07", "FE08"], "FE-01");
        let river_lake = shapes.iter().find(|s| s.id.name() == "R2-07").expect("R2-07");
        assert!(!river_lake.ferry_lake, "a river's lake takes no ferry (X2-20)");
    }

    #[test]
    fn the_gold_tiles_are_drawn_with_their_symbol() {
        let shapes = tile_shapes();
        let gold: Vec<_> = shapes.iter().filter(|s| s.gold).collect();
        assert!(gold.iter().all(|s| s.from == TileSet::Goldmines), "only Gold Mines shows gold");
        assert_eq!(gold.iter().map(|s| s.copies).sum::<u32>(), 8, "eight gold tiles (GM-01)");
    }

    #[test]
    fn a_goods_symbol_is_drawn_in_its_city() {
        let shapes = tile_shapes();
        let with_goods: Vec<_> = shapes.iter().filter(|s| s.features.iter().any(|f| f.goods.is_some())).collect();
        assert_eq!(with_goods.len(), 20, "twenty tile types of Traders & Builders show goods (T-01)");
        assert!(with_goods.iter().all(|s| s.from == TileSet::TradersBuilders));
        for s in &with_goods {
            let f = s.features.iter().find(|f| f.goods.is_some()).unwrap();
            assert_eq!(f.kind, FeatureKind::City, "{}: the symbol is in a city", s.id);
        }
        let copies = |kind: castellan_engine::Goods| -> u32 {
            with_goods.iter().filter(|s| s.features.iter().any(|f| f.goods == Some(kind))).map(|s| s.copies).sum()
        };
        use castellan_engine::Goods;
        assert_eq!((copies(Goods::Wine), copies(Goods::Grain), copies(Goods::Cloth)), (9, 6, 5), "T-01");
    }
}
