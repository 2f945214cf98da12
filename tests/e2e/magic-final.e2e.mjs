// A finished table with Mage & Witch, entered through the real window: the box and the final
// board chosen on the new-game screen, the tiles laid by their names and squares, the
// followers stood by clicks, then the mage and the witch picked in the stand bar and stood by
// a click on their city and road. Each is then shown on the board and in the scoreboard's magic
// status, and no longer offered. The count must equal `castellan score` on the exported
// script, the mage adding a point a tile and the witch halving her road.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  click,
  clickShown,
  closeInEnglish,
  exportScript,
  invoke,
  pointAtTile,
  resize,
  seatPlayers,
  shot,
  speak,
  textOf,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("magic-final"));
  await resize(browser, 1024, 700);
});
after(() => closeInEnglish(browser));

const view = () => invoke(browser, "current_game");

/** The tile's name typed, its square clicked, then turned until it lies as `rotation` says. */
async function layFinal(tile, x, y, rotation) {
  const before = (await view()).tiles.length;
  await (await browser.$("#tile-filter")).setValue(tile);
  await browser.keys("Enter");
  await click(browser, `[data-cell="${x},${y}"]`);
  await browser.waitUntil(async () => (await view()).tiles.length === before + 1, {
    timeout: 5000,
    timeoutMsg: `${tile} at ${x},${y} was not laid`,
  });
  const laid = await browser.$(`#fits-here[data-laid-at="${x},${y}"]`);
  const turned = async () => Number(await laid.getAttribute("data-laid-rotation"));
  for (let i = 0; i < 4 && (await turned()) !== rotation; i++) {
    const was = await turned();
    await click(browser, "#turn-laid");
    await browser.waitUntil(async () => (await turned()) !== was, { timeout: 5000 });
  }
  assert.equal(await turned(), rotation, `${tile} turned ${rotation}`);
}

/** The tile at `x`, `y` pointed at and the place of `shape` on it clicked; waits for `done`. */
async function standAt(x, y, shape, done, why) {
  await pointAtTile(browser, x, y);
  await clickShown(browser, `[data-stand][data-shape="${shape}"]`, why);
  await browser.waitUntil(async () => done(await view()), { timeout: 5000, timeoutMsg: why });
}

test("a finished table with the mage and the witch stood by clicks counts as castellan score", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Red", color: "red" },
    { name: "Blue", color: "blue" },
  ]);
  await click(browser, "#final-board");
  // The new-game screen keeps the boxes of the last game: Mage & Witch alone ticked.
  for (const input of await browser.$$('input[type="checkbox"][value]')) {
    const value = await input.getAttribute("value");
    if ((await input.isSelected()) !== (value === "mage-witch")) await input.click();
  }
  const box = await browser.$('input[value="mage-witch"]');
  assert.equal(await box.isEnabled(), true, "Mage & Witch is offered for a finished table");
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^A finished table/);
  assert.deepEqual((await view()).magic, { mage: null, witch: null }, "both beside the board");

  await layFinal("MW06", 0, -1, 180);
  await layFinal("U", 1, 0, 0);
  await layFinal("MW02", 2, 0, 180);

  // Red's knight on the start tile's city, which MW06 lengthens; Blue's thief on the road east.
  await click(browser, '[data-stand-seat="0"]');
  await standAt(0, -1, "knight", (g) => g.followers.length === 1, "Red's knight stood");
  await click(browser, '[data-stand-seat="1"]');
  await standAt(1, 0, "thief", (g) => g.followers.length === 2, "Blue's thief stood");

  // The mage onto the city, the witch onto the road: picked in the stand bar, then clicked.
  await click(browser, '[data-stand-magic="mage"]');
  await standAt(0, 0, "knight", (g) => g.magic.mage !== null, "the mage stood");
  assert.deepEqual((await view()).magic.mage, { x: 0, y: 0, place: "N" });
  await click(browser, '[data-stand-magic="witch"]');
  // The mage's city is hers no more: on the start tile only its road is offered.
  await pointAtTile(browser, 0, 0);
  const shapes = await browser.execute(() =>
    [...document.querySelectorAll("[data-stand]")].map((s) => s.dataset.shape),
  );
  assert.deepEqual(shapes, ["thief"], "never onto the mage's city (MW-03)");
  await standAt(1, 0, "thief", (g) => g.magic.witch !== null, "the witch stood");

  for (const figure of ["mage", "witch"]) {
    await (await browser.$(`[data-magic-figure="${figure}"]`)).waitForExist({ timeout: 5000 });
    const status = await browser.$(`[data-magic-status="${figure}"]`);
    assert.equal(await status.getAttribute("data-on-board"), "true", `the scoreboard says the ${figure} stands`);
    assert.equal(await (await browser.$(`[data-stand-magic="${figure}"]`)).isEnabled(), false, "each stands once");
  }
  const log = (await invoke(browser, "turn_log")).filter((t) => t.magic).map((t) => t.magic);
  assert.deepEqual(log, ["mage", "witch"], "each a turn of its own");
  await shot(browser, "magic-final-entered-en");
  await speak(browser, "de");
  await textOf(browser, '[data-stand-magic="mage"]', /Magier/);
  await shot(browser, "magic-final-entered-de");
  await speak(browser, "en");

  await click(browser, "#finish");
  await click(browser, "#track-skip");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  const skip = await browser.$("#final-skip");
  if (await skip.isExisting()) await skip.click();
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  const game = await view();
  const script = join(folder, "magic-final.json");
  const doc = await exportScript(browser, game.gameId, script);
  assert.equal(doc.setup.mode, "final-board");
  assert.deepEqual(
    doc.moves.filter((m) => m.magic).map((m) => m.magic),
    [
      { figure: "mage", to: [0, 0, "N"] },
      { figure: "witch", to: [1, 0, "E"] },
    ],
    "the script has the magic stands",
  );
  const expected = referenceScore(script);
  const rules = expected.events.map((e) => e.rule);
  assert.ok(rules.includes("MW-06") && rules.includes("MW-07"), `the mage and the witch counted: ${rules}`);
  await assertScoreboard(browser, game.players, expected);
  await shot(browser, "magic-final-count-en");
  await speak(browser, "de");
  // Back at the count, the window tells its steps again: skipped to its result.
  const again = await browser.$("#final-skip");
  if (await again.isExisting()) await again.click();
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  await assertScoreboard(browser, game.players, expected);
  await shot(browser, "magic-final-count-de");
});
