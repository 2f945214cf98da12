// A game that was not logged: its finished table laid into the app tile by tile (any order,
// each checked) and follower by follower, then counted — the scores on screen are those
// `castellan score` gives for the same final-board script from tests/scenarios.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { SIZES, click, invoke, openApp, scoreShown, seatPlayers, shot, textOf } from "./session.mjs";

const SCENARIO = "tests/scenarios/B-49_detailed_farm_example.json";
const script = JSON.parse(readFileSync(SCENARIO, "utf8"));

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

// What a tile turned some way shows: its features' kinds, the sides they reach and what is
// drawn in them. A straight road turned half round is the same picture, offered once.
let shapes;
function lookOf(tile, rotation) {
  const sides = ["N", "E", "S", "W"];
  const turn = (side) => sides[(sides.indexOf(side) + rotation / 90) % 4];
  return shapes
    .get(tile)
    .features.map((f) =>
      [f.kind, f.sides.map(turn).sort().join(""), f.pennants, f.inn, f.cathedral, f.goods ?? ""].join(":"),
    )
    .sort()
    .join("|");
}

/** The tile's name typed, its square clicked (it is laid there at once), turned until right. */
async function layTile({ tile, at: [x, y], rot }) {
  const filter = await browser.$("#tile-filter");
  await filter.setValue(tile);
  await browser.keys("Enter");
  await click(browser, `[data-cell="${x},${y}"]`);
  const laid = await browser.$(`#fits-here[data-laid-at="${x},${y}"]`);
  await laid.waitForExist({ timeout: 5000, timeoutMsg: `${tile} at ${x},${y} was not laid` });
  assert.equal(await laid.getAttribute("data-laid-tile"), tile, "the tile typed is laid");
  const turned = async () => lookOf(tile, Number(await laid.getAttribute("data-laid-rotation")));
  for (let i = 0; i < 4 && (await turned()) !== lookOf(tile, rot); i++) {
    const was = await laid.getAttribute("data-laid-rotation");
    await click(browser, "#turn-laid");
    await browser.waitUntil(async () => (await laid.getAttribute("data-laid-rotation")) !== was, { timeout: 5000 });
  }
  assert.equal(await turned(), lookOf(tile, rot), `${tile} turned ${rot}`);
}

test("a finished table entered in any order and counted like castellan score", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, script.players);
  await click(browser, "#final-board");
  await shot(browser, "final-board-setup");
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^A finished table/);
  shapes = new Map((await invoke(browser, "catalog")).map((s) => [s.id, s]));

  // The tiles back to front: any order goes, as long as each touches one already laid.
  const tiles = [...script.moves];
  const laid = new Set(["0,0"]);
  while (tiles.length) {
    const i = tiles.findLastIndex((m) =>
      [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ].some(([dx, dy]) => laid.has(`${m.at[0] + dx},${m.at[1] + dy}`)),
    );
    const [m] = tiles.splice(i, 1);
    await layTile(m);
    laid.add(`${m.at[0]},${m.at[1]}`);
  }

  for (const f of script.followers) {
    const seat = script.players.findIndex((p) => p.name === f.player);
    const [x, y, place] = f.at;
    await click(browser, `[data-stand-seat="${seat}"]`);
    await click(browser, `[data-tile-at="${x},${y}"]`);
    // One spot per feature: the one whose feature covers the place where the follower stands.
    const spot = await browser.$(`[data-covers~="${place}"]`);
    await spot.waitForExist({ timeout: 5000, timeoutMsg: `${f.player} cannot stand on ${place} at ${x},${y}` });
    await spot.click();
    await (await browser.$(`.follower[data-seat="${seat}"]`)).waitForExist({ timeout: 5000 });
  }
  assert.equal((await browser.$$(".follower")).length, script.followers.length, "every follower stands");
  await shot(browser, "final-board-entered");

  const cli = `${process.env.CARGO_TARGET_DIR ?? "target"}/debug/castellan`;
  const expected = JSON.parse(execFileSync(cli, ["score", SCENARIO], { encoding: "utf8" })).scores;
  await click(browser, "#finish");
  // The scenario gives no scores before the end count: the end count alone, as it scores.
  await click(browser, "#track-skip");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await shot(browser, "final-board-farm");
  await click(browser, "#final-skip");
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  for (const [seat, p] of script.players.entries()) {
    const shown = await scoreShown(browser, seat);
    assert.equal(Number(shown), expected[p.name], `${p.name}'s final score`);
  }
  await shot(browser, "final-board-count");
});

test("the count takes each figure off the board, back in hand, with the line that scores it", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [{ name: "Rosa" }, { name: "Greta" }]);
  await click(browser, "#final-board");
  await click(browser, "#start-game");
  // A straight road on from the start tile's: Rosa's thief on it, Greta's farmer beside it.
  await click(browser, '.picker [data-tile="U"]');
  await click(browser, '[data-cell="1,0"]');
  await (await browser.$('#fits-here[data-laid-at="1,0"]')).waitForExist({ timeout: 5000 });
  for (const [seat, place] of [
    [0, "E"],
    [1, "NL"],
  ]) {
    await click(browser, `[data-stand-seat="${seat}"]`);
    await click(browser, '[data-tile-at="1,0"]');
    await click(browser, `[data-stand][data-covers~="${place}"]`);
    await (await browser.$(`.follower[data-seat="${seat}"]`)).waitForExist({ timeout: 5000 });
  }
  const left = (seat) => textOf(browser, `.scoreboard li[data-seat="${seat}"]`, /followers? left/);
  await click(browser, "#finish");
  await click(browser, "#track-skip");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });

  // The road's line: its thief still on it, not yet back in Rosa's hand.
  assert.equal(await (await browser.$("#final-what")).getAttribute("data-kind"), "road");
  assert.ok(
    await (await browser.$('.follower[data-seat="0"][data-role="thief"]')).isExisting(),
    "the thief on the road",
  );
  assert.match(await left(0), /6 followers left/);
  await shot(browser, "final-count-road-line");
  await click(browser, "#final-next");

  // The farm's line: the thief has gone home with the road's line, the farmer stays.
  await textOf(browser, "#final-step", /^Step 2 of/);
  assert.equal(await (await browser.$("#final-what")).getAttribute("data-kind"), "farm");
  assert.equal(await (await browser.$('.follower[data-seat="0"]')).isExisting(), false, "the thief left");
  assert.ok(await (await browser.$('.follower[data-seat="1"][data-role="farmer"]')).isExisting(), "the farmer stays");
  assert.match(await left(0), /7 followers left/);
  await shot(browser, "final-count-farm-line");
});

test("what fits a square, listed and numbered, whole at laptop sizes in English and German", async () => {
  for (const language of ["de", "en"]) {
    await click(browser, "#menu");
    await click(browser, "#settings");
    await click(browser, `#settings-language-${language}`);
    await click(browser, "#back");
    await click(browser, "#new-game");
    await seatPlayers(browser, [{ name: "Rosa" }, { name: "Greta" }]);
    const inns = await browser.$('input[type="checkbox"][value="inns-cathedrals"]');
    if (!(await inns.isSelected())) await inns.click();
    await click(browser, "#final-board");
    await click(browser, "#start-game");
    for (const [w, h] of SIZES) {
      await browser.setWindowSize(w, h);
      const square = await browser.$('[data-cell="1,0"]');
      await square.moveTo();
      const list = await browser.$('#fits-here[data-fits-at="1,0"]');
      await list.waitForExist({ timeout: 5000 });
      // The first nine numbered, the first drawn on the square and inside the window.
      const numbers = await browser.execute(() =>
        [...document.querySelectorAll("#fits-here kbd")].map((k) => Number(k.textContent)),
      );
      assert.deepEqual(numbers.slice(0, 3), [1, 2, 3], "numbered from 1");
      const first = await browser.execute(() => {
        const r = document.querySelector('#fits-here [data-choice="1"]').getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
      assert.ok(first.x >= 0 && first.x + first.width <= w && first.y + first.height <= h, "the first in the window");
      await shot(browser, `final-board-fits-${language}-${w}x${h}`);
    }
    await browser.keys("2");
    await (await browser.$('#fits-here[data-laid-at="1,0"]')).waitForExist({ timeout: 5000 });
    await shot(browser, `final-board-laid-${language}`);
  }

  // The history tells these games apart from the base games before them by their boxes.
  await click(browser, "#menu");
  await click(browser, "#history");
  await (await browser.$(".game .boxes")).waitForExist({ timeout: 5000 });
  const boxes = await browser.execute(() =>
    [...document.querySelectorAll(".game .boxes")].map((b) => [b.dataset.boxes, b.textContent.trim()]),
  );
  assert.deepEqual(boxes.slice(0, 2), [
    ["inns-cathedrals", "Inns & Cathedrals"],
    ["inns-cathedrals", "Inns & Cathedrals"],
  ]);
  assert.ok(
    boxes.slice(2).some(([names, text]) => names === "" && text === "Base game"),
    `the base games say so: ${JSON.stringify(boxes)}`,
  );
  await shot(browser, "history-boxes");
  await click(browser, "#back");
});
