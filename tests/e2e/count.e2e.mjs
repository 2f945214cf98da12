// A Count game through the table screen of the real app: the placer enters the City after
// only others scored, a follower leaves the castle for the city the next tile completes,
// undo and redo, a past turn corrected, and a correction refused because a later turn no
// longer fits. The same moves replay through `castellan score` in the scenarios.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chooseTile, click, openApp, placeFollower, seatPlayers, shot, textOf, waitScores } from "./session.mjs";

/** The scores `castellan score` gives a script: the engine's answer without the window. */
function castellanScore(script) {
  const file = join(mkdtempSync(join(tmpdir(), "castellan-")), "game.json");
  writeFileSync(file, JSON.stringify(script));
  return JSON.parse(execFileSync("target/debug/castellan", ["score", file], { encoding: "utf8" })).scores;
}

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

// Where Dirk's knight left the castle for, as the screen offered it: `[x, y, place]`.
let dirksMove;
// Where Clara's first thief stood.
let clarasThief;
let clarasRotation;

test("entering the City, moving out of the castle, undo and redo", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Clara", color: "red" },
    { name: "Dirk", color: "blue" },
  ]);
  await click(browser, 'input[value="count"]');
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Clara to play · In the bag: 71 tiles$/);
  assert.ok(
    await (await browser.$('#city li.count[data-quarter="castle"]')).isExisting(),
    "the Count starts in the castle",
  );
  assert.ok(
    await (await browser.$('[data-board-quarter="castle"]')).isExisting(),
    "the quarters are drawn on the City",
  );

  // Clara's thief on the road out of the City's south gate.
  await chooseTile(browser, "U");
  await click(browser, '[data-cell="0,2"]');
  clarasThief = await placeFollower(browser, "N", "S");
  clarasRotation = Number(await (await browser.$("[data-pending-rotation]")).getAttribute("data-pending-rotation"));
  await click(browser, "#confirm");
  await textOf(browser, "#turn", /^Dirk to play/);

  // Dirk closes it: Clara scores 3, Dirk nothing, so Dirk may enter the City.
  await chooseTile(browser, "A");
  await click(browser, '[data-cell="0,3"]');
  await click(browser, "#confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });
  await shot(browser, "count-entering");
  await click(browser, "#enter-castle");
  await click(browser, "#count-to-market");
  await click(browser, "#count-confirm");
  await waitScores(browser, [3, 0]);
  await (await browser.$('#city [data-quarter="castle"] .token[data-seat="1"]')).waitForExist({ timeout: 5000 });
  assert.ok(
    await (await browser.$('#city li.count[data-quarter="market"]')).isExisting(),
    "the Count went to the market",
  );

  // Clara closes a city on the City's east side with her knight; Dirk's knight leaves the castle
  // for it before the scoring, so they tie and both score 4.
  await chooseTile(browser, "E");
  await click(browser, '[data-cell="2,1"]');
  await placeFollower(browser, "W");
  await click(browser, "#confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });
  await click(browser, '[data-move^="1-castle-"]');
  await shot(browser, "count-moving-out");
  await click(browser, "#count-next");
  await waitScores(browser, [7, 4]);
  await textOf(browser, "#feed li", /^Clara and Dirk 4: city of 2 tiles/);
  assert.ok(!(await (await browser.$('#city .token[data-seat="1"]')).isExisting()), "the castle is empty again");
  await shot(browser, "count-city");

  await click(browser, "#undo");
  await waitScores(browser, [3, 0]);
  await (await browser.$('#city [data-quarter="castle"] .token[data-seat="1"]')).waitForExist({ timeout: 5000 });
  await click(browser, "#redo");
  await waitScores(browser, [7, 4]);
});

test("a past turn corrected, and a correction a later turn cannot survive refused", async () => {
  await click(browser, "#turns summary");
  // Clara's city tile again, but without her knight: Dirk's knight from the castle takes it alone.
  await click(browser, '[data-correct="2"]');
  await textOf(browser, "#correcting", /turn 3/);
  await waitScores(browser, [7, 4]); // the scoreboard keeps the game as entered until the correction is made
  await chooseTile(browser, "E");
  await click(browser, '[data-cell="2,1"]');
  await click(browser, "#no-follower");
  await click(browser, "#confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });
  const moveOut = await browser.$('[data-move^="1-castle-"]');
  dirksMove = (await moveOut.getAttribute("data-move")).split("-")[2].split(",");
  await moveOut.click();
  await click(browser, "#count-next");
  // Now only Dirk scored on Clara's tile, so the engine lets Clara enter the City: she goes to
  // the market and sends the Count back to the castle.
  await textOf(browser, "#count-panel", /Clara scored nothing while others did/);
  await click(browser, "#enter-market");
  await click(browser, "#count-to-castle");
  await shot(browser, "count-correction");
  await click(browser, "#count-confirm");
  await waitScores(browser, [3, 4]);
  await (await browser.$('#city [data-quarter="market"] .token[data-seat="0"]')).waitForExist({ timeout: 5000 });
  assert.ok(!(await (await browser.$("#correcting")).isExisting()), "the correction is done");

  // Clara's first tile moved to the north gate: Dirk's tile at 0,3 would touch nothing.
  await click(browser, '[data-correct="0"]');
  await chooseTile(browser, "U");
  await click(browser, '[data-cell="1,-2"]');
  await click(browser, "#confirm");
  const refusal = await textOf(browser, "#message", /turn 2/);
  assert.match(refusal, /^Not changed: turn 2 would no longer fit/);
  await shot(browser, "count-correction-refused");
  await click(browser, "#stop-correcting");
  await waitScores(browser, [3, 4]);
  // The open log reads the game again after each change: give it the time to answer.
  await browser.waitUntil(async () => (await browser.$$("#turns li")).length === 3, {
    timeout: 5000,
    timeoutMsg: "still three turns",
  });
});

test("Clara leaves the market for a farm before the final count, which scores as castellan score does", async () => {
  await click(browser, "#finish");
  await (await browser.$("#final-moves")).waitForExist({ timeout: 5000 });
  await click(browser, '[data-final="0-market"]');
  const target = await browser.$("[data-target]");
  await target.waitForExist({ timeout: 5000 });
  const farm = (await target.getAttribute("data-target")).split(",");
  await target.click();
  await shot(browser, "count-final-moves");
  await click(browser, "#count-now");
  // Tiles are still in the bag: the count is asked for once more.
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });

  const spot = ([x, y, place]) => [Number(x), Number(y), place];
  const script = {
    format: "castellan-game-script",
    version: 1,
    players: [
      { name: "Clara", color: "red" },
      { name: "Dirk", color: "blue" },
    ],
    setup: { sets: ["base", "count"], start: "count" },
    final_scoring: true,
  };
  script.moves = [
    { tile: "U", at: [0, 2], rot: clarasRotation, meeple: clarasThief },
    { tile: "A", at: [0, 3], rot: 180, count: { enter: { quarter: "castle", count_to: "market" } } },
    {
      tile: "E",
      at: [2, 1],
      rot: 270,
      count: {
        moves: [{ player: "Dirk", quarter: "castle", to: spot(dirksMove) }],
        enter: { quarter: "market", count_to: "castle" },
      },
    },
  ];
  script.final_moves = [{ player: "Clara", quarter: "market", to: spot(farm) }];
  const expected = castellanScore(script);

  // Step through the count to the result; every step lights something on the board.
  for (let i = 0; i < 20 && (await (await browser.$("#final-next")).isExisting()); i++) {
    // A farm is outlined along its grass rather than lit tile by tile.
    await (await browser.$("[data-highlight], [data-farm-outline]")).waitForExist({ timeout: 5000 });
    if (i === 0) await shot(browser, "count-final-step");
    await click(browser, "#final-next");
  }
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  await waitScores(browser, [expected.Clara, expected.Dirk]);
  assert.ok(await (await browser.$("#farm-comparison")).isExisting(), "the other farm rule is shown");
  await shot(browser, "count-final-result");
});
