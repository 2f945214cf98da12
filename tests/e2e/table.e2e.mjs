// A turn entered through the table screen of the real app: new game, choose the drawn tile,
// click the lit square, put the knight, confirm; the scoreboard and the feed show the score.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { click, openApp, scoreShown, seatPlayers, shot, textOf } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

test("a new game and one scored turn through the table screen", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [{ name: "Anna" }, { name: "Bram" }]);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna to play · In the bag: 71 tiles$/);

  const filter = await browser.$("#tile-filter");
  await filter.setValue("E");
  await browser.keys("Enter");
  await click(browser, '[data-cell="0,-1"]');
  await click(browser, '[data-place="S"]');
  await shot(browser, "table-placing");
  // Where the folding parts below the turn's buttons begin.
  const belowTop = () => browser.execute(() => document.querySelector(".more").getBoundingClientRect().top);
  const belowWhilePlacing = await belowTop();
  await click(browser, "#confirm");

  await textOf(browser, "#turn", /^Bram to play · In the bag: 70 tiles$/);
  // The turn's buttons leave their room behind, Undo and the others between placements standing
  // in it: what is below them stays where it was.
  assert.ok(await (await browser.$("#undo")).isDisplayed(), "Undo between placements");
  assert.equal(await belowTop(), belowWhilePlacing, "the folding parts stay put when the turn's buttons go");
  const anna = await browser.$('.scoreboard [data-seat="0"] .score');
  assert.equal(await anna.getText(), "4", "Anna's two-tile city");
  const feed = await textOf(browser, "#feed li", /^Anna 4: city of 2 tiles/);
  assert.match(feed, /B-21$/, "the rule is named");
  await shot(browser, "table");
});

test("turning the board for the other side of the table turns every tile with it", async () => {
  // From the start tile's centre to the centre of the city tile laid north of it, on screen.
  const offset = () =>
    browser.execute(() => {
      const centre = (e) => {
        const r = e.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
      };
      const [start, city] = [...document.querySelectorAll(".board use.tile")].map(centre);
      return [city[0] - start[0], city[1] - start[1]];
    });
  const [dx, dy] = await offset();
  assert.ok(Math.abs(dx) < 1 && dy < -20, `the city tile is above the start tile (${dx}, ${dy})`);
  await click(browser, "#view-turn");
  await browser.waitUntil(async () => (await offset())[0] > 20, {
    timeout: 5000,
    timeoutMsg: "the board never turned",
  });
  const [tx, ty] = await offset();
  assert.ok(
    Math.abs(tx + dy) < 1 && Math.abs(ty - dx) < 1,
    `a quarter turn clockwise: (${dx}, ${dy}) became (${tx}, ${ty})`,
  );
  await shot(browser, "table-turned");
  for (let i = 0; i < 3; i++) await click(browser, "#view-turn");
  await browser.waitUntil(async () => (await offset())[1] < -20, {
    timeout: 5000,
    timeoutMsg: "four quarter turns are a whole one",
  });
});

test("a whole turn from the keyboard: tile, square, follower place, confirm", async () => {
  await (await browser.$("#tile-filter")).setValue("V");
  await browser.keys("Enter");
  await browser.execute(() => document.activeElement?.blur());
  await browser.keys("ArrowRight");
  await (await browser.$(".legal.selected")).waitForExist({ timeout: 5000 });
  await browser.keys("f");
  await (await browser.$(".spot.chosen")).waitForExist({ timeout: 5000 });
  await browser.keys("n");
  await (await browser.$(".spot.chosen")).waitForExist({ timeout: 5000, reverse: true });
  await browser.keys("Enter");
  await textOf(browser, "#turn", /^Anna to play · In the bag: 69 tiles$/, 15000);
});

test("the finished game is in the history after the app is started again", async () => {
  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await browser.deleteSession();

  browser = await openApp();
  await click(browser, "#history");
  const finished = await browser.$('.game[data-state="finished"]');
  await finished.waitForExist({ timeout: 5000 });
  const text = await finished.getText();
  assert.match(text, /Anna\s+4/, "Anna's 4 points are remembered");
  assert.match(text, /Bram\s+0/);
  const winner = await finished.$(".winner");
  assert.match(await winner.getText(), /^Anna/, "Anna won");
  await shot(browser, "history");
});

test("the finished game steps back turn by turn, and the statistics count it", async () => {
  await (await browser.$('.game[data-state="finished"] .open')).click();
  await textOf(browser, "#step", "Step 3 of 3");
  await click(browser, "#step-back");
  await textOf(browser, "#step", "Step 2 of 3");
  assert.equal(await scoreShown(browser, 0), "4", "after Anna's city");
  await click(browser, "#step-first");
  await textOf(browser, "#step", "Step 0 of 3");
  assert.equal(await scoreShown(browser, 0), "0", "at the start");
  await shot(browser, "replay");
  await click(browser, "#back");
  await click(browser, "#back");

  await click(browser, "#stats");
  const anna = await browser.$('#player-stats [data-player="Anna"]');
  await anna.waitForExist({ timeout: 5000 });
  const cells = [];
  for (const td of await anna.$$("td")) cells.push(await td.getText());
  assert.deepEqual(cells.slice(0, 5), ["Anna", "1", "1", "4.0", "4"], "one game, one win, average 4.0, best 4");
  await shot(browser, "stats");
});
