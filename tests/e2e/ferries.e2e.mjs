// A Ferries game through the real window: a lake tile's ferry told by clicking two road ends lit
// on the board, a ferry moved by its button so that it closes a road far from the tile, a
// correction refused because a later ferry move no longer fits, the question in German, and the
// final scores on screen equal to those `castellan score` gives for the game's exported script.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  chooseTile,
  click,
  closeInEnglish,
  exportScript,
  invoke,
  placeFollower,
  putTile,
  resize,
  seatPlayers,
  shot,
  shown,
  skipCount,
  speak,
  tellButtonsInView,
  textOf,
  view,
  waitScores,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("ferries"));
  await resize(browser, 1024, 700);
});
after(() => closeInEnglish(browser));

const sorted = (letters) => [...letters].sort().join("");

/** Waits until the board draws the ferry on the lake at `cell` ("x,y") linking the two sides
 * `letters` says ("SW"), in either order. */
async function ferryDrawn(cell, letters) {
  const drawn = () =>
    browser.execute((cell) => document.querySelector(`path[data-ferry="${cell}"]`)?.getAttribute("data-link"), cell);
  await browser.waitUntil(async () => sorted((await drawn()) ?? "") === sorted(letters), {
    timeout: 5000,
    timeoutMsg: `the ferry at ${cell} is drawn linking ${letters}`,
  });
}

/** `tile` typed into the tile field, laid on `cell` ("x,y") and turned to `rotation` degrees. */
async function lay(tile, cell, rotation) {
  const [x, y] = cell.split(",").map(Number);
  await putTile(browser, tile, { x, y, rotation }, { typed: true });
}

/** Confirms the tile and waits for the ferry question. */
async function toQuestion() {
  await click(browser, "#confirm");
  await shown(browser, "#ferries-question", "the ferries are asked");
}

test("a lake's ferry told on the board, a ferry moved that closes a road", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "red" },
    { name: "Bram", color: "blue" },
  ]);
  await click(browser, 'input[value="ferries"]');
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna to play/);

  // Anna's thief on the crossroads' east arm, on the start tile's road.
  await lay("X", "-1,0", 0);
  await placeFollower(browser, "E");
  await click(browser, "#confirm");
  await textOf(browser, "#turn", /^Bram to play/);

  // Bram's lake tile east of the start tile: its ferry must be told before the move goes in.
  await lay("FE04", "1,0", 0);
  await toQuestion();
  assert.equal(await (await browser.$("#tell-confirm")).isEnabled(), false, "no move without the ferry");
  const pairs = await browser.execute(() =>
    [...document.querySelectorAll("[data-ferry-link]")].map((b) => b.getAttribute("data-ferry-link")),
  );
  assert.deepEqual(pairs, ["ES", "EW", "SW"], "every pair of the lake's three road ends");
  // Clicked on the board: the west road end, then the south one.
  await click(browser, '[data-lit="1,0,W"]');
  await click(browser, '[data-lit="1,0,S"]');
  await browser.waitUntil(
    async () => (await (await browser.$('[data-ferry-link="SW"]')).getAttribute("aria-checked")) === "true",
    { timeout: 5000, timeoutMsg: "the pair clicked on the board is chosen" },
  );
  await tellButtonsInView(browser);
  await shot(browser, "ferries-lake");
  await click(browser, "#tell-confirm");
  await textOf(browser, "#turn", /^Anna to play/);
  await ferryDrawn("1,0", "SW");

  // Anna lengthens the lake's south road and moves the ferry to link south and east: her road
  // (crossroads, start tile, lake) now ends at the lake, closed: 3 points in her own turn.
  await lay("V", "1,1", 180);
  await toQuestion();
  assert.ok(!(await (await browser.$("[data-ferry-link]")).isExisting()), "no new lake on this tile");
  await (await browser.$('[data-ferry-choice="1,0"] [data-ferry-stays][aria-checked="true"]')).waitForExist();
  await click(browser, '[data-ferry-choice="1,0"] [data-ferry-move="ES"]');
  await tellButtonsInView(browser);
  await shot(browser, "ferries-move");
  await click(browser, "#tell-confirm");
  await waitScores(browser, [3, 0]);
  await textOf(browser, "#feed li", /^Anna 3: road of 3 tiles/);
  await ferryDrawn("1,0", "ES");
  await shot(browser, "ferries-board");
});

test("a correction that leaves a later ferry move unfit is refused, worded", async () => {
  await click(browser, "#turns summary");
  await click(browser, '[data-correct="1"]');
  await lay("FE04", "1,0", 0);
  await toQuestion();
  // Linking east and west leaves the south road without a ferry for Anna's tile to move.
  await click(browser, '[data-ferry-link="EW"]');
  await click(browser, "#tell-confirm");
  const refusal = await textOf(browser, "#message", /turn 3/);
  assert.match(refusal, /^Not changed: turn 3 would no longer fit/);
  assert.match(refusal, /is not the first one met along a road this tile lengthens/);
  await shot(browser, "ferries-refused");
  await click(browser, "#stop-correcting");
  await waitScores(browser, [3, 0]);
});

test("the question in German, and the end as castellan score counts it", async () => {
  await speak(browser, "de");
  const game = await view(browser);
  // Another lake tile, wherever it first fits: its question in German.
  let lake;
  for (const tile of ["FE05", "FE06", "FE07", "FE08", "FE01", "FE02", "FE03"]) {
    const options = await invoke(browser, "placement_options_for", { tile });
    if (options.length) {
      lake = { tile, option: options[0] };
      break;
    }
  }
  assert.ok(lake, `a lake tile fits somewhere: ${game.bag.length}`);
  await lay(lake.tile, `${lake.option.x},${lake.option.y}`, lake.option.rotation);
  await toQuestion();
  await textOf(browser, "#ferries-question", /Die Fähre auf dem neuen See verbindet/);
  const words = await (await browser.$("#ferries-question")).getText();
  assert.doesNotMatch(words, /\b(north|east|south|ferry|links)\b/i, `no English left: ${words}`);
  await click(browser, "[data-ferry-link]");
  await tellButtonsInView(browser);
  await shot(browser, "ferries-lake-de");
  await click(browser, "#tell-confirm");
  await browser.waitUntil(async () => (await view(browser)).ferries.length === 2, {
    timeout: 5000,
    timeoutMsg: "the second ferry is on its lake",
  });
  await speak(browser, "en");

  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await skipCount(browser);

  const finished = await view(browser);
  const script = join(folder, "ferries.json");
  const doc = await exportScript(browser, finished.gameId, script);
  assert.deepEqual(doc.setup.sets, ["base", "ferries"]);
  const moves = JSON.stringify(doc.moves);
  const lakeMove = doc.moves.find((m) => m.tile === "FE04");
  assert.equal(sorted(lakeMove.ferry.join("")), "SW", `the lake's ferry is in the script: ${moves}`);
  const moved = doc.moves.find((m) => m.ferry_moves);
  assert.deepEqual(moved.ferry_moves[0].at, [1, 0], `and the move: ${moves}`);
  assert.equal(sorted(moved.ferry_moves[0].link.join("")), "ES", `linking south and east: ${moves}`);
  const expected = referenceScore(script);
  await assertScoreboard(browser, finished.players, expected);
  await shot(browser, "ferries-end");
});

test("a finished table: a lake tile laid asks where its ferry lies, and counts as castellan score", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "red" },
    { name: "Bram", color: "blue" },
  ]);
  await click(browser, 'input[value="ferries"]');
  await click(browser, "#final-board");
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^A finished table/);

  // The lake east of the start tile, laid by a click on its square: its ferry is asked first.
  await chooseTile(browser, "FE04");
  const square = await browser.$('[data-cell="1,0"]');
  await square.waitForExist({ timeout: 5000 });
  await square.click();
  await (await browser.$("#ferries-question")).waitForExist({ timeout: 5000 });
  assert.equal((await view(browser)).tiles.length, 1, "the lake waits for its ferry before it is laid");
  await click(browser, "[data-ferry-link]");
  const link = await (await browser.$('[data-ferry-link][aria-checked="true"]')).getAttribute("data-ferry-link");
  await shot(browser, "ferries-final-board");
  await click(browser, "#tell-confirm");
  await browser.waitUntil(async () => (await view(browser)).ferries.length === 1, {
    timeout: 5000,
    timeoutMsg: "the ferry lies on its lake",
  });
  const game = await view(browser);
  assert.equal(
    [...game.ferries[0].link]
      .map((s) => s[0])
      .sort()
      .join(""),
    [...link].sort().join(""),
    "where the table said",
  );

  await click(browser, "#finish");
  await click(browser, "#track-skip");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await skipCount(browser);
  const finished = await view(browser);
  const script = join(folder, "ferries-final.json");
  const doc = await exportScript(browser, finished.gameId, script);
  assert.ok(JSON.stringify(doc.moves).includes('"ferry":'), "the script keeps where the ferry lies");
  await assertScoreboard(browser, finished.players, referenceScore(script));
});
