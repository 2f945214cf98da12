//! Writing a script: [`Script`] → JSON that [`Script::from_json`] reads back unchanged.

use crate::{Script, Standing, FORMAT, VERSION_2};
use castellan_engine::{CropCircle, CropDeed, Figure, GameSetup, Mode, Move, QuarterMove, RuleSet, Start};
use serde_json::{json, Map, Value};

/// A game's players as a script's `players` array.
pub fn players_json(setup: &GameSetup) -> Value {
    setup.players.iter().map(|p| json!({"name": p.name, "color": p.color.name()})).collect()
}

/// A game's sets, start, mode and rules as a script's `setup` object. Rule options at their
/// defaults are left out.
pub fn setup_json(s: &GameSetup) -> Value {
    let mut setup = Map::new();
    setup.insert("sets".into(), s.sets.iter().map(|t| Value::from(t.name())).collect());
    setup.insert("start".into(), s.start.name().into());
    if s.mode != Mode::Turns {
        setup.insert("mode".into(), s.mode.name().into());
    }
    setup.insert("rules".into(), rules_json(&s.rules));
    if s.mode == Mode::FinalBoard && s.start == Start::Count {
        setup.insert("count_at".into(), s.count_at.name().into());
    }
    if !s.goods.is_empty() {
        let hands = s.players.iter().zip(&s.goods).filter(|(_, t)| !t.is_empty());
        let goods = hands.map(|(p, t)| {
            let kinds = t.held().map(|(g, n)| (g.name().to_string(), Value::from(n))).collect::<Map<_, _>>();
            (p.name.clone(), Value::Object(kinds))
        });
        setup.insert("goods".into(), Value::Object(goods.collect()));
    }
    if !s.magic.is_empty() {
        setup.insert("magic".into(), crate::magic::magic_figures_json(&s.magic));
    }
    if !s.gold.is_empty() {
        let hands = s.players.iter().zip(&s.gold).filter(|(_, &n)| n > 0);
        setup.insert("gold".into(), hands.map(|(p, &n)| (p.name.clone(), Value::from(n))).collect());
    }
    if s.mode == Mode::FinalBoard {
        for (key, title) in [("king", s.titles.king), ("robber", s.titles.robber)] {
            if let Some(t) = title {
                setup.insert(key.into(), s.players[t.holder.index()].name.clone().into());
            }
        }
    }
    Value::Object(setup)
}

/// A final board's scores before the end count, by seat, as `setup.track`: name → score.
pub fn track_json(s: &GameSetup, track: &[u32]) -> Value {
    s.players.iter().zip(track).map(|(p, &t)| (p.name.clone(), Value::from(t))).collect::<Map<_, _>>().into()
}

/// A crop circle's action as a move's `crop_circle` (CC-03).
fn crop_circle_json(s: &GameSetup, c: &CropCircle) -> Value {
    let actions = c.actions.iter().map(|a| {
        let mut o = json!({"player": s.players[a.player.index()].name});
        match a.deed {
            CropDeed::Pass => o["pass"] = true.into(),
            CropDeed::At { cell, port, figure } => {
                o["at"] = json!([cell.x, cell.y, port.name()]);
                if figure != Figure::Follower {
                    o["figure"] = figure.name().into();
                }
            }
        }
        o
    });
    json!({"choice": c.choice.name(), "actions": actions.collect::<Vec<_>>()})
}

/// One move as an element of a script's `moves` array.
pub fn move_json(s: &GameSetup, m: &Move) -> Value {
    match m {
        Move::Discard { tile } => json!({"tile": tile.name(), "discard": true}),
        Move::City { at } => json!({"city": [at.x, at.y]}),
        Move::StandMagic { figure, cell, port } => crate::magic::magic_stand_json(*figure, *cell, *port),
        Move::Stand { player, at, figure } => {
            let stand = match at {
                Standing::Board(cell, port) => json!([cell.x, cell.y, port.name()]),
                Standing::City(q) => q.name().into(),
            };
            let mut o = json!({"player": s.players[player.index()].name, "stand": stand});
            // Only a figure other than a follower says so: a version-1 script is unchanged.
            if *figure != Figure::Follower {
                o["figure"] = figure.name().into();
            }
            o
        }
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
            let mut o = json!({"tile": tile.name(), "at": [cell.x, cell.y], "rot": rotation.degrees()});
            // Ferries (version 3): the new ferry, then the ferries moved.
            if let Some(link) = told.ferry {
                o["ferry"] = json!([link[0].letter(), link[1].letter()]);
            }
            if !told.ferry_moves.is_empty() {
                o["ferry_moves"] = told
                    .ferry_moves
                    .iter()
                    .map(|m| json!({"at": [m.at.x, m.at.y], "link": [m.link[0].letter(), m.link[1].letter()]}))
                    .collect();
            }
            if let Some(p) = follower {
                o["meeple"] = p.name().into();
                if *figure != Figure::Follower {
                    o["figure"] = figure.name().into();
                }
            }
            if let Some(m) = &told.magic {
                o["magic"] = crate::magic::magic_move_json(m);
            }
            if let Some(m) = &told.magic_fix {
                o["magic_fix"] = crate::magic::magic_move_json(m);
            }
            if let Some(flight) = &told.flight {
                crate::flight::write_flight(&mut o, flight);
            }
            if *recall_abbot {
                o["recall"] = "abbot".into();
            }
            if *pass_second_tile {
                o["second_tile"] = false.into();
            }
            if let Some(g) = told.gold {
                o["gold"] = json!([g.dx, g.dy]);
            }
            if !told.gold_taken.is_empty() {
                let takes = told
                    .gold_taken
                    .iter()
                    .map(|t| json!({"player": s.players[t.player.index()].name, "from": [t.from.x, t.from.y]}));
                o["gold_taken"] = takes.collect();
            }
            if let Some(p) = purchase {
                o["buyer"] = s.players[p.buyer.index()].name.clone().into();
                o["price"] = p.price.into();
            }
            if !count.is_empty() {
                let mut c = Map::new();
                if !count.moves.is_empty() {
                    c.insert("moves".into(), count.moves.iter().map(|m| quarter_move(s, m)).collect());
                }
                if let Some(e) = count.entry {
                    let mut enter = json!({"quarter": e.quarter.name()});
                    if let Some(to) = e.count_to {
                        enter["count_to"] = to.name().into();
                    }
                    if e.big {
                        enter["figure"] = Figure::Big.name().into();
                    }
                    c.insert("enter".into(), enter);
                }
                o["count"] = Value::Object(c);
            }
            if let Some(c) = &told.crop_circle {
                o["crop_circle"] = crop_circle_json(s, c);
            }
            o
        }
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
        let players = players_json(s);
        let mut setup = setup_json(s);
        if let Some(track) = &self.track {
            setup["track"] = track_json(s, track);
        }
        let moves: Vec<Value> = self.moves.iter().map(|m| move_json(s, m)).collect();
        let mut root = json!({
            "format": FORMAT,
            // Version 2 only for a game that needs it (the abbot), so readers of version 1
            // keep reading every other game.
            "version": self.version(),
            "players": players,
            "setup": setup,
            "moves": moves,
        });
        if !self.followers.is_empty() {
            root["followers"] = self
                .followers
                .iter()
                .map(|f| {
                    let mut o = match f.at {
                        Standing::Board(cell, port) => {
                            json!({"player": s.players[f.player.index()].name, "at": [cell.x, cell.y, port.name()]})
                        }
                        Standing::City(q) => json!({"player": s.players[f.player.index()].name, "quarter": q.name()}),
                    };
                    if f.figure != Figure::Follower {
                        o["figure"] = f.figure.name().into();
                    }
                    o
                })
                .collect();
        }
        if !self.final_moves.is_empty() {
            root["final_moves"] = self.final_moves.iter().map(|m| quarter_move(s, m)).collect();
        }
        // Written either way, so that a game not yet counted says so.
        root["final_scoring"] = self.final_scoring.into();
        if let Some(e) = &self.expect {
            root["expect"] = json!({ "scores": e });
        }
        root
    }
}

/// Followers moved out of the City before the final count, as a script's `final_moves`.
pub fn final_moves_json(s: &GameSetup, moves: &[QuarterMove]) -> Value {
    moves.iter().map(|m| quarter_move(s, m)).collect()
}

fn quarter_move(s: &GameSetup, m: &QuarterMove) -> Value {
    let mut o = json!({
        "player": s.players[m.player.index()].name,
        "quarter": m.quarter.name(),
        "to": [m.to.0.x, m.to.0.y, m.to.1.name()],
    });
    if m.big {
        o["figure"] = Figure::Big.name().into();
    }
    o
}

fn rules_json(r: &RuleSet) -> Value {
    let d = RuleSet::default();
    let mut o = Map::new();
    o.insert("farms".into(), r.farms.name().into());
    o.insert("small_city".into(), r.small_city.into());
    o.insert("score_incomplete".into(), r.score_incomplete.into());
    let mut opt = |k: &str, v: Value, default: Value| {
        if v != default {
            o.insert(k.into(), v);
        }
    };
    opt("small_city_pennants", r.small_city_pennants.into(), d.small_city_pennants.into());
    opt("road_loops_complete", r.road_loops_complete.into(), d.road_loops_complete.into());
    opt("max_players", r.max_players.into(), d.max_players.into());
    opt("border_closes", r.border_closes.into(), d.border_closes.into());
    opt("hole_extra_turn", r.hole_extra_turn.into(), d.hole_extra_turn.into());
    opt("separate_start_tile", r.separate_start_tile.into(), d.separate_start_tile.into());
    opt("title_record_rises", r.title_record_rises.into(), d.title_record_rises.into());
    opt("start_tile_in_bag", r.start_tile_in_bag.into(), d.start_tile_in_bag.into());
    opt(
        "challenge_when_partner_completes",
        r.challenge_when_partner_completes.into(),
        d.challenge_when_partner_completes.into(),
    );
    opt("challenge_winner_takes_both", r.challenge_winner_takes_both.into(), d.challenge_winner_takes_both.into());
    opt("relaxed_shrine_placement", r.relaxed_shrine_placement.into(), d.relaxed_shrine_placement.into());
    opt("river_before_city", r.river_before_city.into(), d.river_before_city.into());
    opt("start_tile_after_river", r.start_tile_after_river.into(), d.start_tile_after_river.into());
    opt("no_followers_on_river", r.no_followers_on_river.into(), d.no_followers_on_river.into());
    opt("recall_loses_challenge", r.recall_loses_challenge.into(), d.recall_loses_challenge.into());
    opt("herd_and_pig_stack", r.herd_and_pig_stack.into(), d.herd_and_pig_stack.into());
    opt("crop_circle_same_tile", r.crop_circle_same_tile.into(), d.crop_circle_same_tile.into());
    opt("purchase_pays_drawer", r.purchase_pays_drawer.into(), d.purchase_pays_drawer.into());
    opt("count_lock_entry", r.count_lock_entry.into(), d.count_lock_entry.into());
    opt("count_round_per_feature", r.count_round_per_feature.into(), d.count_round_per_feature.into());
    opt("count_movement", r.count_movement.name().into(), d.count_movement.name().into());
    opt("tied_winners", r.tied_winners.name().into(), d.tied_winners.name().into());
    opt("unplaceable", r.unplaceable.name().into(), d.unplaceable.name().into());
    if let Some(gardens) = r.gardens {
        o.insert("gardens".into(), gardens.into());
    }
    if !r.tree_junctions.is_empty() {
        o.insert("tree_junctions".into(), r.tree_junctions.iter().map(|t| Value::from(t.name())).collect());
    }
    if let Some(b) = r.bounds {
        o.insert("bounds".into(), json!({"min_x": b.min_x, "max_x": b.max_x, "min_y": b.min_y, "max_y": b.max_y}));
    }
    Value::Object(o)
}
