//! Gold Mines during play (Rules GM-02 to GM-06, X2-06, X2-07, QB-13, QB-14).
//!
//! Laying a gold tile puts one ingot on it and one on a tile the players name among its eight
//! neighbours (GM-02). Ingots lie on tiles, not on features (GM-03): when a feature is
//! completed and scored, the players who won it take the ingots on all its tiles — for a
//! cloister, shrine or garden its own tile and the eight around it (GM-04, QB-14). A feature
//! nobody won hands out nothing, and its ingots stay. Whoever is entitled takes one ingot at a
//! time in turn, starting with the player whose turn it is (GM-05); each takes only from tiles
//! of a feature they won. The players may tell the takes (`gold_taken`); otherwise each
//! takes from the tile the most takers may take from, the earliest to receive gold first on a
//! tie (QB-13). Ingots still on tiles at the end are lost (GM-06).
//!
//! Not here: the end count of the ingots held (`scoring/gold.rs`).

use super::{Game, Mode, Move, MoveError, Told};
use crate::board::SegmentId;
use crate::coord::Cell;
use crate::event::Event;
use crate::player::{ByPlayer, PlayerId, PlayerSet};
use crate::rule::Rule;
use crate::tile::TileId;
use std::fmt;

/// The gold ingots a Gold Mines box holds (GM-01): two for each of its eight tiles.
pub const INGOTS: u32 = 16;

/// Where the second ingot of a gold tile goes: the neighbour at this offset from the tile
/// (each of `dx`, `dy` −1, 0 or 1, not both 0), as the players tell it (GM-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct SecondIngot {
    /// Columns east (+) or west (−) of the gold tile.
    pub dx: i32,
    /// Rows south (+) or north (−) of the gold tile.
    pub dy: i32,
}

/// One ingot taken when a completion shares gold (GM-05): who took it, from which tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct GoldTake {
    /// The player taking it.
    pub player: PlayerId,
    /// The tile it lay on.
    pub from: Cell,
}

/// Why what the move tells about gold is refused. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum GoldError {
    /// The move says where a second ingot goes, but the tile shows no gold (GM-02).
    NotAGoldTile {
        /// The tile.
        tile: TileId,
    },
    /// A gold tile with neighbours was laid without saying which one receives the second
    /// ingot (GM-02).
    NeighbourMissing {
        /// The gold tile.
        tile: TileId,
    },
    /// The offset named is not one of the eight cells around the gold tile (GM-02).
    NotANeighbour {
        /// Columns from the gold tile.
        dx: i32,
        /// Rows from the gold tile.
        dy: i32,
    },
    /// No tile lies in the neighbouring cell named for the second ingot (GM-02).
    NoTileThere {
        /// The empty cell.
        cell: Cell,
    },
    /// The move tells takes, but it hands no ingot to anyone (GM-04).
    NothingToShare,
    /// The move tells takes, but only one player takes the ingots: there is no choice (GM-05).
    SharingForced {
        /// The one player taking them.
        player: PlayerId,
    },
    /// A take names the wrong player: the ingots go round one at a time from the player
    /// whose turn it is (GM-05).
    OutOfTurn {
        /// The take, from 0.
        // A handful of takes: a plain number in TypeScript.
        #[cfg_attr(feature = "specta", specta(type = u32))]
        take: usize,
        /// Whose take it is.
        expected: PlayerId,
        /// Who the move names.
        told: PlayerId,
    },
    /// A take is from a tile holding no ingot this player may take: none left there, or no
    /// feature of the tile was won by the player (GM-05).
    NotTheirs {
        /// The take, from 0.
        #[cfg_attr(feature = "specta", specta(type = u32))]
        take: usize,
        /// The player.
        player: PlayerId,
        /// The tile named.
        from: Cell,
    },
    /// The takes stop while ingots are still to be shared (GM-05).
    TakesLeft {
        /// Ingots not yet taken.
        ingots: u8,
    },
    /// More takes than ingots to share (GM-05).
    TooManyTakes {
        /// The first take with nothing left to take, from 0.
        #[cfg_attr(feature = "specta", specta(type = u32))]
        take: usize,
    },
}

impl GoldError {
    /// The checklist rule the move breaks.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            GoldError::NotAGoldTile { .. }
            | GoldError::NeighbourMissing { .. }
            | GoldError::NotANeighbour { .. }
            | GoldError::NoTileThere { .. } => Rule::GM02,
            GoldError::NothingToShare => Rule::GM04,
            GoldError::SharingForced { .. }
            | GoldError::OutOfTurn { .. }
            | GoldError::NotTheirs { .. }
            | GoldError::TakesLeft { .. }
            | GoldError::TooManyTakes { .. } => Rule::GM05,
        })
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            GoldError::NotAGoldTile { tile } => write!(f, "tile {tile} shows no gold, so no ingot goes to a neighbour"),
            GoldError::NeighbourMissing { tile } => {
                write!(f, "tile {tile} shows gold: say which neighbouring tile gets the second ingot")
            }
            GoldError::NotANeighbour { dx, dy } => {
                write!(f, "[{dx},{dy}] is not one of the eight cells around the gold tile")
            }
            GoldError::NoTileThere { cell } => write!(f, "no tile lies at {cell} to take the second ingot"),
            GoldError::NothingToShare => write!(f, "this move hands out no gold, so nobody takes any"),
            GoldError::SharingForced { player } => {
                write!(f, "{} alone takes this gold: there is nothing to share", player.name_in(names))
            }
            GoldError::OutOfTurn { take, expected, told } => write!(
                f,
                "gold take {take} names {}, but it is {}'s turn to take an ingot",
                told.name_in(names),
                expected.name_in(names)
            ),
            GoldError::NotTheirs { take, player, from } => {
                write!(f, "gold take {take}: {} may take no ingot from the tile at {from}", player.name_in(names))
            }
            GoldError::TakesLeft { ingots } => write!(f, "the gold takes stop with {ingots} ingots still to share"),
            GoldError::TooManyTakes { take } => write!(f, "gold take {take} comes after every ingot is taken"),
        }
    }
}

impl fmt::Display for GoldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for GoldError {}

/// The ingots of a game: those lying on tiles, and those each player holds.
#[derive(Clone, Debug, Default)]
pub(super) struct Gold {
    /// Tiles holding ingots, in the order they first received one (QB-13's tie-break); a tile
    /// whose last ingot is taken leaves the list.
    on_tiles: Vec<(Cell, u8)>,
    /// Ingots each seat holds.
    held: ByPlayer<u8>,
    /// On a copy asked for the next take ([`Game::next_gold_take`]): the takes told stop
    /// short without a refusal, and the take they stop at is kept in `asked`.
    probing: bool,
    /// The take a probing share stopped at.
    asked: Option<NextGoldTake>,
}

impl Gold {
    /// A final board's ingots in hand, one count per seat (`setup.gold`); none on tiles.
    pub(super) fn at_start(held: &[u8]) -> Gold {
        let mut gold = Gold::default();
        for (i, &n) in held.iter().enumerate() {
            gold.held[PlayerId(i as u8)] = n;
        }
        gold
    }

    /// Whether this is a copy asked for the next take ([`Game::next_gold_take`]).
    pub(super) fn probing(&self) -> bool {
        self.probing
    }

    fn put(&mut self, cell: Cell) {
        match self.on_tiles.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, n)) => *n += 1,
            None => self.on_tiles.push((cell, 1)),
        }
    }

    fn on(&self, cell: Cell) -> u8 {
        self.on_tiles.iter().find(|(c, _)| *c == cell).map_or(0, |&(_, n)| n)
    }

    fn take(&mut self, player: PlayerId, cell: Cell) {
        let at = self.on_tiles.iter().position(|(c, _)| *c == cell).expect("an ingot lies there");
        self.on_tiles[at].1 -= 1;
        if self.on_tiles[at].1 == 0 {
            self.on_tiles.remove(at);
        }
        self.held[player] += 1;
    }
}

/// The next ingot of a shared completion to be taken (GM-05): whose take it is and the tiles
/// they may take it from, with the ingots lying there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextGoldTake {
    /// Whose turn it is to take an ingot.
    pub player: PlayerId,
    /// The tiles they may take it from and how many ingots lie on each, in the order the
    /// tiles first received gold.
    pub from: Vec<(Cell, u8)>,
    /// Ingots still to share, this one included.
    pub left: u8,
}

/// One completed feature's claim on the ingots of its tiles: who won it, and where.
pub(super) struct Claim {
    winners: PlayerSet,
    cells: Vec<Cell>,
}

/// An ingot-holding tile of this move's completions: how many lie there and who may take them.
struct Heap {
    cell: Cell,
    ingots: u8,
    takers: PlayerSet,
}

impl Game {
    /// Checks what the move tells about gold that can be checked before the tile is laid: the
    /// second ingot's tile (GM-02), and that takes are told only where gold can be shared.
    pub(super) fn gold_error(&self, tile: TileId, cell: Cell, told: &Told) -> Result<(), MoveError> {
        let gold_told = told.gold.is_some() || !told.gold_taken.is_empty();
        if self.setup.mode == Mode::FinalBoard {
            // A finished table's ingots are those in hand (`setup.gold`); none lie on tiles.
            return if gold_told { Err(MoveError::WrongMode) } else { Ok(()) };
        }
        if !told.gold_taken.is_empty() && !self.in_play.gold {
            return Err(GoldError::NothingToShare.into());
        }
        let is_gold = tile.def().marks.gold;
        match told.gold {
            Some(_) if !is_gold => Err(GoldError::NotAGoldTile { tile }.into()),
            Some(SecondIngot { dx, dy }) => {
                let step = -1..=1;
                if !step.contains(&dx) || !step.contains(&dy) || (dx, dy) == (0, 0) {
                    return Err(GoldError::NotANeighbour { dx, dy }.into());
                }
                let at = Cell::new(cell.x + dx, cell.y + dy);
                match self.board.tile_at(at) {
                    Some(_) => Ok(()),
                    None => Err(GoldError::NoTileThere { cell: at }.into()),
                }
            }
            None if is_gold && cell.surrounding().iter().any(|&c| self.board.tile_at(c).is_some()) => {
                Err(GoldError::NeighbourMissing { tile }.into())
            }
            None => Ok(()),
        }
    }

    /// Step 1 of a gold tile's turn, once it lies on the table: an ingot on it and one on the
    /// neighbour told (GM-02).
    pub(super) fn put_ingots(&mut self, tile: TileId, cell: Cell, told: &Told) {
        if self.setup.mode != Mode::Turns || !tile.def().marks.gold {
            return;
        }
        self.gold.put(cell);
        let neighbour = told.gold.map(|SecondIngot { dx, dy }| Cell::new(cell.x + dx, cell.y + dy));
        if let Some(at) = neighbour {
            self.gold.put(at);
        }
        self.events.push(Event::IngotsPlaced { player: self.current, cell, neighbour });
    }

    /// The claim of a completed `feature` just scored: the winners of the scores its scoring
    /// pushed since event `first_score`, and its tiles — for a building, its own and the
    /// eight around it (QB-14). An abbot recall is not a completion and never gets here
    /// (X2-06).
    pub(super) fn claim(&self, feature: SegmentId, first_score: usize) -> Claim {
        let mut winners = PlayerSet::EMPTY;
        for e in &self.events[first_score..] {
            if let Event::Scored(s) = e {
                for p in s.winners.iter() {
                    winners.insert(p);
                }
            }
        }
        let mut cells = Vec::new();
        if self.board.kind(feature).is_building() {
            let (centre, _) = self.board.anchor(feature);
            cells.push(centre);
            cells.extend(centre.surrounding());
        } else {
            self.board.tiles_into(feature, &mut cells);
        }
        Claim { winners, cells }
    }

    /// After every feature the move completed is scored: their winners share the ingots on
    /// their tiles, one at a time from `first` on (GM-04, GM-05), as `told` says or by
    /// QB-13's order. A refusal comes after the game has changed: a move telling takes is
    /// played on a copy ([`Game::apply`]).
    pub(super) fn share_gold(&mut self, claims: &[Claim], first: PlayerId, told: &[GoldTake]) -> Result<(), GoldError> {
        let mut heaps: Vec<Heap> = Vec::new();
        for &(cell, ingots) in &self.gold.on_tiles {
            let mut takers = PlayerSet::EMPTY;
            for claim in claims.iter().filter(|c| c.cells.contains(&cell)) {
                for p in claim.winners.iter() {
                    takers.insert(p);
                }
            }
            if !takers.is_empty() {
                heaps.push(Heap { cell, ingots, takers });
            }
        }
        let everyone: PlayerSet = heaps.iter().flat_map(|h| h.takers.iter()).collect();
        if self.gold.probing && told.is_empty() && everyone.len() < 2 {
            // Nobody, or one player alone, takes this gold: there is nothing to tell.
            return Ok(());
        }
        if !told.is_empty() {
            if heaps.is_empty() {
                return Err(GoldError::NothingToShare);
            }
            if everyone.len() == 1 {
                return Err(GoldError::SharingForced { player: everyone.iter().next().expect("one taker") });
            }
        }
        let mut seat = first;
        let mut take = 0;
        while heaps.iter().any(|h| h.ingots > 0) {
            // Every heap left has a taker, so someone round the table can take.
            let player = (0..self.player_count())
                .map(|i| PlayerId(((seat.index() + i) % self.player_count()) as u8))
                .find(|&p| heaps.iter().any(|h| h.ingots > 0 && h.takers.contains(p)))
                .expect("a heap left has a taker");
            let from = if told.is_empty() && !self.gold.probing {
                contested_first(&heaps, player)
            } else {
                let left = heaps.iter().map(|h| h.ingots).sum();
                let Some(t) = told.get(take) else {
                    if self.gold.probing {
                        let from = heaps.iter().filter(|h| h.ingots > 0 && h.takers.contains(player));
                        let from: Vec<_> = from.map(|h| (h.cell, h.ingots)).collect();
                        self.gold.asked.get_or_insert(NextGoldTake { player, from, left });
                        return Ok(());
                    }
                    return Err(GoldError::TakesLeft { ingots: left });
                };
                if t.player != player {
                    return Err(GoldError::OutOfTurn { take, expected: player, told: t.player });
                }
                let ok = heaps.iter().any(|h| h.cell == t.from && h.ingots > 0 && h.takers.contains(player));
                if !ok {
                    return Err(GoldError::NotTheirs { take, player, from: t.from });
                }
                t.from
            };
            let heap = heaps.iter_mut().find(|h| h.cell == from).expect("a heap chosen above");
            heap.ingots -= 1;
            self.gold.take(player, from);
            self.events.push(Event::IngotTaken { player, from });
            take += 1;
            seat = self.next_seat(player);
        }
        if !told.is_empty() && take < told.len() {
            return Err(GoldError::TooManyTakes { take });
        }
        Ok(())
    }

    /// The ingots each player holds (GM-04); none for all at a table without Gold Mines.
    pub fn gold(&self) -> &[u8] {
        self.gold.held.first(self.player_count())
    }

    /// The tiles holding ingots and how many, in the order they first received one.
    pub fn gold_on_tiles(&self) -> &[(Cell, u8)] {
        &self.gold.on_tiles
    }

    /// How many ingots lie on the tile at `cell`.
    pub fn gold_at(&self, cell: Cell) -> u8 {
        self.gold.on(cell)
    }

    /// The take the players tell next when `mv` shares gold among several players (GM-05),
    /// after the takes it tells so far; `None` when it shares none among several, or once its
    /// takes are all told.
    ///
    /// # Errors
    /// The move is refused as it stands (its takes so far included), apart from what the
    /// crop circle and the magic figures are told; an answer still owed for the ferries
    /// reads as [`MoveError::awaits_answer`].
    pub fn next_gold_take(&self, mv: &Move) -> Result<Option<NextGoldTake>, MoveError> {
        if self.setup.mode != Mode::Turns || !self.in_play.gold {
            return Ok(None);
        }
        let mut probe = self.trial();
        probe.gold.probing = true;
        // Who shares the gold hangs on the tile, the figures and the flight and ferries, never
        // on the crop circle's action, which follows the scoring (CC-08), nor on the magic
        // figures, which change points and not who wins (the probe leaves them be): the takes
        // are asked without waiting for those answers.
        probe.apply_move(mv, super::crop::CropStep::Skipped)?;
        Ok(probe.gold.asked.take())
    }

    /// Whether `mv` may share gold among several players (GM-05) once every answer it owes is
    /// told: whether a screen should wait to ask the takes rather than ask none. A move that
    /// plays through answers at once: it shares when it asks a take or tells takes. One
    /// refused only for an answer still owed ([`MoveError::awaits_answer`]) may share unless
    /// nothing can be handed out — no gold on its tile nor on the table — or, where the answer
    /// owed is the new lake's ferry, no pair of road ends the ferry may link shares any (FE-03).
    /// A move refused for anything else shares nothing.
    ///
    /// # Rule notes
    /// A lake's ferry decides which roads the tile completes, and so who wins the ingots on
    /// them: each pair it may link is played through. Another answer owed (where the second
    /// ingot goes, where a flier lands) is not tried out, and the move may share.
    pub fn may_share_gold_once_told(&self, mv: &Move) -> bool {
        match self.next_gold_take(mv) {
            Ok(next) => shares_gold(mv, next.as_ref()),
            Err(e) if e.awaits_answer() => self.may_share_once_answered(mv),
            Err(_) => false,
        }
    }

    /// [`Game::may_share_gold_once_told`] for a move refused only for an answer still owed.
    fn may_share_once_answered(&self, mv: &Move) -> bool {
        let Move::Place { tile, rotation, told, .. } = mv else { return false };
        if !tile.def().marks.gold && self.gold.on_tiles.is_empty() {
            return false;
        }
        let links = self.ferry_links(*tile, *rotation);
        if told.ferry.is_some() || links.is_empty() {
            return true;
        }
        links.into_iter().any(|pair| {
            let mut linked = mv.clone();
            if let Move::Place { told, .. } = &mut linked {
                told.ferry = Some(pair);
            }
            match self.next_gold_take(&linked) {
                Ok(next) => shares_gold(&linked, next.as_ref()),
                Err(e) => e.awaits_answer(),
            }
        })
    }

    /// Every answer a move placing `tile` at `cell` may give for the second ingot: the
    /// offsets of its neighbouring tiles, or nothing to tell.
    pub fn second_ingot_options(&self, tile: TileId, cell: Cell) -> Vec<Option<SecondIngot>> {
        if self.setup.mode != Mode::Turns || !tile.def().marks.gold {
            return vec![None];
        }
        let around: Vec<Option<SecondIngot>> = cell
            .surrounding()
            .into_iter()
            .filter(|&c| self.board.tile_at(c).is_some())
            .map(|c| Some(SecondIngot { dx: c.x - cell.x, dy: c.y - cell.y }))
            .collect();
        if around.is_empty() {
            vec![None]
        } else {
            around
        }
    }
}

/// Whether `mv`, played through, shares gold among several players: it asks the `next` take,
/// or tells takes (which the engine accepts only where several share).
fn shares_gold(mv: &Move, next: Option<&NextGoldTake>) -> bool {
    next.is_some() || matches!(mv, Move::Place { told, .. } if !told.gold_taken.is_empty())
}

/// QB-13's choice for `player`: the heap most players may take from, the one that got gold
/// first on a tie (heaps keep that order).
fn contested_first(heaps: &[Heap], player: PlayerId) -> Cell {
    let mut best: Option<&Heap> = None;
    for h in heaps.iter().filter(|h| h.ingots > 0 && h.takers.contains(player)) {
        if best.is_none_or(|b| h.takers.len() > b.takers.len()) {
            best = Some(h);
        }
    }
    best.expect("the player may take from a heap").cell
}

#[cfg(test)]
mod tests {
    use super::super::fixture::tile;
    use super::*;
    use crate::{Event, GameSetup, Move, Port, Rotation, Side, TileSet};

    const ANNA: PlayerId = PlayerId(0);
    const BRAM: PlayerId = PlayerId(1);

    fn with_gold(mut mv: Move, second: Option<(i32, i32)>, takes: &[(PlayerId, Cell)]) -> Move {
        if let Move::Place { told, .. } = &mut mv {
            told.gold = second.map(|(dx, dy)| SecondIngot { dx, dy });
            told.gold_taken = takes.iter().map(|&(player, from)| GoldTake { player, from }).collect();
        }
        mv
    }

    /// Anna's knight on GM07's city north of the start tile and Bram's on the cap `D` at
    /// [1,-1]; the next move, Anna's `GM06` at [1,-2], joins and closes the city with three
    /// ingots on it (the fourth lies on `U` [2,-1]).
    fn tied_city() -> (Game, Move) {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Goldmines);
        let mut game = Game::new(setup).unwrap();
        let moves = [
            with_gold(Move::place(tile("GM07"), Cell::new(0, -1), Rotation::R90, Some(Port::N)), Some((0, 1)), &[]),
            Move::place(tile("D"), Cell::new(1, -1), Rotation::R0, Some(Port::N)),
            Move::place(tile("N"), Cell::new(0, -2), Rotation::R180, None),
            Move::place(tile("U"), Cell::new(2, -1), Rotation::R0, None),
        ];
        for mv in &moves {
            game.apply(mv).unwrap();
        }
        let last = with_gold(Move::place(tile("GM06"), Cell::new(1, -2), Rotation::R270, None), Some((1, 1)), &[]);
        (game, last)
    }

    #[test]
    fn tied_winners_share_one_ingot_at_a_time_from_the_mover() {
        let (mut game, last) = tied_city();
        let events = game.apply(&last).unwrap().to_vec();
        let takes: Vec<(PlayerId, Cell)> = events
            .iter()
            .filter_map(|e| match *e {
                Event::IngotTaken { player, from } => Some((player, from)),
                _ => None,
            })
            .collect();
        // Every heap is as contested as the others: the one that got gold first goes first (QB-13).
        assert_eq!(takes, [(ANNA, Cell::new(0, -1)), (BRAM, Cell::new(0, 0)), (ANNA, Cell::new(1, -2))]);
        assert_eq!(game.gold(), [2, 1], "GM-05");
        assert_eq!(game.gold_on_tiles(), [(Cell::new(2, -1), 1)], "the ingot outside the city stays");
    }

    #[test]
    fn a_refused_take_leaves_the_game_as_it_was() {
        let (mut game, last) = tied_city();
        let before = (game.events().len(), game.gold().to_vec(), game.gold_on_tiles().to_vec(), game.scores().to_vec());
        let out_of_turn = with_gold(last.clone(), Some((1, 1)), &[(BRAM, Cell::new(0, 0))]);
        let refused = game.apply(&out_of_turn).unwrap_err();
        assert_eq!(refused, MoveError::Gold(GoldError::OutOfTurn { take: 0, expected: ANNA, told: BRAM }));
        let after = (game.events().len(), game.gold().to_vec(), game.gold_on_tiles().to_vec(), game.scores().to_vec());
        assert_eq!(before, after, "the city was scored on a copy only");
        assert!(game.apply(&last).is_ok(), "the same tile without the wrong take is accepted");
    }

    #[test]
    fn the_second_ingot_may_go_only_where_a_tile_lies_around() {
        let (game, last) = tied_city();
        let legal: Vec<(i32, i32)> = game
            .second_ingot_options(tile("GM06"), Cell::new(1, -2))
            .into_iter()
            .map(|o| o.map(|s| (s.dx, s.dy)).expect("the tile has neighbours"))
            .collect();
        assert_eq!(legal, [(1, 1), (0, 1), (-1, 1), (-1, 0)], "U, D, GM07 and N around [1,-2], clockwise");
        for (dx, dy) in legal {
            assert!(game.is_legal(&with_gold(last.clone(), Some((dx, dy)), &[])), "[{dx},{dy}]");
        }
        assert!(!game.is_legal(&with_gold(last, None, &[])), "a gold tile with neighbours names one");
    }

    #[test]
    fn the_next_take_is_asked_one_at_a_time_until_every_ingot_is_told() {
        let (game, last) = tied_city();
        let next = game.next_gold_take(&last).unwrap().expect("Anna and Bram share the city's gold");
        let city = [(Cell::new(0, -1), 1), (Cell::new(0, 0), 1), (Cell::new(1, -2), 1)];
        assert_eq!(next, NextGoldTake { player: ANNA, from: city.to_vec(), left: 3 }, "the mover first");
        let one = with_gold(last.clone(), Some((1, 1)), &[(ANNA, Cell::new(1, -2))]);
        let next = game.next_gold_take(&one).unwrap().expect("two ingots left");
        assert_eq!(next, NextGoldTake { player: BRAM, from: city[..2].to_vec(), left: 2 });
        let all = with_gold(
            last,
            Some((1, 1)),
            &[(ANNA, Cell::new(1, -2)), (BRAM, Cell::new(0, -1)), (ANNA, Cell::new(0, 0))],
        );
        assert_eq!(game.next_gold_take(&all).unwrap(), None, "every take told");
        let mut played = game.clone();
        played.apply(&all).unwrap();
        assert_eq!(played.gold(), [2, 1]);
    }

    /// A game with Gold Mines and Ferries: Anna's `GM07` north of the start tile puts its second
    /// ingot on it.
    fn gold_and_ferries() -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.extend([TileSet::Goldmines, TileSet::Ferries]);
        let mut game = Game::new(setup).unwrap();
        let gold = with_gold(Move::place(tile("GM07"), Cell::new(0, -1), Rotation::R90, None), Some((0, 1)), &[]);
        game.apply(&gold).unwrap();
        game
    }

    /// The lake `FE04` at [1,0], its ferry not yet told. Anna's thief waits on the junction
    /// `W` west of the start tile, Bram's on the crossing `X` at [1,1]; the start tile's road,
    /// with its ingot, runs into the lake's west end, Bram's into its south end:
    ///
    /// ```text
    ///          x=-1   x=0    x=1
    /// y=-1           [GM07]
    /// y=0     [W]A===[D]====[FE04]
    /// y=1            [U]====[X]B
    /// ```
    fn lake_between_two_thieves() -> (Game, Move) {
        let mut game = gold_and_ferries();
        for mv in [
            Move::place(tile("U"), Cell::new(0, 1), Rotation::R0, None),
            Move::place(tile("W"), Cell::new(-1, 0), Rotation::R0, Some(Port::E)),
            Move::place(tile("X"), Cell::new(1, 1), Rotation::R0, Some(Port::N)),
        ] {
            game.apply(&mv).unwrap();
        }
        (game, Move::place(tile("FE04"), Cell::new(1, 0), Rotation::R0, None))
    }

    #[test]
    fn a_lake_may_share_gold_only_if_one_of_its_ferries_does() {
        let (game, lake) = lake_between_two_thieves();
        assert!(game.next_gold_take(&lake).unwrap_err().awaits_answer(), "the ferry is owed");
        assert!(game.may_share_gold_once_told(&lake), "the ferry from west to south joins Anna's road to Bram's");
        let sharing: Vec<[Side; 2]> = game
            .ferry_links(tile("FE04"), Rotation::R0)
            .into_iter()
            .filter(|&pair| {
                let mut linked = lake.clone();
                if let Move::Place { told, .. } = &mut linked {
                    told.ferry = Some(pair);
                }
                game.next_gold_take(&linked).unwrap().is_some()
            })
            .collect();
        assert_eq!(sharing, [[Side::South, Side::West]], "one ferry of three, the last tried, shares the ingot");

        // East of the start tile with nothing else around, no ferry completes a road.
        let alone = gold_and_ferries();
        let lake = Move::place(tile("FE04"), Cell::new(1, 0), Rotation::R0, None);
        assert!(alone.next_gold_take(&lake).unwrap_err().awaits_answer(), "the ferry is owed");
        assert!(!alone.may_share_gold_once_told(&lake), "no ferry shares gold");
    }

    #[test]
    fn a_move_owing_where_its_second_ingot_goes_may_share_gold() {
        let (game, last) = tied_city();
        let unnamed = with_gold(last.clone(), None, &[]);
        assert!(game.next_gold_take(&unnamed).unwrap_err().awaits_answer(), "the neighbour is owed");
        assert!(game.may_share_gold_once_told(&unnamed), "the city it closes is Anna's and Bram's");
        assert!(game.may_share_gold_once_told(&last), "played through, it asks a take");
        let told = [(ANNA, Cell::new(1, -2)), (BRAM, Cell::new(0, -1)), (ANNA, Cell::new(0, 0))];
        assert!(game.may_share_gold_once_told(&with_gold(last, Some((1, 1)), &told)), "every take told");
        let elsewhere = Move::place(tile("U"), Cell::new(-1, 0), Rotation::R0, None);
        assert!(!game.may_share_gold_once_told(&elsewhere), "a road that completes nothing");
    }

    #[test]
    fn no_take_is_asked_where_no_gold_is_shared() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Goldmines);
        let game = Game::new(setup).unwrap();
        let first =
            with_gold(Move::place(tile("GM07"), Cell::new(0, -1), Rotation::R90, Some(Port::N)), Some((0, 1)), &[]);
        assert_eq!(game.next_gold_take(&first).unwrap(), None, "gold laid, nothing completed");
        let base = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        let plain = Move::place(tile("D"), Cell::new(1, 0), Rotation::R0, None);
        assert_eq!(base.next_gold_take(&plain).unwrap(), None, "no Gold Mines");
    }
}
