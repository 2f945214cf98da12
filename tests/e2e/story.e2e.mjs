// The final count told as a story: a finished table (the rulebook's detailed farm example) is
// counted, and stepping through the count the scoreboard shows, at every line, exactly the sum
// of the lines the feed shows so far — the totals before the count plus the lines told — and
// no line the count has not reached. A farm is outlined along its grass with the cities it
// supplies numbered, and a rule id opens its explanation, by pointer and by keyboard.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { SIZES, click, invoke, openApp, resize, scoreShown, seatPlayers, shot, textOf } from "./session.mjs";

const SCENARIO = "tests/scenarios/B-49_detailed_farm_example.json";
const script = JSON.parse(readFileSync(SCENARIO, "utf8"));
const names = script.players.map((p) => p.name);
let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

const scoreboard = async () => Promise.all(names.map(async (_, seat) => Number(await scoreShown(browser, seat))));

/** The names of a list in words: "Blue, Red, and Green". */
const listed = (words) => words.split(/,? and |, /);

/** Each seat's points in the feed's lines on screen: "Blue and Red 9: farm …" gives 9 to each. */
async function feedTotals() {
  const totals = names.map(() => 0);
  for (const item of await browser.$$("#feed li .feed-item")) {
    const text = await item.getText();
    const m = /^(.*) (\d+): /.exec(text);
    assert.ok(m, `a feed line names who scored how much: ${text}`);
    for (const who of listed(m[1])) {
      const seat = names.indexOf(who);
      assert.ok(seat >= 0, `${who} plays in ${text}`);
      totals[seat] += Number(m[2]);
    }
  }
  return totals;
}

test("the final count adds each line to the scoreboard as it is shown", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, script.players);
  await click(browser, "#final-board");
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^A finished table/);
  // The table itself is not what is tested here (finalboard.e2e.mjs lays one by hand): it goes
  // in through the app's own commands, then the count is asked for on screen.
  for (const m of script.moves) {
    const request = {
      kind: "place",
      tile: m.tile,
      x: m.at[0],
      y: m.at[1],
      rotation: m.rot,
      follower: null,
      count: null,
    };
    await invoke(browser, "play", { request });
  }
  for (const f of script.followers) {
    const [x, y, place] = f.at;
    await invoke(browser, "play", { request: { kind: "stand", seat: names.indexOf(f.player), x, y, place } });
  }
  await click(browser, "#finish");
  // The scenario gives no scores before the end count: its count starts from 0.
  await click(browser, "#track-skip");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  const game = await invoke(browser, "current_game");
  const final = game.players.map((p) => p.score);
  assert.deepEqual(
    final,
    names.map((n) => script.expect.scores[n]),
    "the count as the scenario expects",
  );

  const steps = Number((await textOf(browser, "#final-step", /^Step 1 of \d+$/)).split(" of ")[1]);
  assert.ok(steps >= 3, `several lines to tell: ${steps}`);
  const before = /^Before the count: (.*)$/.exec(await (await browser.$("#final-before")).getText())[1];
  assert.deepEqual(
    listed(before),
    names.map((n) => `${n} 0`),
    "nothing scores on a finished table before its count",
  );

  let farmShots = false;
  for (let k = 1; k <= steps; k++) {
    await textOf(browser, "#final-step", `Step ${k} of ${steps}`);
    const shown = await feedTotals();
    const board = await scoreboard();
    assert.deepEqual(board, shown, `at line ${k} the scoreboard is the sum of the lines shown`);
    const lines = (await browser.$$("#feed li .feed-item")).length;
    assert.ok(
      lines >= k && lines < game.feed.length + (k === steps ? 1 : 0),
      `line ${k}: ${lines} feed lines, not all ${game.feed.length} at once`,
    );
    // The lines after the first add points in this game: the first line is not the end yet.
    if (k === 1) assert.notDeepEqual(board, final, "line 1 shows the final totals already");

    const what = await browser.$("#final-what");
    if ((await what.getAttribute("data-kind")) === "farm" && (await what.getAttribute("data-folded")) !== "true") {
      // The farm is outlined, not lit tile by tile, and each city it supplies has its number.
      await (await browser.$("[data-farm-path]")).waitForExist({ timeout: 5000 });
      assert.equal((await browser.$$("[data-highlight]")).length, 0, "no tile tinted whole");
      const d = await (await browser.$("[data-farm-path]")).getAttribute("d");
      assert.match(d, /^M [-\d,]+( L [-\d,]+)+/, "an outline drawn");
      const supplied = /supplying (\d+) completed cit/.exec(await what.getText());
      const numbers = await browser.$$("[data-city-number]");
      assert.equal(numbers.length, Number(supplied?.[1] ?? 0), "every supplied city numbered");
      await textOf(browser, "#final-farmers", /^Farmers: \w+ \d/);
      await textOf(browser, "#final-farm-other", /^The 2000 farm rule would give for this farm: /);
      await shot(browser, `story-step-${k}`);
      if (!farmShots && numbers.length >= 2) {
        farmShots = true;
        const original = await browser.getWindowSize();
        for (const [width, height] of SIZES) {
          await resize(browser, width, height);
          const outline = await browser.execute(() => {
            const r = document.querySelector("[data-farm-path]").getBoundingClientRect();
            return {
              w: r.width,
              h: r.height,
              inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
            };
          });
          await shot(browser, `story-farm-${width}x${height}`);
          assert.ok(
            outline.w > 20 && outline.h > 20 && outline.inside,
            `at ${width}×${height} the outline is on screen: ${JSON.stringify(outline)}`,
          );
        }
        await browser.setWindowSize(original.width, original.height);
      }
    }

    if (k === 1) {
      // The rule id opens its line: by pointer, then closed again from the keyboard.
      const id = await browser.$("#final-what [data-rule-id]");
      const rule = await id.getAttribute("data-rule-id");
      await id.click();
      const note = await textOf(browser, `#final-what [data-rule-note="${rule}"]`, /\w+ \w+/);
      assert.ok(note.length > 20, `rule ${rule} explained: ${note}`);
      assert.equal(await id.getAttribute("aria-expanded"), "true");
      await browser.execute(() => document.querySelector("#final-what [data-rule-id]").focus());
      await browser.keys("Enter");
      await (await browser.$(`#final-what [data-rule-note="${rule}"]`)).waitForExist({ reverse: true, timeout: 5000 });
    }
    await click(browser, "#final-next");
  }
  assert.ok(farmShots, "a farm supplying two cities or more was shown");

  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  assert.deepEqual(await scoreboard(), final, "the result: the final scores");
  assert.deepEqual(await feedTotals(), final, "and every line in the feed");
  assert.equal((await browser.$$("#feed li .feed-item")).length, game.feed.length);
  // A farm picked in the feed afterwards is outlined the same way.
  assert.equal((await browser.$$("[data-farm-outline]")).length, 0, "nothing outlined at the result");
  await click(browser, '#feed li[data-rule="B-41"] .feed-item');
  await (
    await browser.$("[data-farm-path]")
  ).waitForExist({ timeout: 5000, timeoutMsg: "the farm picked in the feed is not outlined" });
  await click(browser, '#feed li[data-rule="B-41"] .feed-item');
  // Back one line: its points leave the scoreboard again.
  await click(browser, "#final-prev");
  await textOf(browser, "#final-step", `Step ${steps} of ${steps}`);
  assert.deepEqual(await scoreboard(), final, "the last line told: still the final totals");
  await click(browser, "#final-prev");
  assert.deepEqual(await scoreboard(), await feedTotals(), "one line back: the lines shown");
});
