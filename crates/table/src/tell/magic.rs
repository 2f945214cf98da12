//! Mage & Witch at the table (MW-02 to MW-05): after a magic tile, where the mage or the witch
//! goes, or which comes off when no road or city can take one; after a tile that joins the
//! mage's road or city and the witch's, which of them moves away and where. The places on offer
//! are the engine's ([`Game::magic_asked`]), described as the Count's targets are, so the
//! screen lights them on the board and words them in the panel.

use crate::request::Spot;
use crate::target::{followers_of, Survey, Target};
use castellan_engine::{Cell, Game, MagicFigure, MagicFigures, MagicMove, MagicOptions, MoveError, Rotation, TileId};
use serde::Serialize;

/// The magic questions of one placement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct MagicQuestion {
    /// The magic tile's move, told as `told.magic` (MW-02 to MW-04); `null` for a tile without
    /// the symbol.
    pub tile: Option<MagicChoice>,
    /// The tile joined the mage's feature and the witch's: one moves away, told as
    /// `told.magicFix` (MW-05). Asked once the tile's own move is told, which may part them.
    pub fix: Option<MagicChoice>,
}

/// One magic step: a road or city for the mage or the witch, or which of them comes off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct MagicChoice {
    /// Where the mage stands as the step begins; `null` beside the board.
    pub mage: Option<Spot>,
    /// Where the witch stands as the step begins; `null` beside the board.
    pub witch: Option<Spot>,
    /// The roads and cities either figure may go onto: unfinished, neither figure on them.
    pub targets: Vec<Target>,
    /// Only when no road or city can take a figure: the figures that may come off (MW-04).
    pub removable: Vec<MagicFigure>,
}

impl MagicChoice {
    fn of(survey: &Survey<'_>, options: &MagicOptions) -> MagicChoice {
        let MagicFigures { mage, witch } = options.standing;
        MagicChoice {
            mage: mage.map(Spot::from),
            witch: witch.map(Spot::from),
            targets: survey.targets(&options.places),
            removable: options.removable.clone(),
        }
    }
}

/// The magic question for `tile` laid at `cell` turned `rotation`, with the tile's move
/// `magic` as told so far; `None` when no magic figure moves.
///
/// # Errors
/// The tile may not go there, or the move told is refused.
pub fn magic_question(
    game: &Game,
    tile: TileId,
    (cell, rotation): (Cell, Rotation),
    magic: Option<MagicMove>,
) -> Result<Option<MagicQuestion>, MoveError> {
    let Some(asked) = game.magic_asked(tile, cell, rotation, magic)? else { return Ok(None) };
    // Followers as they stand before the move: the roads and cities are told by who holds them.
    let survey = Survey::without_farms(&asked.laid, &followers_of(game));
    Ok(Some(MagicQuestion {
        tile: asked.tile.as_ref().map(|o| MagicChoice::of(&survey, o)),
        fix: asked.fix.as_ref().map(|o| MagicChoice::of(&survey, o)),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{place_request, tile_named};
    use crate::request::MoveRequest;
    use crate::tell::tell_questions;
    use castellan_engine::{FeatureKind, GameSetup, Port, TileSet};

    fn magic_game() -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::MageWitch);
        Game::new(setup).unwrap()
    }

    fn with_magic(mut request: MoveRequest, magic: Option<MagicMove>, fix: Option<MagicMove>) -> MoveRequest {
        if let MoveRequest::Place { told, .. } = &mut request {
            told.magic = magic;
            told.magic_fix = fix;
        }
        request
    }

    fn to(figure: MagicFigure, target: &Target) -> MagicMove {
        MagicMove::To { figure, cell: Cell::new(target.at.x, target.at.y), port: target.at.place }
    }

    /// The mage on the start tile's city, the witch on MW05's west cap, MW06 beside them.
    fn mage_and_witch_apart() -> Game {
        let mut g = magic_game();
        let at = |x, y, p: &str| (Cell::new(x, y), crate::fixture::port_named(p));
        let moves = [
            ("U", 1, 0, 0, None),
            ("MW05", 1, -1, 90, Some((MagicFigure::Mage, at(0, 0, "N")))),
            ("MW06", 2, 0, 90, Some((MagicFigure::Witch, at(1, -1, "W")))),
        ];
        for (tile, x, y, rot, magic) in moves {
            let magic = magic.map(|(figure, (cell, port))| MagicMove::To { figure, cell, port });
            let request = with_magic(place_request(tile, x, y, rot, None), magic, None);
            g.apply(&request.to_move().unwrap()).unwrap();
        }
        g
    }

    #[test]
    fn a_magic_tile_asks_where_a_figure_goes_and_the_engine_takes_the_answer() {
        let g = magic_game();
        let request = place_request("MW02", 1, 0, 180, None);
        let q = tell_questions(&g, &request).unwrap().magic.expect("a magic tile asks");
        let choice = q.tile.expect("the tile's move");
        assert!(q.fix.is_none());
        assert_eq!((choice.mage, choice.witch), (None, None), "both wait beside the board");
        assert!(choice.removable.is_empty());
        let kinds: Vec<FeatureKind> = choice.targets.iter().map(|t| t.kind).collect();
        assert!(kinds.contains(&FeatureKind::Road) && kinds.contains(&FeatureKind::City), "{kinds:?}");
        assert!(kinds.iter().all(|k| matches!(k, FeatureKind::Road | FeatureKind::City)));
        assert!(choice.targets.iter().any(|t| t.tiles.contains(&[1, 0])), "the tile's own features are offered");
        for target in &choice.targets {
            let answered = with_magic(request.clone(), Some(to(MagicFigure::Witch, target)), None);
            assert!(g.is_legal(&answered.to_move().unwrap()), "{:?} offered and taken", target.at);
        }
        let unanswered = request.to_move().unwrap();
        assert!(!g.is_legal(&unanswered), "the question is not to be skipped");
    }

    #[test]
    fn a_plain_tile_asks_nothing_of_the_mage_and_witch() {
        let g = mage_and_witch_apart();
        let request = place_request("V", 0, 1, 0, None);
        assert!(tell_questions(&g, &request).unwrap().magic.is_none());
        let base = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        assert!(magic_question(&base, tile_named("MW02"), (Cell::new(1, 0), Rotation::R180), None).unwrap().is_none());
    }

    #[test]
    fn a_tile_joining_the_two_asks_which_moves_away() {
        let g = mage_and_witch_apart();
        let request = place_request("N", 0, -1, 180, Some("S"));
        let q = tell_questions(&g, &request).unwrap().magic.expect("the join asks");
        assert!(q.tile.is_none(), "N shows no magic symbol");
        let fix = q.fix.expect("one moves away");
        assert_eq!(fix.mage, Some(Spot { x: 0, y: 0, place: Port::N }));
        assert_eq!(fix.witch, Some(Spot { x: 1, y: -1, place: Port::W }));
        assert!(!fix.targets.is_empty());
        assert!(!fix.targets.iter().any(|t| t.tiles.contains(&[0, -1])), "never back onto the joined city");
        let answered = with_magic(request.clone(), None, Some(to(MagicFigure::Mage, &fix.targets[0])));
        assert!(g.is_legal(&answered.to_move().unwrap()));
        assert!(!g.is_legal(&request.to_move().unwrap()), "a join must be answered");
    }

    /// The MW-04 scenario: a table of 3 by 3 cells whose border closes roads and cities; the
    /// witch on MW02's city, every other road and city closed, and MW05 closing the witch's.
    #[test]
    fn with_nowhere_to_go_the_question_is_which_comes_off() {
        let mut setup = magic_game().setup().clone();
        setup.rules.bounds = Some(castellan_engine::Bounds { min_x: -1, max_x: 1, min_y: -1, max_y: 1 });
        setup.rules.border_closes = true;
        let mut g = Game::new(setup).unwrap();
        let witch = MagicMove::To { figure: MagicFigure::Witch, cell: Cell::new(1, 0), port: Port::S };
        let moves =
            [("MW02", 1, 0, 180, Some(witch)), ("E", 0, -1, 180, None), ("A", 1, -1, 0, None), ("A", -1, 0, 270, None)];
        for (tile, x, y, rot, magic) in moves {
            g.apply(&with_magic(place_request(tile, x, y, rot, None), magic, None).to_move().unwrap()).unwrap();
        }
        let request = place_request("MW05", 1, 1, 0, None);
        let q = tell_questions(&g, &request).unwrap().magic.expect("a magic tile asks");
        let choice = q.tile.expect("the tile's move");
        assert!(choice.targets.is_empty(), "no road or city is left open: {:?}", choice.targets);
        assert_eq!(choice.removable, [MagicFigure::Witch], "the witch alone stands on the board");
        assert_eq!(choice.witch, Some(Spot { x: 1, y: 0, place: Port::S }));
        let off = with_magic(request, Some(MagicMove::Remove { figure: Some(MagicFigure::Witch) }), None);
        assert!(g.is_legal(&off.to_move().unwrap()), "the engine takes the witch off");
    }

    #[test]
    fn a_final_board_asks_nothing() {
        let mut setup = magic_game().setup().clone();
        setup.mode = castellan_engine::Mode::FinalBoard;
        let g = Game::new(setup).unwrap();
        let request = place_request("MW02", 1, 0, 180, None);
        assert!(tell_questions(&g, &request).unwrap().is_empty(), "figures are told where they stand");
    }
}
