//! The features a follower may move onto out of the City of Carcassonne, described the way
//! players point at them across the table: what it is, who stands on it, a landmark beside it
//! and where it lies from that landmark, and what it is worth — "the farm north of Greta's
//! cloister · 3 completed cities".
//!
//! Everything here is data, never a sentence: the UI words it in each language. Two targets
//! whose descriptions come out the same are numbered, so no two entries of a list read alike.
//!
//! The same descriptions name the features the table's notices and turn log speak of ("Greta's
//! road west of Hans's cloister · 3 tiles"): the board draws no coordinates, so nothing the
//! players read names a place by them.
//!
//! Not here: *which* features a follower may move onto. The engine answers that
//! (`Game::count_move_options`, `Game::final_move_targets`); this module only describes them.

use crate::place_point::place_point;
use crate::request::Spot;
use castellan_engine::{Cell, FeatureKind, FeatureView, Game, PlayerId, Port, TileSet};
use serde::Serialize;
use std::collections::HashMap;

/// A feature a follower may leave the City for, with what the table needs to recognise it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct Target {
    /// A place naming it: where a follower moving onto it is shown.
    pub at: Spot,
    /// What it is: a road (from the blacksmith), a city (from the castle), a cloister or
    /// shrine (from the cathedral), or a field's farm (from the market). Never a river.
    pub kind: FeatureKind,
    /// Its tiles, as `[x, y]`, to light it on the board.
    pub tiles: Vec<[i32; 2]>,
    /// Who stands on it now, in seat order.
    pub holders: Vec<Holding>,
    /// The most telling feature beside it, if any.
    pub landmark: Option<Landmark>,
    /// What it is worth as it stands.
    pub worth: Worth,
    /// Among targets of one list described alike, its number from 1; 0 when its description
    /// is its own.
    pub alike: u32,
}

/// One player's followers on a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct Holding {
    /// Whose, by seat.
    pub seat: u32,
    /// How many stand there.
    pub followers: u32,
}

/// A feature beside a target that players see at once: a cloister or shrine, a city or road
/// someone stands on, or the City of Carcassonne.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct Landmark {
    /// What it is.
    pub kind: LandmarkKind,
    /// Who stands on it, by seat; empty for nobody.
    pub holders: Vec<u32>,
    /// Where the target lies from it, in board orientation; `null` when the target lies
    /// around it rather than to one side.
    pub side: Option<Compass>,
}

/// What a landmark is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum LandmarkKind {
    /// A cloister.
    Cloister,
    /// A shrine.
    Shrine,
    /// A city with followers on it.
    City,
    /// The City of Carcassonne's block.
    Carcassonne,
    /// A road with followers on it.
    Road,
}

/// A side of a landmark on the board, north being up with the board unturned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum Compass {
    /// Up.
    North,
    /// Right.
    East,
    /// Down.
    South,
    /// Left.
    West,
}

impl Compass {
    /// The side a vector in board units (x right, y down) points to, by its larger part:
    /// players say "north of", seldom "north-north-west of".
    fn of(dx: f64, dy: f64) -> Compass {
        if dy.abs() >= dx.abs() {
            if dy < 0.0 {
                Compass::North
            } else {
                Compass::South
            }
        } else if dx > 0.0 {
            Compass::East
        } else {
            Compass::West
        }
    }
}

/// What a target is worth as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Worth {
    /// A road or city: its tiles and pennants.
    Tiles {
        /// Distinct tiles.
        tiles: u32,
        /// Pennants (cities only).
        pennants: u32,
    },
    /// A cloister or shrine: the tiles around it, of eight.
    Neighbours {
        /// Tiles around it.
        tiles: u32,
    },
    /// A farm: the completed cities it supplies.
    Cities {
        /// Completed cities it touches.
        completed: u32,
        /// Whether it borders the City of Carcassonne too.
        carcassonne: bool,
    },
}

/// Where a place is drawn on the board, at the point the board draws its followers at, so
/// "north of" means what the players see.
fn point(cell: Cell, port: Port) -> (f64, f64) {
    let [px, py] = place_point(port);
    (f64::from(cell.x) * 100.0 + f64::from(px), f64::from(cell.y) * 100.0 + f64::from(py))
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// How close a landmark must come to a target to name it: about a tile's width, so it lies on
/// the target's tiles or right beside them.
const NEAR: f64 = 120.0;
/// Closer than this, the target's places lie around the landmark, not to one side.
const AROUND: f64 = 20.0;

/// A feature that could name a target.
struct Candidate {
    /// Of the target's kind and held by the same players: "Cor's city north of Cor's city"
    /// tells nobody which city is meant, so any other landmark comes first.
    alike: bool,
    /// Nobody stands on it.
    empty: bool,
    kind: LandmarkKind,
    /// From its nearest point to the target's.
    distance: f64,
    holders: Vec<u32>,
    /// Its points on the board.
    own: Vec<(f64, f64)>,
}

impl Candidate {
    /// Unlike the target before alike, somebody's before nobody's, then by kind, then the nearer.
    fn ranks_before(&self, other: &Candidate) -> bool {
        (self.alike, self.empty, self.kind)
            .cmp(&(other.alike, other.empty, other.kind))
            .then(self.distance.total_cmp(&other.distance))
            .is_lt()
    }
}

/// One feature of the board as the survey found it.
#[derive(Debug)]
struct Found {
    view: FeatureView,
    /// Every place on it, each a point where players could point at it.
    places: Vec<(Cell, Port)>,
    /// Followers on it, per seat.
    followers: Vec<u32>,
}

impl Found {
    fn holders(&self) -> Vec<u32> {
        (0..self.followers.len() as u32).filter(|&s| self.followers[s as usize] > 0).collect()
    }
}

/// The board's features, each with its places and followers: read once, then every target of
/// a question is described from it.
#[derive(Debug)]
pub(crate) struct Survey<'a> {
    game: &'a Game,
    found: Vec<Found>,
    by_place: HashMap<(Cell, Port), usize>,
    /// The centres of the City of Carcassonne's tiles.
    carcassonne: Vec<(f64, f64)>,
}

impl<'a> Survey<'a> {
    /// Surveys `game`'s board with the followers standing as `followers` says (the board's own,
    /// or those as they stood before the move being asked about).
    pub(crate) fn new(game: &'a Game, followers: &[(PlayerId, Cell, Port)]) -> Survey<'a> {
        Survey::of(game, followers, true)
    }

    /// A survey that leaves the farms out, for describing roads, cities, cloisters and shrines
    /// only: a farm names no other feature, and reading the farms is most of a survey's work
    /// (one may cover most of the board), too much to do on every turn.
    pub(crate) fn without_farms(game: &'a Game, followers: &[(PlayerId, Cell, Port)]) -> Survey<'a> {
        Survey::of(game, followers, false)
    }

    fn of(game: &'a Game, followers: &[(PlayerId, Cell, Port)], farms: bool) -> Survey<'a> {
        let mut found: Vec<Found> = Vec::new();
        let mut by_anchor: HashMap<(Cell, Port), usize> = HashMap::new();
        let mut by_place = HashMap::new();
        let mut carcassonne = Vec::new();
        for placed in game.board().tiles() {
            let def = placed.tile.def();
            if def.set == TileSet::Count {
                carcassonne.push(point(placed.cell, Port::C));
            }
            // One look-up per segment of the tile, not one per place.
            let mut seen: Vec<(u8, usize)> = Vec::new();
            for port in Port::ALL {
                let Some(local) = def.feature_at(port.to_catalog(placed.rotation)) else { continue };
                if !farms && def.features[local as usize].kind == FeatureKind::Field {
                    continue;
                }
                let index = match seen.iter().find(|(l, _)| *l == local) {
                    Some(&(_, i)) => i,
                    None => {
                        let Some(view) = game.feature_at(placed.cell, port) else { continue };
                        let i = *by_anchor.entry(view.anchor).or_insert_with(|| {
                            found.push(Found { view, places: Vec::new(), followers: vec![0; game.player_count()] });
                            found.len() - 1
                        });
                        seen.push((local, i));
                        i
                    }
                };
                found[index].places.push((placed.cell, port));
                by_place.insert((placed.cell, port), index);
            }
        }
        for &(player, cell, port) in followers {
            if let Some(&i) = by_place.get(&(cell, port)) {
                found[i].followers[player.index()] += 1;
            }
        }
        Survey { game, found, by_place, carcassonne }
    }

    /// The targets at these places, described, those described alike numbered. Two places on
    /// one feature make one target; places naming no feature (or a river) are left out.
    pub(crate) fn targets(&self, places: &[(Cell, Port)]) -> Vec<Target> {
        let mut features: Vec<usize> = Vec::new();
        let mut out: Vec<Target> = Vec::new();
        for &place in places {
            let Some(&index) = self.by_place.get(&place) else { continue };
            if features.contains(&index) {
                continue;
            }
            if let Some(target) = self.describe(place, index) {
                features.push(index);
                out.push(target);
            }
        }
        number_alike(&mut out);
        out
    }

    /// The place naming the most telling feature of the tile at `cell`, for a line that says
    /// where a tile went: its cloister or shrine, else a city, a road, then a farm (the first
    /// of a kind on the tile). `None` for an empty cell or a tile of river alone.
    pub(crate) fn main_place(&self, cell: Cell) -> Option<(Cell, Port)> {
        let rank = |kind: FeatureKind| match kind {
            FeatureKind::Cloister | FeatureKind::Shrine | FeatureKind::Garden => Some(0),
            FeatureKind::City => Some(1),
            FeatureKind::Road => Some(2),
            FeatureKind::Field => Some(3),
            FeatureKind::River => None,
        };
        Port::ALL
            .into_iter()
            .filter_map(|port| {
                let index = *self.by_place.get(&(cell, port))?;
                Some((rank(self.found[index].view.kind)?, port))
            })
            .min_by_key(|&(r, _)| r)
            .map(|(_, port)| (cell, port))
    }

    fn describe(&self, place: (Cell, Port), index: usize) -> Option<Target> {
        let f = &self.found[index];
        let kind = f.view.kind;
        if kind == FeatureKind::River {
            return None;
        }
        Some(Target {
            at: Spot::from(place),
            kind,
            tiles: f.view.tiles.iter().map(|c| [c.x, c.y]).collect(),
            holders: f
                .followers
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(seat, &n)| Holding { seat: seat as u32, followers: n })
                .collect(),
            landmark: self.landmark(index),
            worth: self.worth(f),
            alike: 0,
        })
    }

    /// The most telling feature near the target: one somebody stands on before one nobody
    /// does; a cloister or shrine before a city, the City of Carcassonne, then a road; the
    /// nearest of those. Cities and roads nobody holds are everywhere and name nothing.
    fn landmark(&self, target: usize) -> Option<Landmark> {
        let points: Vec<(f64, f64)> = self.found[target].places.iter().map(|&(c, p)| point(c, p)).collect();
        let nearest = |own: &[(f64, f64)]| {
            own.iter().flat_map(|&o| points.iter().map(move |&p| distance(o, p))).min_by(f64::total_cmp)
        };
        let (target_kind, target_holders) = (self.found[target].view.kind, self.found[target].holders());
        let mut best: Option<Candidate> = None;
        let mut consider = |candidate: Candidate| {
            if best.as_ref().is_none_or(|b| candidate.ranks_before(b)) {
                best = Some(candidate);
            }
        };
        for (i, f) in self.found.iter().enumerate() {
            let kind = match f.view.kind {
                FeatureKind::Cloister => LandmarkKind::Cloister,
                FeatureKind::Shrine => LandmarkKind::Shrine,
                FeatureKind::City => LandmarkKind::City,
                FeatureKind::Road => LandmarkKind::Road,
                FeatureKind::Field | FeatureKind::River | FeatureKind::Garden => continue,
            };
            let holders = f.holders();
            if i == target || (holders.is_empty() && matches!(kind, LandmarkKind::City | LandmarkKind::Road)) {
                continue;
            }
            let own: Vec<(f64, f64)> = f.places.iter().map(|&(c, p)| point(c, p)).collect();
            match nearest(&own) {
                Some(d) if d <= NEAR => {
                    let alike = f.view.kind == target_kind && holders == target_holders;
                    consider(Candidate { alike, empty: holders.is_empty(), kind, distance: d, holders, own })
                }
                _ => {}
            }
        }
        match nearest(&self.carcassonne) {
            Some(d) if d <= NEAR => consider(Candidate {
                alike: false,
                empty: true,
                kind: LandmarkKind::Carcassonne,
                distance: d,
                holders: Vec::new(),
                own: self.carcassonne.clone(),
            }),
            _ => {}
        }
        let Candidate { kind, holders, own, .. } = best?;
        // Where the target lies: from the landmark's part near it to the target's part near
        // the landmark, so a long road or farm is judged where the two meet.
        let near = |of: &[(f64, f64)], to: &[(f64, f64)]| -> (f64, f64) {
            let close: Vec<(f64, f64)> =
                of.iter().copied().filter(|&a| to.iter().any(|&b| distance(a, b) <= NEAR)).collect();
            let n = close.len().max(1) as f64;
            close.iter().fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n))
        };
        // The City's block is one thing: the target lies to a side of its middle.
        let from = if kind == LandmarkKind::Carcassonne { near(&own, &own) } else { near(&own, &points) };
        let to = near(&points, &own);
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let side = (dx.hypot(dy) >= AROUND).then(|| Compass::of(dx, dy));
        Some(Landmark { kind, holders, side })
    }

    fn worth(&self, f: &Found) -> Worth {
        let board = self.game.board();
        match f.view.kind {
            FeatureKind::Cloister | FeatureKind::Shrine | FeatureKind::Garden => {
                let centre = f.view.tiles[0];
                let tiles = centre.surrounding().into_iter().filter(|&c| board.tile_at(c).is_some()).count();
                Worth::Neighbours { tiles: tiles as u32 }
            }
            FeatureKind::Field => {
                // The completed cities whose walls the farm's fields touch, each once.
                let mut cities: Vec<(Cell, Port)> = Vec::new();
                let mut carcassonne = false;
                for &(cell, port) in &f.places {
                    let Some(placed) = board.tile_at(cell) else { continue };
                    let def = placed.tile.def();
                    let Some(local) = def.feature_at(port.to_catalog(placed.rotation)) else { continue };
                    let field = &def.features[local as usize];
                    carcassonne |= field.touches_carcassonne;
                    for &city in &field.touches_cities {
                        let wall = def.features[city as usize].anchor.to_board(placed.rotation);
                        if let Some(view) = self.game.feature_at(cell, wall) {
                            if view.complete && !cities.contains(&view.anchor) {
                                cities.push(view.anchor);
                            }
                        }
                    }
                }
                Worth::Cities { completed: cities.len() as u32, carcassonne }
            }
            _ => Worth::Tiles { tiles: f.view.tiles.len() as u32, pennants: f.view.pennants },
        }
    }
}

/// The followers standing on `game`'s board, as the survey takes them.
/// Numbers the targets of one list whose descriptions come out the same, from 1 in list order.
pub(crate) fn number_alike(list: &mut [Target]) {
    let key = |t: &Target| (t.kind, t.holders.clone(), t.landmark.clone(), t.worth);
    for i in 0..list.len() {
        if list.iter().filter(|t| key(t) == key(&list[i])).count() > 1 {
            list[i].alike = list[..i].iter().filter(|t| key(t) == key(&list[i])).count() as u32 + 1;
        }
    }
}

pub(crate) fn followers_of(game: &Game) -> Vec<(PlayerId, Cell, Port)> {
    game.board().followers().iter().map(|f| (f.player, f.cell, f.port)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::{GameSetup, Move, Rotation, TileId};

    fn id(n: &str) -> TileId {
        TileId::from_name(n).unwrap()
    }

    #[test]
    fn compass_takes_the_larger_part() {
        assert_eq!(Compass::of(0.0, -10.0), Compass::North, "y grows southwards");
        assert_eq!(Compass::of(10.0, 3.0), Compass::East);
        assert_eq!(Compass::of(-4.0, 10.0), Compass::South);
        assert_eq!(Compass::of(-10.0, -1.0), Compass::West);
    }

    /// Greta and Hans around the start tile `D` (city north, road west–east):
    ///
    /// ```text
    ///            [ E ]            the cap closes D's city: complete, nobody on it
    ///   [ U ]    [ D ]    [ U ]   Hans's thief on the road; Greta's farmer north of it
    ///            [ B ]            Greta's monk
    /// ```
    fn table() -> Game {
        let mut g = Game::new(GameSetup::base(&["Greta", "Hans"])).unwrap();
        let moves = [
            Move::place(id("B"), Cell::new(0, 1), Rotation::R0, Some(Port::C)),
            Move::place(id("U"), Cell::new(-1, 0), Rotation::R0, Some(Port::W)),
            Move::place(id("U"), Cell::new(1, 0), Rotation::R0, Some(Port::N)),
            Move::place(id("E"), Cell::new(0, -1), Rotation::R180, None),
        ];
        for mv in &moves {
            g.apply(mv).unwrap();
        }
        g
    }

    /// Farm north of the road, farm south of it (with the cloister's fields), the road.
    const NORTH_FARM: (Cell, Port) = (Cell::new(1, 0), Port::N);
    const SOUTH_FARM: (Cell, Port) = (Cell::new(0, 1), Port::N);
    const ROAD: (Cell, Port) = (Cell::new(0, 0), Port::E);
    const CAP_FARM: (Cell, Port) = (Cell::new(0, -1), Port::N);

    #[test]
    fn a_farm_is_named_by_the_cloister_beside_it_and_its_completed_cities() {
        let g = table();
        let survey = Survey::new(&g, &followers_of(&g));
        let [south] = &survey.targets(&[SOUTH_FARM])[..] else { panic!("one farm") };
        assert_eq!(south.kind, FeatureKind::Field);
        assert!(south.holders.is_empty(), "nobody farms south of the road");
        assert_eq!(
            south.landmark,
            Some(Landmark { kind: LandmarkKind::Cloister, holders: vec![0], side: Some(Compass::North) }),
            "Greta's cloister before Hans's road, which is as near: the farm reaches over it northwards"
        );
        assert_eq!(south.worth, Worth::Cities { completed: 0, carcassonne: false }, "it touches no city");
        assert_eq!(south.tiles.len(), 4, "D, both U and B");
    }

    #[test]
    fn a_farm_someone_holds_is_theirs_and_counts_the_city_it_supplies() {
        let g = table();
        let survey = Survey::new(&g, &followers_of(&g));
        let [north] = &survey.targets(&[NORTH_FARM])[..] else { panic!("one farm") };
        assert_eq!(north.holders, vec![Holding { seat: 0, followers: 1 }], "Greta's farmer");
        assert_eq!(
            north.landmark,
            Some(Landmark { kind: LandmarkKind::Road, holders: vec![1], side: Some(Compass::North) }),
            "the cloister is too far; the city nobody holds names nothing; Hans's road lies south of it"
        );
        assert_eq!(north.worth, Worth::Cities { completed: 1, carcassonne: false }, "D's city, closed by the cap");
    }

    #[test]
    fn a_held_road_names_a_farm_before_an_empty_cloister() {
        let g = table();
        let thief_only: Vec<_> = followers_of(&g).into_iter().filter(|f| f.0 == PlayerId(1)).collect();
        let survey = Survey::new(&g, &thief_only);
        let [south] = &survey.targets(&[SOUTH_FARM])[..] else { panic!("one farm") };
        assert_eq!(
            south.landmark,
            Some(Landmark { kind: LandmarkKind::Road, holders: vec![1], side: Some(Compass::South) }),
            "somebody's road tells the farm apart better than a cloister nobody is in"
        );
    }

    #[test]
    fn a_city_not_yet_closed_supplies_nothing() {
        let mut g = Game::new(GameSetup::base(&["Greta", "Hans"])).unwrap();
        g.apply(&Move::place(id("U"), Cell::new(1, 0), Rotation::R0, Some(Port::N))).unwrap();
        let survey = Survey::new(&g, &followers_of(&g));
        let [north] = &survey.targets(&[NORTH_FARM])[..] else { panic!("one farm") };
        assert_eq!(north.worth, Worth::Cities { completed: 0, carcassonne: false }, "D's city is open to the north");
    }

    #[test]
    fn a_road_is_named_by_its_thief_and_length() {
        let g = table();
        let survey = Survey::new(&g, &followers_of(&g));
        let [road] = &survey.targets(&[ROAD])[..] else { panic!("one road") };
        assert_eq!(road.kind, FeatureKind::Road);
        assert_eq!(road.holders, vec![Holding { seat: 1, followers: 1 }]);
        assert_eq!(road.worth, Worth::Tiles { tiles: 3, pennants: 0 });
        assert_eq!(
            road.landmark,
            Some(Landmark { kind: LandmarkKind::Cloister, holders: vec![0], side: Some(Compass::North) }),
            "the road runs just north of Greta's cloister"
        );
    }

    #[test]
    fn a_city_is_not_named_by_another_city_of_the_same_holders() {
        // Greta's knights in two cities side by side north of the road Hans's thief is on:
        //   [ D ]   [ D ]   [ D ]   [ D ]   cities north, one road west–east
        //  Hans's    start   Greta's Greta's
        let mut g = Game::new(GameSetup::base(&["Greta", "Hans"])).unwrap();
        for mv in [
            Move::place(id("D"), Cell::new(1, 0), Rotation::R0, Some(Port::N)),
            Move::place(id("D"), Cell::new(-1, 0), Rotation::R0, Some(Port::W)),
            Move::place(id("D"), Cell::new(2, 0), Rotation::R0, Some(Port::N)),
        ] {
            g.apply(&mv).unwrap();
        }
        let survey = Survey::new(&g, &followers_of(&g));
        let [city] = &survey.targets(&[(Cell::new(2, 0), Port::N)])[..] else { panic!("one city") };
        assert_eq!(city.holders, vec![Holding { seat: 0, followers: 1 }]);
        let landmark = city.landmark.as_ref().expect("Hans's road runs below it");
        assert_eq!(
            (landmark.kind, &landmark.holders),
            (LandmarkKind::Road, &vec![1]),
            "Greta's other city, though nearer and a city, would read \"Greta's city east of Greta's city\""
        );
    }

    #[test]
    fn a_survey_without_farms_describes_the_rest_alike_and_no_farm() {
        let g = table();
        let (full, lean) = (Survey::new(&g, &followers_of(&g)), Survey::without_farms(&g, &followers_of(&g)));
        let places = [ROAD, (Cell::new(0, 1), Port::C), (Cell::new(0, 0), Port::N)];
        assert_eq!(lean.targets(&places), full.targets(&places), "no farm names a road, city or cloister");
        assert_eq!(lean.targets(&places).len(), 3);
        assert!(lean.targets(&[NORTH_FARM]).is_empty(), "it read no farm");
    }

    #[test]
    fn one_feature_named_twice_is_one_target_and_alike_ones_are_numbered() {
        let g = table();
        let survey = Survey::new(&g, &followers_of(&g));
        let twice = survey.targets(&[SOUTH_FARM, (Cell::new(0, 0), Port::S), ROAD]);
        assert_eq!(twice.len(), 2, "two places on the south farm are one target");
        assert_eq!(twice[0].at, Spot::from(SOUTH_FARM), "named by the first place given");
        assert!(twice.iter().all(|t| t.alike == 0), "a farm and a road read differently");

        // Nobody on the board: nothing near either farm north of the road names it, and both
        // supply D's city, so the two read alike and are numbered.
        let bare = Survey::new(&g, &[]);
        let alike = bare.targets(&[NORTH_FARM, CAP_FARM, SOUTH_FARM]);
        assert_eq!(alike[0].landmark, None);
        assert_eq!(alike[0].landmark, alike[1].landmark);
        assert_eq!(alike[0].worth, alike[1].worth);
        assert_eq!((alike[0].alike, alike[1].alike), (1, 2));
        assert_eq!(alike[2].alike, 0, "the south farm has the cloister beside it");
        let south = alike[2].landmark.as_ref().expect("a cloister names a farm even with nobody in it");
        assert!(south.holders.is_empty());
    }

    #[test]
    fn the_roads_out_of_the_city_gates_are_told_apart_by_the_side_they_leave_by() {
        use castellan_engine::{Quarter, Start};
        let mut setup = GameSetup::base(&["Greta", "Hans"]);
        setup.sets.push(TileSet::Count);
        setup.start = Start::Count;
        let g = Game::new(setup).unwrap();
        let survey = Survey::new(&g, &[]);
        let roads = survey.targets(&g.final_move_targets(Quarter::Blacksmith));
        assert_eq!(roads.len(), 3, "a road out of each gate");
        let sides: Vec<_> = roads.iter().map(|r| r.landmark.as_ref().map(|l| (l.kind, l.side))).collect();
        for side in &sides {
            assert!(matches!(side, Some((LandmarkKind::Carcassonne, Some(_)))), "the City names each road: {sides:?}");
        }
        let distinct: std::collections::HashSet<_> = sides.iter().collect();
        assert_eq!(distinct.len(), 3, "each gate on its own side: {sides:?}");
        assert!(roads.iter().all(|r| r.alike == 0));

        // A city closed against the block's east side, in its bottom row, lies east of the
        // City, though the block's tile it shares lies south of the block's other east tile.
        let mut g = g;
        g.apply(&Move::place(id("E"), Cell::new(2, 1), Rotation::R270, None)).unwrap();
        let survey = Survey::new(&g, &[]);
        let [city] = &survey.targets(&[(Cell::new(2, 1), Port::W)])[..] else { panic!("one city") };
        assert_eq!(city.kind, FeatureKind::City);
        assert_eq!(
            city.landmark,
            Some(Landmark { kind: LandmarkKind::Carcassonne, holders: vec![], side: Some(Compass::East) })
        );
    }

    /// A city and Greta's city beside it, told apart by where the board draws their places:
    /// the half-edge places lie 30 from their edge's middle (with the points the board drew
    /// before, 24 from it, Greta's city was too far to name this one).
    #[test]
    fn a_landmark_is_found_from_the_points_the_board_draws() {
        let mut g = Game::new(GameSetup::base(&["Greta", "Hans", "Ida"])).unwrap();
        let moves = [
            Move::place(id("I"), Cell::new(0, -1), Rotation::R270, Some(Port::W)),
            Move::place(id("P"), Cell::new(-1, 0), Rotation::R0, None),
            Move::place(id("C"), Cell::new(-2, 0), Rotation::R0, None),
            Move::place(id("S"), Cell::new(1, 0), Rotation::R90, None),
        ];
        for m in &moves {
            g.apply(m).unwrap();
        }
        let [target] = &Survey::new(&g, &followers_of(&g)).targets(&[(Cell::new(1, 0), Port::N)])[..] else {
            panic!("one feature")
        };
        assert_eq!(target.kind, FeatureKind::City);
        assert_eq!(
            target.landmark,
            Some(Landmark { kind: LandmarkKind::City, holders: vec![0], side: Some(Compass::East) }),
            "the city lies east of Greta's city"
        );
    }
}
