// The four boxes of the base box's companions together at the table, through the real window:
// the River, the Abbot, Inns & Cathedrals and Traders & Builders set up on the new-game screen,
// the river laid first, Anna's big follower on a road, her builder beside it, the second tile
// the builder earns entered (taken back and put back again) and another passed up, Bram's
// farmer and pig, a city with goods completed, and the game counted with its goods step. The
// final scores on screen must be those `castellan score` gives for the game's exported script.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  click,
  confirmTurn,
  findPlacement,
  invoke,
  layTiles,
  putTile,
  seatPlayers,
  shot,
  textOf,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("boxes"));
});
after(async () => {
  await browser?.deleteSession();
});

const isRiver = (tile) => /^R1-/.test(tile);
const view = () => invoke(browser, "current_game");
const SIDES = ["N", "E", "S", "W"];
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/** Through the window: the figure of `offer` chosen among the mover's figures and put on its place. */
async function putFigure(offer) {
  await click(browser, `#figure-${offer.figure}`);
  // A follower is drawn as what it is there; every other figure in a shape of its own.
  const shape = offer.figure === "follower" ? offer.role : offer.figure;
  const spot = await browser.$(`[data-place="${offer.place}"][data-shape="${shape}"]`);
  await spot.waitForExist({ timeout: 5000, timeoutMsg: `the ${shape}'s place ${offer.place} is lit in its shape` });
  await spot.click();
}

/** A tile placed with `figure` on a place of `role`, through the window; returns the placement. */
async function placeWith(game, figure, role = null) {
  const offers = (o) => o.followers.find((f) => f.figure === figure && (role === null || f.role === role));
  const found = await findPlacement(browser, game, (o) => !o.earnsSecondTile && offers(o));
  await putTile(browser, found.tile, found.option);
  await putFigure(offers(found.option));
  await confirmTurn(browser);
  return found;
}

/** Waits until line `n` of the open turn log, newest first, says `expected`: asked afresh each
 * time, as the log shown is replaced once the app's answer comes in. */
async function logSays(n, expected) {
  const line = () => browser.execute((n) => document.querySelector(`#turns li:nth-child(${n})`)?.textContent ?? "", n);
  await browser.waitUntil(async () => expected.test(await line()), {
    timeout: 5000,
    timeoutMsg: `turn log line ${n} never said ${expected}`,
  });
}

const goodsHeld = (game, seat) => Object.fromEntries(game.traders.goods[seat].map((g) => [g.kind, g.tokens]));
const tokens = (game) => game.traders.goods.flat().reduce((n, g) => n + g.tokens, 0);

const turned = (side, rotation) => SIDES[(SIDES.indexOf(side) + rotation / 90) % 4];
const facing = (side) => SIDES[(SIDES.indexOf(side) + 2) % 4];
const play = (tile, o) =>
  invoke(browser, "play", { request: { kind: "place", tile, x: o.x, y: o.y, rotation: o.rotation, follower: null } });

/** The tiles in the bag that fit on `cell` with a city of one edge facing `side`, and how. */
async function capsAt(catalog, game, [x, y], side) {
  const caps = [];
  for (const { tile, count } of game.bag) {
    const shape = catalog.get(tile);
    const cities = shape.features.filter((f) => f.kind === "city" && f.sides.length === 1);
    if (count === 0 || isRiver(tile) || cities.length === 0) continue;
    for (const o of await invoke(browser, "placement_options_for", { tile })) {
      if (o.x !== x || o.y !== y || o.earnsSecondTile) continue;
      if (cities.some((c) => turned(c.sides[0], o.rotation) === side)) caps.push({ tile, option: o });
    }
  }
  return caps;
}

/**
 * A city with goods, searched through the app's commands (each try taken back): a tile whose
 * goods city reaches two edges, laid where both face empty squares, a city cap on one of them,
 * both entered; then the cap on the other that completes it, to be entered through the window
 * by the player to move, who takes the goods (T-03).
 */
async function goodsCityToComplete(catalog) {
  const start = await view();
  for (const { tile, count } of start.bag) {
    const city = catalog.get(tile)?.features.find((f) => f.goods && f.sides.length === 2);
    if (count === 0 || !city) continue;
    for (const o of await invoke(browser, "placement_options_for", { tile })) {
      if (o.earnsSecondTile) continue;
      const sides = city.sides.map((side) => turned(side, o.rotation));
      const cells = sides.map((side) => [o.x + STEP[side][0], o.y + STEP[side][1]]);
      if (cells.some(([x, y]) => start.tiles.some((t) => t.x === x && t.y === y))) continue;
      const laid = await play(tile, o);
      for (const first of (await capsAt(catalog, laid, cells[0], facing(sides[0]))).slice(0, 3)) {
        const capped = await play(first.tile, first.option);
        for (const last of (await capsAt(catalog, capped, cells[1], facing(sides[1]))).slice(0, 3)) {
          const closed = await play(last.tile, last.option);
          await invoke(browser, "undo");
          if (tokens(closed) > tokens(capped)) return { closer: capped.current, kind: city.goods, ...last };
        }
        await invoke(browser, "undo");
      }
      await invoke(browser, "undo");
    }
  }
  assert.fail("no goods city could be completed");
}

test("a game with the River, the Abbot, Inns & Cathedrals and Traders & Builders scores as the command line does", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  for (const box of ["river", "abbot", "inns-cathedrals", "traders-builders"])
    await click(browser, `input[value="${box}"]`);
  await (await browser.$('[data-option="gardens"]')).waitForExist({ timeout: 5000 });
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna/);

  let game = await view();
  assert.deepEqual(
    game.players[0].figures.map((f) => [f.figure, f.count]),
    [
      ["follower", 7],
      ["abbot", 1],
      ["big", 1],
      ["builder", 1],
      ["pig", 1],
    ],
    "seven followers, the abbot, the big follower, the builder and the pig",
  );
  const catalog = new Map((await invoke(browser, "catalog")).map((s) => [s.id, s]));

  // The river first, as the engine has it drawn.
  while (game.bag.some((b) => isRiver(b.tile) && b.count > 0))
    game = await layTiles(browser, game, game.tiles.length + 1);
  if (game.current !== 0) game = await layTiles(browser, game, game.tiles.length + 1);
  assert.equal(game.current, 0, "Anna's turn");

  // Anna: her big follower on a road. Bram: a farmer.
  await placeWith(game, "big", "thief");
  game = await view();
  assert.equal(game.followers.filter((f) => f.figure === "big").length, 1, "the big follower is on the board");
  await placeWith(game, "follower", "farmer");

  // Anna: her builder on the big follower's road. Bram: his pig beside his farmer.
  await placeWith(await view(), "builder");
  await placeWith(await view(), "pig");
  game = await view();
  assert.deepEqual(
    game.followers.filter((f) => f.figure === "builder" || f.figure === "pig").map((f) => [f.seat, f.figure]),
    [
      [0, "builder"],
      [1, "pig"],
    ],
  );

  // Anna lengthens the builder's road: the table says the tile earns her a second tile.
  const earning = await findPlacement(browser, game, (o) => o.earnsSecondTile);
  await putTile(browser, earning.tile, earning.option);
  await textOf(browser, "#earns-second-tile", "This tile earns Anna a second tile (builder)");
  await (await browser.$("#pass-second-tile")).waitForExist({ timeout: 5000 });
  await confirmTurn(browser);
  await textOf(browser, "#turn", /^Anna's second tile \(builder\)/);
  game = await view();
  assert.deepEqual([game.current, game.traders.secondTile], [0, true], "Anna moves again");
  await shot(browser, "boxes-second-tile");

  // Her second tile, one with no road, so the builder's road stays open; it earns no third.
  const noRoad = (tile) => !catalog.get(tile).edges.includes("R") && !isRiver(tile);
  const second = await findPlacement(browser, game, () => true, noRoad);
  assert.equal(second.option.earnsSecondTile, false, "a second tile earns no third (T-09)");
  await putTile(browser, second.tile, second.option);
  assert.equal(await (await browser.$("#pass-second-tile")).isExisting(), false, "nothing to pass up");
  await confirmTurn(browser);
  await textOf(browser, "#turn", /^Bram to play/);

  // Taken back, the second tile is Anna's to enter again; put back, it is Bram's turn.
  await click(browser, "#undo");
  await textOf(browser, "#turn", /^Anna's second tile/);
  await click(browser, "#redo");
  await textOf(browser, "#turn", /^Bram to play/);

  // The turn log says which tile earned it and which was it.
  await click(browser, "#turns summary");
  await logSays(1, /second tile \(builder\)/);
  await logSays(2, /· earns a second tile\b/);
  await click(browser, "#turns summary");

  // Bram: a tile. Anna: another tile on the builder's road, and the second tile passed up.
  game = await layTiles(browser, await view(), (await view()).tiles.length + 1, {
    choose: (options) => options.find((o) => !o.earnsSecondTile) ?? options[0],
  });
  const again = await findPlacement(browser, game, (o) => o.earnsSecondTile);
  await putTile(browser, again.tile, again.option);
  await click(browser, "#pass-second-tile");
  assert.equal(await (await browser.$("#pass-second-tile")).getAttribute("aria-pressed"), "true");
  await confirmTurn(browser);
  await textOf(browser, "#turn", /^Bram to play/);
  await click(browser, "#turns summary");
  await logSays(1, /· second tile passed up\b/);
  await click(browser, "#turns summary");

  // A city with goods: laid, capped on one side, and completed through the window.
  const goods = await goodsCityToComplete(catalog);
  game = await view();
  await putTile(browser, goods.tile, goods.option);
  await confirmTurn(browser);
  game = await view();
  const held = game.traders.goods[goods.closer].find((g) => g.kind === goods.kind);
  assert.ok(held.tokens > 0 && held.leads, `the completer takes the ${goods.kind} and leads it`);
  const token = await browser.$(
    `.scoreboard [data-seat="${goods.closer}"] [data-goods="${goods.kind}"][data-tokens="${held.tokens}"]`,
  );
  await token.waitForExist({ timeout: 5000, timeoutMsg: "the scoreboard shows the goods" });
  assert.equal(await token.getAttribute("data-leads"), "true", "and who leads the kind");
  await shot(browser, "boxes-scoreboard-goods");
  await click(browser, "#large-scoreboard");
  await (await browser.$(`#large [data-goods="${goods.kind}"].leads`)).waitForExist({ timeout: 5000 });
  // Each figure's words stand apart from the next: "abbot in hand · big follower out".
  for (const details of await browser.$$("#large .details")) {
    const text = await details.getText();
    assert.match(text, /\s·\s/, "the large scoreboard's details are several parts");
    assert.doesNotMatch(text, /\S·|·\S/, `every part of "${text}" stands apart`);
  }
  await shot(browser, "boxes-scoreboard-large");
  await click(browser, "#large-close");

  // The end, with tiles still in the bag; the final count tells the goods as a step of its own.
  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  const goodsStep = await browser.$("#final-goods");
  for (let i = 0; i < 60 && !(await goodsStep.isExisting()); i++) await click(browser, "#final-next");
  assert.ok(await goodsStep.isExisting(), "the goods have a step of the count");
  await textOf(browser, "#final-what", new RegExp(`most ${goods.kind}`));
  await textOf(browser, "#final-goods", /^Tokens held: /);
  await shot(browser, "boxes-final-goods");
  await click(browser, "#final-skip");
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  await shot(browser, "boxes-end");

  const finished = await view();
  const script = join(folder, "boxes.json");
  await invoke(browser, "export_game", { gameId: finished.gameId, format: "script", title: "t", path: script });
  const doc = JSON.parse(readFileSync(script, "utf8"));
  assert.equal(doc.version, 2);
  assert.deepEqual(doc.setup.sets, ["base", "river", "abbot", "inns-cathedrals", "traders-builders"]);
  const moves = JSON.stringify(doc.moves);
  for (const figure of ["big", "builder", "pig"])
    assert.ok(moves.includes(`"${figure}"`), `the script has the ${figure}`);
  assert.ok(moves.includes('"second_tile":false'), "and the second tile passed up");
  const expected = referenceScore(script);
  await assertScoreboard(browser, finished.players, expected);
  assert.deepEqual(
    finished.traders.goods.map((g) => Object.fromEntries(g.map((k) => [k.kind, k.tokens]))),
    finished.players.map((p) => ({ wine: 0, grain: 0, cloth: 0, ...expected.goods[p.name] })),
    "the goods are the command line's",
  );
});

test("the boxes' words at the table in Dutch and German", async () => {
  const words = {
    de: { goods: /Warenplättchen/, most: /: am meisten (Wein|Getreide|Stoff)/ },
    nl: { goods: /fiches?\b/, most: /: (de|het) meeste (wijn|graan|stof)/ },
  };
  const speak = async (language) => {
    await click(browser, "#menu");
    await click(browser, "#settings");
    await click(browser, `#settings-language-${language}`);
    await click(browser, "#back");
    await click(browser, "#back-to-count");
    // The count is told again from its first line.
    await click(browser, "#final-skip");
    await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  };
  for (const [language, said] of Object.entries(words)) {
    await speak(language);
    const goods = await browser.execute(() =>
      [...document.querySelectorAll(".scoreboard [data-goods] .visually-hidden")].map((e) => e.textContent).join(" | "),
    );
    assert.match(goods, said.goods, `the goods are said in ${language}: ${goods}`);
    assert.doesNotMatch(goods, /tokens?\b|wine|grain|cloth/i, `no English among them: ${goods}`);
    const feed = await browser.execute(() => document.querySelector("#feed")?.textContent ?? "");
    assert.match(feed, said.most, `the goods majority is said in ${language}: ${feed}`);
    await shot(browser, `boxes-end-${language}`);
  }
  await speak("en");
});
