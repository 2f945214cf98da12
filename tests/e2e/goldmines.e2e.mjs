// Gold Mines through the real window, at 1024×700: a game set up on the new-game screen, a gold
// tile's second ingot put on its neighbour by a click on the lit tile, then a city both players
// share closed by a second gold tile, its second ingot picked from the list, and the takes told
// one by one (on the board and from the list, the last taken back and taken again) — asked in
// German first, cancelled, and answered in English. The ingots are drawn on the board and on the
// scoreboard, the final count pays them in a step of their own, and the scores on screen are
// those `castellan score` gives for the game's exported script. Then a finished table with gold
// in hand: too much gold is refused in words, the right amount counted.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  click,
  entered,
  exportScript,
  invoke,
  offered,
  optionAt,
  placeFollower,
  putTile,
  resize,
  seatPlayers,
  shot,
  shown,
  skipCount,
  speak,
  textOf,
  view,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("goldmines"));
  await resize(browser, 1024, 700);
});
after(async () => {
  await browser?.deleteSession();
});

/** Puts `tile` at `x`, `y` turned `rotation` through the window, with a knight in its city
 * when `knight` says so (each tile here has one city). */
async function lay(tile, x, y, rotation, knight = false) {
  const option = await optionAt(browser, tile, x, y, rotation);
  const place = knight ? offered(option, "knight") : null;
  assert.ok(!knight || place, `${tile} offers a knight: ${JSON.stringify(option.followers)}`);
  await putTile(browser, tile, option);
  if (place) await placeFollower(browser, place);
}

/** Lays a tile that asks nothing and waits until the table has it. */
async function plain(tile, x, y, rotation, knight = false) {
  const before = (await view(browser)).cursor;
  await lay(tile, x, y, rotation, knight);
  await click(browser, "#confirm");
  await entered(browser, before);
}

test("a Gold Mines game entered in the window scores as the command line does", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  await click(browser, 'input[value="goldmines"]');
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna/);
  let game = await view(browser);
  assert.ok(game.asksTold, "the window asks the Big Box's questions");
  assert.deepEqual(game.gold, { held: [0, 0], onTiles: [] }, "no gold anywhere yet");
  const catalog = new Map((await invoke(browser, "catalog")).map((s) => [s.id, s]));
  assert.ok(catalog.get("GM07").gold && !catalog.get("D").gold, "gold tiles are drawn with their symbol");

  // Anna's gold tile north of the start tile, her knight in its city: the start tile alone is
  // around it, lit on the board and clicked there.
  let before = game.cursor;
  await lay("GM07", 0, -1, 90, true);
  await click(browser, "#confirm");
  await shown(browser, "#gold-question", "a gold tile asks where the second ingot goes");
  assert.equal(await (await browser.$("#tell-confirm")).isEnabled(), false, "not before it is answered");
  await shot(browser, "goldmines-neighbour-en");
  await click(browser, '[data-lit="0,0,C"]');
  await browser.waitUntil(async () => (await browser.$("#tell-confirm")).isEnabled(), { timeout: 5000 });
  await click(browser, "#tell-confirm");
  await entered(browser, before);
  game = await view(browser);
  assert.deepEqual(
    game.gold.onTiles,
    [
      { x: 0, y: -1, ingots: 1 },
      { x: 0, y: 0, ingots: 1 },
    ],
    "one ingot on the gold tile, one on the start tile (GM-02)",
  );
  await shown(browser, '[data-ingots="0,0"][data-count="1"]', "the board draws the ingot on the start tile");

  // Bram's knight in a city cap beside it, a road tile and a curve around: the next gold tile
  // closes one city holding both knights.
  await plain("D", 1, -1, 0, true);
  await plain("N", 0, -2, 180);
  await plain("U", 2, -1, 0);

  // Asked in German, then cancelled: the tile goes back as it lay.
  await speak(browser, "de");
  before = (await view(browser)).cursor;
  await lay("GM06", 1, -2, 270);
  await click(browser, "#confirm");
  await shown(browser, '#gold-question [data-neighbour="2,-1"]', "the tiles around are listed");
  assert.equal((await browser.$$("#gold-question [data-neighbour]")).length, 4, "U, D, GM07 and N around it");
  await textOf(browser, "#gold-question .label", /Goldbarren/);
  await shot(browser, "goldmines-neighbour-de");
  await click(browser, '[data-neighbour="0,-1"]');
  await shown(browser, '#gold-neighbour-chosen[data-neighbour-chosen="0,-1"]', "the answer folds to one line");
  await click(browser, "#gold-neighbour-change");
  await shown(browser, '[data-neighbour="2,-1"]', "and opens again to be changed");
  await click(browser, '[data-neighbour="2,-1"]');
  await click(browser, "#gold-tell-takes");
  await shown(browser, '#gold-taking[data-seat="0"]', "Anna takes first");
  await click(browser, '[data-heap="0,0"]');
  await shown(browser, '#gold-taking[data-seat="1"]', "then Bram");
  // Left to Castellan again: the takes told are dropped and the move may be entered.
  await click(browser, "#gold-by-rule");
  await browser.waitUntil(async () => !(await browser.$("#gold-taking").isExisting()), { timeout: 5000 });
  await browser.waitUntil(async () => (await browser.$("#tell-confirm")).isEnabled(), { timeout: 5000 });
  await click(browser, "#gold-tell-takes");
  await shown(browser, '#gold-taking[data-seat="0"]', "the takes start again from Anna");
  await shot(browser, "goldmines-takes-de");
  await click(browser, "#tell-cancel");
  await browser.waitUntil(async () => !(await browser.$("#tell-panel").isExisting()), { timeout: 5000 });
  assert.equal((await view(browser)).cursor, before, "nothing entered");
  await speak(browser, "en");

  await lay("GM06", 1, -2, 270);
  await click(browser, "#confirm");
  await (await shown(browser, '[data-neighbour="2,-1"]', "the neighbours are listed again")).click();
  await shown(browser, '#gold-neighbour-chosen[data-neighbour-chosen="2,-1"]', "the answer folds to one line");
  await shown(browser, "#gold-by-rule", "the gold is shared: the takes may be told");
  await click(browser, "#gold-tell-takes");
  await shown(browser, '#gold-taking[data-seat="0"]', "Anna, the mover, takes first (GM-05)");
  const heaps = () =>
    browser.execute(() => [...document.querySelectorAll("#gold-question [data-heap]")].map((b) => b.dataset.heap));
  assert.deepEqual(await heaps(), ["0,-1", "0,0", "1,-2"], "the city's tiles, not the curve's ingot");
  await shot(browser, "goldmines-takes-en");
  await click(browser, '[data-lit="1,-2,C"]');
  await shown(browser, '#gold-taking[data-seat="1"]', "then Bram");
  await click(browser, '[data-heap="0,0"]');
  await shown(browser, '#gold-taking[data-seat="0"]', "then Anna again");
  await click(browser, "#gold-undo");
  await shown(browser, '#gold-taking[data-seat="1"]', "Bram's take taken back");
  await click(browser, '[data-heap="0,-1"]');
  await shown(browser, '#gold-taking[data-seat="0"]', "Anna's last take");
  assert.equal(await (await browser.$("#tell-confirm")).isEnabled(), false, "not while ingots are left");
  await click(browser, '[data-heap="0,0"]');
  await shown(browser, '[data-taken="0-0,0"]', "every take is listed");
  await browser.waitUntil(async () => (await browser.$("#tell-confirm")).isEnabled(), { timeout: 5000 });
  await shot(browser, "goldmines-taken-en");
  await click(browser, "#tell-confirm");
  await entered(browser, before);
  game = await view(browser);
  assert.deepEqual(game.gold.held, [2, 1], "Anna two ingots, Bram one");
  assert.deepEqual(game.gold.onTiles, [{ x: 2, y: -1, ingots: 1 }], "the curve's ingot stays");
  await shown(browser, '.scoreboard [data-seat="0"] [data-gold="2"]', "the scoreboard shows Anna's ingots");
  await shown(browser, '.scoreboard [data-seat="1"] [data-gold="1"]', "and Bram's");
  await shot(browser, "goldmines-scoreboard");

  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  const goldStep = await browser.$("#final-gold");
  for (let i = 0; i < 30 && !(await goldStep.isExisting()); i++) await click(browser, "#final-next");
  assert.ok(await goldStep.isExisting(), "gold has a step of the count");
  await textOf(browser, "#final-gold", /^(Anna holds 2 ingots: 1 point each|Bram holds 1 ingot: 1 point each)$/);
  await shot(browser, "goldmines-final-gold");
  await skipCount(browser);

  const finished = await view(browser);
  const script = join(folder, "goldmines.json");
  const doc = await exportScript(browser, finished.gameId, script);
  assert.deepEqual(doc.setup.sets, ["base", "goldmines"]);
  const expected = referenceScore(script);
  await assertScoreboard(browser, finished.players, expected);
});

test("a finished table with gold in hand: too much refused in words, the rest counted", async () => {
  if (!(await browser.$("#new-game").isExisting())) await click(browser, "#menu");
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  await click(browser, "#final-board");
  await shown(browser, "#start-game", "the new-game screen");
  if (!(await (await browser.$('input[value="goldmines"]')).isSelected()))
    await click(browser, 'input[value="goldmines"]');
  for (const [seat, n] of [
    [0, 10],
    [1, 10],
  ])
    await (await browser.$(`[data-gold-input="${seat}"]`)).setValue(n);
  await click(browser, "#start-game");
  await textOf(browser, ".error", /20 gold ingots are held, but the box has only 16/);
  await shot(browser, "goldmines-too-much");
  await (await browser.$('[data-gold-input="1"]')).setValue(2);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^A finished table/);
  assert.deepEqual((await view(browser)).gold.held, [10, 2], "the ingots in hand");
  await click(browser, "#finish");
  await click(browser, "#track-skip");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  const goldStep = await browser.$("#final-gold");
  for (let i = 0; i < 30 && !(await goldStep.isExisting()); i++) await click(browser, "#final-next");
  await textOf(browser, "#final-gold", /^Anna holds 10 ingots: 4 points each$/);
  await skipCount(browser);
  const finished = await view(browser);
  assert.deepEqual(
    finished.players.map((p) => p.score),
    [40, 2],
    "10 ingots pay 4 each, 2 pay 1 each (GM-07)",
  );
});
