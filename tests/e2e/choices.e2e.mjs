// Choices made on the board, not by coordinates, in a four-player Count game: the features a
// follower may move onto are lit on the board and chosen by clicking them, which enters the
// same move as the side panel's entry for them; the entries say what each feature is and
// whose, never where in numbers. And the side panel keeps the action in view: Start on the
// setup screen, Confirm, and the Count's questions lie inside the window at 1024×700,
// 1280×800 and 1920×1080 without scrolling.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  SIZES,
  chooseTile,
  click,
  openApp,
  placeFollower,
  resize,
  scoreShown,
  seatPlayers,
  shot,
  textOf,
  waitScores,
} from "./session.mjs";

const PLAYERS = [
  { name: "Clara", color: "red" },
  { name: "Dirk", color: "blue" },
  { name: "Erik", color: "green" },
  { name: "Fenna", color: "yellow" },
];

/** The scores `castellan score` gives a script: the engine's answer without the window. */
function castellanScore(script) {
  const file = join(mkdtempSync(join(tmpdir(), "castellan-")), "game.json");
  writeFileSync(file, JSON.stringify(script));
  return JSON.parse(execFileSync("target/debug/castellan", ["score", file], { encoding: "utf8" })).scores;
}

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

const scores = () => Promise.all(PLAYERS.map((_, seat) => scoreShown(browser, seat)));

/**
 * At each window size, with every scrolling part of the page back at its top as a player
 * would find it, each of `selectors` lies wholly inside the window; a screenshot of each size.
 */
async function inViewAtEverySize(name, selectors) {
  const original = await browser.getWindowSize();
  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    const outside = await browser.execute((selectors) => {
      window.scrollTo(0, 0);
      for (const element of document.querySelectorAll("*")) if (element.scrollTop) element.scrollTop = 0;
      const wrong = [];
      for (const selector of selectors) {
        const element = document.querySelector(selector);
        if (!element) {
          wrong.push(`${selector}: missing`);
          continue;
        }
        const r = element.getBoundingClientRect();
        if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) {
          wrong.push(
            `${selector}: ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)} in ${window.innerWidth}×${window.innerHeight}`,
          );
        }
      }
      return wrong;
    }, selectors);
    assert.deepEqual(outside, [], `at ${width}×${height} ${selectors.join(", ")} in the window without scrolling`);
    await shot(browser, `choices-${name}-${width}x${height}`);
  }
  await browser.setWindowSize(original.width, original.height);
}

/** The words of every entry `selector` finds. */
async function texts(selector) {
  const out = [];
  for (const element of await browser.$$(selector)) out.push(await element.getText());
  return out;
}

let clarasThief;
let clarasRotation;
// Where Dirk's knight went, as `x,y,place`: chosen once on the board, once in the list.
let dirksMove;

test("Start stays in view on a long setup of four players with the Count", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, PLAYERS);
  await click(browser, 'input[value="count"]');
  await inViewAtEverySize("setup", ["#start-game"]);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Clara to play/);
});

test("Confirm and the Count's entry question stay in view in a four-player Count game", async () => {
  // Clara's thief on the road out of the City's south gate.
  await chooseTile(browser, "U");
  await click(browser, '[data-cell="0,2"]');
  clarasThief = await placeFollower(browser, "N", "S");
  clarasRotation = Number(await (await browser.$("[data-pending-rotation]")).getAttribute("data-pending-rotation"));
  await inViewAtEverySize("confirm", ["#confirm", "#rotate", ".scoreboard"]);
  await click(browser, "#confirm");
  await textOf(browser, "#turn", /^Dirk to play/);

  // Dirk closes it: Clara scores 3, Dirk nothing, so Dirk may enter the City.
  await chooseTile(browser, "A");
  await click(browser, '[data-cell="0,3"]');
  await click(browser, "#confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });
  await inViewAtEverySize("entry", ["#count-panel h2", "#enter-castle", "#count-confirm", ".scoreboard"]);
  await click(browser, "#enter-castle");
  await click(browser, "#count-to-market");
  await click(browser, "#count-confirm");
  await waitScores(browser, [3, 0, 0, 0]);
});

test("Dirk's knight leaves the castle for the city clicked on the board, as the list entry would take it", async () => {
  // Erik closes a city on the City's east side without a knight: Dirk's knight may leave the
  // castle for it. The board lights it in Dirk's colour; its entry says what it is.
  await chooseTile(browser, "E");
  await click(browser, '[data-cell="2,1"]');
  await click(browser, "#no-follower");
  await click(browser, "#confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });
  assert.equal(await (await browser.$("#count-moving")).getAttribute("data-seat"), "1", "Dirk's follower is moving");
  assert.match(await (await browser.$("#count-moving")).getText(), /Dirk from the castle/);
  const lit = await browser.$$("[data-lit]");
  assert.equal(lit.length, 1, "one city completed: one feature lit");
  const entries = await texts("[data-move]");
  assert.equal(entries.length, 1);
  assert.equal(entries[0], "city east of the City · 2 tiles", "the entry says what the city is and where");
  assert.doesNotMatch(entries[0], /\d+,\s*-?\d+/, "no coordinates");
  await inViewAtEverySize("count-moves", [
    "#count-panel h2",
    "#count-moving",
    "[data-move]",
    "#count-next",
    ".scoreboard",
  ]);

  dirksMove = await lit[0].getAttribute("data-lit");
  await lit[0].click();
  const moved = await browser.$("[data-moved]");
  await moved.waitForExist({ timeout: 5000 });
  assert.equal(await moved.getAttribute("data-moved"), `1-castle-${dirksMove}`, "the board's city is the move chosen");
  assert.match(await moved.getText(), /Dirk: castle → city east of the City · 2 tiles/);
  assert.equal((await browser.$$("[data-lit]")).length, 0, "nobody else may move: nothing lit any more");
  await shot(browser, "choices-count-board-click");
  await click(browser, "#count-next");
  // Only Dirk scored on Erik's tile, so Erik may enter: the market, sending the Count (who
  // stands there) back to the castle, so Erik's farmer may leave before the final count.
  await textOf(browser, "#count-panel", /Erik scored nothing while others did/);
  await inViewAtEverySize("entry-after-move", ["#enter-market", "#count-confirm"]);
  await click(browser, "#enter-market");
  await click(browser, "#count-to-castle");
  await click(browser, "#count-confirm");
  await waitScores(browser, [3, 4, 0, 0]);
  const byBoard = { scores: await scores(), feed: await texts("#feed li"), city: await texts("#city li") };

  // The same turn again, the knight moved by its entry in the list instead.
  await click(browser, "#undo");
  await waitScores(browser, [3, 0, 0, 0]);
  await chooseTile(browser, "E");
  await click(browser, '[data-cell="2,1"]');
  await click(browser, "#no-follower");
  await click(browser, "#confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });
  const entry = await browser.$('[data-move^="1-castle-"]');
  assert.equal(
    await entry.getAttribute("data-move"),
    `1-castle-${dirksMove}`,
    "the list offers the feature lit on the board",
  );
  await entry.click();
  await click(browser, "#count-next");
  await click(browser, "#enter-market");
  await click(browser, "#count-to-castle");
  await click(browser, "#count-confirm");
  await waitScores(browser, [3, 4, 0, 0]);
  const byList = { scores: await scores(), feed: await texts("#feed li"), city: await texts("#city li") };
  assert.deepEqual(byList, byBoard, "the board's click and the list's entry enter the same move");
});

test("Erik's farmer leaves the market for a farm clicked on the board, scored as castellan score does", async () => {
  await click(browser, "#finish");
  await (await browser.$("#final-moves")).waitForExist({ timeout: 5000 });
  assert.equal(await (await browser.$("#final-moving")).getAttribute("data-seat"), "2", "Erik's follower is moving");
  const entries = await texts("[data-target]");
  assert.ok(entries.length > 1, "farms on offer");
  assert.equal(new Set(entries).size, entries.length, `no two entries read alike: ${entries.join(" | ")}`);
  for (const e of entries) {
    assert.match(e, /^farm/, e);
    assert.doesNotMatch(e, /\d+,\s*-?\d+/, `no coordinates: ${e}`);
  }
  const lit = await browser.$$('[data-lit][data-kind="field"]');
  assert.equal(lit.length, entries.length, "each entry is lit on the board");
  await inViewAtEverySize("final-moves", ["#final-moves h2", "#final-moving", "#count-now", ".scoreboard"]);

  const farm = await lit[lit.length - 1].getAttribute("data-lit");
  await lit[lit.length - 1].click();
  const moved = await browser.$("[data-moved]");
  await moved.waitForExist({ timeout: 5000 });
  assert.equal(await moved.getAttribute("data-moved"), `2-market-${farm}`);
  assert.match(await moved.getText(), /Erik: market → farm/);
  await shot(browser, "choices-final-board-click");
  await click(browser, "#count-now");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await click(browser, "#final-skip");
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });

  const spot = (text) => {
    const [x, y, place] = text.split(",");
    return [Number(x), Number(y), place];
  };
  const expected = castellanScore({
    format: "castellan-game-script",
    version: 1,
    players: PLAYERS,
    setup: { sets: ["base", "count"], start: "count" },
    final_scoring: true,
    moves: [
      { tile: "U", at: [0, 2], rot: clarasRotation, meeple: clarasThief },
      { tile: "A", at: [0, 3], rot: 180, count: { enter: { quarter: "castle", count_to: "market" } } },
      {
        tile: "E",
        at: [2, 1],
        rot: 270,
        count: {
          moves: [{ player: "Dirk", quarter: "castle", to: spot(dirksMove) }],
          enter: { quarter: "market", count_to: "castle" },
        },
      },
    ],
    final_moves: [{ player: "Erik", quarter: "market", to: spot(farm) }],
  });
  await waitScores(
    browser,
    PLAYERS.map((p) => expected[p.name]),
  );
  await shot(browser, "choices-final-result");
});
