// Crop Circles at the table, through the real window: the box (with Inns & Cathedrals, for the
// big follower) chosen on the new-game screen; a pitchfork tile where Anna chooses add, Bram
// adds his big follower beside his farmer by clicking it on the board and Anna passes; a club
// tile where Anna chooses remove and Bram takes his thief back; a correction the crop circle
// no longer allows, refused in words; in German a shield tile where Bram chooses add and Anna
// adds a follower beside her knight from the panel's list. The final scores on screen must be
// those `castellan score` gives for the game's exported script.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  click,
  closeInEnglish,
  enterTold,
  exportScript,
  invoke,
  putTile,
  questionsFor,
  resize,
  seatPlayers,
  shot,
  skipCount,
  tellButtonsInView,
  textOf,
  view,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("crop"));
});
after(() => closeInEnglish(browser));

const isCrop = (tile) => /^C[CI]\d/.test(tile);
const place = (tile, x, y, rotation, follower = null) =>
  invoke(browser, "play", { request: { kind: "place", tile, x, y, rotation, follower } });
const asked = (tile, o) => questionsFor(browser, tile, o);

/** Lays, through the app's commands, the first tile (no crop circle) with a follower of `role`
 * that the mover's follower still stands on once the tile is scored. */
async function standOn(role) {
  const game = await view(browser);
  const mover = game.current;
  const mine = (g) => g.followers.filter((f) => f.seat === mover && f.role === role).length;
  for (const { tile, count } of game.bag) {
    if (count === 0 || isCrop(tile)) continue;
    for (const o of await invoke(browser, "placement_options_for", { tile })) {
      const offer = o.followers.find((f) => f.figure === "follower" && f.role === role);
      if (!offer || o.earnsSecondTile) continue;
      const after = await place(tile, o.x, o.y, o.rotation, offer.place);
      if (mine(after) > mine(game)) return after;
      await invoke(browser, "undo");
    }
  }
  assert.fail(`no tile leaves a ${role} standing`);
}

/** The window shows the moves entered through the app's commands: the page loaded again, it
 * reads the table's game afresh and resumes it. */
async function showMoves() {
  const cursor = (await view(browser)).cursor;
  await browser.refresh();
  const resume = await browser.$("#resume");
  await resume.waitForExist({ timeout: 10000, timeoutMsg: "the start screen offers the game on the table" });
  await resume.click();
  await textOf(browser, "#turns summary", new RegExp(`\\(${cursor}\\)`));
}

/** A placement of `tile` whose crop circle asks `seats`, in that order, found through the app. */
async function cropPlacement(tile, seats) {
  for (const o of await invoke(browser, "placement_options_for", { tile })) {
    const crop = (await asked(tile, o)).crop;
    if (crop && JSON.stringify(crop.players.map((p) => p.seat)) === JSON.stringify(seats)) return o;
  }
  assert.fail(`no placement of ${tile} asks seats ${seats}`);
}

/** Confirms the crop-circle tile and waits for the tell panel's crop question. */
async function openQuestion() {
  await click(browser, "#confirm");
  await (await browser.$("#crop-question")).waitForExist({ timeout: 5000, timeoutMsg: "the crop circle is asked" });
}

test("a game with Crop Circles: add, pass, the big follower, remove, a refusal, in English and German", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  for (const box of ["crop-circles", "inns-cathedrals"]) await click(browser, `input[value="${box}"]`);
  // The box's house rule (QB-19), at its default: the added follower on the joined one's tile.
  const sameTile = await browser.$('[data-option="cropCircleSameTile"]');
  await sameTile.waitForExist({ timeout: 5000, timeoutMsg: "the crop circles' option is offered" });
  assert.equal(await sameTile.isSelected(), true);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna/);

  // Rule CC-05's table: Anna's farmer north of the start tile, Bram's beside it.
  await place("D", 1, 0, 0);
  await place("D", 2, 0, 0);
  await place("E", 0, -1, 180, "N");
  let game = await place("E", 2, -1, 180, "N");
  assert.deepEqual(
    game.followers.map((f) => [f.seat, f.role]),
    [
      [0, "farmer"],
      [1, "farmer"],
    ],
  );
  await showMoves();

  // Anna's pitchfork tile joins both farms: she chooses add for everyone.
  const catalog = new Map((await invoke(browser, "catalog")).map((s) => [s.id, s]));
  assert.equal(catalog.get("CC03").crop, "pitchfork");
  assert.ok(await (await browser.$('#tile-CC03 [data-crop="pitchfork"]')).isExisting(), "the symbol is drawn");
  const pitchfork = await cropPlacement("CC03", [1, 0]);
  await putTile(browser, "CC03", pitchfork);
  await openQuestion();
  await resize(browser, 1024, 700);
  await click(browser, "#crop-add");
  await (await browser.$('[data-crop-seat="1"].active')).waitForExist({ timeout: 5000, timeoutMsg: "Bram first" });
  // Bram holds his big follower too: it is the one he adds, on the farm his farmer is on.
  await click(browser, '[data-crop-figure="1-big"]');
  await tellButtonsInView(browser);
  await shot(browser, "crop-add-en");
  const ring = await browser.$('[data-lit^="2,-1,"]');
  await ring.waitForExist({ timeout: 5000, timeoutMsg: "Bram's farm is lit beside his farmer" });
  await ring.click();
  await (await browser.$('[data-crop-seat="0"].active')).waitForExist({ timeout: 5000, timeoutMsg: "then Anna" });
  assert.equal(await (await browser.$("#tell-confirm")).isEnabled(), false, "Anna has not answered");
  await click(browser, '[data-crop="0-pass"]');
  await enterTold(browser);
  await resize(browser, 1280, 800);
  game = await view(browser);
  assert.deepEqual(
    game.followers.filter((f) => f.seat === 1).map((f) => [f.x, f.y, f.figure]),
    [
      [2, -1, "follower"],
      [2, -1, "big"],
    ],
    "Bram's big follower beside his farmer",
  );

  // Bram: a thief. Anna's club tile: she chooses remove, and Bram takes the thief back.
  const thiefTurn = (await view(browser)).cursor;
  game = await standOn("thief");
  const thief = game.followers.find((f) => f.role === "thief");
  await showMoves();
  const club = await cropPlacement("CC01", [1]);
  await putTile(browser, "CC01", club);
  await openQuestion();
  await click(browser, "#crop-remove");
  await click(browser, `[data-crop="1-${thief.x},${thief.y},${thief.place}"]`);
  await enterTold(browser);
  game = await view(browser);
  assert.equal(game.followers.filter((f) => f.role === "thief").length, 0, "the thief went back");

  // The turn log says what each crop circle's placer chose.
  await click(browser, "#turns summary");
  await textOf(browser, "#turns li:nth-child(1)", /CC01 .*· crop circle: each takes one back\b/);
  await textOf(browser, "#turns li:nth-child(3)", /CC03 .*· crop circle: each adds one\b/);
  await click(browser, "#turns summary");

  // Bram's thief taken off in a correction: the crop circle's turn no longer fits, and says why.
  const thiefTile = game.tiles.find((t) => t.x === thief.x && t.y === thief.y);
  await click(browser, "#turns summary");
  await click(browser, `[data-correct="${thiefTurn}"]`);
  await putTile(browser, thiefTile.tile, { x: thief.x, y: thief.y, rotation: thiefTile.rotation });
  await click(browser, "#confirm");
  const refusal = await textOf(browser, "#message", /take back/);
  assert.match(refusal, /Bram has no follower at .+ to take back/);
  await shot(browser, "crop-refusal-en");
  await click(browser, "#stop-correcting");

  // In German: knights for both, then Bram's shield tile; Anna adds from the panel's list.
  await click(browser, "#menu");
  await click(browser, "#language-de");
  await click(browser, "#resume");
  await textOf(browser, "#turn", /^Bram/);
  await standOn("knight");
  await standOn("knight");
  await showMoves();
  const shieldTile = ["CC05", "CC06"].find((t) => (game.bag.find((b) => b.tile === t)?.count ?? 0) > 0);
  const shield = await cropPlacement(shieldTile, [0, 1]);
  await putTile(browser, shieldTile, shield);
  await openQuestion();
  await resize(browser, 1024, 700);
  await click(browser, "#crop-add");
  const anna = await browser.$('[data-crop-seat="0"] [data-crop^="0-"]:not([data-crop="0-pass"])');
  await anna.click();
  await click(browser, '[data-crop="1-pass"]');
  const words = await textOf(browser, "#crop-question", /Kornkreis/);
  assert.match(words, /Schild: Ritter/);
  assert.match(words, /Jeder setzt einen dazu/);
  assert.doesNotMatch(words, /\b(Each|knights|Shield|Answering|farm|city)\b/, `no English: ${words}`);
  await tellButtonsInView(browser);
  await shot(browser, "crop-add-de");
  await enterTold(browser);
  await resize(browser, 1280, 800);
  game = await view(browser);
  assert.equal(game.followers.filter((f) => f.seat === 0 && f.role === "knight").length, 2, "Anna's second knight");

  // The end: the scoreboard equals the command line's score of the exported script.
  await click(browser, "#menu");
  await click(browser, "#language-en");
  await click(browser, "#resume");
  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await skipCount(browser);
  const finished = await view(browser);
  const script = join(folder, "crop.json");
  const doc = await exportScript(browser, finished.gameId, script);
  assert.equal(doc.version, 3);
  assert.deepEqual(doc.setup.sets, ["base", "inns-cathedrals", "crop-circles"]);
  const circles = doc.moves.filter((m) => m.crop_circle).map((m) => m.crop_circle.choice);
  assert.deepEqual(circles, ["add", "remove", "add"]);
  await assertScoreboard(browser, finished.players, referenceScore(script));
  await shot(browser, "crop-end");
});
