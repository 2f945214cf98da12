//! The tile catalog: every tile type of every supported box, in one place.
//!
//! Each box's tiles are written as text rows in the compact 12-slot form:
//!
//! ```text
//! D  4 | c1 c1 c1 / f1 r1 f2 / f2 f2 f2 / f2 r1 f1 | f1>c1
//! ```
//!
//! After the id and the number of copies come the four edges N, E, S, W, each as the
//! segment at its left half, its middle and its right half, seen from the tile's centre
//! looking out (clockwise around the tile from the north-west corner). `cN` is a city
//! segment, `rN` a road, `sN` a river, `fN` a field, `-` a half-edge inside the City of
//! Carcassonne. Equal names are one segment, connected through the tile. After the second
//! bar come what the slots cannot say: pennants (`c1+`), which cities a field's grass
//! touches (`f1>c1,c2`), a `cloister` or `shrine` in the centre, enclosed fields (`I=f1`),
//! and marks (`spring`, `fork`, `lake`, `volcano`, `garden`, `carcassonne`, `flier:NW`, `ferry`,
//! `gold`, `magic`, and a crop circle with its symbol, `crop:shield`, `crop:club`,
//! `crop:pitchfork`).
//!
//! The rows are parsed once, on first use; a malformed row is a bug caught by the tests.

mod abbot;
mod base;
mod count;
mod crop_circles;
mod ferries;
mod flier;
mod goldmines;
mod inns;
mod king_robber;
mod mage_witch;
mod river;
mod river2;
mod shrine;
mod traders_builders;
mod winter;

use crate::coord::{Port, Rotation, Side};
use crate::goods::Goods;
use crate::tile::{CropSymbol, EdgeKind, FeatureDef, FeatureKind, LocalFeature, TileDef, TileId, TileMarks, TileSet};
use std::sync::OnceLock;

/// All tile types, parsed.
pub(crate) struct Catalog {
    pub(crate) tiles: Vec<TileDef>,
    /// Each set's tiles are contiguous in `tiles`: its range, by the set's place in
    /// [`TileSet::ALL`]. Two printings of one box share its rows, and so its range.
    pub(crate) ranges: [std::ops::Range<u8>; TileSet::ALL.len()],
}

impl Catalog {
    pub(crate) fn by_name(&self, name: &str) -> Option<TileId> {
        self.tiles.iter().find(|t| t.name == name).map(|t| t.id)
    }
}

impl TileId {
    /// Looks up a tile by its catalog id.
    pub fn from_name(name: &str) -> Option<TileId> {
        catalog().by_name(name)
    }

    /// The tile's definition.
    pub fn def(self) -> &'static TileDef {
        &catalog().tiles[self.0 as usize]
    }

    /// Every tile type of every set, in catalog order.
    pub fn all() -> impl Iterator<Item = TileId> {
        (0..catalog().tiles.len()).map(|i| TileId(i as u8))
    }
}

impl TileSet {
    /// The tile types of the set.
    pub fn tiles(self) -> impl Iterator<Item = TileId> {
        catalog().ranges[self.position()].clone().map(TileId)
    }

    /// The catalog indices of the set's tile types: one run, so a count per type (the bag)
    /// is summed over a set as a slice.
    pub(crate) fn indices(self) -> std::ops::Range<usize> {
        let r = &catalog().ranges[self.position()];
        r.start as usize..r.end as usize
    }
}

/// The catalog, parsed on first use.
pub(crate) fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let boxes = [
            (TileSet::Base, base::ROWS),
            (TileSet::Winter, winter::ROWS),
            (TileSet::KingRobber, king_robber::ROWS),
            (TileSet::Shrines, shrine::ROWS),
            (TileSet::River2, river2::ROWS),
            (TileSet::Count, count::ROWS),
            (TileSet::River, river::ROWS),
            (TileSet::Abbot, abbot::ROWS),
            (TileSet::InnsCathedrals, inns::ROWS),
            (TileSet::TradersBuilders, traders_builders::ROWS),
            (TileSet::Ferries, ferries::ROWS),
            (TileSet::MageWitch, mage_witch::ROWS),
            (TileSet::Flier, flier::ROWS),
            (TileSet::Goldmines, goldmines::ROWS),
            (TileSet::CropCircles, crop_circles::ROWS),
            (TileSet::CropCircles1, crop_circles::FIRST_ROWS),
        ];
        let mut tiles = Vec::new();
        let mut ranges: [std::ops::Range<u8>; TileSet::ALL.len()] = Default::default();
        // A tile id is one byte: a catalog of 256 types or more is a bug, caught on first use.
        let next_id = |tiles: &Vec<TileDef>| u8::try_from(tiles.len()).expect("fewer than 256 tile types");
        for (set, rows) in boxes {
            let start = next_id(&tiles);
            for row in rows.lines().map(str::trim).filter(|l| !l.is_empty()) {
                let id = TileId(next_id(&tiles));
                tiles.push(parse_row(id, set, row).unwrap_or_else(|e| panic!("catalog row `{row}`: {e}")));
            }
            ranges[set.position()] = start..next_id(&tiles);
        }
        // The first-edition River is the same twelve tiles; only its bend shows no garden.
        ranges[TileSet::RiverC1.position()] = ranges[TileSet::River.position()].clone();
        Catalog { tiles, ranges }
    })
}

fn kind_of(token: &str) -> Result<FeatureKind, String> {
    match token.as_bytes().first() {
        Some(b'c') => Ok(FeatureKind::City),
        Some(b'r') => Ok(FeatureKind::Road),
        Some(b's') => Ok(FeatureKind::River),
        Some(b'f') => Ok(FeatureKind::Field),
        _ => Err(format!("unknown segment `{token}`")),
    }
}

fn parse_row(id: TileId, set: TileSet, row: &'static str) -> Result<TileDef, String> {
    let mut parts = row.split('|');
    let head = parts.next().ok_or("no head")?;
    let slot_text = parts.next().ok_or("no slots")?;
    let extras = parts.next().unwrap_or("");
    let mut head = head.split_whitespace();
    let name: &'static str = head.next().ok_or("no id")?;
    let copies: u8 = head.next().ok_or("no count")?.parse().map_err(|_| "bad count")?;

    // Segment names in order of first appearance, cities and roads before fields so that
    // local numbers read naturally (c1, r1, f1 …).
    let tokens: Vec<&str> =
        slot_text.split(|c: char| c == '/' || c.is_whitespace()).filter(|t| !t.is_empty()).collect();
    if tokens.len() != 12 {
        return Err(format!("{} slots instead of 12", tokens.len()));
    }
    let mut names: Vec<&str> = Vec::new();
    let extra_tokens: Vec<&str> = extras.split_whitespace().collect();
    for t in tokens.iter().copied().chain(extra_tokens.iter().filter_map(|e| e.split_once('=').map(|(_, f)| f))) {
        if t != "-" && !names.contains(&t) {
            names.push(t);
        }
    }
    names.sort_by_key(|n| (kind_of(n).map(|k| k as u8).unwrap_or(u8::MAX), n.to_string()));
    let local = |n: &str| names.iter().position(|m| *m == n).map(|i| i as LocalFeature);

    let mut features: Vec<FeatureDef> = names
        .iter()
        .map(|n| {
            Ok(FeatureDef {
                kind: kind_of(n)?,
                pennants: 0,
                edge_sides: 0,
                touches_cities: Vec::new(),
                touches_carcassonne: false,
                anchor: Port::C,
                inn: false,
                cathedral: false,
            })
        })
        .collect::<Result<_, String>>()?;

    let mut slots = [None; 12];
    for (i, t) in tokens.iter().enumerate() {
        if *t == "-" {
            continue;
        }
        let f = local(t).expect("named above");
        slots[i] = Some(f);
        let def = &mut features[f as usize];
        if def.anchor == Port::C || (i % 3 == 1 && def.anchor.slot().is_some_and(|s| s % 3 != 1)) {
            // Prefer an edge middle as the place that names the segment.
            def.anchor = Port::from_slot(i);
        }
        if i % 3 == 1 && def.kind.closes_by_edges() {
            def.edge_sides |= 1 << (i / 3);
        }
    }
    let mut edges = [EdgeKind::Inner; 4];
    for (side, edge) in edges.iter_mut().enumerate() {
        *edge = match slots[side * 3 + 1].map(|f| features[f as usize].kind) {
            Some(FeatureKind::City) => EdgeKind::City,
            Some(FeatureKind::Road) => EdgeKind::Road,
            Some(FeatureKind::River) => EdgeKind::River,
            Some(FeatureKind::Field) => EdgeKind::Field,
            _ => EdgeKind::Inner,
        };
    }

    let mut centre = None;
    let mut inner = [None; 2];
    let mut marks = TileMarks::default();
    for e in extra_tokens {
        match e {
            "cloister" | "shrine" => {
                let kind = if e == "cloister" { FeatureKind::Cloister } else { FeatureKind::Shrine };
                centre = Some(features.len() as LocalFeature);
                features.push(FeatureDef {
                    kind,
                    pennants: 0,
                    edge_sides: 0,
                    touches_cities: Vec::new(),
                    touches_carcassonne: false,
                    anchor: Port::C,
                    inn: false,
                    cathedral: false,
                });
            }
            "spring" => marks.spring = true,
            "fork" => marks.fork = true,
            "lake" => marks.lake = true,
            "volcano" => marks.volcano = true,
            "ferry" => marks.ferry = true,
            "magic" => marks.magic = true,
            "gold" => marks.gold = true,
            "garden" => {
                // A feature of its own in the centre (A-03), like a cloister.
                marks.garden = true;
                centre = Some(features.len() as LocalFeature);
                features.push(FeatureDef {
                    kind: FeatureKind::Garden,
                    pennants: 0,
                    edge_sides: 0,
                    touches_cities: Vec::new(),
                    touches_carcassonne: false,
                    anchor: Port::C,
                    inn: false,
                    cathedral: false,
                });
            }
            "carcassonne" => {}
            _ if e.starts_with("inn:") || e.starts_with("cathedral:") => {
                let (mark, segment) = e.split_once(':').expect("checked");
                let f = local(segment).ok_or_else(|| format!("{mark} on unknown `{segment}`"))?;
                let def = &mut features[f as usize];
                match (mark, def.kind) {
                    ("inn", FeatureKind::Road) => def.inn = true,
                    ("cathedral", FeatureKind::City) => def.cathedral = true,
                    _ => return Err(format!("{mark} on the {} `{segment}`", def.kind)),
                }
            }
            _ if e.starts_with("flier:") => {
                // `flier:NW`: a flying machine, no feature (FM-02), pointing so at rotation 0.
                let heading = &e["flier:".len()..];
                marks.flier = Some(
                    crate::heading::Heading::from_name(heading).ok_or_else(|| format!("flier heading `{heading}`"))?,
                );
            }
            _ if e.starts_with("crop:") => {
                marks.crop = Some(match &e["crop:".len()..] {
                    "shield" => CropSymbol::Shield,
                    "club" => CropSymbol::Club,
                    "pitchfork" => CropSymbol::Pitchfork,
                    other => return Err(format!("unknown crop circle symbol `{other}`")),
                });
            }
            _ if e.contains(':') => {
                // `wine:c1`: a goods symbol in a city (T-01); `herd:f1`: River II's herd (X-12).
                let (what, segment) = e.split_once(':').expect("checked");
                let f = local(segment).ok_or_else(|| format!("`{what}` on unknown `{segment}`"))?;
                let kind = features[f as usize].kind;
                match (Goods::from_name(what), what) {
                    (Some(goods), _) if kind == FeatureKind::City => marks.goods = Some((goods, f)),
                    (None, "herd") if kind == FeatureKind::Field => marks.herd = Some(f),
                    _ => return Err(format!("`{what}` does not go on a {kind}")),
                }
            }
            _ if e.ends_with('+') => {
                let city = e.trim_end_matches('+');
                let f = local(city).ok_or_else(|| format!("pennant on unknown `{city}`"))?;
                features[f as usize].pennants = (e.len() - city.len()) as u8;
            }
            _ if e.contains('>') => {
                let (field, cities) = e.split_once('>').expect("checked");
                let f = local(field).ok_or_else(|| format!("unknown field `{field}`"))?;
                for c in cities.split(',') {
                    let c = local(c).ok_or_else(|| format!("unknown city `{c}`"))?;
                    features[f as usize].touches_cities.push(c);
                }
            }
            _ if e.contains('=') => {
                let (port, field) = e.split_once('=').expect("checked");
                let f = local(field).expect("named above");
                match port {
                    "I" => inner[0] = Some(f),
                    "II" => inner[1] = Some(f),
                    _ => return Err(format!("unknown inner place `{port}`")),
                }
                features[f as usize].anchor = Port::from_name(port).expect("I or II");
            }
            _ => return Err(format!("unknown extra `{e}`")),
        }
    }
    if extras.split_whitespace().any(|e| e == "carcassonne") {
        for f in features.iter_mut().filter(|f| f.kind == FeatureKind::Field) {
            f.touches_carcassonne = true;
        }
    }
    let mut packed_edges = [0u16; 4];
    for rotation in Rotation::ALL {
        packed_edges[rotation.quarter_turns()] =
            Side::ALL.iter().map(|&s| edges[rotation.to_catalog(s).index()].code() << (4 * s.index())).sum();
    }
    Ok(TileDef { id, name, set, copies, slots, features, centre, inner, edges, marks, packed_edges })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::Port;

    fn tile(name: &str) -> &'static TileDef {
        TileId::from_name(name).unwrap_or_else(|| panic!("{name} is in the catalog")).def()
    }

    #[test]
    fn each_set_lists_its_own_tiles() {
        for (i, set) in TileSet::ALL.into_iter().enumerate() {
            assert_eq!(set.position(), i);
            // The first-edition River lists the River's rows: they are its tiles too.
            let owner = if set == TileSet::RiverC1 { TileSet::River } else { set };
            assert!(set.tiles().all(|t| t.def().set == owner), "{set} lists only its tiles");
            let count = TileId::all().filter(|t| t.def().set == owner).count();
            assert_eq!(set.tiles().count(), count, "{set} lists all its tiles");
        }
    }

    #[test]
    fn every_tile_type_fits_a_tile_selection() {
        let all: crate::tile::TileSelection = TileId::all().collect();
        assert_eq!(all.iter().count(), TileId::all().count(), "a selection holds every type of the catalog");
    }

    #[test]
    fn every_tile_has_fewer_segments_than_a_mask_has_bits() {
        // Board::occupied_locals and the playout's follower options rely on it.
        assert!(TileId::all().all(|t| t.def().features.len() < 64));
    }

    #[test]
    fn set_sizes_match_the_boxes() {
        assert_eq!(TileSet::Base.tile_count(), 72, "base game: 72 tiles");
        assert_eq!(TileSet::Base.tiles().count(), 24, "base game: 24 types A–X");
        assert_eq!(TileSet::Winter.tile_count(), 12, "Winter Edition extras");
        assert_eq!(TileSet::KingRobber.tile_count(), 5);
        assert_eq!(TileSet::Shrines.tile_count(), 5);
        assert_eq!(TileSet::River2.tile_count(), 12);
        assert_eq!(TileSet::Count.tile_count(), 12);
        assert_eq!(TileSet::River.tile_count(), 12, "the River: spring, lake and ten (RI-01)");
        assert_eq!(TileSet::River.tiles().count(), 11, "R1-07 comes twice");
        assert_eq!(TileSet::RiverC1.tile_count(), 12, "the first-edition River holds the same twelve");
        assert_eq!(TileSet::Abbot.tile_count(), 9, "garden copies of eight base tiles and KR2 (A-02)");
        assert_eq!(TileSet::InnsCathedrals.tile_count(), 18, "Inns & Cathedrals: 18 tiles (I-01)");
        assert_eq!(TileSet::InnsCathedrals.tiles().count(), 17, "the cathedral comes twice");
        assert_eq!(TileSet::TradersBuilders.tile_count(), 24, "Traders & Builders: 24 tiles (T-01)");
        assert_eq!(TileSet::Ferries.tile_count(), 8, "Ferries: 8 lake tiles (FE-01)");
    }

    #[test]
    fn every_road_of_a_ferry_tile_ends_at_its_lake() {
        for t in TileSet::Ferries.tiles().map(TileId::def) {
            assert!(t.marks.ferry, "{}: a ferry lake", t.name);
            let roads: Vec<_> = t.features.iter().filter(|f| f.kind == FeatureKind::Road).collect();
            assert!(roads.len() >= 3, "{}: three or four road ends (FE-01)", t.name);
            assert!(roads.iter().all(|r| r.edge_count() == 1 && !r.inn), "{}: each ends at the lake (FE-02)", t.name);
        }
        assert!(TileId::all().filter(|t| t.def().marks.ferry).all(|t| t.def().set == TileSet::Ferries));
        assert_eq!(TileSet::MageWitch.tile_count(), 8, "Mage & Witch: 8 tiles (MW-01)");
    }

    #[test]
    fn every_mage_and_witch_tile_shows_the_magic_symbol_and_a_city() {
        for t in TileSet::MageWitch.tiles().map(TileId::def) {
            assert!(t.marks.magic, "{}: the magic symbol (MW-01)", t.name);
            assert!(t.features.iter().any(|f| f.kind == FeatureKind::City), "{}: a city", t.name);
        }
        let others = TileId::all().filter(|t| t.def().set != TileSet::MageWitch);
        assert!(others.map(TileId::def).all(|t| !t.marks.magic), "no other box shows it");
        assert!(tile("MW08").marks.garden, "MW08 carries a garden");
        let mw01 = tile("MW01");
        assert_ne!(mw01.feature_at(Port::E), mw01.feature_at(Port::S), "MW01's roads end at the junction");
        assert_eq!(TileSet::Flier.tile_count(), 8, "Flying Machines: 8 tiles (FM-01)");
    }

    #[test]
    fn every_flier_tile_has_a_machine_and_no_other_tile_has_one() {
        for t in TileId::all() {
            let def = t.def();
            assert_eq!(def.marks.flier.is_some(), def.set == TileSet::Flier, "{}", def.name);
        }
        use crate::heading::Heading;
        let heading = |name| tile(name).marks.flier;
        assert_eq!((heading("FM01"), heading("FM04")), (Some(Heading::NW), Some(Heading::W)));
        assert_eq!(tile("FM02").features.len(), 1, "the machine splits no field (FM-02)");
        assert_eq!(TileSet::Goldmines.tile_count(), 8, "Gold Mines: 8 tiles (GM-01)");
    }

    #[test]
    fn gold_mines_shows_gold_on_every_tile_and_four_cloisters() {
        let tiles: Vec<&TileDef> = TileSet::Goldmines.tiles().map(TileId::def).collect();
        assert!(tiles.iter().all(|t| t.marks.gold && t.copies == 1), "eight gold tiles, one each (GM-01)");
        assert!(TileId::all().filter(|t| t.def().marks.gold).all(|t| t.def().set == TileSet::Goldmines));
        let cloisters: Vec<&str> = tiles.iter().filter(|t| t.centre.is_some()).map(|t| t.name).collect();
        assert_eq!(cloisters, ["GM01", "GM02", "GM03", "GM04"]);
        assert!(tiles.iter().all(|t| t.pennants() == 0 && !t.marks.garden), "no pennant, no garden");
        // GM08's roads cross without meeting; GM07's road crosses its city band as one road.
        let gm08 = tile("GM08");
        assert_ne!(gm08.feature_at(Port::N), gm08.feature_at(Port::E), "two roads");
        let gm07 = tile("GM07");
        assert_eq!(gm07.feature_at(Port::N), gm07.feature_at(Port::S), "one road");
        assert_eq!(gm07.feature_at(Port::E), gm07.feature_at(Port::W), "one city band");
        assert_eq!(TileSet::CropCircles.tile_count(), 6, "Crop Circles: six tiles (CC-01)");
        assert_eq!(TileSet::CropCircles1.tile_count(), 6, "the first Crop Circles: six tiles (QB-21)");
    }

    #[test]
    fn traders_and_builders_show_nine_wine_six_grain_five_cloth_and_no_pennant() {
        let mut counts = crate::goods::Tokens::NONE;
        for t in TileSet::TradersBuilders.tiles().map(TileId::def) {
            if let Some((goods, city)) = t.marks.goods {
                assert_eq!(t.features[city as usize].kind, FeatureKind::City, "{}: goods lie in a city", t.name);
                assert!(t.features[city as usize].edge_count() >= 2, "{}: in a city of two edges or more", t.name);
                counts[goods] += t.copies;
            }
            assert_eq!(t.pennants(), 0, "{}: no pennant (QX-17)", t.name);
        }
        assert_eq!(counts.0, [9, 6, 5], "wine, grain, cloth (T-01)");
        let without: Vec<&str> = TileSet::TradersBuilders
            .tiles()
            .map(TileId::def)
            .filter(|t| t.marks.goods.is_none())
            .map(|t| t.name)
            .collect();
        assert_eq!(without, ["TB16", "TB20", "TB23", "TB24"]);
        // TB24's roads cross without meeting (T-19); TB20's three roads end at its cloister.
        let tb24 = tile("TB24");
        assert_ne!(tb24.feature_at(Port::N), tb24.feature_at(Port::E), "two roads");
        assert_eq!(tb24.features.iter().filter(|f| f.kind == FeatureKind::Field).count(), 4, "four fields");
        let tb20 = tile("TB20");
        assert!(tb20.centre.is_some());
        assert!(tb20.features.iter().filter(|f| f.kind == FeatureKind::Road).all(|f| f.edge_count() == 1));
        // River II's herd grazes the big field of R2-11 (X-12).
        let r211 = tile("R2-11");
        assert_eq!(r211.marks.herd, r211.feature_at(Port::E));
    }

    #[test]
    fn inns_and_cathedrals_has_six_inns_two_cathedrals_and_odd_tiles() {
        let copies = |f: fn(&FeatureDef) -> bool| -> u32 {
            TileSet::InnsCathedrals
                .tiles()
                .map(TileId::def)
                .filter(|t| t.features.iter().any(f))
                .map(|t| t.copies as u32)
                .sum()
        };
        assert_eq!(copies(|f| f.inn), 6, "six inn tiles (I-01)");
        assert_eq!(copies(|f| f.cathedral), 2, "two cathedrals (I-01)");
        assert!(
            copies(|f| f.inn && f.kind != FeatureKind::Road) == 0
                && copies(|f| f.cathedral && f.kind != FeatureKind::City) == 0
        );
        // The cathedral: one city on all four edges, no pennant (I-10).
        let ic01 = tile("IC01");
        assert_eq!((ic01.features.len(), ic01.features[0].edge_count(), ic01.pennants()), (1, 4, 0));
        // IC14's three roads end at the junction; the inn is by the eastern one (QX-19).
        let ic14 = tile("IC14");
        let inn_road = |p: Port| ic14.features[ic14.feature_at(p).unwrap() as usize].inn;
        assert_eq!([Port::E, Port::S, Port::W].map(inn_road), [true, false, false]);
        // IC03's inner grass touches all four caps and no edge (I-17); IC02 and IC05 carry two roads.
        let ic03 = tile("IC03");
        let inner = ic03.feature_at(Port::I).expect("an inner field");
        assert_eq!(ic03.features[inner as usize].touches_cities.len(), 4);
        for (name, a, b) in [("IC02", Port::W, Port::E), ("IC05", Port::W, Port::E), ("IC17", Port::N, Port::S)] {
            assert_ne!(tile(name).feature_at(a), tile(name).feature_at(b), "{name}: two roads (I-18, I-19)");
        }
        // The lakes of WI05 and R2-07 are drawn as inns (X-11); the game decides whether they count.
        for name in ["WI05", "R2-07"] {
            assert!(tile(name).features.iter().any(|f| f.inn), "{name}");
        }
    }

    #[test]
    fn crop_circles_show_two_of_each_symbol_and_end_the_roads_that_reach_them() {
        use crate::tile::CropSymbol;
        for set in [TileSet::CropCircles, TileSet::CropCircles1] {
            let symbols: Vec<CropSymbol> = set.tiles().filter_map(|t| t.def().marks.crop).collect();
            for symbol in [CropSymbol::Shield, CropSymbol::Club, CropSymbol::Pitchfork] {
                assert_eq!(symbols.iter().filter(|&&s| s == symbol).count(), 2, "{set}: two {symbol:?} (CC-01)");
            }
            assert!(set.tiles().all(|t| t.def().centre.is_none()), "{set}: the circle takes no figure (CC-02)");
        }
        // CC-02: CC04's western and eastern roads each end at the circle; CC05's field is two.
        let cc04 = tile("CC04");
        assert_ne!(cc04.feature_at(Port::W), cc04.feature_at(Port::E), "two roads");
        assert!(cc04.features.iter().filter(|f| f.kind == FeatureKind::Road).all(|f| f.edge_count() == 1));
        let cc05 = tile("CC05");
        assert_ne!(cc05.feature_at(Port::W), cc05.feature_at(Port::E), "two fields");
        let cc06 = tile("CC06");
        assert!(cc06.features.iter().all(|f| f.kind == FeatureKind::City), "CC06 has no field");
        // Crop tiles are in no other set: the base game alone shows none.
        assert!(TileSet::Base.tiles().all(|t| t.def().marks.crop.is_none()));
    }

    #[test]
    fn the_river_starts_at_a_spring_ends_in_a_lake_and_has_one_garden() {
        let with = |f: fn(&TileDef) -> bool| TileSet::River.tiles().filter(|t| f(t.def())).count();
        assert_eq!(with(|d| d.marks.spring), 1, "one spring");
        assert_eq!(with(|d| d.marks.lake), 1, "one lake");
        assert_eq!(with(|d| d.marks.garden), 1, "one garden, on R1-11 (RI-12)");
        assert!(tile("R1-11").marks.garden && !tile("R1-10").marks.garden);
        // Every tile but the spring and the lake carries water across two edges.
        for t in TileSet::River.tiles().map(TileId::def) {
            let water = t.edges.iter().filter(|&&e| e == EdgeKind::River).count();
            let ends = t.marks.spring || t.marks.lake;
            assert_eq!(water, if ends { 1 } else { 2 }, "{}: water edges", t.name);
        }
        // The spring and the lake are one field round the water (RI-08); the bridge four (RI-09).
        let fields = |name: &str| tile(name).features.iter().filter(|f| f.kind == FeatureKind::Field).count();
        assert_eq!((fields("R1-01"), fields("R1-02"), fields("R1-06")), (1, 1, 4));
        // R1-03's two city caps are apart (RI-10).
        let r3 = tile("R1-03");
        assert_ne!(r3.feature_at(Port::N), r3.feature_at(Port::S));
    }

    #[test]
    fn base_counts_per_letter() {
        let expected = "A2 B4 C1 D4 E5 F2 G1 H3 I2 J3 K3 L3 M2 N3 O2 P3 Q1 R3 S2 T1 U8 V9 W4 X1";
        for item in expected.split(' ') {
            let (letter, n) = item.split_at(1);
            assert_eq!(tile(letter).copies.to_string(), n, "copies of {letter}");
        }
        let pennant_tiles: u32 =
            TileSet::Base.tiles().filter(|t| t.def().pennants() > 0).map(|t| t.def().copies as u32).sum();
        assert_eq!(pennant_tiles, 10, "ten base tiles carry a pennant");
        let cloisters: u32 =
            TileSet::Base.tiles().filter(|t| t.def().centre.is_some()).map(|t| t.def().copies as u32).sum();
        assert_eq!(cloisters, 6, "six base cloisters");
    }

    #[test]
    fn every_place_names_exactly_one_segment() {
        for id in TileId::all() {
            let t = id.def();
            for (i, slot) in t.slots.iter().enumerate() {
                let inside_carcassonne = t.set == TileSet::Count;
                assert!(slot.is_some() || inside_carcassonne, "{}: slot {i} belongs to no segment", t.name);
            }
            // Every segment is reachable from some place, so a follower can name it.
            for f in 0..t.features.len() as LocalFeature {
                let named = Port::ALL.iter().any(|&p| t.feature_at(p) == Some(f));
                assert!(named, "{}: segment {f} has no place", t.name);
                assert_eq!(
                    t.feature_at(t.features[f as usize].anchor),
                    Some(f),
                    "{}: anchor names its segment",
                    t.name
                );
            }
            // The edge middle decides the edge kind; its halves must agree with it.
            for side in 0..4 {
                let mid = t.slots[side * 3 + 1].map(|f| t.features[f as usize].kind);
                for half in [side * 3, side * 3 + 2] {
                    let k = t.slots[half].map(|f| t.features[f as usize].kind);
                    match mid {
                        Some(FeatureKind::City) => {
                            assert_eq!(k, Some(FeatureKind::City), "{}: city edge is city all along", t.name)
                        }
                        Some(_) => assert_eq!(
                            k,
                            Some(FeatureKind::Field),
                            "{}: a road, river or field edge has field halves",
                            t.name
                        ),
                        None => {}
                    }
                }
            }
        }
    }

    /// A field touches a city on its own tile exactly when the two meet along the tile's
    /// border ring — except where the artwork's city reaches a corner (KR4) or the grass is
    /// enclosed (KR5, IC03) or reaches a city between two others (IC04), which the ring cannot
    /// show.
    #[test]
    fn field_city_contact_agrees_with_the_geometry() {
        for id in TileId::all() {
            let t = id.def();
            // Inns & Cathedrals' IC03 and IC04, Traders & Builders' inner fields, fields reaching
            // past a road end, and walls reaching a corner are declared as the sources give them
            // (T-19), and so is Mage & Witch's MW03, whose west field reaches all three caps in the
            // one source of its layout.
            let declared_only =
                ["TB03", "TB04", "TB06", "TB07", "TB08", "TB09", "TB10", "TB12", "TB14", "TB22", "MW03"];
            if matches!(t.name, "KR4" | "KR5" | "IC03" | "IC04") || declared_only.contains(&t.name) {
                continue;
            }
            for (f, def) in t.features.iter().enumerate() {
                if def.kind != FeatureKind::Field {
                    continue;
                }
                let mut from_ring: Vec<LocalFeature> = Vec::new();
                for i in 0..12 {
                    if t.slots[i] != Some(f as LocalFeature) {
                        continue;
                    }
                    for j in [(i + 11) % 12, (i + 1) % 12] {
                        if let Some(c) = t.slots[j] {
                            if t.features[c as usize].kind == FeatureKind::City && !from_ring.contains(&c) {
                                from_ring.push(c);
                            }
                        }
                    }
                }
                let mut declared = def.touches_cities.clone();
                declared.sort();
                from_ring.sort();
                assert_eq!(declared, from_ring, "{}: field {f} city contacts", t.name);
            }
        }
        // KR4's city reaches the south-east corner: all four fields touch it.
        let kr4 = tile("KR4");
        assert!(kr4.features.iter().filter(|f| f.kind == FeatureKind::Field).all(|f| f.touches_cities.len() == 1));
    }

    #[test]
    fn start_tile_d_has_its_city_north_and_road_through() {
        let d = tile("D");
        assert_eq!(d.edges, [EdgeKind::City, EdgeKind::Road, EdgeKind::Field, EdgeKind::Road]);
        let road = d.feature_at(Port::E).expect("road east");
        assert_eq!(d.feature_at(Port::W), Some(road), "one road runs west to east");
        assert_eq!(d.features[road as usize].edge_count(), 2);
        // The strip between city and road touches the city; the field south of the road not.
        let strip = d.feature_at(Port::EL).expect("strip");
        assert_eq!(d.feature_at(Port::WR), Some(strip));
        assert_eq!(d.features[strip as usize].touches_cities.len(), 1);
        let south = d.feature_at(Port::S).expect("south field");
        assert!(d.features[south as usize].touches_cities.is_empty());
    }

    #[test]
    fn junction_roads_end_on_the_tile() {
        for name in ["L", "W", "X", "WI01"] {
            let t = tile(name);
            for f in t.features.iter().filter(|f| f.kind == FeatureKind::Road) {
                assert_eq!(f.edge_count(), 1, "{name}: every road stub ends at the junction");
            }
        }
    }

    #[test]
    fn two_segment_tiles_and_specials() {
        let h = tile("H");
        assert_ne!(h.feature_at(Port::N), h.feature_at(Port::S), "H has two separate cities");
        let kr5 = tile("KR5");
        assert_ne!(kr5.feature_at(Port::N), kr5.feature_at(Port::E), "KR5's cities cross without joining");
        assert!(kr5.feature_at(Port::I).is_some() && kr5.feature_at(Port::II).is_some());
        assert!(tile("R2-01").marks.spring && tile("R2-04").marks.fork && tile("R2-03").marks.volcano);
        assert_eq!(tile("SH1").features[tile("SH1").centre.unwrap() as usize].kind, FeatureKind::Shrine);
        let co9 = tile("CO9");
        let field = co9.feature_at(Port::W).unwrap();
        assert!(co9.features[field as usize].touches_carcassonne, "fields of the City border Carcassonne");
        assert_eq!(co9.edges[0], EdgeKind::Inner);
    }
}
