//! The JSON report of a replayed game, as `castellan score` prints it.

use castellan_engine::{Event, Game, PlayerId, Quarter, Rule, Score, ScoreLists, TileSet, TrackPosition};
use serde_json::{json, Value};

/// Scores by name, standings, winners, score-track positions, followers in supply, every
/// score event with its reason, and notices: what the table may want to look at again
/// although it breaks no rule.
pub fn report(game: &Game) -> Value {
    report_with_track(game, None)
}

/// [`report`] of a final board whose scores before the end count are known (`setup.track`,
/// by seat): `scores`, `standings`, `winners`, `outcome` and `track` are then on the totals,
/// and `before_count` and `end_count` say what each total is made of.
pub fn report_with_track(game: &Game, before: Option<&[u32]>) -> Value {
    let players = &game.setup().players;
    let name = |p: castellan_engine::PlayerId| players[p.index()].name.clone();
    let totals = crate::with_track(game.scores(), before);
    let by_name = |points: &[u32]| -> serde_json::Map<String, Value> {
        players.iter().zip(points).map(|(p, &s)| (p.name.clone(), s.into())).collect()
    };
    let scores = by_name(&totals);
    let track: serde_json::Map<String, Value> = players
        .iter()
        .zip(&totals)
        .map(|(p, &s)| {
            let t = TrackPosition::of(s);
            (p.name.clone(), json!({"space": t.space, "fifties": t.fifties, "hundreds": t.hundreds}))
        })
        .collect();
    let events: Vec<Value> = game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) => Some(score_json(s, game.score_lists(), &name)),
            _ => None,
        })
        .collect();
    let mut report = json!({
        "scores": scores,
        "standings": game.standings_of(&totals).into_iter().map(|(p, s, r)| json!({"player": name(p), "score": s, "rank": r})).collect::<Vec<_>>(),
        "winners": game.winners_of(&totals).into_iter().map(name).collect::<Vec<_>>(),
        "outcome": outcome(game, &totals),
        "track": track,
        "supply": players.iter().zip(game.supply()).map(|(p, &n)| (p.name.clone(), Value::from(n))).collect::<serde_json::Map<_, _>>(),
        "tiles_left": game.tiles_left(),
        "city": game.city().map(|city| {
            let quarters: serde_json::Map<String, Value> = Quarter::ALL
                .iter()
                .map(|&q| {
                    let held: serde_json::Map<String, Value> = city
                        .followers(q)
                        .present()
                        .into_iter()
                        .map(|(p, n)| (name(p), Value::from(n)))
                        .collect();
                    (q.name().to_string(), Value::Object(held))
                })
                .collect();
            let mut o = json!({"count_at": city.count_at.name(), "quarters": quarters});
            // Where each big follower waits: only when one does.
            let big: serde_json::Map<String, Value> = (0..players.len())
                .filter_map(|i| city.big(PlayerId(i as u8)).map(|q| (name(PlayerId(i as u8)), q.name().into())))
                .collect();
            if !big.is_empty() {
                o["big"] = big.into();
            }
            o
        }),
        "king": game.titles().king.map(|t| json!({"holder": name(t.holder), "record": t.record})),
        "robber": game.titles().robber.map(|t| json!({"holder": name(t.holder), "record": t.record})),
        "finished": game.is_finished(),
        "to_play": (!game.is_finished()).then(|| name(game.current_player())),
        "followers": game
            .board()
            .followers()
            .iter()
            .map(|f| {
                let mut o = json!({"player": name(f.player), "at": [f.cell.x, f.cell.y, f.port.name()]});
                // Only a figure other than a follower says so: a version-1 report is unchanged.
                if f.figure != castellan_engine::Figure::Follower {
                    o["figure"] = f.figure.name().into();
                }
                o
            })
            .collect::<Vec<_>>(),
        // Heretics: the monk–heretic pairs whose challenge is still undecided (H-05 to H-08).
        "challenges": game
            .challenges()
            .iter()
            .map(|c| json!({"cloister": [c.cloister.x, c.cloister.y], "shrine": [c.shrine.x, c.shrine.y]}))
            .collect::<Vec<_>>(),
        "events": events,
        "notices": notices(game),
    });
    let (abbot, big, traders) = (
        game.setup().has(TileSet::Abbot),
        game.setup().has(TileSet::InnsCathedrals),
        game.setup().has(TileSet::TradersBuilders),
    );
    if abbot || big || traders {
        // The extra figures in hand, beside `supply` (the followers): only the kinds in play.
        let companions = game.companions_in_hand();
        report["figures"] = players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mut held = serde_json::Map::new();
                if abbot {
                    held.insert("abbot".into(), game.abbots()[i].into());
                }
                if big {
                    held.insert("big".into(), game.bigs()[i].into());
                }
                if traders {
                    let (builders, pigs) = companions[i];
                    held.insert("builder".into(), builders.into());
                    held.insert("pig".into(), pigs.into());
                }
                (p.name.clone(), Value::Object(held))
            })
            .collect::<serde_json::Map<_, _>>()
            .into();
    }
    if game.setup().has(TileSet::MageWitch) {
        // Where the mage and the witch stand, `null` beside the board (MW-02, MW-08).
        report["magic"] = crate::magic::magic_figures_json(&game.magic());
    }
    if game.setup().has(castellan_engine::TileSet::TradersBuilders) {
        // The tokens each player holds (T-03), and whether the next move is a second tile.
        report["goods"] = players
            .iter()
            .zip(game.goods())
            .map(|(p, t)| {
                let kinds = castellan_engine::Goods::ALL.iter().map(|&g| (g.name().to_string(), Value::from(t[g])));
                (p.name.clone(), Value::Object(kinds.collect()))
            })
            .collect::<serde_json::Map<_, _>>()
            .into();
        report["second_tile"] = game.second_tile().into();
    }
    if game.setup().has(TileSet::Ferries) {
        // Where each ferry lies at the end of the moves (FE-04, FE-05).
        report["ferries"] = game
            .ferries()
            .iter()
            .map(|(at, link)| json!({"at": [at.x, at.y], "link": [link[0].letter(), link[1].letter()]}))
            .collect();
    }
    if game.setup().has(TileSet::Flier) {
        // Every flight told, landed or crashed (FM-03 to FM-09).
        report["flights"] = crate::flight::flights_json(game);
    }
    if game.setup().has(TileSet::Goldmines) {
        // The ingots each player holds (GM-04), and those still lying on tiles.
        report["gold"] = players
            .iter()
            .zip(game.gold())
            .map(|(p, &n)| (p.name.clone(), Value::from(n)))
            .collect::<serde_json::Map<_, _>>()
            .into();
        report["gold_on_tiles"] =
            game.gold_on_tiles().iter().map(|&(c, n)| json!({"at": [c.x, c.y], "ingots": n})).collect();
    }
    if let Some(before) = before {
        report["before_count"] = by_name(before).into();
        report["end_count"] = by_name(game.scores()).into();
    }
    report
}

/// One score event with its reason. The keys of the newer boxes appear only where they say
/// something, so that a version-1 report is unchanged: a follower's `weight` where a big
/// follower made it differ from `count` (I-12), `inn` and `cathedral` for a road or city paid
/// by the Inns & Cathedrals rules (I-05 to I-08).
fn score_json(s: &Score, lists: &ScoreLists, name: &impl Fn(PlayerId) -> String) -> Value {
    let followers: Vec<Value> = s
        .followers
        .present()
        .into_iter()
        .map(|(p, n)| {
            let mut o = json!({"player": name(p), "count": n});
            if s.weight[p] != n {
                o["weight"] = s.weight[p].into();
            }
            o
        })
        .collect();
    let mut o = json!({
        "source": s.source.name(),
        "winners": s.winners.iter().map(name).collect::<Vec<_>>(),
        "points": s.points,
        "tiles": lists.tiles(s).iter().map(|c| [c.x, c.y]).collect::<Vec<_>>(),
        "pennants": s.pennants,
        "neighbours": s.neighbours,
        "cities": lists.cities(s).iter().map(|(c, p)| json!([c.x, c.y, p.name()])).collect::<Vec<_>>(),
        "carcassonne": s.carcassonne,
        "followers": followers,
        "outvoted": s.outvoted.iter().map(name).collect::<Vec<_>>(),
        "complete": s.complete,
        "final": s.final_scoring,
        "at": [s.anchor.0.x, s.anchor.0.y, s.anchor.1.name()],
        "rule": s.rule.id(),
    });
    match s.rule {
        Rule::I05 | Rule::I06 => o["inn"] = true.into(),
        Rule::I07 | Rule::I08 => o["cathedral"] = true.into(),
        _ => {}
    }
    // The keys of Traders & Builders appear only where they say something, so a version-1
    // report is unchanged.
    if let Some(goods) = s.goods {
        o["goods"] = goods.name().into();
    }
    if !s.pigs.is_empty() {
        o["pigs"] = s.pigs.iter().map(name).collect::<Vec<_>>().into();
    }
    o
}

/// Things accepted but worth a second look: followers a final board shows on a complete
/// road, city, cloister or shrine, which the table forgot to take back and which score
/// nothing.
fn notices(game: &Game) -> Vec<Value> {
    let players = &game.setup().players;
    game.forgotten_followers()
        .iter()
        .map(|f| {
            let feature = game.feature_at(f.cell, f.port).map(|v| v.kind.to_string());
            json!({
                "kind": "forgotten-follower",
                "player": players[f.player.index()].name,
                "at": [f.cell.x, f.cell.y, f.port.name()],
                "feature": feature,
            })
        })
        .collect()
}

/// How a finished game was decided (V-14): one `"winner"`, or for a tie at the top the
/// table's tie rule — `"shared"`, `"no-winner"` or `"play-again"`. `null` while the game
/// runs. `winners` alone cannot tell a tie without a winner from one to be replayed.
fn outcome(game: &Game, totals: &[u32]) -> Value {
    if !game.is_finished() {
        return Value::Null;
    }
    let top = game.standings_of(totals).iter().filter(|&&(_, _, rank)| rank == 1).count();
    let word = match game.rules().tied_winners {
        _ if top <= 1 => "winner",
        tie => tie.name(),
    };
    word.into()
}
