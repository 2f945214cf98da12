// A game that was not logged: its finished table laid into the app tile by tile (any order,
// each checked) and follower by follower, then counted — the scores on screen are those
// `castellan score` gives for the same final-board script from tests/scenarios.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { click, openApp, scoreShown, seatPlayers, shot, textOf } from "./session.mjs";

const SCENARIO = "tests/scenarios/B-49_detailed_farm_example.json";
const script = JSON.parse(readFileSync(SCENARIO, "utf8"));

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

async function layTile({ tile, at: [x, y], rot }) {
  const filter = await browser.$("#tile-filter");
  await filter.setValue(tile);
  await browser.keys("Enter");
  await click(browser, `[data-cell="${x},${y}"]`);
  const pending = await browser.$("[data-pending-rotation]");
  for (let i = 0; i < 4 && Number(await pending.getAttribute("data-pending-rotation")) !== rot; i++)
    await click(browser, "#rotate");
  assert.equal(Number(await pending.getAttribute("data-pending-rotation")), rot, `${tile} turned ${rot}`);
  const before = await (await browser.$("#turns summary")).getText();
  await click(browser, "#confirm");
  await browser.waitUntil(async () => (await (await browser.$("#turns summary")).getText()) !== before, {
    timeout: 5000,
    timeoutMsg: `${tile} at ${x},${y} was not entered`,
  });
}

test("a finished table entered in any order and counted like castellan score", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, script.players);
  await click(browser, "#final-board");
  await shot(browser, "final-board-setup");
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^A finished table/);

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
