// The quarters of the City of Carcassonne in one order everywhere: the City panel beside the
// board, the quarters a follower may enter and the quarters the Count may be sent to all list
// them as the engine does, clockwise from the castle, and the new-game screen offers the
// colours and boxes the engine lists.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { click, clickFirstSpot, openApp, seatPlayers, shot, textOf } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

const CLOCKWISE = ["castle", "market", "blacksmith", "cathedral"];

/** Each quarter's box, taken in the engine's order, turns right of the one before as seen
 * from the middle of the four. */
async function goesRoundClockwise(selector, where) {
  const centres = [];
  for (const q of CLOCKWISE) {
    const { x, y, width, height } = await browser.execute(
      (s) => document.querySelector(s).getBoundingClientRect().toJSON(),
      selector(q),
    );
    centres.push([x + width / 2, y + height / 2]);
  }
  const middle = [0, 1].map((i) => centres.reduce((sum, c) => sum + c[i], 0) / 4);
  const angles = centres.map(([x, y]) => Math.atan2(y - middle[1], x - middle[0]));
  for (let i = 0; i < 4; i++) {
    // Screen y grows downwards, so clockwise is a growing angle (mod 2π).
    const turn = (angles[(i + 1) % 4] - angles[i] + 2 * Math.PI) % (2 * Math.PI);
    const step = `${CLOCKWISE[i]} → ${CLOCKWISE[(i + 1) % 4]}`;
    assert.ok(turn > 0 && turn < Math.PI, `${where}: ${step} turns clockwise on screen`);
  }
}

/** The value of `attribute` on each element matching `selector`, in document order. */
async function attributes(selector, attribute) {
  return browser.execute(
    (s, a) => [...document.querySelectorAll(s)].map((e) => e.getAttribute(a)),
    selector,
    attribute,
  );
}

test("the new-game screen offers the engine's colours and boxes", async () => {
  await click(browser, "#new-game");
  await (await browser.$("#color-0")).waitForExist({ timeout: 5000 });
  const colours = await browser.execute(() => [...document.querySelectorAll("#color-0 option")].map((o) => o.value));
  assert.deepEqual(colours, ["red", "blue", "green", "yellow", "black", "gray", "pink", "purple"]);
  // The boxes beside the base game, which is always in play and cannot be unticked.
  const boxes = await browser.execute(() =>
    [
      ...document.querySelector('input[value="count"]').closest("fieldset").querySelectorAll("input:not([disabled])"),
    ].map((i) => i.value),
  );
  assert.deepEqual(boxes, [
    "winter",
    "king-robber",
    "shrines",
    "river2",
    "count",
    "river",
    "river-c1",
    "abbot",
    "inns-cathedrals",
    "traders-builders",
    "ferries",
    "mage-witch",
    "flier",
    "goldmines",
    "crop-circles",
    "crop-circles-1",
  ]);
  // A finished table is entered with every box: Mage & Witch stays ticked.
  await click(browser, 'input[value="mage-witch"]');
  await click(browser, "#final-board");
  const magic = await browser.$('input[value="mage-witch"]');
  assert.equal(await magic.isEnabled(), true, "Mage & Witch is open for a finished table");
  assert.equal(await magic.isSelected(), true, "and stays ticked");
  await click(browser, "#final-board");
});

test("the Count's buttons go round the City in the City panel's order", async () => {
  await seatPlayers(browser, [
    { name: "Clara", color: "red" },
    { name: "Dirk", color: "blue" },
  ]);
  await click(browser, 'input[value="count"]');
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Clara to play/);
  const panel = await attributes("#city li[data-quarter]", "data-quarter");
  assert.deepEqual(panel, CLOCKWISE, "the City panel lists the quarters clockwise from the castle");
  // Laid out two by two, in the panel and drawn on the City's block, they also go round
  // clockwise on the screen.
  await goesRoundClockwise((q) => `#city li[data-quarter="${q}"]`, "the City panel");
  await goesRoundClockwise((q) => `[data-board-quarter="${q}"] rect`, "the City on the board");

  // Clara's thief on the road out of the City's south gate; Dirk closes the road, so only
  // Clara scores and Dirk may put a follower into the City and move the Count.
  const filter = await browser.$("#tile-filter");
  await filter.setValue("U");
  await browser.keys("Enter");
  await click(browser, '[data-cell="0,2"]');
  await clickFirstSpot(browser, ["N", "S"]);
  await click(browser, "#confirm");
  await textOf(browser, "#turn", /^Dirk to play/);
  await filter.setValue("A");
  await browser.keys("Enter");
  await click(browser, '[data-cell="0,3"]');
  await click(browser, "#confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });

  const entries = (await attributes('#count-panel [id^="enter-"]', "id")).map((id) => id.slice("enter-".length));
  assert.deepEqual(entries, [...panel, "none"], "the quarters to enter, in the panel's order, then none");
  await click(browser, "#enter-castle");
  const countTo = (await attributes('#count-panel [id^="count-to-"]', "id")).map((id) => id.slice("count-to-".length));
  assert.deepEqual(countTo, panel, "the quarters the Count may go to, in the panel's order");
  await shot(browser, "quarters-clockwise");
});
