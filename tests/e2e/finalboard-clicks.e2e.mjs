// A whole finished base table — 72 tiles, 14 followers, the scores on the track — entered
// through the window the quickest way a table would, counting every click and key press as a
// player makes them: pointing at a square lists the tiles that fit there, numbered, likeliest
// first (the kind laid last, then the most copies left); a click on the square lays the first
// and a number key another. A tile the list has past the ninth is clicked in the bag first.
// Followers are placed by pointing at their tile and clicking the place, the scores before
// the end count are typed with Tab between them. The totals and the winner on screen must be
// those `castellan score` gives for the same script, and the whole entry, players' names
// included, must take at most 150 actions.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { SIZES, invoke, openApp, pointAtTile, scoreShown, shot, textOf } from "./session.mjs";
import { ROOT, buildReference, referenceScore } from "./reference.mjs";

// Derived from the full game of tests/scenarios/B-33_last_tile_scores_then_the_game_ends.json.
const SCRIPT = "tests/e2e/finalboard-72.json";
const script = JSON.parse(readFileSync(`${ROOT}${SCRIPT}`, "utf8"));
let browser;
let expected;
before(async () => {
  assert.equal(script.moves.length + 1, 72, "72 tiles with the start tile");
  buildReference();
  expected = referenceScore(`${ROOT}${SCRIPT}`);
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

// What the table did, as a player would count it.
let clicks = 0;
let keys = 0;
async function press(selector) {
  clicks += 1;
  await (await browser.$(selector)).click();
}
async function type(...sequence) {
  for (const k of sequence) {
    keys += 1;
    await browser.keys(k);
  }
}
const typeText = (text) => type(...text.split(""));

/** The tiles in an order a table would lay them: each touching one laid, like after like. */
function layingOrder(moves) {
  const laid = new Set(["0,0"]);
  const left = [...moves];
  const touches = (m) =>
    [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ].some(([dx, dy]) => laid.has(`${m.at[0] + dx},${m.at[1] + dy}`));
  const order = [];
  while (left.length) {
    const last = order[order.length - 1]?.tile;
    let i = left.findIndex((m) => m.tile === last && touches(m));
    if (i < 0) i = left.findIndex(touches);
    assert.ok(i >= 0, "every tile touches one laid before it");
    const [m] = left.splice(i, 1);
    order.push(m);
    laid.add(`${m.at[0]},${m.at[1]}`);
  }
  return order;
}

/** The looks listed for the square pointed at, in their order: `[tile, rotation]`. */
async function listedAt(x, y) {
  const list = await browser.$(`#fits-here[data-fits-at="${x},${y}"]`);
  await list.waitForExist({ timeout: 5000, timeoutMsg: `nothing listed for ${x},${y}` });
  return browser.execute(() =>
    [...document.querySelectorAll("#fits-here [data-choice]")].map((b) => [
      b.dataset.fit,
      Number(b.dataset.fitRotation),
    ]),
  );
}

// What a tile turned some way shows, as the player compares the pictures with the table: its
// features' kinds, the sides they reach and what is drawn in them (a straight road turned half
// round is the same picture).
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

/**
 * A tile laid as a player with the table in front of them would: point at its square (the
 * app lists what fits there, numbered, the first drawn on the square) and click the square
 * when the first is right, or press the number of the right picture. Past the ninth, the tile
 * is clicked in the bag first: it then comes first on its squares.
 */
async function layTile({ tile, at: [x, y], rot }) {
  const cell = await browser.$(`[data-cell="${x},${y}"]`);
  await cell.waitForExist({ timeout: 5000, timeoutMsg: `${tile} cannot go to ${x},${y}` });
  await cell.moveTo();
  const want = lookOf(tile, rot);
  const find = async () => (await listedAt(x, y)).findIndex(([t, r]) => t === tile && lookOf(t, r) === want);
  let k = await find();
  if (k < 0 || k > 8) {
    await press(`.picker [data-tile="${tile}"]`);
    await (await browser.$(`.picker [data-tile="${tile}"].chosen`)).waitForExist({ timeout: 5000 });
    await cell.moveTo();
    k = await find();
  }
  assert.ok(k >= 0 && k <= 8, `${tile} turned ${rot} among the first nine at ${x},${y}: ${k}`);
  if (k === 0) {
    clicks += 1;
    await cell.click();
  } else await type(String(k + 1));
  await (
    await browser.$(`#fits-here[data-laid-at="${x},${y}"]`)
  ).waitForExist({
    timeout: 5000,
    timeoutMsg: `${tile} at ${x},${y} was not laid`,
  });
  const laid = await browser.$("#fits-here");
  assert.equal(await laid.getAttribute("data-laid-tile"), tile);
  assert.equal(lookOf(tile, Number(await laid.getAttribute("data-laid-rotation"))), want, `${tile} turned ${rot}`);
}

test("a finished 72-tile table entered in at most 150 actions and ranked on the totals", async () => {
  await press("#new-game");
  await (await browser.$("#player-0")).waitForExist({ timeout: 5000 });
  while ((await browser.$$(".seat")).length > script.players.length) {
    const removes = await browser.$$("[data-remove]");
    clicks += 1;
    await removes[removes.length - 1].click();
  }
  while ((await browser.$$(".seat")).length < script.players.length) await press("#add-player");
  for (const [i, p] of script.players.entries()) {
    // The last game's names may be there: all of it selected, then typed over.
    await press(`#player-${i}`);
    await type(["Control", "a"]);
    await typeText(p.name);
    assert.equal(await (await browser.$(`#player-${i}`)).getValue(), p.name);
  }
  await press("#final-board");
  await press("#start-game");
  await textOf(browser, "#turn", /^A finished table/);

  shapes = new Map((await invoke(browser, "catalog")).map((s) => [s.id, s]));
  for (const m of layingOrder(script.moves)) await layTile(m);
  const tilesDone = { clicks, keys };

  // Followers, one player's after the other's: the player is chosen once.
  let seat = 0;
  const followers = [...script.followers].sort((a, b) => a.player.localeCompare(b.player));
  for (const [n, f] of followers.entries()) {
    const wanted = script.players.findIndex((p) => p.name === f.player);
    if (wanted !== seat) {
      await press(`[data-stand-seat="${wanted}"]`);
      seat = wanted;
    }
    const [x, y, place] = f.at;
    // A tile drawn too small for its places takes a click to show them enlarged.
    if (await pointAtTile(browser, x, y)) clicks += 1;
    const spot = await browser.$(`[data-stand][data-covers~="${place}"]`);
    await spot.waitForExist({ timeout: 5000, timeoutMsg: `${f.player} cannot stand on ${place} at ${x},${y}` });
    // The places drawn must be this tile's: pointing at it brought them out.
    await browser.waitUntil(
      async () => (await (await browser.$("rect.placed.selected")).getAttribute("data-tile-at")) === `${x},${y}`,
      {
        timeout: 5000,
        timeoutMsg: `${x},${y}'s places never came out`,
      },
    );
    clicks += 1;
    await spot.click();
    await browser.waitUntil(async () => (await browser.$$(".follower")).length === n + 1, {
      timeout: 5000,
      timeoutMsg: `${f.player}'s follower on ${place} at ${x},${y} was not entered`,
    });
    if (n === 3) await shot(browser, "final-board-hover-stand");
  }

  // The scores before the end count: space, 50 tokens, 100 tokens for each player.
  await press("#finish");
  await (await browser.$("#track-panel")).waitForExist({ timeout: 5000 });
  for (const [i, p] of script.players.entries()) {
    const total = script.setup.track[p.name];
    if (i > 0) await type("Tab");
    await typeText(String(total % 50));
    await type("Tab");
    await typeText(String(Math.floor((total % 100) / 50)));
    await type("Tab");
    await typeText(String(Math.floor(total / 100)));
  }
  for (const [i, p] of script.players.entries()) {
    const total = script.setup.track[p.name];
    await textOf(browser, `[data-track-sum="${i}"]`, new RegExp(`^${p.name}: ${total % 50} .*= ${total}$`));
  }
  for (const [w, h] of SIZES) {
    await browser.setWindowSize(w, h);
    await shot(browser, `final-board-track-${w}x${h}`);
  }
  await type("Enter");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await press("#final-skip");
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });

  for (const [i, p] of script.players.entries()) {
    const shown = await scoreShown(browser, i);
    assert.equal(Number(shown), expected.scores[p.name], `${p.name}'s total on the scoreboard`);
    const made = await (await browser.$(`[data-made-of="${i}"]`)).getText();
    const before = expected.before_count[p.name];
    assert.ok(made.includes(String(before)) && made.includes(`+${expected.end_count[p.name]}`), `${p.name}: ${made}`);
  }
  assert.deepEqual(expected.winners, ["Greta"], "the totals make Greta the winner…");
  assert.notDeepEqual(
    Object.entries(expected.end_count).sort((a, b) => b[1] - a[1])[0][0],
    "Greta",
    "…where the end count alone would not",
  );
  await textOf(browser, "#winners", "Greta wins!");
  for (const [w, h] of SIZES) {
    await browser.setWindowSize(w, h);
    await shot(browser, `final-board-totals-${w}x${h}`);
  }

  const actions = clicks + keys;
  console.log(`metric final_board_clicks=${clicks} final_board_keys=${keys} final_board_actions=${actions}`);
  console.log(`metric final_board_tile_clicks=${tilesDone.clicks} final_board_tile_keys=${tilesDone.keys}`);
  assert.ok(actions <= 150, `${actions} actions, clicks and keys together`);

  // Counted again without the scores before the end count: said plainly, no winner named.
  await (await browser.$("#reopen")).click();
  await (await browser.$("#finish")).click();
  await (await browser.$("#track-panel")).waitForExist({ timeout: 5000 });
  assert.equal(
    await (await browser.$('[data-track-seat="1"] [data-track="space"]')).getValue(),
    "34",
    "the scores given before, kept",
  );
  await (await browser.$("#track-skip")).click();
  await (await browser.$("#final-skip")).click();
  await (await browser.$("#end-count-only")).waitForExist({ timeout: 5000 });
  assert.equal(await (await browser.$("#ranking .winner")).isExisting(), false, "nobody marked the winner");
  for (const [i, p] of script.players.entries()) {
    const shown = await scoreShown(browser, i);
    assert.equal(Number(shown), expected.end_count[p.name], `${p.name}'s end count alone`);
  }
  for (const [w, h] of SIZES) {
    await browser.setWindowSize(w, h);
    await shot(browser, `final-board-end-only-${w}x${h}`);
  }
});

/** To the menu, another language, and back to the game on the table. */
async function speak(language, back) {
  await (await browser.$("#menu")).click();
  await (await browser.$("#settings")).click();
  await (await browser.$(`#settings-language-${language}`)).click();
  await (await browser.$("#back")).click();
  await (await browser.$(back)).click();
}

test("the questions and the count in Dutch and German", async () => {
  await browser.setWindowSize(1280, 800);
  await speak("nl", "#back-to-count");
  await (await browser.$("#final-skip")).click();
  await textOf(browser, "#end-count-only", /^Alleen de punten van de eindtelling/);
  await shot(browser, "final-board-end-only-nl");
  await (await browser.$("#reopen")).click();
  await (await browser.$("#finish")).click();
  await textOf(browser, "#track-panel h2", "Scores voor de eindtelling");
  await shot(browser, "final-board-track-nl");
  await (await browser.$("#track-cancel")).click();
  await speak("de", "#resume");
  await (await browser.$("#finish")).click();
  await (await browser.$('[data-track-seat="0"] [data-track="space"]')).setValue("44");
  await (await browser.$('[data-track-seat="1"] [data-track="space"]')).setValue("34");
  await (await browser.$('[data-track-seat="1"] [data-track="fifties"]')).setValue("1");
  await textOf(browser, '[data-track-sum="1"]', "Greta: 34 auf der Leiste + 1×50 = 84");
  await shot(browser, "final-board-track-de");
  // As a total it is said back as typed; the space and tokens stay for the way back.
  await (await browser.$("#track-by-total")).click();
  await textOf(browser, '[data-track-sum="1"]', "Greta: 84 insgesamt");
  await (await browser.$("#track-by-track")).click();
  await textOf(browser, '[data-track-sum="1"]', "Greta: 34 auf der Leiste + 1×50 = 84");
  await (await browser.$("#track-count")).click();
  await (await browser.$("#final-skip")).click();
  await textOf(browser, '[data-made-of="1"]', "vor der Wertung 84 · Schlusswertung +3 · gesamt 87");
  await shot(browser, "final-board-totals-de");
  await speak("en", "#back-to-count");
});
