// Mage & Witch at the table, through the real window: the box chosen on the new-game screen,
// the mage put on a city from beside the board by a click on the board, the witch put on a
// city from the panel's list, a tile joining their cities and the mage moved away before the
// score the witch halves, the mage moved again from where it stood, and a correction refused
// in words because a later turn's answer no longer fits. The final scores on screen must be
// those `castellan score` gives for the game's exported script.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  click,
  enterTold,
  exportScript,
  invoke,
  placeFollower,
  putTile,
  questionsFor,
  resize,
  seatPlayers,
  shot,
  shown,
  spotOf,
  speak,
  textOf,
  view,
  waitScores,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("magic"));
  await resize(browser, 1024, 700);
});
after(async () => {
  await browser?.deleteSession();
});

const hasTile = (target, x, y) => target.tiles.some(([tx, ty]) => tx === x && ty === y);

/** The magic question the table asks for laying `tile` so, with the answers `told` so far. */
const magicAsked = async (tile, option, told = {}) => (await questionsFor(browser, tile, option, told)).magic;

/** Waits for the tell panel and its magic section for `step` ("tile" or "fix"). */
async function magicShown(step) {
  await shown(browser, "#tell-panel", "the tell panel opens");
  await shown(browser, `#magic-${step}`, `the magic question asks its ${step} step`);
}

const U = { x: 1, y: 0, rotation: 0 };
const MW05 = { x: 1, y: -1, rotation: 90 };
const MW06 = { x: 2, y: 0, rotation: 90 };
const N = { x: 0, y: -1, rotation: 180 };

test("a Mage & Witch game entered through the window scores as the command line does", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  await click(browser, 'input[value="mage-witch"]');
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna/);
  assert.deepEqual((await view(browser)).magic, { mage: null, witch: null }, "both beside the board");

  // Anna: a plain tile asks nothing of the magic figures.
  await putTile(browser, "U", U);
  await click(browser, "#confirm");
  await textOf(browser, "#turn", /^Bram/);

  // Bram: a magic tile. The mage goes onto the start tile's city, clicked on the board.
  const first = await magicAsked("MW05", MW05);
  assert.equal(first.fix, null, "nothing joined");
  const startCity = first.tile.targets.find((t) => t.kind === "city" && hasTile(t, 0, 0));
  assert.ok(startCity, "the start tile's city is offered");
  assert.ok(
    first.tile.targets.every((t) => t.kind === "city" || t.kind === "road"),
    "only roads and cities",
  );
  await putTile(browser, "MW05", MW05);
  assert.ok(await (await browser.$("#tile-MW05 [data-magic]")).isExisting(), "the tile shows the magic symbol");
  assert.ok(!(await (await browser.$("#tile-U [data-magic]")).isExisting()), "a plain tile none");
  await click(browser, "#confirm");
  await magicShown("tile");
  assert.equal(await (await browser.$("#tell-confirm")).isEnabled(), false, "the question must be answered");
  await click(browser, "#magic-tile-mage");
  const ring = await browser.$(`[data-lit="${spotOf(startCity)}"]`);
  await ring.waitForExist({ timeout: 5000, timeoutMsg: "the places are lit on the board" });
  await shot(browser, "magic-tile-question");
  await ring.click();
  await textOf(browser, '#magic-tile [aria-pressed="true"]', /^city · 1 tile · the start tile/);
  await enterTold(browser);
  assert.deepEqual((await view(browser)).magic.mage, startCity.at, "the mage stands on the start tile's city");
  await (await browser.$('[data-magic-figure="mage"]')).waitForExist({ timeout: 5000 });
  const status = async (figure) =>
    (await browser.$(`#magic-status [data-magic-status="${figure}"]`)).getAttribute("data-on-board");
  assert.deepEqual([await status("mage"), await status("witch")], ["true", "false"], "the scoreboard says so");

  // Anna: the witch onto MW05's west cap, from the panel's list.
  const second = await magicAsked("MW06", MW06);
  const westCap = second.tile.targets.find(
    (t) => t.kind === "city" && hasTile(t, 1, -1) && t.tiles.length === 1 && t.at.place.startsWith("W"),
  );
  assert.ok(westCap, "MW05's west cap is offered");
  assert.ok(!second.tile.targets.some((t) => hasTile(t, 0, 0) && t.kind === "city"), "not the mage's city");
  await putTile(browser, "MW06", MW06);
  await click(browser, "#confirm");
  await magicShown("tile");
  await click(browser, "#magic-tile-witch");
  await click(browser, `[data-magic-to="${spotOf(westCap)}"]`);
  assert.equal(await (await browser.$(`[data-magic-to="${spotOf(westCap)}"]`)).getAttribute("aria-pressed"), "true");
  await enterTold(browser);
  assert.deepEqual((await view(browser)).magic, { mage: startCity.at, witch: westCap.at });

  // Bram, in German: N joins the two cities and completes them under his knight; the mage
  // moves away onto MW06's city first, so the witch halves the 6 points to 3.
  await speak(browser, "de");
  const joined = await magicAsked("N", N);
  assert.equal(joined.tile, null, "N shows no magic symbol");
  const away = joined.fix.targets.find((t) => t.kind === "city" && hasTile(t, 2, 0));
  assert.ok(away, "MW06's city is offered");
  assert.ok(!joined.fix.targets.some((t) => hasTile(t, 0, -1)), "never back onto the joined city");
  await putTile(browser, "N", N);
  await placeFollower(browser, "S");
  await click(browser, "#confirm");
  await magicShown("fix");
  await textOf(browser, "#magic-fix", /Magier und Hexe treffen sich/);
  await click(browser, "#magic-fix-mage");
  await click(browser, `[data-magic-to="${spotOf(away)}"]`);
  await textOf(browser, '#magic-fix [aria-pressed="true"]', /^Stadt · 1 Plättchen/);
  await shot(browser, "magic-fix-question-de");
  await enterTold(browser);
  await waitScores(browser, [0, 3]);
  const afterJoin = await view(browser);
  assert.deepEqual(afterJoin.magic, { mage: away.at, witch: null }, "the witch left with her scored city");
  await browser.waitUntil(async () => (await status("witch")) === "false", { timeout: 5000, timeoutMsg: "witch off" });
  assert.equal(
    await (await browser.$('#magic-status [data-magic-status="witch"]')).getAttribute("title"),
    "neben dem Spielplan",
  );
  assert.ok(!(await (await browser.$('[data-magic-figure="witch"]')).isExisting()), "and the board");
  await speak(browser, "en");

  // Anna: another magic tile, her thief on its road, and the mage moved onto that road from
  // where it stands, so the end count adds a point a tile.
  let mw02, again, onward, thief;
  for (const option of await invoke(browser, "placement_options_for", { tile: "MW02" })) {
    thief = option.followers.find((f) => f.figure === "follower" && f.role === "thief");
    if (!thief) continue;
    again = await magicAsked("MW02", option);
    onward = again.tile.targets.find((t) => t.kind === "road" && hasTile(t, option.x, option.y));
    if (onward) {
      mw02 = { tile: "MW02", option };
      break;
    }
  }
  assert.ok(mw02, "MW02 goes where its road stays open");
  assert.deepEqual(again.tile.mage, away.at, "the mage stands on the board");
  await putTile(browser, "MW02", mw02.option);
  await placeFollower(browser, thief.place);
  await click(browser, "#confirm");
  await magicShown("tile");
  await textOf(browser, "#magic-tile-mage", /on the board/);
  await textOf(browser, "#magic-tile-witch", /beside the board/);
  await click(browser, "#magic-tile-mage");
  await click(browser, `[data-magic-to="${spotOf(onward)}"]`);
  await enterTold(browser);
  assert.deepEqual((await view(browser)).magic.mage, onward.at);
  await shot(browser, "magic-board");

  // Anna's witch moved onto the road instead: Bram's N then joins nothing, and its move of the
  // mage is refused, in words.
  await click(browser, "#turns summary");
  await click(browser, '[data-correct="2"]');
  await textOf(browser, "#correcting", /turn 3/);
  await putTile(browser, "MW06", MW06);
  await click(browser, "#confirm");
  await magicShown("tile");
  await click(browser, "#magic-tile-witch");
  const roads = second.tile.targets.filter((t) => t.kind === "road");
  assert.ok(roads.length > 0, "a road is offered");
  await click(browser, `[data-magic-to="${spotOf(roads[0])}"]`);
  await (await browser.$("#tell-confirm")).click();
  const refusal = await textOf(browser, "#message", /turn 4/);
  assert.match(refusal, /^Not changed: turn 4 would no longer fit/);
  assert.match(refusal, /joins no features of the mage and the witch/);
  await shot(browser, "magic-correction-refused");
  await click(browser, "#stop-correcting");
  await waitScores(browser, [0, 3]);
  await click(browser, "#turns summary");

  // The end: the count, then the exported script replayed by the command line.
  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  // The count's steps: the thief's road with the mage on it, a point a tile more (MW-06).
  let mageStep = false;
  for (let i = 0; i < 20 && (await (await browser.$("#final-next")).isExisting()); i++) {
    if (/MW-06/.test(await (await browser.$("#final-count")).getText())) {
      mageStep = true;
      await shot(browser, "magic-final-step");
    }
    await click(browser, "#final-next");
  }
  assert.ok(mageStep, "a step of the count says the mage's point a tile");
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  await shot(browser, "magic-end");
  const finished = await view(browser);
  const script = join(folder, "magic.json");
  const doc = await exportScript(browser, finished.gameId, script);
  assert.deepEqual(doc.setup.sets, ["base", "mage-witch"]);
  const moves = JSON.stringify(doc.moves);
  assert.ok(moves.includes('"magic"') && moves.includes('"magic_fix"'), "the script has both magic answers");
  const expected = referenceScore(script);
  await assertScoreboard(browser, finished.players, expected);
});
