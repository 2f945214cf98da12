//! The rule options a table plays by: edition differences and house rules that change points.
//!
//! Defaults are the current edition's rules with the checklist's proposed answers to the
//! open questions; every deviation is a field here, so one `RuleSet` says exactly how a
//! game was scored.

/// How farms are scored at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum FarmRule {
    /// Current rules: per farm, its owners by majority score 3 per completed city it touches
    /// (Rules B-40 to B-43).
    #[default]
    Current,
    /// The 2000 edition: per completed city, 4 points to the majority of farmers on all the
    /// farms touching it (Rule V-01).
    FirstEdition,
    /// No farmers: fields take no follower and farms score nothing (Rule V-07).
    Off,
}

impl FarmRule {
    /// Every farm rule, the current one first.
    pub const ALL: [FarmRule; 3] = [FarmRule::Current, FarmRule::FirstEdition, FarmRule::Off];

    /// The name used in game scripts: `c3` and `c1` for the points a city gives a farm under each
    /// rule. (The UI's wire names, from serde, are `current`, `first-edition` and `off`.)
    pub const fn name(self) -> &'static str {
        match self {
            FarmRule::Current => "c3",
            FarmRule::FirstEdition => "c1",
            FarmRule::Off => "off",
        }
    }

    /// Parses a name such as `"c3"`.
    pub fn from_name(name: &str) -> Option<FarmRule> {
        FarmRule::ALL.into_iter().find(|x| x.name() == name)
    }
}

/// Who wins when the top scores are tied (Rule V-14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum TiedWinners {
    /// Tied players share the victory.
    #[default]
    Shared,
    /// A tie is reported, with no winner.
    NoWinner,
    /// The tied players should play again.
    PlayAgain,
}

impl TiedWinners {
    /// Every tie rule, the default first.
    pub const ALL: [TiedWinners; 3] = [TiedWinners::Shared, TiedWinners::NoWinner, TiedWinners::PlayAgain];

    /// The name used in game scripts and on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            TiedWinners::Shared => "shared",
            TiedWinners::NoWinner => "no-winner",
            TiedWinners::PlayAgain => "play-again",
        }
    }

    /// Parses a name such as `"no-winner"`.
    pub fn from_name(name: &str) -> Option<TiedWinners> {
        TiedWinners::ALL.into_iter().find(|x| x.name() == name)
    }
}

/// What happens to a drawn tile that fits nowhere (Rule B-08, option V-13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Unplaceable {
    /// It leaves the game.
    #[default]
    Removed,
    /// It goes back into the bag.
    BackInBag,
}

impl Unplaceable {
    /// Both choices, the default first.
    pub const ALL: [Unplaceable; 2] = [Unplaceable::Removed, Unplaceable::BackInBag];

    /// The name used in game scripts and on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            Unplaceable::Removed => "removed",
            Unplaceable::BackInBag => "back-in-bag",
        }
    }

    /// Parses a name such as `"back-in-bag"`.
    pub fn from_name(name: &str) -> Option<Unplaceable> {
        Unplaceable::ALL.into_iter().find(|x| x.name() == name)
    }
}

/// A rectangle of cells the table allows, inclusive (Rule V-09).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Bounds {
    /// Westmost column.
    pub min_x: i32,
    /// Eastmost column.
    pub max_x: i32,
    /// Northmost row.
    pub min_y: i32,
    /// Southmost row.
    pub max_y: i32,
}

impl Bounds {
    /// Whether a cell lies inside.
    pub fn contains(&self, c: crate::Cell) -> bool {
        (self.min_x..=self.max_x).contains(&c.x) && (self.min_y..=self.max_y).contains(&c.y)
    }
}

/// Every rule option that changes what is legal or how many points are scored.
///
/// With the `serde` feature it reads and writes itself field by field in camelCase. The
/// options a setup screen has always offered are required; those it did not offer (the
/// table's edges, tree junctions, bought tiles, the player limit, the City after the river)
/// take their defaults when left out, so rules saved by that screen still read whole. An
/// option added later joins the second group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RuleSet {
    /// Farm scoring edition, or no farmers.
    pub farms: FarmRule,
    /// The 2000 rule that a completed two-tile city scores 2 (Rule V-05).
    pub small_city: bool,
    /// With `small_city`: each pennant in such a city adds 1 (the default, Q-20), or nothing.
    pub small_city_pennants: bool,
    /// `false` is the house rule that unfinished features score nothing at the end (V-06).
    pub score_incomplete: bool,
    /// Whether a road that closes on itself is complete (Q-14; the 2000 text omits loops).
    pub road_loops_complete: bool,
    /// Most players allowed (Rule V-15): 5 for the base box, 6 or 8 with more colours.
    #[cfg_attr(feature = "serde", serde(default = "most_players"))]
    pub max_players: u8,
    /// Winner rule for tied top scores (V-14).
    pub tied_winners: TiedWinners,
    /// What becomes of an unplaceable tile (V-13).
    pub unplaceable: Unplaceable,
    /// The play area's limits, if the table has them (V-09).
    #[cfg_attr(feature = "serde", serde(default))]
    pub bounds: Option<Bounds>,
    /// With `bounds`: a road or city edge on the border counts as closed (V-10). The border
    /// is no neighbour for cloisters.
    #[cfg_attr(feature = "serde", serde(default))]
    pub border_closes: bool,
    /// House rule: filling a hole (a cell with tiles on all four sides) gives another turn
    /// (V-11); extra turns chain.
    pub hole_extra_turn: bool,
    /// The start tile comes from outside the 72 (Big Box 5's separate start tile, V-16).
    pub separate_start_tile: bool,
    /// When the river's spring (or the City of Carcassonne) starts the game, the base start
    /// tile is shuffled into the bag instead of leaving the game.
    pub start_tile_in_bag: bool,
    /// King & Robber: the record is the largest size completed by anyone, so the holder
    /// raises it (Q-02, default); `false` keeps the size that won the title.
    pub title_record_rises: bool,
    /// Heretics: a challenge starts even when the new building's neighbour is completed by
    /// the same tile, so that neighbour wins at once (Q-04, default); `false` scores the
    /// completed neighbour normally and starts no challenge.
    pub challenge_when_partner_completes: bool,
    /// Heretics house rule: the winner also scores the loser's building as unfinished (V-22).
    pub challenge_winner_takes_both: bool,
    /// Heretics house rule: shrines and cloisters may border several of the other kind, but
    /// then take no follower (V-23).
    pub relaxed_shrine_placement: bool,
    /// How the Count moves: freely by whoever enters (default), or by the official variants
    /// (V-18, V-19).
    pub count_movement: crate::count::CountMovement,
    /// No follower may enter the quarter where the Count stands (RGG's Big Box 2, V-20).
    pub count_lock_entry: bool,
    /// With several features completed by one tile, one move round per feature instead of
    /// one round for all.
    pub count_round_per_feature: bool,
    /// House rule: on these tiles the road ends meet at a tree or bush, not a building, so
    /// the arms form one road (V-08). Which tiles show trees depends on the print run, so the
    /// table names them.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "specta", specta(type = Vec<crate::tile::TileId>))]
    pub tree_junctions: crate::tile::TileSelection,
    /// House rule V-12: the price of a bought tile goes to the player who drew it; by
    /// default it is paid away.
    #[cfg_attr(feature = "serde", serde(default))]
    pub purchase_pays_drawer: bool,
    /// House rule R-04: with River II and the Count, the river is laid first from the
    /// spring and the City of Carcassonne is then laid against it as a block.
    #[cfg_attr(feature = "serde", serde(default))]
    pub river_before_city: bool,
    /// The River's start: the unused start tile is the first land tile, laid once the river
    /// is finished (the 2001 rules' other way, RI-14). Excludes `start_tile_in_bag`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub start_tile_after_river: bool,
    /// House rule RI-15: no figure goes on a river tile, so nobody deploys before the land
    /// tiles come.
    #[cfg_attr(feature = "serde", serde(default))]
    pub no_followers_on_river: bool,
    /// The abbot and heretics: an abbot recalled from a cloister in a challenge loses it, so
    /// the shrine pays its heretic 9 at once; by default the challenge just ends (QX-03).
    #[cfg_attr(feature = "serde", serde(default))]
    pub recall_loses_challenge: bool,
    /// Whether the tiles on the table are the printing with gardens (QX-18): `None` (the
    /// default) means exactly when the abbot is among the sets. The River's printing is its
    /// set's (RI-12), not this option's.
    #[cfg_attr(feature = "serde", serde(default))]
    pub gardens: Option<bool>,
    /// Traders & Builders with River II: the herd of pigs and an owner's own pig in one farm
    /// both add 1 per city (default); `false` adds 1 in all (QX-07).
    #[cfg_attr(feature = "serde", serde(default = "stacks"))]
    pub herd_and_pig_stack: bool,
    /// Crop Circles: a follower added beside one of the player's goes on the same tile as it
    /// (default); `false` lets it go anywhere in that feature (QB-19).
    #[cfg_attr(feature = "serde", serde(default = "same_tile"))]
    pub crop_circle_same_tile: bool,
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet {
            farms: FarmRule::Current,
            small_city: false,
            small_city_pennants: true,
            score_incomplete: true,
            road_loops_complete: true,
            max_players: most_players(),
            tied_winners: TiedWinners::Shared,
            unplaceable: Unplaceable::Removed,
            bounds: None,
            border_closes: false,
            hole_extra_turn: false,
            separate_start_tile: false,
            start_tile_in_bag: false,
            title_record_rises: true,
            challenge_when_partner_completes: true,
            challenge_winner_takes_both: false,
            relaxed_shrine_placement: false,
            count_movement: crate::count::CountMovement::Free,
            count_lock_entry: false,
            count_round_per_feature: false,
            tree_junctions: crate::tile::TileSelection::EMPTY,
            purchase_pays_drawer: false,
            river_before_city: false,
            start_tile_after_river: false,
            no_followers_on_river: false,
            recall_loses_challenge: false,
            gardens: None,
            herd_and_pig_stack: stacks(),
            crop_circle_same_tile: same_tile(),
        }
    }
}

/// The herd and a pig add up by default (QX-07).
const fn stacks() -> bool {
    true
}

/// A crop circle's added follower goes on the joined follower's tile by default (QB-19).
const fn same_tile() -> bool {
    true
}

/// Every colour of follower the boxes hold: the default limit on players.
const fn most_players() -> u8 {
    crate::MAX_PLAYERS as u8
}

impl RuleSet {
    /// The 2000 edition: first-edition farms, the small-city rule.
    pub fn first_edition() -> RuleSet {
        RuleSet { farms: FarmRule::FirstEdition, small_city: true, ..RuleSet::default() }
    }
}
