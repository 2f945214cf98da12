// The Flying Machines through the real window: the box set up on the new-game screen with Inns &
// Cathedrals (so two kinds of figure may fly), a flier tile laid bare and its question answered
// each way — the big follower flown and landed by a click on the board, a follower flown into
// an empty square where it crashes, nobody flying (asked in German) — and a correction the
// flight cannot survive refused in words. The final scores on screen must be those
// `castellan score` gives for the game's exported script.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  chooseTile,
  click,
  enterTold,
  exportScript,
  layInWindow,
  optionAt,
  panelAsks,
  resize,
  seatPlayers,
  shot,
  shown,
  skipCount,
  textOf,
  view,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("flier"));
});
after(async () => {
  await browser?.deleteSession();
});

/** Through the window: `tile` laid bare on `x`, `y`, turned `rotation` degrees (or as the table
 * first offers it there), and confirmed. */
const lay = async (tile, x, y, rotation = null) =>
  layInWindow(browser, tile, await optionAt(browser, tile, x, y, rotation));

/** Waits for the tell panel with the flight question alone. */
async function flightAsked() {
  await panelAsks(browser, ["flier"]);
  await shown(browser, "#flier-question", "the flight is asked");
}

const confirmEnabled = async () => (await browser.$("#tell-confirm")).isEnabled();

test("a game with the Flying Machines scores as the command line does", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  for (const box of ["flier", "inns-cathedrals"]) await click(browser, `input[value="${box}"]`);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna/);
  await resize(browser, 1024, 700);

  // Anna: a straight road west of the start tile, no machine on it: nothing is asked.
  let game = await view(browser);
  await lay("U", -1, 0);
  await textOf(browser, "#turn", /^Bram/);
  assert.equal((await view(browser)).cursor, game.cursor + 1, "a tile without a machine is entered straight away");

  // Bram: FM05 east of the start tile, its machine pointing west along the road, bare.
  game = await view(browser);
  await lay("FM05", 1, 0, 0);
  await flightAsked();
  assert.equal(await confirmEnabled(), false, "nothing is entered before the table says who flies");
  const figures = await browser.execute(() =>
    [...document.querySelectorAll("#flier-question [id^='flier-figure-']")].map((b) => b.id),
  );
  assert.deepEqual(
    figures,
    ["flier-figure-follower", "flier-figure-big"],
    "Bram may fly a follower or his big follower (FM-04)",
  );
  await click(browser, "#flier-figure-big");
  assert.equal(await confirmEnabled(), false, "the die is still to be told");
  await click(browser, "#flier-roll-2");
  // Two squares west: Anna's road tile. Its road is lit on the board and listed in the panel.
  const ring = await browser.$('[data-lit="-1,0,E"], [data-lit="-1,0,W"]');
  await ring.waitForExist({ timeout: 5000, timeoutMsg: "the road two squares west is lit to land on" });
  assert.equal(await ring.getAttribute("data-kind"), "road");
  assert.equal((await browser.$$("#flier-question [data-landing]")).length, 1, "only the road: never a field");
  await ring.click();
  await browser.waitUntil(async () => confirmEnabled(), { timeout: 5000, timeoutMsg: "a landing answers it" });
  await shot(browser, "flier-landing-1024-en");
  await enterTold(browser);
  game = await view(browser);
  const big = game.followers.find((f) => f.figure === "big");
  assert.deepEqual([big?.seat, big?.x, big?.y], [1, -1, 0], "Bram's big follower landed on Anna's road tile");
  assert.equal(game.tiles.find((t) => t.tile === "FM05")?.x, 1, "the flier tile lies where it was laid");

  // Anna: FM02 south of the start tile, flying west into an empty square: it crashes (FM-08).
  await lay("FM02", 0, 1, 0);
  await flightAsked();
  await click(browser, "#flier-figure-follower");
  await click(browser, "#flier-roll-1");
  await textOf(browser, "#flier-crash", /crashes and goes back to hand/);
  assert.equal(await confirmEnabled(), true, "a crash is the whole answer");
  await enterTold(browser);
  game = await view(browser);
  assert.equal(game.followers.filter((f) => f.seat === 0).length, 0, "Anna's follower crashed back to her hand");

  // Bram, in German: FM01 south-east, its machine pointing north-west at the start tile. He
  // looks at where a follower would land, then flies nobody.
  await click(browser, "#menu");
  await click(browser, "#language-de");
  await click(browser, "#resume");
  await textOf(browser, "#turn", /^Bram ist am Zug/);
  await lay("FM01", 1, 1, 0);
  await flightAsked();
  await textOf(browser, "#flier-question h4", "Fluggerät");
  await click(browser, "#flier-figure-follower");
  await click(browser, "#flier-roll-1");
  await (await browser.$("#flier-question [data-landing]")).waitForExist({ timeout: 5000 });
  await shot(browser, "flier-landing-1024-de");
  await click(browser, "#flier-none");
  await browser.waitUntil(async () => confirmEnabled(), { timeout: 5000, timeoutMsg: "nobody flying answers it" });
  assert.equal((await browser.$$("[data-lit]")).length, 0, "nothing is lit once nobody flies");
  await enterTold(browser);
  game = await view(browser);
  assert.equal(game.followers.length, 1, "no figure went anywhere");

  // Back in English: Anna's first tile a city north of the start tile instead would leave Bram's
  // flight ending on an empty square: the correction is refused, in words, naming its turn.
  await click(browser, "#menu");
  await click(browser, "#language-en");
  await click(browser, "#resume");
  // The turn log says who flew, the die, and where the figure landed or that it crashed.
  await click(browser, "#turns summary");
  await textOf(browser, '#turns [data-turn="1"]', /^Bram: FM05 turned 0° · Big follower flies, die 2 → .*road/);
  await textOf(browser, '#turns [data-turn="2"]', /^Anna: FM02 turned 0° · Follower flies, die 1: crashed/);
  await textOf(browser, '#turns [data-turn="3"]', /^Bram: FM01 turned 0° · (?!.*flies)/);
  await click(browser, '[data-correct="0"]');
  await chooseTile(browser, "E");
  await click(browser, '[data-cell="0,-1"]');
  await click(browser, "#confirm");
  const refusal = await textOf(browser, "#message", /turn 2/);
  assert.match(refusal, /^Not changed: turn 2 would no longer fit \(no tile lies .*where the flight ends/);
  assert.doesNotMatch(refusal, /-?\d+,-?\d+/, "the square is named from the start tile, not by coordinates");
  await shot(browser, "flier-refusal-1024-en");
  await click(browser, "#stop-correcting");
  await click(browser, "#turns summary");
  await resize(browser, 1280, 800);

  // The end, with tiles still in the bag.
  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await skipCount(browser);

  const finished = await view(browser);
  const script = join(folder, "flier.json");
  const doc = await exportScript(browser, finished.gameId, script);
  assert.deepEqual([...doc.setup.sets].sort(), ["base", "flier", "inns-cathedrals"]);
  assert.deepEqual(
    doc.moves.filter((m) => m.flight).map((m) => [m.tile, m.figure ?? "follower", m.flight.roll, m.flight.to ?? null]),
    [
      ["FM05", "big", 2, big.place],
      ["FM02", "follower", 1, null],
    ],
    "the two flights told, landed and crashed",
  );
  const expected = referenceScore(script);
  assert.equal(expected.flights.length, 2, "the command line replays both flights");
  await assertScoreboard(browser, finished.players, expected);
});
