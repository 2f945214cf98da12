//! Writing a script: [`Script`] → the format's shape ([`crate::shape`]) → JSON that
//! [`Script::from_json`] reads back unchanged. What is at its default is left out, so that a
//! script says only what the table chose.

use crate::shape::leaf::{
    CellRef, ColorName, CountMovementName, CropChoiceName, FarmName, FerryLink, FigureName, Flag, List, ModeName,
    NameMap, Obj, PlaceRef, PortName, QuarterName, Recall, Rot, SetName, StandAt, StartName, Text, TiedWinnersName,
    TileName, UnplaceableName, Whole,
};
use crate::shape::{
    BoundsDoc, CountDoc, CropActionDoc, CropCircleDoc, EnterDoc, ExpectDoc, FerryMoveDoc, FlightDoc, FollowerDoc,
    GoldTakeDoc, MoveDoc, PlayerDoc, QuarterMoveDoc, RulesDoc, ScriptDoc, SetupDoc,
};
use crate::{Script, Standing, FORMAT, VERSION_2};
use castellan_engine::{
    Cell, CropCircle, CropDeed, Figure, GameSetup, Mode, Move, PlayerId, QuarterMove, RuleSet, Start,
};
use serde::Serialize;
use serde_json::Value;

/// The shape as JSON: every part of the format is plain data, so this cannot fail.
pub(crate) fn json(doc: impl Serialize) -> Value {
    serde_json::to_value(doc).expect("the script's shape has string keys only")
}

/// A player, by name.
fn name(s: &GameSetup, player: PlayerId) -> Text {
    Text(s.players[player.index()].name.clone())
}

/// `figure`, said only when the figure is not a plain follower: a version-1 script has none.
fn unless_follower(figure: Figure) -> Option<FigureName> {
    (figure != Figure::Follower).then_some(FigureName(figure))
}

/// A game's players as a script's `players` array.
pub fn players_json(setup: &GameSetup) -> Value {
    json(players_doc(setup))
}

fn players_doc(s: &GameSetup) -> Vec<PlayerDoc> {
    let player = |p: &castellan_engine::PlayerSetup| PlayerDoc {
        name: Some(Text(p.name.clone())),
        color: Some(ColorName(p.color)),
    };
    s.players.iter().map(player).collect()
}

/// A game's sets, start, mode and rules as a script's `setup` object. Rule options at their
/// defaults are left out.
pub fn setup_json(s: &GameSetup) -> Value {
    json(setup_doc(s))
}

fn setup_doc(s: &GameSetup) -> SetupDoc {
    let final_board = s.mode == Mode::FinalBoard;
    let holder = |title: Option<castellan_engine::Title>| title.filter(|_| final_board).map(|t| name(s, t.holder));
    let goods = s.players.iter().zip(&s.goods).filter(|(_, t)| !t.is_empty()).map(|(p, t)| {
        let kinds = t.held().map(|(g, n)| (g.name().to_string(), Whole(n.into())));
        (p.name.clone(), NameMap(kinds.collect()))
    });
    let gold = s.players.iter().zip(&s.gold).filter(|(_, &n)| n > 0).map(|(p, &n)| (p.name.clone(), Whole(n.into())));
    SetupDoc {
        sets: Some(List(s.sets.iter().map(|&t| SetName(t)).collect())),
        start: Some(StartName(s.start)),
        mode: (s.mode != Mode::Turns).then_some(ModeName(s.mode)),
        rules: Some(Obj(rules_doc(&s.rules))),
        count_at: (final_board && s.start == Start::Count).then_some(QuarterName(s.count_at)),
        king: holder(s.titles.king),
        robber: holder(s.titles.robber),
        track: None,
        goods: (!s.goods.is_empty()).then(|| NameMap(goods.collect())),
        magic: (!s.magic.is_empty()).then(|| crate::magic::magic_figures_doc(&s.magic)),
        gold: (!s.gold.is_empty()).then(|| NameMap(gold.collect())),
    }
}

/// A final board's scores before the end count, by seat, as `setup.track`: name → score.
pub fn track_json(s: &GameSetup, track: &[u32]) -> Value {
    json(track_doc(s, track))
}

fn track_doc(s: &GameSetup, track: &[u32]) -> NameMap<Whole> {
    NameMap(s.players.iter().zip(track).map(|(p, &t)| (p.name.clone(), Whole(t.into()))).collect())
}

fn rules_doc(r: &RuleSet) -> RulesDoc {
    let d = RuleSet::default();
    let changed = |v: bool, default: bool| (v != default).then_some(Flag(v));
    RulesDoc {
        farms: Some(FarmName(r.farms)),
        small_city: Some(Flag(r.small_city)),
        score_incomplete: Some(Flag(r.score_incomplete)),
        small_city_pennants: changed(r.small_city_pennants, d.small_city_pennants),
        road_loops_complete: changed(r.road_loops_complete, d.road_loops_complete),
        max_players: (r.max_players != d.max_players).then_some(Whole(r.max_players.into())),
        border_closes: changed(r.border_closes, d.border_closes),
        hole_extra_turn: changed(r.hole_extra_turn, d.hole_extra_turn),
        separate_start_tile: changed(r.separate_start_tile, d.separate_start_tile),
        title_record_rises: changed(r.title_record_rises, d.title_record_rises),
        start_tile_in_bag: changed(r.start_tile_in_bag, d.start_tile_in_bag),
        challenge_when_partner_completes: changed(
            r.challenge_when_partner_completes,
            d.challenge_when_partner_completes,
        ),
        challenge_winner_takes_both: changed(r.challenge_winner_takes_both, d.challenge_winner_takes_both),
        relaxed_shrine_placement: changed(r.relaxed_shrine_placement, d.relaxed_shrine_placement),
        river_before_city: changed(r.river_before_city, d.river_before_city),
        start_tile_after_river: changed(r.start_tile_after_river, d.start_tile_after_river),
        no_followers_on_river: changed(r.no_followers_on_river, d.no_followers_on_river),
        recall_loses_challenge: changed(r.recall_loses_challenge, d.recall_loses_challenge),
        herd_and_pig_stack: changed(r.herd_and_pig_stack, d.herd_and_pig_stack),
        crop_circle_same_tile: changed(r.crop_circle_same_tile, d.crop_circle_same_tile),
        purchase_pays_drawer: changed(r.purchase_pays_drawer, d.purchase_pays_drawer),
        count_lock_entry: changed(r.count_lock_entry, d.count_lock_entry),
        count_round_per_feature: changed(r.count_round_per_feature, d.count_round_per_feature),
        count_movement: (r.count_movement != d.count_movement).then_some(CountMovementName(r.count_movement)),
        tied_winners: (r.tied_winners != d.tied_winners).then_some(TiedWinnersName(r.tied_winners)),
        unplaceable: (r.unplaceable != d.unplaceable).then_some(UnplaceableName(r.unplaceable)),
        gardens: r.gardens.map(Flag),
        tree_junctions: (!r.tree_junctions.is_empty()).then(|| List(r.tree_junctions.iter().map(TileName).collect())),
        bounds: r.bounds.map(|b| {
            Obj(BoundsDoc {
                min_x: Some(Whole(b.min_x.into())),
                max_x: Some(Whole(b.max_x.into())),
                min_y: Some(Whole(b.min_y.into())),
                max_y: Some(Whole(b.max_y.into())),
            })
        }),
    }
}

/// One move as an element of a script's `moves` array.
pub fn move_json(s: &GameSetup, m: &Move) -> Value {
    json(move_doc(s, m))
}

fn move_doc(s: &GameSetup, m: &Move) -> MoveDoc {
    match m {
        Move::Discard { tile } => {
            MoveDoc { tile: Some(TileName(*tile)), discard: Some(Flag(true)), ..MoveDoc::default() }
        }
        Move::City { at } => MoveDoc { city: Some(CellRef(*at)), ..MoveDoc::default() },
        Move::StandMagic { figure, cell, port } => crate::magic::magic_stand_doc(*figure, *cell, *port),
        Move::Stand { player, at, figure } => MoveDoc {
            player: Some(name(s, *player)),
            stand: Some(match *at {
                Standing::Board(cell, port) => StandAt::Board(PlaceRef(cell, port)),
                Standing::City(q) => StandAt::City(QuarterName(q)),
            }),
            figure: unless_follower(*figure),
            ..MoveDoc::default()
        },
        Move::Place {
            tile,
            cell,
            rotation,
            follower,
            figure,
            recall_abbot,
            count,
            purchase,
            pass_second_tile,
            told,
        } => {
            // The figure placed; a flight's figure, when not a follower, is the one that flew.
            let placed = follower.and_then(|_| unless_follower(*figure));
            let flown = told.flight.and_then(|f| unless_follower(f.figure));
            let ferry_move = |m: &castellan_engine::FerryMove| {
                Obj(FerryMoveDoc { at: Some(CellRef(m.at)), link: Some(FerryLink(m.link)) })
            };
            let gold_take = |t: &castellan_engine::GoldTake| {
                Obj(GoldTakeDoc { player: Some(name(s, t.player)), from: Some(CellRef(t.from)) })
            };
            MoveDoc {
                tile: Some(TileName(*tile)),
                at: Some(CellRef(*cell)),
                rot: Some(Rot(*rotation)),
                meeple: follower.map(PortName),
                figure: flown.or(placed),
                recall: recall_abbot.then_some(Recall),
                second_tile: pass_second_tile.then_some(Flag(false)),
                buyer: purchase.map(|p| name(s, p.buyer)),
                price: purchase.map(|p| Whole(p.price.into())),
                count: (!count.is_empty()).then(|| {
                    Obj(CountDoc {
                        moves: (!count.moves.is_empty())
                            .then(|| List(count.moves.iter().map(|m| Obj(quarter_move_doc(s, m))).collect())),
                        enter: count.entry.map(|e| {
                            Obj(EnterDoc {
                                quarter: Some(QuarterName(e.quarter)),
                                count_to: e.count_to.map(QuarterName),
                                figure: e.big.then_some(FigureName(Figure::Big)),
                            })
                        }),
                    })
                }),
                ferry: told.ferry.map(FerryLink),
                ferry_moves: (!told.ferry_moves.is_empty())
                    .then(|| List(told.ferry_moves.iter().map(ferry_move).collect())),
                gold: told.gold.map(|g| CellRef(Cell::new(g.dx, g.dy))),
                gold_taken: (!told.gold_taken.is_empty())
                    .then(|| List(told.gold_taken.iter().map(gold_take).collect())),
                magic: told.magic.as_ref().map(|m| Obj(crate::magic::magic_move_doc(m))),
                magic_fix: told.magic_fix.as_ref().map(|m| Obj(crate::magic::magic_move_doc(m))),
                flight: told.flight.map(|f| FlightDoc { roll: f.roll, to: f.to }),
                crop_circle: told.crop_circle.as_ref().map(|c| Obj(crop_circle_doc(s, c))),
                ..MoveDoc::default()
            }
        }
    }
}

/// A crop circle's action as a move's `crop_circle` (CC-03).
fn crop_circle_doc(s: &GameSetup, c: &CropCircle) -> CropCircleDoc {
    let action = |a: &castellan_engine::CropAction| {
        let player = Some(name(s, a.player));
        Obj(match a.deed {
            CropDeed::Pass => CropActionDoc { player, pass: Some(Flag(true)), ..CropActionDoc::default() },
            CropDeed::At { cell, port, figure } => CropActionDoc {
                player,
                at: Some(PlaceRef(cell, port)),
                figure: unless_follower(figure),
                ..CropActionDoc::default()
            },
        })
    };
    CropCircleDoc {
        choice: Some(CropChoiceName(c.choice)),
        actions: Some(List(c.actions.iter().map(action).collect())),
    }
}

impl Script {
    /// Whether the script says anything only version 2 can: the set of the abbot, Inns &
    /// Cathedrals or Traders & Builders, goods in hand, a figure other than a follower (on the
    /// board or in the City), a recall, or a second tile passed up.
    fn needs_version_2(&self) -> bool {
        crate::version_for(&self.setup) >= VERSION_2
            || self.followers.iter().any(|f| f.figure != Figure::Follower)
            || self.final_moves.iter().any(|m| m.big)
            || self.moves.iter().any(|m| match m {
                Move::Stand { figure, .. } => *figure != Figure::Follower,
                Move::Place { figure, recall_abbot, count, pass_second_tile, .. } => {
                    *figure != Figure::Follower
                        || *recall_abbot
                        || *pass_second_tile
                        || count.moves.iter().any(|q| q.big)
                        || count.entry.is_some_and(|e| e.big)
                }
                Move::Discard { .. } | Move::City { .. } | Move::StandMagic { .. } => false,
            })
    }

    /// The format version this script is written in: the oldest that says all of it.
    pub fn version(&self) -> u64 {
        let mut version = crate::version_for(&self.setup);
        if self.needs_version_2() {
            version = version.max(VERSION_2);
        }
        // What the table told with a tile is version 3's, whatever the sets (a script telling
        // it without its box is refused when played, and must say so when read back).
        let tells = self.moves.iter().any(|m| matches!(m, Move::Place { told, .. } if !told.is_empty()));
        if tells {
            version = version.max(crate::VERSION_3);
        }
        version
    }

    /// The script as JSON. Rule options at their defaults are left out.
    pub fn to_json(&self) -> Value {
        let s = &self.setup;
        let follower = |f: &crate::StandingFollower| {
            let (at, quarter) = match f.at {
                Standing::Board(cell, port) => (Some(PlaceRef(cell, port)), None),
                Standing::City(q) => (None, Some(QuarterName(q))),
            };
            FollowerDoc {
                player: Some(name(s, f.player)),
                at,
                quarter,
                figure: unless_follower(f.figure),
                recall: None,
            }
        };
        json(ScriptDoc {
            format: FORMAT,
            // Version 2 only for a game that needs it (the abbot), so readers of version 1
            // keep reading every other game.
            version: self.version(),
            players: players_doc(s),
            setup: SetupDoc { track: self.track.as_ref().map(|t| track_doc(s, t)), ..setup_doc(s) },
            moves: self.moves.iter().map(|m| move_doc(s, m)).collect(),
            followers: (!self.followers.is_empty()).then(|| self.followers.iter().map(follower).collect()),
            final_moves: (!self.final_moves.is_empty())
                .then(|| self.final_moves.iter().map(|m| quarter_move_doc(s, m)).collect()),
            // Written either way, so that a game not yet counted says so.
            final_scoring: self.final_scoring,
            expect: self.expect.as_ref().map(|e| ExpectDoc {
                scores: Some(NameMap(e.iter().map(|(n, &p)| (n.clone(), Whole(p.into()))).collect())),
            }),
        })
    }
}

/// Followers moved out of the City before the final count, as a script's `final_moves`.
pub fn final_moves_json(s: &GameSetup, moves: &[QuarterMove]) -> Value {
    json(moves.iter().map(|m| quarter_move_doc(s, m)).collect::<Vec<_>>())
}

fn quarter_move_doc(s: &GameSetup, m: &QuarterMove) -> QuarterMoveDoc {
    QuarterMoveDoc {
        player: Some(name(s, m.player)),
        quarter: Some(QuarterName(m.quarter)),
        to: Some(PlaceRef(m.to.0, m.to.1)),
        figure: m.big.then_some(FigureName(Figure::Big)),
    }
}
