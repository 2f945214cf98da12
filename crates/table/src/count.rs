//! The Count of Carcassonne at the table: the question the screen asks before a move is
//! entered — exactly the one the engine says is pending — and the followers that may leave
//! the City at the final count. The decisions themselves arrive as
//! [`crate::request::CountRequest`].

use crate::request::{MoveRequest, RequestError};
pub use crate::target::Target;
use crate::target::{followers_of, Survey};
use castellan_engine::{
    CountChoice, CountMovement, Figure, Game, Mode, Move, MoveError, MoveOption, Quarter, QuarterMove,
};
use serde::Serialize;

/// Followers a player may move from one quarter, and where to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct QuarterMoveOption {
    /// Whose, by seat.
    pub seat: u32,
    /// From which quarter.
    pub quarter: Quarter,
    /// How many ordinary followers they have there, before the moves chosen.
    pub available: u32,
    /// Their big follower waits there too, before the moves chosen; left out when it
    /// does not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub big: bool,
    /// How many of their figures there may still move, after the moves chosen: the ordinary
    /// followers and the big follower alike.
    pub left: u32,
    /// The figures the next move out of the quarter may take, after the moves chosen; the
    /// first comes out unless the table picks another. Empty once none is left.
    pub out: Vec<Figure>,
    /// The features they may go onto.
    pub features: Vec<Target>,
}

impl QuarterMoveOption {
    /// The option `o` once the moves `chosen` so far are made.
    fn of(survey: &Survey<'_>, o: MoveOption, chosen: &[QuarterMove]) -> QuarterMoveOption {
        let waiting = Waiting::after(&o, chosen);
        QuarterMoveOption {
            seat: o.player.index() as u32,
            quarter: o.quarter,
            available: u32::from(o.available),
            big: o.big,
            left: waiting.left(),
            out: waiting.out(),
            features: survey.targets(&o.features),
        }
    }
}

/// A player's figures still waiting in a quarter once some of them were chosen to move out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Waiting {
    followers: u32,
    big: bool,
}

impl Waiting {
    /// What of option `o` waits once the moves `chosen` are made: each takes an ordinary
    /// follower, or the big follower when it says so.
    fn after(o: &MoveOption, chosen: &[QuarterMove]) -> Waiting {
        let mine = || chosen.iter().filter(|m| m.player == o.player && m.quarter == o.quarter);
        let taken = mine().filter(|m| !m.big).count();
        Waiting {
            followers: u32::from(o.available).saturating_sub(u32::try_from(taken).unwrap_or(u32::MAX)),
            big: o.big && !mine().any(|m| m.big),
        }
    }

    fn left(self) -> u32 {
        self.followers + u32::from(self.big)
    }

    /// An ordinary follower comes out first while one is left: the big follower only when
    /// the table picks it or it is all that waits.
    fn out(self) -> Vec<Figure> {
        let ordinary = (self.followers > 0).then_some(Figure::Follower);
        let big = self.big.then_some(Figure::Big);
        ordinary.into_iter().chain(big).collect()
    }
}

/// Who may take which followers out of the City before the final count, and where to, once
/// the moves `chosen` so far are made.
pub fn final_move_options(game: &Game, chosen: &[QuarterMove]) -> Vec<QuarterMoveOption> {
    let survey = Survey::new(game, &followers_of(game));
    game.final_move_options().into_iter().map(|o| QuarterMoveOption::of(&survey, o, chosen)).collect()
}

/// What the table must decide about the Count for a move, before it is entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CountQuestion {
    /// Followers that may leave the quarters for what this tile completes, in the order of
    /// the move round (left of the placer first, the placer last), each with what is left of
    /// them after the moves chosen so far; empty: nothing to ask.
    pub moves: Vec<QuarterMoveOption>,
    /// Whether the placer may then put a follower into the city (with the moves asked so far).
    pub may_enter: bool,
    /// The quarters a follower may enter.
    pub entry_quarters: Vec<Quarter>,
    /// Whether the placer moves the Count himself after entering; otherwise he moves by rule.
    pub placer_moves_count: bool,
    /// Where the Count stands now.
    pub count_at: Quarter,
    /// The kinds of figure the placer has in hand to enter with, once the tile is scored: an
    /// ordinary follower, the big follower, or both; empty when they may not enter.
    pub enter_figures: Vec<Figure>,
    /// The figure the placer enters with unless they choose the other: an ordinary follower
    /// while they hold one, else the big follower; `null` when they may not enter.
    pub enter_figure: Option<Figure>,
}

/// The Count question for `request` (its own Count decisions so far included); `None` in a
/// game without the Count, and on a final board, where the Count decides nothing: the
/// followers in the City are entered where they wait.
///
/// # Errors
/// The request cannot be read, or the placement or the moves in it are refused.
pub fn count_question(game: &Game, request: &MoveRequest) -> Result<Option<CountQuestion>, QuestionError> {
    let Some(city) = game.city().filter(|_| game.setup().mode == Mode::Turns) else { return Ok(None) };
    let mv = request.to_move()?;
    let Move::Place { tile, cell, rotation, follower, .. } = mv.clone() else {
        return Ok(Some(CountQuestion {
            moves: Vec::new(),
            may_enter: false,
            entry_quarters: Vec::new(),
            placer_moves_count: false,
            count_at: city.count_at,
            enter_figures: Vec::new(),
            enter_figure: None,
        }));
    };
    let told = match &mv {
        Move::Place { told, .. } => told.clone(),
        _ => castellan_engine::Told::default(),
    };
    let options = game.count_move_options(tile, cell, rotation, follower, &told)?;
    // The features offered are the ones this tile completes: they are described on the board
    // with the tile down, and with everybody where they stand before its scoring takes them
    // back, the placer's new follower included.
    let mut trial = game.clone();
    let mut bare = mv.clone();
    if let Move::Place { count, .. } = &mut bare {
        *count = CountChoice::default();
    }
    trial.apply(&bare)?;
    let mut standing = followers_of(game);
    standing.extend(follower.map(|port| (game.current_player(), cell, port)));
    let survey = Survey::new(&trial, &standing);
    let chosen = match &mv {
        Move::Place { count, .. } => count.moves.as_slice(),
        _ => &[],
    };
    let moves = options.into_iter().map(|o| QuarterMoveOption::of(&survey, o, chosen)).collect();
    let rules = game.rules();
    let enter_figures = game.entry_figures(&mv)?;
    let may_enter = !enter_figures.is_empty();
    let enter_figure =
        enter_figures.iter().copied().find(|&f| f == Figure::Follower).or_else(|| enter_figures.first().copied());
    Ok(Some(CountQuestion {
        moves,
        may_enter,
        enter_figure,
        enter_figures,
        entry_quarters: game.entry_quarters(),
        placer_moves_count: rules.count_movement == CountMovement::Free,
        count_at: city.count_at,
    }))
}

/// Why the Count question could not be asked.
#[derive(Debug, thiserror::Error)]
pub enum QuestionError {
    /// The request is not a move.
    #[error(transparent)]
    Request(#[from] RequestError),
    /// The engine refuses the move as it stands.
    #[error("{0}")]
    Refused(#[from] MoveError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::place_request;
    use castellan_engine::{Cell, Entry, Told};
    use castellan_engine::{GameSetup, Start, TileSet};

    fn count_game() -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Count);
        setup.start = Start::Count;
        Game::new(setup).unwrap()
    }

    #[test]
    fn a_game_without_the_count_asks_nothing() {
        let game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        let request = place_request("E", 0, -1, 180, None);
        assert!(count_question(&game, &request).unwrap().is_none());
    }

    #[test]
    fn a_final_board_with_the_count_asks_nothing() {
        let mut setup = count_game().setup().clone();
        setup.mode = castellan_engine::Mode::FinalBoard;
        let game = Game::new(setup).unwrap();
        let request = place_request("F", 2, 1, 0, None);
        assert!(count_question(&game, &request).unwrap().is_none(), "its followers wait where they are entered");
    }

    #[test]
    fn a_quiet_tile_in_a_count_game_offers_no_moves_and_no_entry() {
        let game = count_game();
        let (cell, rot) = game.legal_placements(castellan_engine::TileId::from_name("V").unwrap())[0];
        let request = place_request("V", cell.x, cell.y, u32::from(rot.degrees()), None);
        let q = count_question(&game, &request).unwrap().expect("a Count game");
        assert!(q.moves.is_empty());
        assert!(!q.may_enter, "nobody scored");
        assert_eq!(q.count_at, Quarter::Castle, "the Count starts in the castle");
        assert!(q.placer_moves_count);
    }

    /// Bram closes Anna's road out of the City's south gate and enters the castle with his
    /// big follower; when Anna then closes a city on the east side, Bram's big follower may
    /// come out onto it, where it outweighs her knight.
    #[test]
    fn the_big_follower_is_offered_going_into_the_city_and_coming_out() {
        use castellan_engine::{PlayerId, Rotation, TileId};
        let id = |n: &str| TileId::from_name(n).unwrap();
        let mut setup = count_game().setup().clone();
        setup.sets.push(TileSet::InnsCathedrals);
        let mut g = Game::new(setup).unwrap();
        let rot = Rotation::ALL
            .into_iter()
            .filter(|&r| g.check_placement(id("U"), Cell::new(0, 2), r).is_ok())
            .find(|&r| {
                g.legal_followers(id("U"), Cell::new(0, 2), r)
                    .iter()
                    .any(|f| f.1 == castellan_engine::FeatureKind::Road)
            })
            .expect("the road out of the south gate goes on");
        let thief = g
            .legal_followers(id("U"), Cell::new(0, 2), rot)
            .into_iter()
            .find(|f| f.1 == castellan_engine::FeatureKind::Road)
            .unwrap()
            .0;
        g.apply(&Move::place(id("U"), Cell::new(0, 2), rot, Some(thief))).unwrap();
        let close = |big: bool| MoveRequest::Place {
            tile: crate::fixture::tile_named("A"),
            x: 0,
            y: 3,
            rotation: crate::fixture::degrees(180),
            follower: None,
            figure: Figure::Follower,
            recall_abbot: false,
            count: big.then(|| crate::request::CountRequest {
                moves: Vec::new(),
                enter: Some(crate::request::EntryRequest {
                    quarter: Quarter::Castle,
                    count_to: Some(Quarter::Market),
                    big: true,
                }),
            }),
            pass_second_tile: false,
            told: Told::default(),
        };
        let q = count_question(&g, &close(false)).unwrap().expect("a Count game");
        assert!(q.may_enter);
        assert_eq!(q.enter_figures, [Figure::Follower, Figure::Big], "Bram may enter with either");
        assert_eq!(q.enter_figure, Some(Figure::Follower), "a follower unless he chooses his big one");
        let locked = |g: &Game| {
            let progress =
                crate::view::Progress { cursor: 0, moves: 0, can_undo: false, can_redo: false, finished: false };
            crate::view::GameView::build(castellan_ledger::GameId(1), g, progress).city.expect("a Count game").locked
        };
        let mut stay = close(true);
        if let MoveRequest::Place { count: Some(count), .. } = &mut stay {
            count.enter.as_mut().expect("an entry").count_to = None;
        }
        let mut stayed = g.clone();
        stayed.apply(&stay.to_move().unwrap()).unwrap();
        assert_eq!(locked(&stayed), Some(Quarter::Castle), "the Count stays by Bram's big follower: it is held (C-11)");
        g.apply(&close(true).to_move().unwrap()).unwrap();
        assert_eq!(locked(&g), None, "the Count moved on to the empty market: nobody is held");
        let city = g.city().unwrap();
        assert_eq!((city.big(PlayerId(1)), city.followers(Quarter::Castle)[PlayerId(1)]), (Some(Quarter::Castle), 0));
        let in_city = |g: &Game| {
            let progress =
                crate::view::Progress { cursor: 0, moves: 0, can_undo: false, can_redo: false, finished: false };
            let view = crate::view::GameView::build(castellan_ledger::GameId(1), g, progress);
            view.players.iter().map(|p| p.in_city).collect::<Vec<_>>()
        };
        assert_eq!(in_city(&g), [Some(0), Some(1)], "the scoreboard counts Bram's big follower in the City");

        let knight = MoveRequest::Place {
            tile: crate::fixture::tile_named("E"),
            x: 2,
            y: 1,
            rotation: crate::fixture::degrees(270),
            follower: Some(castellan_engine::Port::W),
            figure: Figure::Follower,
            recall_abbot: false,
            count: None,
            pass_second_tile: false,
            told: Told::default(),
        };
        let q = count_question(&g, &knight).unwrap().expect("a Count game");
        let [option] = &q.moves[..] else { panic!("Bram's big follower in the castle: {:?}", q.moves) };
        assert_eq!((option.seat, option.quarter, option.available, option.big), (1, Quarter::Castle, 0, true));
        let MoveRequest::Place { tile, x, y, rotation, follower, figure, recall_abbot, pass_second_tile, .. } = knight
        else {
            unreachable!()
        };
        let out = crate::request::QuarterMoveRequest {
            seat: 1,
            quarter: Quarter::Castle,
            to: option.features[0].at.clone(),
            big: true,
        };
        let count = Some(crate::request::CountRequest { moves: vec![out], enter: None });
        let moved = MoveRequest::Place {
            tile,
            x,
            y,
            rotation,
            follower,
            figure,
            recall_abbot,
            count,
            pass_second_tile,
            told: Told::default(),
        };
        let q = count_question(&g, &moved).unwrap().expect("a Count game");
        assert!(q.may_enter, "Bram's big follower takes the city: Anna scored nothing and may enter (C-03)");
        assert_eq!((q.moves[0].left, q.moves[0].out.len()), (0, 0), "the big follower chosen, none is left");
        assert_eq!(q.enter_figures, [Figure::Follower, Figure::Big], "with either of hers");
        let before = g.scores().to_vec();
        g.apply(&moved.to_move().unwrap()).unwrap();
        assert_eq!(g.city().unwrap().big(PlayerId(1)), None, "out of the City");
        assert_eq!(in_city(&g), [Some(0), Some(0)]);
        let plain = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        assert_eq!(in_city(&plain), [None, None], "without the Count the scoreboard says nothing of a City");
        assert_eq!((g.scores()[0] - before[0], g.scores()[1] - before[1]), (0, 4), "the big follower weighs two");
    }

    #[test]
    fn what_a_tile_completes_is_described_with_the_tile_down_and_its_knight_on_it() {
        use castellan_engine::{Rotation, TileId};
        let id = |n: &str| TileId::from_name(n).unwrap();
        let mut g = count_game();
        // Anna's thief on the road out of the City's south gate; Bram closes it, scores
        // nothing while Anna scores, and enters the castle, sending the Count to the market.
        let (rot, thief) = Rotation::ALL
            .into_iter()
            .filter(|&r| g.check_placement(id("U"), Cell::new(0, 2), r).is_ok())
            .find_map(|r| {
                let road = g
                    .legal_followers(id("U"), Cell::new(0, 2), r)
                    .into_iter()
                    .find(|f| f.1 == castellan_engine::FeatureKind::Road);
                road.map(|(port, _)| (r, port))
            })
            .expect("the road out of the south gate goes on");
        g.apply(&Move::place(id("U"), Cell::new(0, 2), rot, Some(thief))).unwrap();
        let mut close = Move::place(id("A"), Cell::new(0, 3), Rotation::R180, None);
        if let Move::Place { count, .. } = &mut close {
            count.entry = Some(Entry { quarter: Quarter::Castle, count_to: Some(Quarter::Market), big: false });
        }
        g.apply(&close).unwrap();

        // Anna closes a city on the City's east side with her knight; Bram's knight may join it.
        let request = place_request("E", 2, 1, 270, Some("W"));
        let q = count_question(&g, &request).unwrap().expect("a Count game");
        let [option] = &q.moves[..] else { panic!("Bram's knight in the castle, and nobody else: {:?}", q.moves) };
        assert_eq!((option.seat, option.quarter), (1, Quarter::Castle));
        let [city] = &option.features[..] else { panic!("one city completed") };
        assert_eq!(city.kind, castellan_engine::FeatureKind::City);
        assert_eq!(
            city.holders,
            vec![crate::target::Holding { seat: 0, followers: 1 }],
            "Anna's knight, placed with this very tile, still stands there when Bram decides"
        );
        assert!(city.tiles.contains(&[2, 1]), "the city is described with the new tile in it");
        assert_eq!(city.worth, crate::target::Worth::Tiles { tiles: 2, pennants: 0 });
    }

    #[test]
    fn a_big_follower_waiting_in_a_quarter_is_offered_for_the_final_moves() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.extend([TileSet::Count, TileSet::InnsCathedrals]);
        setup.start = Start::Count;
        setup.mode = Mode::FinalBoard;
        let mut game = Game::new(setup).unwrap();
        let at = castellan_engine::Standing::City(Quarter::Blacksmith);
        game.apply(&Move::Stand { player: castellan_engine::PlayerId(1), at, figure: castellan_engine::Figure::Big })
            .unwrap();
        let options = final_move_options(&game, &[]);
        assert_eq!(options.len(), 1, "{options:?}");
        assert_eq!(
            (options[0].seat, options[0].quarter, options[0].available, options[0].big),
            (1, Quarter::Blacksmith, 0, true)
        );
        assert!(!options[0].features.is_empty(), "the roads out of the City's gates");
        assert_eq!(serde_json::to_value(&options[0]).unwrap()["big"], true);
        assert_eq!((options[0].left, &options[0].out[..]), (1, &[Figure::Big][..]), "all that waits there");
        let to = options[0].features[0].at.to_engine();
        let out = QuarterMove { player: castellan_engine::PlayerId(1), quarter: Quarter::Blacksmith, to, big: true };
        let after = final_move_options(&game, &[out]);
        assert_eq!((after[0].left, after[0].out.len()), (0, 0), "once chosen to move, nothing is left there");
    }

    /// A player's two knights and big follower in the castle, and what is left of them as
    /// the moves out are chosen, theirs and another player's.
    #[test]
    fn what_waits_in_a_quarter_after_the_moves_chosen() {
        use castellan_engine::PlayerId;
        let option =
            MoveOption { player: PlayerId(1), quarter: Quarter::Castle, available: 2, big: true, features: Vec::new() };
        let to = (Cell::new(2, 1), castellan_engine::Port::W);
        let knight = QuarterMove { player: PlayerId(1), quarter: Quarter::Castle, to, big: false };
        let big = QuarterMove { big: true, ..knight };
        let others = QuarterMove { player: PlayerId(0), ..knight };
        let elsewhere = QuarterMove { quarter: Quarter::Blacksmith, ..knight };
        use Figure::{Big, Follower};
        let cases: [(&[QuarterMove], u32, &[Figure]); 6] = [
            (&[], 3, &[Follower, Big]),
            (&[others, elsewhere], 3, &[Follower, Big]),
            (&[knight], 2, &[Follower, Big]),
            (&[knight, knight], 1, &[Big]),
            (&[big], 2, &[Follower]),
            (&[knight, big, knight], 0, &[]),
        ];
        for (chosen, left, out) in cases {
            let waiting = Waiting::after(&option, chosen);
            assert_eq!((waiting.left(), &waiting.out()[..]), (left, out), "after {chosen:?}");
        }
    }
}
