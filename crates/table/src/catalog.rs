//! The tile catalog as the UI draws it: each tile's edges and the features on it, in
//! catalog orientation (the board turns them).

use castellan_engine::{CropSymbol, EdgeKind, FeatureKind, Goods, Heading, Port, Rotation, Side, TileId, TileSet};
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
    /// A flying machine and where it points, catalog orientation (FM-02, FM-05); left out
    /// of the data on every other tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub flier: Option<Heading>,
    /// The magic symbol of Mage & Witch (MW-02), drawn so the tile is known for the question
    /// it asks.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub magic: bool,
}

const SIDES: [&str; 4] = ["N", "E", "S", "W"];

/// The boxes the new-game screen offers beside the base game, which is always in play, in the
/// engine's order: every box, the table screen asking each one's questions (where each box's
/// figures go, the builder's second tile, goods, the Big Box's answers).
pub fn offered_boxes() -> Vec<TileSet> {
    TileSet::ALL.into_iter().filter(|&s| s != TileSet::Base).collect()
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
                flier: def.marks.flier,
                magic: def.marks.magic,
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
            TileSet::Flier,
            TileSet::MageWitch,
        ] {
            assert!(offered.contains(&box_), "{box_:?} is played at the table: {offered:?}");
        }
        // Every box is offered: the window asks each one's questions.
        assert!(offered.contains(&TileSet::Ferries), "the ferries' questions are asked: {offered:?}");
        assert_eq!(offered.len(), TileSet::ALL.len() - 1, "every box but the base game: {offered:?}");
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
    fn a_flying_machine_is_drawn_pointing_as_printed() {
        let shapes = tile_shapes();
        let fliers: Vec<_> = shapes.iter().filter(|s| s.flier.is_some()).collect();
        assert_eq!(fliers.len(), 8, "eight tiles show a flying machine (FM-01)");
        assert!(fliers.iter().all(|s| s.from == TileSet::Flier));
        let fm02 = shapes.iter().find(|s| s.id.name() == "FM02").expect("FM02");
        assert_eq!(fm02.flier, Some(Heading::W), "FM02's machine points west at rotation 0 (FM-05)");
    }

    #[test]
    fn the_magic_symbol_is_drawn_on_the_mage_and_witch_tiles_alone() {
        let magic: Vec<String> = tile_shapes().iter().filter(|s| s.magic).map(|s| s.id.name().to_string()).collect();
        assert_eq!(magic, ["MW01", "MW02", "MW03", "MW04", "MW05", "MW06", "MW07", "MW08"]);
        let plain = tile_shapes().into_iter().find(|s| s.id.name() == "D").unwrap();
        assert!(serde_json::to_value(&plain).unwrap().get("magic").is_none(), "left out where there is none");
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
