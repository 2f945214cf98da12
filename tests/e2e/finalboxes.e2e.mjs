// A finished table of the River, the Abbot, Inns & Cathedrals and Traders & Builders entered
// through the real window: the goods in each hand given on the new-game screen, tiles
// laid, then a figure of every kind stood where the table offers it — a follower, the builder
// beside it, the big follower, a farmer and the pig beside him, the abbot — and the table
// counted. The scores on screen must be those `castellan score` gives the exported script.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { assertScoreboard, click, invoke, layTiles, pointAtTile, seatPlayers, shot, textOf } from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("finalboxes"));
});
after(async () => {
  await browser?.deleteSession();
});

const view = () => invoke(browser, "current_game");

/** A tile on the board where `seat` may stand a figure of `figure` on a place `wanted` accepts. */
async function standingSpot(game, seat, figure, wanted = () => true) {
  for (const { x, y } of game.tiles) {
    const offered = await invoke(browser, "standing_places_for", { seat, x, y, before: null });
    const spot = offered.find((o) => o.figure === figure && wanted(o));
    if (spot) return { x, y, spot };
  }
  assert.fail(`nowhere for seat ${seat}'s ${figure}`);
}

/** Through the window: whose figure and which kind, the tile, the place in its shape. */
async function stand(seat, figure, wanted) {
  const game = await view();
  const { x, y, spot } = await standingSpot(game, seat, figure, wanted);
  await click(browser, `[data-stand-seat="${seat}"]`);
  await click(browser, `[data-stand-figure="${figure}"]`);
  await pointAtTile(browser, x, y);
  const shape = figure === "follower" ? spot.role : figure;
  const at = await browser.$(`[data-stand="${spot.place}"][data-shape="${shape}"]`);
  await at.waitForExist({
    timeout: 5000,
    timeoutMsg: `seat ${seat}'s ${figure} offered on ${spot.place} at ${x},${y}`,
  });
  await at.click();
  await browser.waitUntil(async () => (await view()).followers.length === game.followers.length + 1, {
    timeout: 5000,
    timeoutMsg: `seat ${seat}'s ${figure} stood`,
  });
  return spot;
}

test("a finished table of the four boxes, its goods in hand and every kind of figure, counts as castellan score", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  for (const box of ["river", "abbot", "inns-cathedrals", "traders-builders"])
    await click(browser, `input[value="${box}"]`);
  await click(browser, "#final-board");
  const goods = { "0-wine": 2, "1-wine": 1, "1-cloth": 3 };
  for (const [input, n] of Object.entries(goods)) await (await browser.$(`[data-goods-input="${input}"]`)).setValue(n);
  await shot(browser, "finalboxes-setup");
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^A finished table/);

  let game = await view();
  assert.deepEqual(
    game.traders.goods.map((g) => g.map((k) => [k.kind, k.tokens, k.leads])),
    [
      [
        ["wine", 2, true],
        ["grain", 0, false],
        ["cloth", 0, false],
      ],
      [
        ["wine", 1, false],
        ["grain", 0, false],
        ["cloth", 3, true],
      ],
    ],
    "the tokens in hand, and who leads each kind",
  );
  game = await layTiles(browser, game, 14);
  // Laid through the app's commands: the window learns of them with its next answer, here
  // the last tile taken back and put back from the keyboard.
  await browser.keys(["Control", "z"]);
  await browser.waitUntil(async () => (await view()).tiles.length === 13, { timeout: 5000 });
  await browser.keys(["Control", "y"]);
  await (await browser.$(`[data-tile-at="${game.tiles[13].x},${game.tiles[13].y}"]`)).waitForExist({ timeout: 5000 });

  await stand(0, "follower", (o) => o.role === "thief");
  await stand(0, "builder");
  await stand(1, "big");
  await stand(1, "follower", (o) => o.role === "farmer");
  await stand(1, "pig");
  await stand(0, "abbot");
  game = await view();
  assert.deepEqual(
    game.followers.map((f) => [f.seat, f.figure]).sort(),
    [
      [0, "abbot"],
      [0, "builder"],
      [0, "follower"],
      [1, "big"],
      [1, "follower"],
      [1, "pig"],
    ],
    "a figure of every kind stands",
  );
  await shot(browser, "finalboxes-entered");

  await click(browser, "#finish");
  await click(browser, "#track-skip");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await click(browser, "#final-skip");
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  await shot(browser, "finalboxes-count");

  const finished = await view();
  const steps = finished.result.count.steps.filter((s) => s.score.kind === "goods");
  assert.deepEqual(
    steps.map((s) => [s.score.goods, s.score.winners, s.score.points]),
    [
      ["wine", [0], 10],
      ["cloth", [1], 10],
    ],
    "wine for Anna, cloth for Bram, and grain for nobody (T-05, QX-11)",
  );
  const script = join(folder, "finalboxes.json");
  await invoke(browser, "export_game", { gameId: finished.gameId, format: "script", title: "t", path: script });
  const doc = JSON.parse(readFileSync(script, "utf8"));
  assert.deepEqual(doc.setup.goods, { Anna: { wine: 2 }, Bram: { wine: 1, cloth: 3 } }, "the script keeps the goods");
  const expected = referenceScore(script);
  await assertScoreboard(browser, finished.players, expected);
});
