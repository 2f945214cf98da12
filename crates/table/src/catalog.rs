//! The tile catalog as the UI draws it: each tile's edges and the features on it, in
//! catalog orientation (the board turns them).

use crate::input::TileBox;
use castellan_engine::{EdgeKind, FeatureKind, Rotation, Side, TileId, TileSet};
use serde::Serialize;

/// What a feature on a tile is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum FeatureShape {
    Road,
    City,
    Cloister,
    Shrine,
    Field,
    River,
}

impl From<FeatureKind> for FeatureShape {
    fn from(k: FeatureKind) -> FeatureShape {
        match k {
            FeatureKind::Road => FeatureShape::Road,
            FeatureKind::City => FeatureShape::City,
            FeatureKind::Cloister => FeatureShape::Cloister,
            FeatureKind::Shrine => FeatureShape::Shrine,
            FeatureKind::Field => FeatureShape::Field,
            FeatureKind::River => FeatureShape::River,
        }
    }
}

/// One feature drawn on a tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FeatureShapeView {
    /// Road, city, …
    pub kind: FeatureShape,
    /// The sides whose middle it crosses: `N`, `E`, `S`, `W`, catalog orientation.
    pub sides: Vec<String>,
    /// Pennants drawn in it.
    pub pennants: u32,
    /// The place that names it (where a follower stands on it).
    pub anchor: String,
}

/// A tile type as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TileShape {
    /// The catalog id.
    pub id: String,
    /// Its box.
    pub from: TileBox,
    /// Copies in the box.
    pub copies: u32,
    /// The features, roads, cities and rivers with their sides; the cloister or shrine in
    /// the centre has none.
    pub features: Vec<FeatureShapeView>,
    /// Part of the City of Carcassonne's block.
    pub carcassonne: bool,
    /// The edges north, east, south, west: `C` city, `R` road, `F` field, `W` river — what a
    /// player sees on the drawn tile and can type to find it.
    pub edges: String,
}

const SIDES: [&str; 4] = ["N", "E", "S", "W"];

fn tile_box(set: TileSet) -> TileBox {
    match set {
        TileSet::Base => TileBox::Base,
        TileSet::Winter => TileBox::Winter,
        TileSet::KingRobber => TileBox::KingRobber,
        TileSet::Shrines => TileBox::Shrines,
        TileSet::River2 => TileBox::River2,
        TileSet::Count => TileBox::Count,
        TileSet::River => TileBox::River,
        TileSet::RiverC1 => TileBox::RiverC1,
    }
}

/// Every tile type, in catalog order.
pub fn tile_shapes() -> Vec<TileShape> {
    TileId::all()
        .map(|t| {
            let def = t.def();
            TileShape {
                id: def.name.to_string(),
                from: tile_box(def.set),
                copies: u32::from(def.copies),
                features: def
                    .features
                    .iter()
                    .map(|f| FeatureShapeView {
                        kind: f.kind.into(),
                        sides: (0..4).filter(|s| f.edge_sides & (1 << s) != 0).map(|s| SIDES[s].to_string()).collect(),
                        pennants: u32::from(f.pennants),
                        anchor: f.anchor.name().to_string(),
                    })
                    .collect(),
                carcassonne: def.set == TileSet::Count,
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
        let d = shapes.iter().find(|s| s.id == "D").expect("D");
        assert_eq!(d.copies, 4);
        assert!(d.features.iter().any(|f| f.kind == FeatureShape::City && f.sides == ["N"]));
        assert!(d.features.iter().any(|f| f.kind == FeatureShape::Road && f.sides == ["E", "W"]));
        assert_eq!(d.features.iter().filter(|f| f.kind == FeatureShape::Field).count(), 2);
        assert_eq!(shapes.len(), TileId::all().count());
        let shield = shapes.iter().find(|s| s.id == "C").expect("C");
        assert_eq!(shield.features[0].pennants, 1, "C is the full city with a pennant");
        assert_eq!(d.edges, "CRFR", "D: city north, road east and west");
        assert_eq!(shield.edges, "CCCC");
    }
}
