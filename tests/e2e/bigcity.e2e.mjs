// The big follower and the Count through the real window: with Inns & Cathedrals, the placer
// who may enter the City chooses which figure goes in, a big follower waits in its quarter in
// its own shape, and comes out onto the city the next tile completes, where it weighs two
// undo and redo across it, and the scores are those `castellan score` gives for the
// game's exported script.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  chooseTile,
  click,
  invoke,
  placeFollower,
  seatPlayers,
  shot,
  textOf,
  waitScores,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("bigcity"));
});
after(async () => {
  await browser?.deleteSession();
});

const waitingBig = () => browser.$('#city [data-quarter="castle"] [data-big-seat="1"]');

test("a big follower goes into the City and comes out onto a city, weighing two", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Clara", color: "red" },
    { name: "Dirk", color: "blue" },
  ]);
  await click(browser, 'input[value="count"]');
  await click(browser, 'input[value="inns-cathedrals"]');
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Clara to play/);

  // Clara's thief on the road out of the City's south gate; Dirk closes it, scoring nothing,
  // and may enter the City: with his big follower.
  await chooseTile(browser, "U");
  await click(browser, '[data-cell="0,2"]');
  await placeFollower(browser, "N", "S");
  await click(browser, "#confirm");
  await textOf(browser, "#turn", /^Dirk to play/);
  await chooseTile(browser, "A");
  await click(browser, '[data-cell="0,3"]');
  await click(browser, "#confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });
  assert.equal(
    await (await browser.$("#enter-figure-follower")).getAttribute("aria-checked"),
    "true",
    "unsaid: a follower",
  );
  await click(browser, "#enter-figure-big");
  await click(browser, "#enter-castle");
  await click(browser, "#count-to-market");
  await shot(browser, "bigcity-entering");
  await click(browser, "#count-confirm");
  await waitScores(browser, [3, 0]);
  await (await waitingBig()).waitForExist({ timeout: 5000, timeoutMsg: "the big follower waits in the castle" });
  assert.equal(
    await (await browser.$('#city [data-quarter="castle"] .token[data-seat="1"]')).isExisting(),
    false,
    "and no ordinary follower of Dirk's",
  );
  const game = await invoke(browser, "current_game");
  assert.deepEqual(game.city.quarters.find((q) => q.quarter === "castle").big, [1]);
  assert.equal(game.players[1].figures.find((f) => f.figure === "big").count, 0, "out of Dirk's hand");
  await textOf(browser, '.scoreboard [data-seat="1"] .details', /1 in the City/);

  // Clara closes a city on the City's east side with her knight; Dirk's big follower, all he
  // has in the castle, comes out onto it and outweighs her knight.
  await chooseTile(browser, "E");
  await click(browser, '[data-cell="2,1"]');
  await placeFollower(browser, "W");
  await click(browser, "#confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });
  await (
    await browser.$('[data-out-figure="1-castle-big"][aria-checked="true"]')
  ).waitForExist({
    timeout: 5000,
    timeoutMsg: "the big follower is the figure coming out",
  });
  await click(browser, '[data-move^="1-castle-"]');
  await (await browser.$('[data-moved][data-big="true"]')).waitForExist({ timeout: 5000 });
  await shot(browser, "bigcity-moving-out");
  await click(browser, "#count-next");
  // Clara scored nothing while Dirk did: she may enter, and does not.
  await (await browser.$("#enter-none")).waitForExist({ timeout: 5000 });
  await click(browser, "#count-confirm");
  await waitScores(browser, [3, 4]);
  await textOf(browser, "#feed li", /^Dirk 4: city of 2 tiles; Clara had fewer followers/);
  assert.equal(await (await waitingBig()).isExisting(), false, "out of the City");
  await shot(browser, "bigcity-out");

  await click(browser, "#undo");
  await waitScores(browser, [3, 0]);
  await (await waitingBig()).waitForExist({ timeout: 5000, timeoutMsg: "back in the castle" });
  await click(browser, "#redo");
  await waitScores(browser, [3, 4]);

  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 }).catch(async () => {
    await click(browser, "#final-skip");
    await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  });
  const finished = await invoke(browser, "current_game");
  const script = join(folder, "bigcity.json");
  await invoke(browser, "export_game", { gameId: finished.gameId, format: "script", title: "t", path: script });
  const moves = JSON.stringify(JSON.parse(readFileSync(script, "utf8")).moves);
  assert.ok(moves.includes('"figure":"big"'), `the script says the big follower went in and out: ${moves}`);
  const expected = referenceScore(script);
  await assertScoreboard(browser, finished.players, expected);
});
