//! The rules Castellan applies, by id: [`Rule`] names every entry of `docs/rules.md`.
//!
//! A rule id travels as this type, not as a string, so that a refusal or a score can only cite
//! a rule that exists, and a rule is found from its name in one step: each variant's doc is the
//! rule's statement in short, and `docs/rules.md` has the rest (its sources, the code that
//! carries it out, its scenarios). Across the wire a rule is its id (`"B-18"`), so the UI and
//! the game scripts see the same text as before.
//!
//! An id gets its variant when it moves to `docs/rules.md`, that is when it is carried out: a
//! rule still planned in `docs/rules-expansions.md` has nothing here, so no code can cite it
//! as applied. `crates/script/tests/rule_ids.rs` checks that this list and `docs/rules.md`
//! name the same ids, that every statement here is said, and that every rule (other than an
//! open question, `Q-`) has a scenario.

use std::fmt;

/// Declares [`Rule`] from one list of `Variant = "ID"`, each with its statement as the doc
/// comment, so that the id, the variant and the statement cannot drift apart.
macro_rules! rules {
    ($($(#[doc = $doc:literal])* $variant:ident = $id:literal,)*) => {
        /// A rule of `docs/rules.md`, by its id.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "specta", derive(specta::Type))]
        pub enum Rule {
            $(
                $(#[doc = $doc])*
                #[cfg_attr(feature = "serde", serde(rename = $id))]
                $variant,
            )*
        }

        impl Rule {
            /// Every rule, in the order of `docs/rules.md`.
            pub const ALL: &[Rule] = &[$(Rule::$variant),*];

            /// The rule's id, such as `"B-18"`.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Rule::$variant => $id,)*
                }
            }

            /// The rule's statement in short, as its doc comment says it.
            pub fn statement(self) -> &'static str {
                match self {
                    $(Rule::$variant => concat!($($doc),*).trim(),)*
                }
            }
        }
    };
}

rules! {
    // B — The base game
    /// Each player has seven followers to deploy (the eighth marks the score); a deployment with none left is
    /// refused.
    B01 = "B-01",
    /// Players take turns clockwise, starting with whoever the table picks; how many may play is V-15, and a
    /// game needs at least two named players.
    B02 = "B-02",
    /// A turn: lay the drawn tile, perhaps put one follower on it, then score every road, city and cloister the
    /// tile finished, for whoever holds them.
    B03 = "B-03",
    /// A new tile touches the layout along at least one whole edge; a shared corner is not enough.
    B04 = "B-04",
    /// Every edge the new tile shares with the layout continues its terrain: city meets city, road meets road,
    /// field meets field.
    B05 = "B-05",
    /// A road edge meets only a road edge, so no road runs out into a field.
    B06 = "B-06",
    /// Cloisters may lie beside or diagonal to each other, each then counting the other among its eight
    /// neighbours.
    B07 = "B-07",
    /// A drawn tile that fits nowhere leaves the game and the same player draws again; it does not count
    /// towards the end.
    B08 = "B-08",
    /// The table's edge may limit the play area: with `bounds` set, a cell beyond them is refused (V-09).
    B09 = "B-09",
    /// At most one follower a turn, from one's own supply, on the tile just laid, or none at all.
    B10 = "B-10",
    /// No follower goes on a road, city or field that already holds one anywhere along it, one's own included.
    B11 = "B-11",
    /// Features join only across shared edges: cities or fields that meet at a corner stay apart until a tile
    /// links them.
    B12 = "B-12",
    /// Followers put on separate features that a later tile joins legitimately share the joined one.
    B13 = "B-13",
    /// A farmer may take the field round a cloister; the cloister then stays empty and scores for nobody.
    B14 = "B-14",
    /// A player with no follower left still draws and lays tiles, and deploys again once followers come back.
    B15 = "B-15",
    /// Finishing an empty feature does not oblige taking it; a finished feature with nobody on it scores for
    /// nobody.
    B16 = "B-16",
    /// A road is finished when both ends stop at a junction, a city or a cloister, or when it closes into a
    /// loop.
    B17 = "B-17",
    /// A finished road pays 1 per tile to the players with most thieves on it.
    B18 = "B-18",
    /// A road scores for its thief's owner even when someone else closes it; only the followers on the scored
    /// feature go home.
    B19 = "B-19",
    /// A city is finished when its wall runs all round with no gap inside.
    B20 = "B-20",
    /// A finished city pays 2 per tile and 2 per pennant; a tile with two segments in the same city counts
    /// once.
    B21 = "B-21",
    /// A cloister with all eight neighbours is finished and pays its monk's owner 9.
    B22 = "B-22",
    /// On a shared feature only the players with the most followers score, each the full value; the others get
    /// nothing.
    B23 = "B-23",
    /// Two roads joined with one thief each pay both owners; two knights of one player against one of another
    /// pay only the first.
    B24 = "B-24",
    /// Several followers of one colour win the majority but never multiply the points.
    B25 = "B-25",
    /// A feature is finished the moment its last tile lies, and every feature one tile finishes is scored in
    /// that turn.
    B26 = "B-26",
    /// Once a road, city or cloister is scored, every follower on it returns to its owner's supply, whichever
    /// side won; farmers stay where they are.
    B27 = "B-27",
    /// Lay the tile, put a follower on the feature it finishes, score, take the follower back: all in one turn.
    B28 = "B-28",
    /// A tile with two separate city caps that closes a small city may still take a knight on its other cap; a
    /// knight that scores this turn is not put down again this turn.
    B29 = "B-29",
    /// Connected field segments make one farm; roads, cities, rivers and the edge of the play area bound it,
    /// and corners never join it.
    B30 = "B-30",
    /// Farms score only in the final count; farmers stay on the board all game.
    B31 = "B-31",
    /// When a tile joins occupied fields into one farm, its placer may not add a farmer to it.
    B32 = "B-32",
    /// The game ends after the turn that lays the last tile; that turn scores as usual, then the final count
    /// follows.
    B33 = "B-33",
    /// The final count takes unfinished roads, cities and cloisters first, then the farms.
    B34 = "B-34",
    /// An unfinished road pays 1 per tile at the end.
    B35 = "B-35",
    /// An unfinished city pays 1 per tile and 1 per pennant at the end.
    B36 = "B-36",
    /// An unfinished cloister pays 1 for itself and 1 per neighbour at the end.
    B37 = "B-37",
    /// The first-edition rulebook's final count, worked through: 3, 5, 3, 8 and 0.
    B38 = "B-38",
    /// The C3 rulebook's final count, worked through: 8, 0, 4, 3 and 3.
    B39 = "B-39",
    /// A farm belongs to the players with most farmers on it.
    B40 = "B-40",
    /// A farm's owners get 3 apiece for every finished city along it, large or small, and the farm need not be
    /// closed.
    B41 = "B-41",
    /// A city touches a farm only where its wall runs along the farm's grass on some tile, never at a corner
    /// alone.
    B42 = "B-42",
    /// A city touching several farms pays the owners of each, so one player can score it twice.
    B43 = "B-43",
    /// A farm that touches no finished city scores nothing, and its farmers still stay.
    B44 = "B-44",
    /// Worked farm example: two farmers on separate farms earn Blue 6 + 3 = 9.
    B45 = "B-45",
    /// Worked farm example: Blue 6, Red 3; the unfinished city adds nothing.
    B46 = "B-46",
    /// Worked farm example of a majority: Red 6, Blue 3, Yellow 0.
    B47 = "B-47",
    /// Worked farm example of a tie: Red 6, Yellow 6, Blue 3.
    B48 = "B-48",
    /// The long farm example: Blue 6 + 9, Red 9, Yellow 12, Black 0.
    B49 = "B-49",
    /// Points go on the 50-space track at once; a total past 50 shows as a space plus 50 and 100 tokens.
    B50 = "B-50",
    /// The highest total after the final count wins; a tie at the top follows V-14.
    B51 = "B-51",
    /// What is drawn on a tile besides its features (gardens, animals, houses) changes nothing.
    B52 = "B-52",
    // V — Editions, variants and house rules
    /// `farms: "c1"`, the 2000 farm count: each finished city pays 4 to the players with most farmers on all
    /// the farms touching it.
    V01 = "V-01",
    /// The 2000 rulebook's first farm example: three farms round one city, Blue 2 farmers against Red 1: Blue
    /// 4, Red 0.
    V02 = "V-02",
    /// The 2000 rulebook's second example: Blue 8, Red 4; a city pays a player once however many of their farms
    /// touch it.
    V03 = "V-03",
    /// The publisher's comparison of one city: the old count gives Blue 4, Yellow 0; the current one Blue 6,
    /// Yellow 3.
    V04 = "V-04",
    /// `small_city`: the 2000 rule that a finished two-tile city scores 2 (plus its pennants, Q-20).
    V05 = "V-05",
    /// `score_incomplete: false`, a house rule: unfinished roads, cities, cloisters and shrines score nothing
    /// at the end; farms still do.
    V06 = "V-06",
    /// `farms: "off"`: fields take no follower and there is no farm count.
    V07 = "V-07",
    /// `tree_junctions`, a house rule: on the named tiles the road arms meet at a tree, make one road, and it
    /// is finished when every end is closed.
    V08 = "V-08",
    /// `bounds`: the table's edges; no tile goes beyond them, and a tile that would fit only beyond them fits
    /// nowhere.
    V09 = "V-09",
    /// `border_closes`, a house rule: with `bounds`, a road or city end on the border counts as closed.
    V10 = "V-10",
    /// `hole_extra_turn`, a house rule: filling a cell with tiles on all four sides earns another turn.
    V11 = "V-11",
    /// Buying a tile, a house rule: another player pays points for the drawn tile (`buyer`, `price`) and lays
    /// it as their own.
    V12 = "V-12",
    /// `unplaceable: "back-in-bag"`: a tile that fits nowhere is returned to the bag and may be drawn again
    /// later.
    V13 = "V-13",
    /// `tied_winners`: a tie at the top is shared (the default), has no winner, or is to be played again.
    V14 = "V-14",
    /// `max_players`: the base box has colours for five, the extra colours of other boxes for up to eight,
    /// which is the default limit.
    V15 = "V-15",
    /// The size of the tile set: 72 with the start tile, 73 with Big Box 5's separate start tile
    /// (`separate_start_tile`), 84 in Winter, plus each box's tiles.
    V16 = "V-16",
    /// House rules that change no points (choosing the start player, drawing early, a hand of tiles, dice on
    /// the track) need no option; a script records such a game the same way.
    V17 = "V-17",
    /// `count_movement: "clockwise"`, official variant 1: each entry into the City moves the Count one quarter
    /// on.
    V18 = "V-18",
    /// `count_movement: "follows-follower"`, official variant 2: the Count moves into the quarter just entered.
    V19 = "V-19",
    /// `count_lock_entry`: nobody may enter the quarter where the Count stands either.
    V20 = "V-20",
    /// The editions word the Count's rules differently (finishing or scoring, before the majority or before
    /// scoring, rounds per scoring); in these boxes all give the same points, so there is no option.
    V21 = "V-21",
    /// `challenge_winner_takes_both`, a house rule: the winner of a challenge also scores the losing building
    /// as unfinished.
    V22 = "V-22",
    /// `relaxed_shrine_placement`, a house rule: a shrine may border several cloisters and a cloister several
    /// shrines, but such a building takes no follower.
    V23 = "V-23",
    /// The King's and the Robber's holders and record sizes are shown throughout the game.
    V24 = "V-24",
    /// Abbeys laid after the last tile need Abbey & Mayor, which Castellan does not have; a script that asks
    /// for it is refused.
    V25 = "V-25",
    // C — The Count of Carcassonne
    /// The twelve tiles of the City of Carcassonne start the game as one block instead of the start tile, and
    /// the Count stands on the castle.
    C01 = "C-01",
    /// Roads, city caps and fields on the City's tiles outside its walls are ordinary features, and a City tile
    /// counts like any other tile.
    C02 = "C-02",
    /// A placer whose tile made others score but gave them nothing may put one follower from supply into a
    /// quarter.
    C03 = "C-03",
    /// When one tile causes several scorings, the placer qualifies only by scoring in none of them.
    C04 = "C-04",
    /// At most one follower enters the City per tile laid, on top of the usual follower on the tile.
    C05 = "C-05",
    /// Entering comes after the scoring; a placer who scored with a follower moved out of the City does not
    /// qualify.
    C06 = "C-06",
    /// A placer with a follower on the scored feature who is outnumbered there scores nothing, and so
    /// qualifies.
    C07 = "C-07",
    /// Only points from this tile's scorings count; a farmer who will score later does not disqualify.
    C08 = "C-08",
    /// A placer whose own tile finishes the cloister that beats their heretic scored nothing, and so qualifies.
    C09 = "C-09",
    /// Whoever enters the City may move the Count to any quarter; by default nothing else moves him (V-18 and
    /// V-19 change that).
    C10 = "C-10",
    /// No follower leaves the quarter where the Count stands.
    C11 = "C-11",
    /// Before a finished feature is scored, one round from the placer's left, the placer last, lets each player
    /// move followers from the matching quarter onto it.
    C12 = "C-12",
    /// The castle feeds cities, the blacksmith roads, the cathedral cloisters and shrines, the market farms.
    C13 = "C-13",
    /// Followers may be moved onto a feature someone already holds, to contest its majority.
    C14 = "C-14",
    /// Followers may be moved onto a finished feature nobody holds, which then scores for them.
    C15 = "C-15",
    /// Monks coming from the cathedral let several players share one cloister.
    C16 = "C-16",
    /// Followers in the City score nothing, count for no majority, and leave only onto a feature.
    C17 = "C-17",
    /// Followers in the market may leave only at the end of the game.
    C18 = "C-18",
    /// Before the final count, from the last placer's left, each player in turn may move one follower from the
    /// City onto any matching feature, until a round passes with no move.
    C19 = "C-19",
    /// A follower moved out at the end scores what its feature is worth unfinished, or as a farmer.
    C20 = "C-20",
    /// Every farm along the wall of the City of Carcassonne counts the City as a finished city at the end.
    C21 = "C-21",
    /// The King's bonus counts the City of Carcassonne as a finished city (K-08).
    C22 = "C-22",
    /// Of the notes on other expansions, one applies to these boxes: a cathedral follower may be moved onto a
    /// shrine and stands there as a monk.
    C23 = "C-23",
    /// Laying the river before the City is the house rule R-04.
    C24 = "C-24",
    // K — King and Robber
    /// King & Robber puts five more land tiles in the bag; its two titles start with nobody.
    K01 = "K-01",
    /// When both city caps of one King & Robber tile end up in the same city, that tile counts once.
    K02 = "K-02",
    /// Whoever lays the last tile of the first finished city takes the King, whoever held the city, even
    /// nobody.
    K03 = "K-03",
    /// A later finished city larger in tiles (not points) takes the King to whoever finished it.
    K04 = "K-04",
    /// A finished city only as large as the record does not move the King.
    K05 = "K-05",
    /// The Robber goes the same way with roads.
    K06 = "K-06",
    /// At the end the King's holder scores 1 per finished city on the board, whoever held it.
    K07 = "K-07",
    /// In a Count game the King's holder gets 1 more for the City of Carcassonne, which never wins the King
    /// itself.
    K08 = "K-08",
    /// At the end the Robber's holder scores 1 per finished road.
    K09 = "K-09",
    /// No finished city (road), no King (Robber), and so no bonus; a final board that names a King (Robber)
    /// with no finished city (road) on it is refused.
    K10 = "K-10",
    /// The notes on other expansions; the one these boxes can show is that a road with three ends (V-08) counts
    /// all its tiles for the Robber.
    K11 = "K-11",
    /// The record size is kept apart from its holder (shown by V-24; how it moves: Q-02).
    K12 = "K-12",
    // H — Heretics and shrines
    /// The box puts five shrines in the bag.
    H01 = "H-01",
    /// A shrine is laid and scored like a cloister; its follower is a heretic.
    H02 = "H-02",
    /// A shrine borders at most one cloister and a cloister at most one shrine, counting all eight surrounding
    /// cells.
    H03 = "H-03",
    /// On a shrine tile the placer may put the follower on the shrine, on another feature of the tile, or
    /// nowhere.
    H04 = "H-04",
    /// A heretic put next to an occupied cloister challenges its monk.
    H05 = "H-05",
    /// A monk put next to an occupied shrine challenges its heretic.
    H06 = "H-06",
    /// A player may challenge their own monk or heretic.
    H07 = "H-07",
    /// Without a follower on both buildings there is no challenge.
    H08 = "H-08",
    /// The building finished first scores 9, the other nothing, and both followers go home.
    H09 = "H-09",
    /// When one tile finishes both buildings, both score 9.
    H10 = "H-10",
    /// A challenge still open at the end: both buildings score as unfinished.
    H11 = "H-11",
    /// A heretic's owner who finishes the rival cloister scores nothing and so may enter the City of
    /// Carcassonne.
    H12 = "H-12",
    /// A cathedral follower may be moved onto a shrine; a building that lost a challenge and is later finished
    /// empty can be taken that way.
    H13 = "H-13",
    /// Other features a shrine tile finishes score as usual.
    H14 = "H-14",
    /// The notes on other expansions; the one this box can show is that a cloister laid empty as a shrine's
    /// last neighbour starts no challenge.
    H15 = "H-15",
    /// The house rule "winner takes both" is V-22.
    H16 = "H-16",
    // R — River II
    /// River II is twelve tiles: the spring, the fork, two lakes (one with a volcano) and eight river tiles.
    R01 = "R-01",
    /// A river splits the fields on its banks as a road does; round the spring the banks meet.
    R02 = "R-02",
    /// With the Count, the City lies first and the spring is the first tile drawn, laid against it so the river
    /// flows away; a river tile that then fits nowhere leaves the game and play goes on.
    R03 = "R-03",
    /// `river_before_city`, a house rule: the river is laid first from the spring, then the City goes against
    /// it as one block (a `city` move), with no draw and no change of turn.
    R04 = "R-04",
    /// What the box leaves to the River rules is settled by; the unused start tile leaves the game
    /// unless `start_tile_in_bag` keeps it.
    R05 = "R-05",
    /// The spring lies at `[0, 0]` in place of the start tile and the fork is laid first, continuing it;
    /// followers may go on the land, never on the river.
    R06 = "R-06",
    /// While river tiles are left only river tiles are drawn, each continuing one open end with exactly one of
    /// its river edges.
    R07 = "R-07",
    /// The volcano lake comes out last, once all the other river tiles are down or gone.
    R08 = "R-08",
    /// Downstream along a branch, two tiles in a row may not turn the same way; straight is no turn, an S-bend
    /// is fine, and the fork counts once per branch.
    R09 = "R-09",
    /// The two branches may never meet: a tile linking both open ends is refused though its edges fit.
    R10 = "R-10",
    /// A lake ends its branch; a river tile with no legal place is removed from the game, whatever
    /// `unplaceable` says, and its drawer draws again.
    R11 = "R-11",
    /// The volcano lake is laid like any river tile, may take a farmer, and play passes to the next player; the
    /// bonus tile and the dragon of other printings do not apply.
    R12 = "R-12",
    // RI — The River
    /// Twelve dark-backed tiles make up The River: one spring, one lake and ten tiles the water flows through.
    RI01 = "RI-01",
    /// The spring takes the start tile's place at `[0, 0]`, unturned, its water leaving east; the start tile
    /// leaves the game (QX-01).
    RI02 = "RI-02",
    /// Until the river pile is empty every draw comes from it, and the tile must lengthen the river at its open
    /// end; its other edges match as usual (B-05).
    RI03 = "RI-03",
    /// Two consecutive river tiles must not bend the same way.
    RI04 = "RI-04",
    /// The lake comes out of the pile after every other river tile has been laid or removed, and ends the
    /// water; from the next draw on, land tiles are played.
    RI05 = "RI-05",
    /// On a river tile the placer may put a follower on the land as on any tile (road, city, cloister, field),
    /// never on the water.
    RI06 = "RI-06",
    /// Water earns nobody anything; what else a river tile shows scores as it would anywhere, and a river tile
    /// counts as a neighbour of a cloister like any tile.
    RI07 = "RI-07",
    /// Like a road, the water splits the grass into separate fields, except on the spring and the lake,
    /// where it begins or ends inside the tile: the grass of such a tile is a single field round it, so the two
    /// banks meet there.
    RI08 = "RI-08",
    /// The bridge tile keeps its four corners apart: the grass does not pass under the road.
    RI09 = "RI-09",
    /// Everything else on a river tile is an ordinary feature: the caps either side of the water are two
    /// cities; one road crosses the water and stops at a city gate, another stops at the cloister; the road
    /// bend beside a water bend has nothing to do with it.
    RI10 = "RI-10",
    /// A drawn river tile with no legal spot (edges, open end, bend rule) leaves the game and its drawer draws
    /// again, whatever `unplaceable` says — as R-11 for River II.
    RI11 = "RI-11",
    /// Today's printing shows a garden on one of the two plain bends (`R1-11`); a garden takes only the abbot
    /// so a follower named there is refused with that reason.
    RI12 = "RI-12",
    /// For the end of the game a river tile is a tile like the rest: play stops after the last land tile
    /// (B-33); base and River without a discard end on the 82nd draw.
    RI13 = "RI-13",
    /// The 2001 rules let the table keep the start tile: shuffled in with the land tiles (`start_tile_in_bag`)
    /// or laid as the first land tile after the river (`start_tile_after_river`).
    RI14 = "RI-14",
    /// House rule `no_followers_on_river`: no figure goes on a river tile.
    RI15 = "RI-15",
    // A — The Abbot and gardens
    /// Every colour has one abbot.
    A01 = "A-01",
    /// Current printings draw a garden on one copy each of the base tiles `E`, `H`, `I`, `M`, `N`, `R`, `U`,
    /// `V` (eight of 72), on one River bend, two tiles of Inns & Cathedrals, two of Traders & Builders, one
    /// King & Robber tile and one River II bend; no Winter tile and no first-edition tile has one.
    A02 = "A-02",
    /// A garden stands alone: it connects to no neighbour, sits inside its tile's grass without dividing it,
    /// plays no part in farms, and is finished when all eight surrounding cells are filled, just as a cloister
    /// is.
    A03 = "A-03",
    /// In place of a follower, a player whose abbot is in hand may set it on the cloister or the garden of the
    /// tile just put down; that is the turn's single figure.
    A04 = "A-04",
    /// Nobody but the abbot goes on a garden.
    A05 = "A-05",
    /// A monk or an abbot makes a cloister occupied, and an abbot makes a garden occupied.
    A06 = "A-06",
    /// The moment an abbot's cloister or garden is surrounded, its owner gains 9 and gets the abbot back, no
    /// matter who laid the closing tile.
    A07 = "A-07",
    /// During the figure step of their own turn a player may, rather than place anything, lift their abbot off
    /// the board; they are paid on the spot what its cloister or garden is worth right then — 1, plus 1 for
    /// each neighbouring tile.
    A08 = "A-08",
    /// Lifting the abbot uses up the whole figure step: the same turn cannot also put down a follower, a big
    /// follower, a builder or a pig.
    A09 = "A-09",
    /// Since the tile is laid before the figure step, a newly laid neighbour counts towards the recall;
    /// whatever that tile completes is scored after it, in the scoring step.
    A10 = "A-10",
    /// A finished cloister or garden cannot be cashed in early: once surrounded, it is scored for 9 in the
    /// scoring step, and asking to lift the abbot instead is refused.
    A11 = "A-11",
    /// Placing the abbot already is the turn's figure step, so lifting it again can happen on a later turn at
    /// the earliest.
    A12 = "A-12",
    /// If the abbot is still out when the game ends, its cloister or garden pays as an unfinished cloister
    /// does: 1 plus 1 per neighbour.
    A13 = "A-13",
    /// The abbot comes on top of the seven followers: a player whose followers are all out can still place or
    /// lift the abbot.
    A14 = "A-14",
    /// An abbot on a cloister holds it exactly as a monk would and is one figure in any count of figures (only
    /// the Count makes that matter); the cloister keeps its usual value.
    A15 = "A-15",
    /// A garden is no cloister, so rules written for cloisters leave it out: heretics cannot challenge it, the
    /// shrine-neighbour limit ignores it, and the Count's cathedral quarter sends nobody to it.
    A16 = "A-16",
    /// An abbot lifted off leaves its building empty for good: it cannot be occupied again and pays nobody when
    /// it is later surrounded, unless a follower from the Count's City moves in at that moment.
    A17 = "A-17",
    // I — Inns & Cathedrals
    /// Inns & Cathedrals brings eighteen land tiles with six inns and two cathedrals, a big follower per
    /// colour, a sixth colour and 50/100 score tiles.
    I01 = "I-01",
    /// Its tiles go in with the land tiles, and every player gets a big follower besides the usual supply.
    I02 = "I-02",
    /// Inn and cathedral tiles are laid under the ordinary rules, in anyone's road or city; only scoring
    /// changes.
    I03 = "I-03",
    /// An inn belongs to the one road drawn next to it; on the junction tile `IC14` that is the eastern road
    /// (QX-19).
    I04 = "I-04",
    /// A finished road with an inn, however many, pays 2 per tile.
    I05 = "I-05",
    /// A road with an inn still open at the end pays nothing.
    I06 = "I-06",
    /// A finished city with a cathedral, one or both, pays 3 per tile and per pennant.
    I07 = "I-07",
    /// A city with a cathedral still open at the end pays nothing.
    I08 = "I-08",
    /// Inn roads and cathedral cities go to the ordinary majority, everyone tied at the top taking the whole
    /// value (B-23).
    I09 = "I-09",
    /// The cathedral tile is one city reaching all four edges, with no pennant, so its city is finished at
    /// five tiles or more.
    I10 = "I-10",
    /// Farms count a finished cathedral city as one more finished city and an open one as nothing; inns play
    /// no part in farms.
    I11 = "I-11",
    /// Wherever figures are counted for a majority, a big follower weighs as much as two followers; the
    /// points stay the same.
    I12 = "I-12",
    /// The big follower goes down in place of a follower, one figure a turn, under the usual occupation
    /// rules, and comes home when its feature is scored.
    I13 = "I-13",
    /// A big farmer farms with the weight of two and stays until the end, like every farmer.
    I14 = "I-14",
    /// The sixth colour allows two to six players, each with the same figures.
    I15 = "I-15",
    /// The 50/100 tiles only mark laps of the track, which the exact total already shows (B-50).
    I16 = "I-16",
    /// `IC03` has four separate city caps around a patch of grass touching no edge; a farmer there is paid
    /// for each of them finished.
    I17 = "I-17",
    /// `IC02`'s two roads, from the west and from the east, each end at its cloister: two roads, not one.
    I18 = "I-18",
    /// `IC05`'s two roads stop between its two caps, leaving four fields of their own; `IC17` carries two
    /// unrelated road bends.
    I19 = "I-19",
    /// Titles go by tiles, so inns and cathedrals leave the King's and the Robber's records alone (K-04).
    I20 = "I-20",
    // T — Traders & Builders
    /// The box holds 24 land tiles, twenty with a goods symbol in a city (wine 9, grain 6, cloth 5), twenty
    /// tokens, and a builder and a pig for each of six colours.
    T01 = "T-01",
    /// The tiles join the land tiles, the tokens are a common stock, and each player has a builder and a pig
    /// besides the followers.
    T02 = "T-02",
    /// A completed city showing goods is scored as usual; then whoever laid the completing tile takes a token
    /// for each symbol in it.
    T03 = "T-03",
    /// Only a completion hands out tokens; symbols in open cities give nothing.
    T04 = "T-04",
    /// At the end each kind of goods pays 10 to whoever holds most of it, 10 each when tied, nothing to anyone
    /// holding none.
    T05 = "T-05",
    /// Taking tokens is not scoring: where a rule asks whether someone scored, tokens do not count.
    T06 = "T-06",
    /// In place of a follower a player may set the builder on a road or city of the newest tile that holds a
    /// follower of theirs, never in a field or cloister, nor on a feature the tile completes.
    T07 = "T-07",
    /// When the builder's owner lengthens its road or city, they finish the turn and then play one more tile
    /// as a full turn.
    T08 = "T-08",
    /// There is no third tile: the extra tile never earns another, and a turn earns one extra tile at most.
    T09 = "T-09",
    /// The builder stays while its feature is open and holds a follower of its owner, and works again on each
    /// turn that lengthens it.
    T10 = "T-10",
    /// A builder is not a follower: it adds nothing to a majority, earns nothing and occupies nothing.
    T11 = "T-11",
    /// The builder goes home with the followers when its feature is scored, and at once when its owner has no
    /// follower left there.
    T12 = "T-12",
    /// A first tile that lengthens the builder's feature earns the extra tile even when it completes that
    /// feature and sends the builder home.
    T13 = "T-13",
    /// Completing the builder's feature is lengthening it, so the old and the new wording agree.
    T14 = "T-14",
    /// The extra tile may be passed up; Castellan grants it unless the script says otherwise.
    T15 = "T-15",
    /// In place of a follower a player may put the pig in a field of the newest tile whose farm holds a
    /// farmer of theirs.
    T16 = "T-16",
    /// At the end a farm owner with their pig in the farm takes 4 instead of 3 for each finished city; the pig
    /// adds no weight and pays nobody but an owner.
    T17 = "T-17",
    /// Farmers and pigs stay out all game and are taken off only at the end.
    T18 = "T-18",
    /// `TB20`'s three roads end at a cloister, `TB24`'s two roads cross without meeting and leave four fields,
    /// and `TB06` and `TB14` close grass between their cities.
    T19 = "T-19",
    // W — Winter Edition
    /// The Winter Edition has 84 tiles: the base game's 72 and twelve with animals, so 83 to draw.
    W01 = "W-01",
    /// The animals change nothing.
    W02 = "W-02",
    /// Every base rule and worked example holds unchanged in Winter.
    W03 = "W-03",
    /// Winter's advice to leave farmers out of a first game is option V-07; by default farmers play.
    W04 = "W-04",
    /// Winter's track has no tokens and the marker is laid down past 50; Castellan keeps the exact total
    /// (B-50).
    W05 = "W-05",
    // FE — Ferries
    /// Ferries adds 8 land tiles, each with a ferry lake where three or four roads end, and 8 ferries.
    FE01 = "FE-01",
    /// Every road reaching a ferry lake ends there, unless the ferry links it to another.
    FE02 = "FE-02",
    /// After laying a lake tile and perhaps a figure, the player must put a ferry linking two of its road
    /// ends, figure or not; the players tell which two.
    FE03 = "FE-03",
    /// The two ends a ferry links are one road, on which the lake tile counts once.
    FE04 = "FE-04",
    /// A tile lengthening a road with a ferry lets its player move the first ferry met that way, in each
    /// direction, to another pair of its lake's road ends: at most once a ferry, and never the one just put.
    FE05 = "FE-05",
    /// The new ferry comes first, then the moves, then scoring: a move may close a road, scored this turn,
    /// or split one so that its followers stand on different roads.
    FE06 = "FE-06",
    /// Roads through ferries score as any road, 1 a tile, and the lake adds nothing.
    FE07 = "FE-07",
    /// A road lengthened only by a moved ferry earns no builder's tile, and a builder left without a follower
    /// of its owner on its road goes home.
    FE08 = "FE-08",
    /// A ferry goes only on a ferry lake: not on the River's lakes, not on an inn's lake.
    X220 = "X2-20",
    /// A road through a ferry with an inn scores 2 a tile when completed, and counts for the Robber title.
    X221 = "X2-21",
    /// Which ferries may move? The first one met each way along the road the tile lengthens, each once a turn,
    /// never the one put this turn.
    QB12 = "QB-12",
    // MW — Mage & Witch
    /// Mage & Witch adds eight land tiles with a magic symbol, one of them with a garden, and two neutral
    /// figures: the mage and the witch.
    MW01 = "MW-01",
    /// After laying a magic tile, before any follower, the player places a magic figure from beside the board
    /// or moves one on the board onto an unfinished road or city anywhere; the table says which and where.
    MW02 = "MW-02",
    /// The mage and the witch never stand on one road or city, and never go onto one the tile just finished.
    MW03 = "MW-03",
    /// When no unfinished road or city can take a figure, the player takes one off the board instead.
    MW04 = "MW-04",
    /// A tile joining the mage's feature and the witch's makes its placer move one of them away at once,
    /// before anything is scored.
    MW05 = "MW-05",
    /// A road or city with the mage pays 1 more per tile, finished or at the end; nothing more for pennants.
    MW06 = "MW-06",
    /// A road or city with the witch pays half its value, rounded up, to each of its winners.
    MW07 = "MW-07",
    /// Once its road or city is scored, the figure leaves the board until a magic tile brings it back; at the
    /// end it changes the count of its feature and then leaves.
    MW08 = "MW-08",
    /// The mage and the witch are not followers: they hold no majority, score nothing and occupy nothing.
    MW09 = "MW-09",
    /// An inn road or cathedral city with the mage: its finished value plus 1 per tile, or 1 per tile left
    /// open at the end; with the witch half the finished value, and nothing open.
    X208 = "X2-08",
    /// The witch halves a two-tile city worth 2 under the small-city rule to 1; farms count cities as
    /// always, whatever stands on them.
    X209 = "X2-09",
    /// The King and the Robber count tiles as always; followers the Count moved in score the changed value.
    X210 = "X2-10",
    /// A magic figure leaves a finished road or city even when no follower stood there to score it.
    QB15 = "QB-15",
    // FM — Flying Machines
    /// Flying Machines brings 8 land tiles with a flying machine (one with a garden in today's printing)
    /// and a die showing 1, 1, 2, 2, 3, 3: with the base game, 79 tiles to draw.
    FM01 = "FM-01",
    /// A flier tile is laid by the usual rules; the machine is no feature: it splits no field and takes
    /// no figure.
    FM02 = "FM-02",
    /// Instead of deploying on the tile, the player may fly a figure from hand off the machine: the
    /// flight is the turn's one deployment.
    FM03 = "FM-03",
    /// A follower, the big follower or the abbot may fly; the builder and the pig may not.
    FM04 = "FM-04",
    /// The figure flies straight the way the machine points, orthogonally or diagonally, turned with the
    /// tile.
    FM05 = "FM-05",
    /// It flies as many cells as the die shows, 1 to 3, which the players tell; empty cells count.
    FM06 = "FM-06",
    /// It lands on an open road, city, cloister or shrine of the tile it reaches, occupied or not,
    /// never on a field nor on a feature that is complete, even by this tile.
    FM07 = "FM-07",
    /// With no tile there, or no open road, city or cloister on it, the figure crashes and goes back to
    /// hand: the player deploys nothing this turn.
    FM08 = "FM-08",
    /// Where the figure can land it must; the player chooses only where.
    FM09 = "FM-09",
    /// A landed figure is an ordinary thief, knight or monk and counts in the majority as usual.
    FM10 = "FM-10",
    /// A flier may join a monk on an open cloister; the majority of the two (a big follower weighing
    /// two) takes the cloister's points.
    FM11 = "FM-11",
    /// The scoring step follows the flight: whatever the flier tile completes is scored this turn.
    FM12 = "FM-12",
    /// Every printing plays the machines the same way.
    FM13 = "FM-13",
    /// A flight ending on a tile of the City of Carcassonne crashes; City tiles count as cells on the
    /// way.
    X201 = "X2-01",
    /// A flier tile lets its player into the City of Carcassonne as any tile does: the flight does not
    /// use up the entry.
    X202 = "X2-02",
    /// The flying abbot lands only on an open cloister, shrine or garden, else it goes back to hand.
    X203 = "X2-03",
    /// A flier may land on an open shrine or a cloister beside one of the other kind; the landing starts
    /// no challenge.
    X204 = "X2-04",
    /// A flier tile lengthening its player's builder road or city earns the second tile as usual; a
    /// flier landing beside a builder is only a follower.
    X205 = "X2-05",
    /// Do empty cells count in a flight's distance? Yes: the die counts cells, as on the grid.
    QB01 = "QB-01",
    /// May a flier refuse to land where it can? No: the landing is compulsory.
    QB02 = "QB-02",
    /// Who may fly? A follower, the big follower and the abbot; not the builder nor the pig.
    QB03 = "QB-03",
    /// Does a flier landing on a shrine or cloister beside the other kind start a challenge? No.
    QB25 = "QB-25",
    // GM — Gold Mines
    /// The box holds 8 land tiles with a gold symbol and 16 gold ingots; with the base game 79 tiles are drawn.
    GM01 = "GM-01",
    /// Laying a gold tile puts one ingot on it and one on a tile the players name among its eight neighbours.
    GM02 = "GM-02",
    /// Ingots lie on tiles, not on features: the first completed feature covering a tile takes its ingots.
    GM03 = "GM-03",
    /// The winners of a completed feature take the ingots on all its tiles (a building: its nine); nobody wins an
    /// empty feature, and its ingots stay.
    GM04 = "GM-04",
    /// Entitled players take one ingot at a time in turn from the active player, each only from tiles of a
    /// feature they won.
    GM05 = "GM-05",
    /// Ingots still on tiles at the end are lost; unfinished features and farms never give gold.
    GM06 = "GM-06",
    /// At the end each ingot held pays 1 (1–3 held), 2 (4–6), 3 (7–9) or 4 (10 or more).
    GM07 = "GM-07",
    /// A big follower weighs two in a gold majority; cathedral cities, inn roads, shrines and gardens hand out
    /// gold only when completed, and an abbot recall is no completion.
    X206 = "X2-06",
    /// Followers moved in from the City of Carcassonne count for a completed feature's gold.
    X207 = "X2-07",
    /// No tile of the Big Box minis is a river tile: one entered while river tiles remain is refused.
    X222 = "X2-22",
    /// Gold takes may be told; otherwise each player takes from the most contested tile, the one that got gold
    /// first on a tie.
    QB13 = "QB-13",
    /// A completed shrine or garden claims the ingots of its nine tiles, as a cloister does.
    QB14 = "QB-14",
    // CC — Crop Circles
    /// Crop Circles holds six land tiles with a crop circle, two each with a shield, a club and a pitchfork;
    /// the Big Box's are the Crop Circles II layouts, the first set's six others a set of their own.
    CC01 = "CC-01",
    /// A crop circle is no feature and takes no figure: the roads that reach it end there and it parts the
    /// fields it lies across.
    CC02 = "CC-02",
    /// After a crop-circle tile's turn is scored its placer chooses add or remove, and every player acts on it
    /// in turn from the placer's left round to the placer.
    CC03 = "CC-03",
    /// The symbol names the followers: a shield knights, a club thieves, a pitchfork farmers.
    CC04 = "CC-04",
    /// Under add each player may put one follower from supply on a feature of that kind beside one of theirs,
    /// on the same tile.
    CC05 = "CC-05",
    /// Under remove each player with a follower of that kind takes one of them back to supply, their choice,
    /// for no points.
    CC06 = "CC-06",
    /// A player with no follower of that kind on the board, or under add none in hand, does nothing.
    CC07 = "CC-07",
    /// The action scores nothing; a builder's second tile comes after it.
    CC08 = "CC-08",
    /// The big follower may be the one added or taken back, the abbot is never moved, and taking back a
    /// player's last follower from a feature sends their builder or pig there home.
    X2_18 = "X2-18",
    /// Followers waiting in the City of Carcassonne stand on no feature: a crop circle leaves them there.
    X2_19 = "X2-19",
    /// The added follower goes on the same tile as the one it joins (`crop_circle_same_tile: false` lets it go
    /// anywhere in that feature).
    QB19 = "QB-19",
    /// Adding is optional: a player may pass.
    QB20 = "QB-20",
    /// The Big Box's tiles are the Crop Circles II layouts (`crop-circles`); the first set is `crop-circles-1`.
    QB21 = "QB-21",
    /// Which follower goes back under remove is its owner's choice, told with the move.
    QB22 = "QB-22",
    // X — The River, the Abbot, Inns & Cathedrals and Traders & Builders with the other boxes
    /// The River and River II together make one river: the River's spring starts it, River II's spring and the
    /// River's lake stay in the box, and River II's order applies (the fork first, the volcano lake last, the
    /// other nineteen in any order between) with: 21 river draws.
    X01 = "X-01",
    /// The River with the Count: the publisher advises against it and older rules lay the spring against the
    /// City.
    X02 = "X-02",
    /// The River with Winter, King & Robber or shrines changes nothing: river tiles are tiles, and the cities
    /// and roads on them count like all others.
    X03 = "X-03",
    /// For the heretics' rules an abbot on a cloister is its monk: putting a heretic next to such a cloister,
    /// or putting the abbot on a cloister next to an occupied shrine, opens a challenge (H-05, H-06); an abbot
    /// on a shrine is its heretic.
    X04 = "X-04",
    /// A challenged abbot is settled by H-09: its cloister finished first pays 9 and leaves the heretic with
    /// nothing; the shrine finished first leaves the abbot with nothing, and it goes home.
    X05 = "X-05",
    /// Followers waiting in the City's cathedral quarter may come out onto a finished cloister held by an
    /// abbot; gardens receive nobody from the City, and a recall starts no round of moves.
    X06 = "X-06",
    /// The big follower may go into the City as the one follower a tile lets in, and weighs two on the
    /// feature it is moved out onto.
    X07 = "X-07",
    /// A follower coming out of the City onto a finished inn road or cathedral city earns the higher value;
    /// onto an open one at the final count, 0.
    X08 = "X-08",
    /// In the end count a finished inn road is one road for the Robber and a finished cathedral city one city
    /// for the King.
    X09 = "X-09",
    /// Under `score_incomplete: false` open inn roads and cathedral cities pay 0, as they do anyway.
    X10 = "X-10",
    /// The lakes by the roads of `R2-07` and `WI05` are inns exactly when Inns & Cathedrals is among the sets
    /// (QX-05).
    X11 = "X-11",
    /// River II's herd on `R2-11` works as a pig for every owner of its farm when Traders & Builders is in
    /// play, and is only art without it.
    X12 = "X-12",
    /// Under the 2000 farm count, winning a city through a farm with one's own pig pays 5 for it, not 4.
    X13 = "X-13",
    /// Completing someone else's goods city takes its tokens and, with no points, still lets the completer
    /// into the City of Carcassonne.
    X14 = "X-14",
    /// For the Count each tile of a double turn stands alone: either may let its placer into the City, and
    /// each completion gets its own round of moves out of it.
    X15 = "X-15",
    /// A builder may stand on a road or city drawn on river tiles; the extra tile a river tile earns by
    /// lengthening it is the next from the pile, a river tile while any remain.
    X16 = "X-16",
    /// Whichever tile of a double turn completes a city or road, its player completed it for the titles.
    X17 = "X-17",
    /// A finished table names each figure's kind (follower, big follower, abbot, builder, pig) and enters the
    /// goods tokens too.
    X18 = "X-18",
    /// Between two challenging buildings size counts for nothing: a big monk or heretic is one occupant, and
    /// the building finished first wins.
    X19 = "X-19",
    /// Completing a cathedral city takes or moves the King like any city, going by its tile count.
    X20 = "X-20",
    /// No tile of the City of Carcassonne has a garden; a garden next to the City counts every City tile
    /// around it as a neighbour.
    X21 = "X-21",
    /// Winter tiles carry no garden, yet the abbot may take a Winter cloister (`WI04`, `WI06`).
    X22 = "X-22",
    /// The 2000 small-city rule changes a city's points only; a completed goods city hands out its tokens
    /// just the same.
    X23 = "X-23",
    // Q — Open questions and Castellan's answers
    /// Is there a farm count between the 2000 one and today's? The rulebooks give no values, so Castellan
    /// offers only those two (V-01).
    Q01 = "Q-01",
    /// Does the King's record rise when its holder finishes a larger city? Yes (`title_record_rises: false`
    /// keeps the size that won); the City of Carcassonne never wins a title.
    Q02 = "Q-02",
    /// What does "borders" mean between shrines and cloisters? The eight surrounding cells, both ways round.
    Q03 = "Q-03",
    /// A follower put on a building whose rival the same tile finishes: the challenge starts and is lost at
    /// once (`challenge_when_partner_completes: false` scores the finished one as usual).
    Q04 = "Q-04",
    /// A cathedral follower joining a challenged building counts as one more monk for its majority, and the
    /// challenge is still decided.
    Q05 = "Q-05",
    /// One tile finishing several features with the Count: one move round for all of them
    /// (`count_round_per_feature` gives one each).
    Q06 = "Q-06",
    /// In the final moves out of the City a player may pass and move in a later round; they end when a whole
    /// round passes.
    Q07 = "Q-07",
    /// The quarters' clockwise order: castle, market, blacksmith, cathedral.
    Q08 = "Q-08",
    /// With the 2000 farm count, the City of Carcassonne is a finished city too and pays 4 to the majority of
    /// farmers along it.
    Q09 = "Q-09",
    /// Under V-06 farms still score, an open challenge gives both buildings nothing, and the King and Robber
    /// are paid as usual.
    Q10 = "Q-10",
    /// Under V-10 the border is no neighbour of a cloister.
    Q11 = "Q-11",
    /// The price of a bought tile is paid away (`purchase_pays_drawer` gives it to the drawer).
    Q12 = "Q-12",
    /// Whether a tile fits nowhere is checked, not agreed; a last tile that fits nowhere ends the game at the
    /// end of that turn.
    Q13 = "Q-13",
    /// A road closed into a loop is finished (`road_loops_complete: false` follows the 2000 text, where it
    /// never is).
    Q14 = "Q-14",
    /// With the City or the spring as start the base start tile leaves the game (`start_tile_in_bag` shuffles
    /// it in).
    Q15 = "Q-15",
    /// A feature running over the City of Carcassonne counts each City tile it covers as one tile.
    Q16 = "Q-16",
    /// Under V-11 extra turns chain when the extra tile fills a hole too.
    Q17 = "Q-17",
    /// Under V-22, when one tile finishes both buildings nobody wins the challenge and each scores 9.
    Q18 = "Q-18",
    /// How many River II tiles? Twelve, all in the catalog.
    Q19 = "Q-19",
    /// A small city under V-05 scores 2 plus 1 per pennant (`small_city_pennants: false` for a flat 2).
    Q20 = "Q-20",
    /// A road through tree junctions (V-08) may have more than two ends; it is finished when all are closed.
    Q21 = "Q-21",
    // QX — The River, the Abbot, Inns & Cathedrals and Traders & Builders with the other boxes
    /// In a River game the base start tile leaves the game, unless `start_tile_in_bag` or
    /// `start_tile_after_river` brings it back.
    QX01 = "QX-01",
    /// The 20th Anniversary River and the Games Quarterly river tiles are not offered.
    QX02 = "QX-02",
    /// An abbot lifted off while a heretic challenges its cloister ends the challenge with no winner, or
    /// under `recall_loses_challenge` loses it.
    QX03 = "QX-03",
    /// The abbot never goes into the City of Carcassonne: only followers do.
    QX04 = "QX-04",
    /// The lakes by the roads of `WI05` and `R2-07` are inns when `inns-cathedrals` is among the sets, and
    /// otherwise those roads are ordinary.
    QX05 = "QX-05",
    /// Under the 2000 farm count an own pig in the farm makes a won city pay 5 instead of 4.
    QX06 = "QX-06",
    /// River II's herd and an own pig in one farm both add, unless `herd_and_pig_stack` is off.
    QX07 = "QX-07",
    /// An extra tile earned during the river phase is the pile's next tile, a river tile while any remain.
    QX08 = "QX-08",
    /// A double turn whose first tile was the bag's last gets no extra tile: the game is over.
    QX09 = "QX-09",
    /// A recall under `score_incomplete: false` still pays: it happens during play, not in the end count.
    QX10 = "QX-10",
    /// A goods kind that nobody holds pays nobody.
    QX11 = "QX-11",
    /// The big follower weighs two in the 2000 farm count too, as in every majority.
    QX12 = "QX-12",
    /// The River with the Count is refused for now.
    QX13 = "QX-13",
    /// A recall does not count when C-03 asks whether the placer scored.
    QX14 = "QX-14",
    /// A pig whose owner no longer owns its farm at the end earns nothing; the farmer is checked only
    /// when the pig is put down.
    QX15 = "QX-15",
    /// One tile lengthening two features that hold one player's builder still earns one extra tile.
    QX16 = "QX-16",
    /// Traders & Builders tiles carry no pennant.
    QX17 = "QX-17",
    /// The garden printing is on the table exactly when the abbot is, unless the option `gardens` says
    /// otherwise.
    QX18 = "QX-18",
    /// The inn of the junction tile `IC14` is on its eastern road alone, as JCZ and the wiki's note have it.
    QX19 = "QX-19",
    /// A builder's extra tile and a filled hole's extra turn are both granted, the builder's first.
    QX20 = "QX-20",
    /// A bought tile lengthening the buyer's builder feature earns no extra tile.
    QX21 = "QX-21",
}

impl Rule {
    /// The rule with this id, if Castellan applies one: `"B-18"` is [`Rule::B18`]; an id only
    /// planned, or no id at all, is `None`.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|rule| rule.id() == id)
    }
}

/// Rules sort by their ids (`A-07` before `B-18`), as a list of ids would, not in the order
/// of `docs/rules.md`.
impl Ord for Rule {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.id().cmp(other.id())
    }
}

impl PartialOrd for Rule {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::Rule;

    #[test]
    fn ids_go_both_ways() {
        for &rule in Rule::ALL {
            assert_eq!(Rule::from_id(rule.id()), Some(rule), "{rule}");
        }
        assert_eq!(Rule::from_id("B-18"), Some(Rule::B18));
        assert_eq!(Rule::from_id("RI-04").map(Rule::id), Some("RI-04"));
        assert_eq!(Rule::from_id(concat!("B-", "99")), None, "no such rule");
        assert_eq!(Rule::from_id("b-18"), None, "ids are spelled exactly");
        assert_eq!(Rule::B18.to_string(), "B-18");
        assert!(Rule::A07 < Rule::B18 && Rule::R07 < Rule::RI01, "sorted by id");
    }

    #[test]
    fn ids_are_listed_once_and_statements_are_said() {
        let mut ids: Vec<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), before, "an id is declared twice");
        assert!(Rule::B18.statement().starts_with("A finished road pays 1 per tile"), "{}", Rule::B18.statement());
        assert!(Rule::ALL.iter().all(|r| !r.statement().is_empty()));
    }
}
