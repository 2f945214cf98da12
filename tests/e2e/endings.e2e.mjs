// Endings that cannot happen by accident, in the real app: "Final scoring" mid-game asks
// first and keeping on playing is the default; a final count made can be undone and the game
// is back as it stood; the menu keeps the game for resuming; an empty bag says so and offers
// the count. Screenshots of each screen at three window sizes.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { SIZES, click, invoke, openApp, resize, seatPlayers, shot, textOf } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

const scores = async () =>
  Promise.all([0, 1].map(async (seat) => (await browser.$(`.scoreboard [data-seat="${seat}"] .score`)).getText()));
const shown = async (selector) => (await browser.$(selector)).isDisplayed();

/**
 * Screenshots of the window at each size, each checked for what must be on screen: every
 * element `visible` finds lies inside the window, none hidden below the fold.
 */
async function shots(name, visible) {
  const original = await browser.getWindowSize();
  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    const outside = await browser.execute((selectors) => {
      const wrong = [];
      for (const selector of selectors) {
        const element = document.querySelector(selector);
        if (!element) {
          wrong.push(`${selector}: missing`);
          continue;
        }
        // Scrolled into its panel's view as a player would; then it must lie in the window.
        element.scrollIntoView({ block: "nearest" });
        const r = element.getBoundingClientRect();
        if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) {
          wrong.push(
            `${selector}: ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`,
          );
        }
      }
      return wrong;
    }, visible);
    assert.deepEqual(outside, [], `at ${width}×${height} everything of ${name} is in the window`);
    await shot(browser, `${name}-${width}x${height}`);
  }
  await browser.setWindowSize(original.width, original.height);
}

async function place(tile, cell) {
  await (await browser.$("#tile-filter")).setValue(tile);
  await browser.keys("Enter");
  await click(browser, `[data-cell="${cell}"]`);
  await click(browser, "#confirm");
}

let before_count;

test("Final scoring mid-game asks first, and keeping on playing keeps the game", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [{ name: "Anna" }, { name: "Bram" }]);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna to play · In the bag: 71 tiles$/);
  await place("E", "0,-1");
  await textOf(browser, "#turn", /^Bram to play/);
  await place("U", "1,0");
  const turn = await textOf(browser, "#turn", /^Anna to play · In the bag: 69 tiles$/);
  before_count = { turn, scores: await scores(), log: await (await browser.$("#turns summary")).getText() };

  await click(browser, "#finish");
  await textOf(browser, "#confirm-end-left", "69 tiles are still in the bag.");
  assert.equal(
    await browser.execute(() => document.activeElement?.id),
    "keep-playing",
    "keeping on playing is the answer Enter gives",
  );
  await shots("endings-confirm", ["#confirm-end", "#keep-playing", "#end-now"]);
  await browser.keys("Escape");
  await (await browser.$("#confirm-end")).waitForExist({ reverse: true, timeout: 5000 });
  assert.equal(await (await browser.$("#turn")).getText(), turn, "Esc keeps the game going");

  await click(browser, "#finish");
  await browser.keys("Enter");
  await (await browser.$("#confirm-end")).waitForExist({ reverse: true, timeout: 5000 });
  assert.equal(await (await browser.$("#turn")).getText(), turn, "Enter keeps the game going too");
  assert.equal((await invoke(browser, "current_game")).finished, false, "nothing was counted");
});

test("the final count made can be undone: the game is back with its moves and scores", async () => {
  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  const counted = await invoke(browser, "current_game");
  assert.ok(counted.finished);
  const inHistory = async () => (await invoke(browser, "history"))[0].games[0].state;
  assert.equal(await inHistory(), "finished");
  const annasGames = async () => (await invoke(browser, "statistics")).players.find((p) => p.name === "Anna").games;
  assert.equal(await annasGames(), 1);

  await shots("endings-counted", ["#final-count", "#reopen", "#new-game", "#menu"]);
  await click(browser, "#reopen");
  const turn = await textOf(browser, "#turn", before_count.turn);
  assert.equal(turn, before_count.turn);
  assert.deepEqual(await scores(), before_count.scores, "the scores as they were before the count");
  assert.equal(await (await browser.$("#turns summary")).getText(), before_count.log, "every turn is still there");
  assert.equal(await inHistory(), "in-progress", "the history shows the game in progress again");
  assert.equal(await annasGames(), 0, "the statistics no longer count it");
  await shots("endings-reopened", ["#turn", "#finish", "#menu", "#undo"]);
});

test("the menu keeps the game on the table, offered for resuming", async () => {
  await click(browser, "#menu");
  await (await browser.$("#resume")).waitForExist({ timeout: 5000 });
  for (const id of ["#history", "#settings", "#language-nl"]) assert.ok(await shown(id), `${id} on the start screen`);
  await shots("endings-menu", ["#resume", "#new-game", "#history", "#stats", "#settings", "#language-de"]);
  await click(browser, "#resume");
  assert.equal(await textOf(browser, "#turn", before_count.turn), before_count.turn, "the same game, the same turn");
  assert.deepEqual(await scores(), before_count.scores);

  // The question in German, where the words run longest.
  await click(browser, "#menu");
  await click(browser, "#language-de");
  await click(browser, "#resume");
  await click(browser, "#finish");
  await textOf(browser, "#confirm-end-left", "Im Beutel sind noch 69 Plättchen.");
  await shots("endings-confirm-de", ["#confirm-end", "#keep-playing", "#end-now"]);
  await browser.keys("Escape");
  await click(browser, "#menu");
  await click(browser, "#language-en");
  await click(browser, "#resume");
  await textOf(browser, "#turn", before_count.turn);
});

test("an empty bag says so and offers the final count, which can be undone from the menu", async () => {
  // Every tile left, laid through the app's own commands at its first legal spot; one that
  // fits nowhere is put aside.
  let view = await invoke(browser, "current_game");
  while (view.tilesLeft > 0) {
    const fitting = [];
    for (const { tile } of view.bag) {
      const options = await invoke(browser, "placement_options_for", { tile });
      if (options.length > 0) {
        fitting.push({ tile, option: options[0] });
        break;
      }
    }
    const request = fitting[0]
      ? {
          kind: "place",
          tile: fitting[0].tile,
          x: fitting[0].option.x,
          y: fitting[0].option.y,
          rotation: fitting[0].option.rotation,
          follower: null,
        }
      : { kind: "discard", tile: view.bag[0].tile };
    view = await invoke(browser, "play", { request });
  }
  // The page takes up the game as the app does after a restart.
  await browser.refresh();
  await click(browser, "#resume");
  await textOf(browser, "#bag-empty h2", "The bag is empty");
  assert.equal(await (await browser.$("#turn")).isExisting(), false, "no 'X to play · in the bag: 0'");
  assert.equal(await (await browser.$("#tile-filter")).isExisting(), false, "nothing left to draw");
  await shots("endings-bag-empty", ["#bag-empty", "#count-empty"]);

  await click(browser, "#count-empty");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  assert.equal(await (await browser.$("#confirm-end")).isExisting(), false, "with the bag empty nothing is asked");
  await click(browser, "#menu");
  await click(browser, "#back-to-count");
  await click(browser, "#reopen");
  await (await browser.$("#bag-empty")).waitForExist({ timeout: 5000 });
  assert.equal((await invoke(browser, "current_game")).finished, false, "the count is undone after a trip to the menu");

  // A new game makes the last count stand: the old game stays in progress and nothing is left to undo.
  await click(browser, "#count-empty");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await click(browser, "#new-game");
  await seatPlayers(browser, [{ name: "Anna" }, { name: "Bram" }]);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /In the bag: 71 tiles$/);
  await assert.rejects(
    invoke(browser, "reopen_game"),
    (e) => e.kind === "table" && e.error.kind === "table" && e.error.refusal.kind === "noFinalCount",
    "the new game has no count to undo",
  );
  const [latest, counted] = (await invoke(browser, "history"))[0].games;
  assert.deepEqual([latest.state, counted.state], ["in-progress", "finished"], "the count of the game before stands");
});
