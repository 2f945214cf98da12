//! Playing out games by someone else's choices: for benchmarks, tests and demos.
//!
//! The engine draws no random numbers; the caller's `pick(n)` chooses an index below `n`
//! for every decision (which tile is drawn, where it goes, which follower option), so a
//! seeded generator outside gives a reproducible game. [`Picks`] is such a generator, one
//! for every bench and test that plays out games.

use crate::coord::Port;
use crate::count::{Entry, Quarter, QuarterMove};
use crate::figure::Figure;
use crate::game::{
    CropAction, CropCandidates, CropChoice, CropCircle, CropDeed, DrawRule, FerryMove, Flight, Game, Move, Told,
};
use crate::tile::TileId;

/// The next move of a playout: a tile drawn from those that may be drawn now (each physical
/// tile equally likely; river tiles first), one of its legal placements and one of its legal
/// follower options or none, or on a flier tile a flight; a discard when it fits nowhere; the City of Carcassonne laid
/// somewhere it fits when its time has come. `None` when the bag is empty or the game
/// is over.
pub fn playout_move(game: &Game, pick: &mut impl FnMut(usize) -> usize) -> Option<Move> {
    if game.is_finished() {
        return None;
    }
    // House rule R-04: once the river is laid, the City of Carcassonne goes down beside it.
    if game.city_pending() {
        let corners = game.legal_city_placements();
        if !corners.is_empty() {
            return Some(Move::City { at: corners[pick(corners.len())] });
        }
    }
    // Two passes over the tiles of the game's sets instead of a list of drawable tiles: no
    // allocation per turn, and the draw rules are asked about only when some apply. The sets
    // of a game hold no tile twice (setup refuses a set listed twice and both printings of
    // the River), and a base game looks at its 24 types, not at every box's.
    let rule = game.draw_rule();
    // While the river is laid only its sets are looked through.
    let in_play = || game.setup().sets.iter().filter(|&&s| rule.draws_from(s)).flat_map(|s| s.tiles());
    let unrestricted = rule == DrawRule::Any;
    let drawable = |t: TileId| {
        let n = game.remaining(t) as usize;
        if n > 0 && (unrestricted || rule.error(t).is_none()) {
            n
        } else {
            0
        }
    };
    let left: usize = in_play().map(drawable).sum();
    if left == 0 {
        return None;
    }
    let mut k = pick(left);
    let tile = in_play()
        .find(|&t| {
            let n = drawable(t);
            if k < n {
                true
            } else {
                k -= n;
                false
            }
        })
        .expect("k is below the number of tiles left");
    let Some((cell, rotation)) = game.pick_legal_placement(tile, pick) else {
        return Some(Move::Discard { tile });
    };
    // The options gathered on the stack: no list per turn. A tile has fewer than 64
    // segments (the occupied segments are a 64-bit mask), so they always fit.
    let mut ports = [Port::C; 64];
    let mut options = 0;
    game.for_each_legal_follower(tile, cell, rotation, |port, _| {
        ports[options] = port;
        options += 1;
    });
    // With the abbot: its places, then taking it back, as further options. Without it
    // there are none, so the picks (and every seeded game) are those of a table without it.
    let abbot_places = game.legal_abbot_places(tile, cell, rotation);
    // The recall is offered one turn in eight, so that some abbots stay long enough to see
    // their building surrounded (the pick is made only where a recall is legal).
    let recall = game.may_recall(cell) && pick(8) == 0;
    // With Inns & Cathedrals the big follower's places come next, the same way; with Traders &
    // Builders the builder's and the pig's places last.
    let big_places = game.legal_big_places(tile, cell, rotation);
    let companions: Vec<(Port, Figure)> = [Figure::Builder, Figure::Pig]
        .into_iter()
        .flat_map(|f| game.legal_companion_places(f, tile, cell, rotation).into_iter().map(move |p| (p, f)))
        .collect();
    let chosen = pick(options + abbot_places.len() + usize::from(recall) + big_places.len() + companions.len() + 1);
    let mut follower = (chosen < options).then(|| ports[chosen]);
    let recall_at = abbot_places.len();
    let bigs_from = recall_at + usize::from(recall);
    let companions_from = bigs_from + big_places.len();
    let mut mv = match chosen.checked_sub(options) {
        Some(k) if k < abbot_places.len() => Move::place_abbot(tile, cell, rotation, abbot_places[k]),
        Some(k) if recall && k == recall_at => Move::place_and_recall(tile, cell, rotation),
        Some(k) if k >= bigs_from && k < companions_from => {
            Move::place_big(tile, cell, rotation, big_places[k - bigs_from].0)
        }
        Some(k) if k >= companions_from && k - companions_from < companions.len() => {
            let (port, figure) = companions[k - companions_from];
            Move::place_companion(tile, cell, rotation, port, figure)
        }
        _ => Move::place(tile, cell, rotation, follower),
    };
    // The Big Box's answers below are each asked only with their box in play: a game without
    // it makes no pick for it and pays nothing for it.
    let boxes = game.in_play();
    // With Ferries, a lake tile's ferry goes on one of its pairs, and each ferry that may move
    // does so half of the time.
    if boxes.ferries {
        if let Move::Place { told, .. } = &mut mv {
            let links = game.ferry_links(tile, rotation);
            if !links.is_empty() {
                told.ferry = Some(links[pick(links.len())]);
            }
            for (at, pairs) in game.movable_ferries(tile, cell, rotation) {
                if pick(2) == 1 {
                    told.ferry_moves.push(FerryMove { at, link: pairs[pick(pairs.len())] });
                }
            }
        }
    }
    // On a flier tile a figure flies instead one time in three, with a roll the die can show
    // and one of its landings, or a crash where there is none (FM-03 to FM-09). Other tiles
    // make no pick, so the games of tables without the box stay as they were.
    if boxes.flier && tile.def().marks.flier.is_some() && pick(3) == 0 {
        let seat = game.current_player().index();
        let figure = match pick(4) {
            0 if game.bigs()[seat] > 0 => Figure::Big,
            1 if game.abbots()[seat] > 0 => Figure::Abbot,
            _ => Figure::Follower,
        };
        let roll = 1 + pick(3) as u8;
        let landings = game.legal_landings(tile, cell, rotation, figure, roll);
        let to = (!landings.is_empty()).then(|| landings[pick(landings.len())]);
        let mut flying = Move::place(tile, cell, rotation, None);
        if let Move::Place { told, .. } = &mut flying {
            told.flight = Some(Flight { figure, roll, to });
        }
        // The figure may be out of hand: then the move stays as it was.
        if game.is_legal(&flying) {
            mv = flying;
            follower = None;
        }
    }
    // A gold tile's second ingot goes on one of its neighbours (GM-02); a pick only where
    // there is a choice, so the games of other tables stay as they were. The sharing of
    // ingots is left to Castellan (QB-13).
    if boxes.gold && tile.def().marks.gold {
        let second = game.second_ingot_options(tile, cell);
        if let Move::Place { told, .. } = &mut mv {
            told.gold = if second.len() > 1 { second[pick(second.len())] } else { second[0] };
        }
    }
    // A second tile the move earns is passed up one time in four (T-15).
    if game.earns_second_tile_with(tile, cell, rotation) && pick(4) == 0 {
        mv = mv.passing_second_tile();
    }
    // Mage & Witch: where a magic figure goes, asked of the table before anything else is
    // tried with the move (MW-02, MW-05).
    if let (true, Move::Place { told, .. }) = (boxes.magic, &mut mv) {
        game.playout_magic(tile, cell, rotation, pick, told);
    }
    // With the Count, each follower that may leave its quarter for a feature being scored
    // does so half of the time, onto one of the features open to it.
    let mut moves: Vec<QuarterMove> = Vec::new();
    let told = match &mv {
        Move::Place { told, .. } => told.clone(),
        _ => Told::default(),
    };
    for o in game.count_move_options(tile, cell, rotation, follower, &told).unwrap_or_default() {
        if !o.features.is_empty() && pick(2) == 1 {
            let to = o.features[pick(o.features.len())];
            // A big follower waiting there comes out instead half of the time; without
            // one no pick is made, so the games of other tables stay as they were.
            let big = o.big && (o.available == 0 || pick(2) == 1);
            moves.push(QuarterMove { player: o.player, quarter: o.quarter, to, big });
        }
    }
    if !moves.is_empty() {
        let mut with_moves = mv.clone();
        if let Move::Place { count, .. } = &mut with_moves {
            count.moves = moves;
        }
        // The options are each legal alone; keep the choice only if it is legal as a whole.
        if game.is_legal(&with_moves) {
            mv = with_moves;
        }
    }
    // With the Count, a placer who may enter the city does so half of the time.
    if game.city().is_some()
        && game.might_score(&mv)
        && game.might_let_enter(&mv)
        && game.may_enter(&mv).unwrap_or(false)
        && pick(2) == 1
    {
        let quarter = Quarter::ALL[pick(4)];
        let count_to = [None, Some(Quarter::ALL[pick(4)])][pick(2)];
        // With a big follower in hand, it goes in half of the time; without one no pick
        // is made. Which figures are left after the tile's own figure, only the move can tell.
        let big = game.bigs()[game.current_player().index()] > 0 && pick(2) == 1;
        for big in [big, !big] {
            let mut with_entry = mv.clone();
            if let Move::Place { count, .. } = &mut with_entry {
                count.entry = Some(Entry { quarter, count_to, big });
            }
            if game.is_legal(&with_entry) {
                mv = with_entry;
                break;
            }
        }
    }
    // With Crop Circles, the placer's choice and every answer it asks for (CC-03); without a
    // crop-circle tile no pick is made, so the games of other tables stay as they were.
    let candidates = if boxes.crop { game.crop_candidates_after(&mv) } else { None };
    if let Some(candidates) = candidates {
        let crop_circle = crop_circle_answer(&candidates, pick);
        if let Move::Place { told, .. } = &mut mv {
            told.crop_circle = Some(crop_circle);
        }
    }
    Some(mv)
}

/// A legal crop circle's action: add or remove, each half of the time; under add each player
/// who can passes one time in as many as they have followers of the kind plus one, and adds
/// the big follower half of the time when both are in hand.
fn crop_circle_answer(c: &CropCandidates, pick: &mut impl FnMut(usize) -> usize) -> CropCircle {
    let choice = [CropChoice::Add, CropChoice::Remove][pick(2)];
    let mut actions = Vec::new();
    for &player in &c.order {
        let mine: Vec<_> = c.standing.iter().filter(|f| f.player == player).collect();
        if mine.is_empty() {
            continue;
        }
        let deed = match choice {
            CropChoice::Remove => {
                let f = mine[pick(mine.len())];
                CropDeed::At { cell: f.cell, port: f.port, figure: f.figure }
            }
            CropChoice::Add => {
                let figure = match c.in_hand[player.index()] {
                    (false, false) => continue,
                    (true, false) => Figure::Follower,
                    (false, true) => Figure::Big,
                    (true, true) => [Figure::Follower, Figure::Big][pick(2)],
                };
                match mine.get(pick(mine.len() + 1)) {
                    Some(f) => CropDeed::At { cell: f.cell, port: f.port, figure },
                    None => CropDeed::Pass,
                }
            }
        };
        actions.push(CropAction { player, deed });
    }
    CropCircle { choice, actions }
}

/// A reproducible stream of picks for [`playout_move`] (xorshift64*): the same seed gives the
/// same games on every machine. Small and fast, not for anything that must be unpredictable.
#[derive(Clone, Debug)]
pub struct Picks(u64);

impl Picks {
    /// A stream from `seed`; every seed, 0 included, gives a stream of its own.
    pub fn new(seed: u64) -> Picks {
        Picks(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 bits of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// An index below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
