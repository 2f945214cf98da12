// A whole recorded base game entered through the table screen of the real app, move by move as
// a player would: the tile typed into the picker, the lit square clicked, the tile turned to the
// recorded rotation, the follower's place clicked (or none), confirmed. Then the final count,
// and the scoreboard and the feed must agree with `castellan score` on the same script.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { click, openApp, scoreShown, seatPlayers, shot, textOf } from "./session.mjs";
import { ROOT, buildReference, referenceScore } from "./reference.mjs";

// A full two-player base game (71 tiles, a knight, a city closed by the last tile) with final
// scoring; E2E_SCRIPT may name another complete base game script.
const SCRIPT = process.env.E2E_SCRIPT ?? "tests/scenarios/B-33_last_tile_scores_then_the_game_ends.json";
const MID_GAME = 35;

let browser;
let script;
let expected;

before(async () => {
  script = JSON.parse(readFileSync(`${ROOT}${SCRIPT}`, "utf8"));
  assert.deepEqual(script.setup.sets, ["base"], "a base game");
  assert.equal(script.final_scoring, true, "the script ends with the final count");
  buildReference();
  expected = referenceScore(`${ROOT}${SCRIPT}`);
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

/** Waits until `probe` returns something truthy and returns it. */
async function until(probe, what, timeout = 5000) {
  let value;
  await browser.waitUntil(async () => (value = await probe()), { timeout, interval: 20, timeoutMsg: what() });
  return value;
}

const bagCount = async () => {
  // An empty bag is said by a panel of its own instead of the turn line.
  if (await (await browser.$("#bag-empty")).isExisting()) return 0;
  return Number(/In the bag: (\d+) tiles?$/.exec(await (await browser.$("#turn")).getText())?.[1]);
};

/** The pending tile's cell and rotation, read from its ghost: translate(x*100 y*100) rotate(deg 50 50). */
async function ghost() {
  const use = await browser.$("use.ghost");
  if (!(await use.isExisting())) return null;
  const m = /translate\((-?\d+) (-?\d+)\) rotate\((\d+) /.exec((await use.getAttribute("transform")) ?? "");
  assert.ok(m, `the pending tile's transform shows its cell and rotation: ${await use.getAttribute("transform")}`);
  return { x: Number(m[1]) / 100, y: Number(m[2]) / 100, rotation: Number(m[3]) };
}

async function enter(move, n) {
  const where = () => `move ${n} (${JSON.stringify(move)})`;
  const left = await bagCount();

  const filter = await browser.$("#tile-filter");
  await filter.setValue(move.tile);
  await browser.keys("Enter");
  await (
    await browser.$(`.pick.chosen[data-tile="${move.tile}"]`)
  ).waitForExist({ timeout: 5000, timeoutMsg: `${where()}: tile not chosen` });

  if (move.discard) {
    await (await browser.$("#discard")).waitForExist({ timeout: 5000, timeoutMsg: `${where()}: no discard offered` });
    await click(browser, "#discard");
  } else {
    const [x, y] = move.at;
    const cell = await browser.$(`[data-cell="${x},${y}"]`);
    await cell.waitForExist({ timeout: 5000, timeoutMsg: `${where()}: ${x},${y} is not lit` });
    // A tile with one lit square is shown there at once; its ghost then covers the square.
    const already = await ghost();
    if (!(already && already.x === x && already.y === y)) await cell.click();
    let shown = await until(
      async () => {
        const g = await ghost();
        return g && g.x === x && g.y === y && g;
      },
      () => `${where()}: the tile is not shown on ${x},${y}`,
    );

    // Turn it until it has the recorded rotation; each legal rotation comes once round.
    for (let turns = 0; shown.rotation !== move.rot; turns++) {
      assert.ok(turns < 4, `${where()}: rotation ${move.rot} is never offered`);
      const before = shown.rotation;
      await click(browser, "#rotate");
      shown = await until(
        async () => {
          const g = await ghost();
          return g && g.rotation !== before && g;
        },
        () => `${where()}: the rotate button did not turn the tile from ${before}`,
      );
    }

    if (move.meeple) {
      // One spot per feature: the one whose feature covers the recorded place.
      const spots = await browser.$$(`[data-place][data-covers~="${move.meeple}"]`);
      assert.equal(spots.length, 1, `${where()}: one spot on the feature of ${move.meeple}`);
      const spot = spots[0];
      await spot.click();
      await until(
        async () => /\bchosen\b/.test((await spot.getAttribute("class")) ?? ""),
        () => `${where()}: ${move.meeple} not chosen`,
      );
    } else {
      assert.match(
        (await (await browser.$("#no-follower")).getAttribute("class")) ?? "",
        /\bchosen\b/,
        `${where()}: a follower is set`,
      );
    }
    await click(browser, "#confirm");
  }

  await until(
    async () => (await bagCount()) === left - 1,
    () => `${where()}: not entered`,
  );
  const message = await browser.$("#message");
  assert.ok(!(await message.isExisting()), `${where()}: ${(await message.isExisting()) && (await message.getText())}`);
}

test("a recorded game entered turn by turn scores what castellan score says", { timeout: 300_000 }, async () => {
  const names = script.players.map((p) => p.name);
  await click(browser, "#new-game");
  await seatPlayers(browser, script.players);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", new RegExp(`^${names[0]} to play · In the bag: 71 tiles$`));

  for (const [i, move] of script.moves.entries()) {
    await enter(move, i);
    if (i + 1 === MID_GAME) await shot(browser, "recorded-mid-game");
  }
  await textOf(browser, "#bag-empty h2", "The bag is empty");

  await click(browser, "#finish");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  // The count is told line by line (story.e2e.mjs); its result has every line told.
  if (await (await browser.$("#final-skip")).isExisting()) await click(browser, "#final-skip");
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });

  for (const [seat, name] of names.entries()) {
    const shown = await scoreShown(browser, seat);
    assert.equal(Number(shown), expected.scores[name], `${name}'s final score`);
  }
  const items = await browser.$$("#feed li:not(.empty)");
  assert.equal(items.length, expected.events.length, "one feed entry per scoring event");
  const feed = [];
  for (const item of items) feed.push(await item.getText());
  for (const e of expected.events) {
    const head = `${e.winners.join(", ")} ${e.points}: `;
    const i = feed.findIndex((text) => text.startsWith(head));
    assert.ok(i >= 0, `the feed shows ${head}… among ${JSON.stringify(feed)}`);
    feed.splice(i, 1);
  }
  await shot(browser, "recorded-final");

  // A score chosen in the feed picks out its tiles on the board.
  if (items.length > 0) {
    await (await browser.$("#feed li .feed-item")).click();
    // A farm of the count is outlined along its grass, anything else lit tile by tile.
    await (
      await browser.$("[data-highlight], [data-farm-outline]")
    ).waitForExist({ timeout: 5000, timeoutMsg: "the chosen score is not picked out" });
  }
  await shot(browser, "recorded-feed");
});
