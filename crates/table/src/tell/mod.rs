//! The Big Box at the table: what the players must tell the app about a tile before its move
//! is entered — a flight's die and landing, a ferry's road ends, a gold tile's neighbour, where
//! the mage or the witch goes, the crop circle's action — asked only where the engine says the
//! tile asks it. The answers come back in the move as the engine's [`Told`]
//! (`MoveRequest::Place::told`), and the engine checks them like every other move.
//!
//! Each box adds its own question here as a field of [`TellQuestions`], built in a module of
//! its own; a field is left out of the data when its box asks nothing of this move.

mod crop;

pub mod gold;

mod flier;

mod magic;

pub use crate::count::QuestionError;
pub mod ferries;
use crate::request::MoveRequest;
use castellan_engine::{Game, Move};
pub use crop::{CropFigure, CropPlayer, CropQuestion};
pub use flier::FlightQuestion;
pub use magic::{MagicChoice, MagicQuestion};
use serde::Serialize;

/// What the table is asked about one placement, box by box; nothing when no box asks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TellQuestions {
    /// Gold Mines: the second ingot's tile, and the takes when gold is shared.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub gold: Option<gold::GoldQuestion>,
    /// Mage & Witch: where the mage or the witch goes, or which moves away (MW-02 to MW-05).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub magic: Option<MagicQuestion>,
    /// Flying Machines: who flies from the tile's machine, the die and the landing.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub flier: Option<FlightQuestion>,
    /// Ferries: the new lake's ferry and the ferries the placer may move (FE-03, FE-05).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub ferries: Option<ferries::FerryQuestion>,
    /// Crop Circles: after a crop-circle tile, the placer's choice and each player's part.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub crop: Option<CropQuestion>,
}

impl TellQuestions {
    /// Whether no box asks anything of this move: it is entered without questions.
    pub fn is_empty(&self) -> bool {
        *self == TellQuestions::default()
    }
}

/// The questions for `request`, a placement as the screen would enter it (its answers so far
/// in `told`); on a final board, where the table describes figures where they stand, only the
/// ferry lying on a lake tile laid (FE-07).
///
/// # Errors
/// The request cannot be read as a move.
pub fn tell_questions(game: &Game, request: &MoveRequest) -> Result<TellQuestions, QuestionError> {
    let mv = request.to_move()?;
    let Move::Place { tile, cell, rotation, told, .. } = &mv else { return Ok(TellQuestions::default()) };
    if !game.setup().asks_told() {
        return Ok(TellQuestions::default());
    }
    Ok(TellQuestions {
        gold: gold::gold_question(game, &mv)?,
        magic: magic::magic_question(game, *tile, (*cell, *rotation), told.magic)?,
        flier: flier::flight_question(game, &mv),
        ferries: ferries::ferry_question(game, &mv)?,
        crop: crop::crop_question(game, &mv),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::{GameSetup, TileSet, Told};

    #[test]
    fn only_the_big_box_boxes_ask_the_table() {
        let with = |sets: &[TileSet]| GameSetup { sets: sets.to_vec(), ..GameSetup::base(&["Anna", "Bram"]) };
        assert!(!with(&[TileSet::Base, TileSet::Count, TileSet::TradersBuilders, TileSet::Abbot]).asks_told());
        for set in [TileSet::Flier, TileSet::Ferries, TileSet::Goldmines, TileSet::MageWitch, TileSet::CropCircles] {
            assert!(with(&[TileSet::Base, set]).asks_told(), "{set:?}");
        }
    }

    #[test]
    fn a_magic_tile_beside_gold_mines_is_asked_its_magic_not_refused() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets = vec![TileSet::Base, TileSet::Goldmines, TileSet::MageWitch];
        let game = Game::new(setup).unwrap();
        let tile = castellan_engine::TileId::from_name("MW01").unwrap();
        let option = crate::placement::placement_options(&game, tile).into_iter().next().expect("MW01 fits");
        let request = MoveRequest::Place {
            tile,
            x: option.x,
            y: option.y,
            rotation: option.rotation,
            follower: None,
            figure: castellan_engine::Figure::Follower,
            recall_abbot: false,
            count: None,
            pass_second_tile: false,
            told: Told::default(),
        };
        let asked = tell_questions(&game, &request).expect("asked, though the mage's place is not told yet");
        assert!(asked.magic.is_some(), "the magic question: {asked:?}");
        assert!(asked.gold.is_none(), "no gold to share on the first tile");
    }

    #[test]
    fn a_base_game_move_asks_nothing() {
        let game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        let request = crate::fixture::place_request("D", 1, 0, 0, None);
        assert!(tell_questions(&game, &request).unwrap().is_empty());
    }
}
