// Entering a tile in the real app: edges that fit several tiles ask which one, and Enter alone
// takes none of them; the lit squares and the follower places are reached with Tab and taken
// with Enter or Space; followers and their places are drawn large enough to see and hit, in a
// shape for each role, with an initial that reads on every colour.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { SIZES, click, invoke, openApp, resize, seatPlayers, shot, textOf } from "./session.mjs";

// The smallest a follower or a follower's place may be drawn, across and high, in pixels.
const MIN_PX = 24;

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

/** What has the keyboard's focus: its data attributes and classes. */
const focused = () =>
  browser.execute(() => {
    const e = document.activeElement;
    return e
      ? {
          cell: e.getAttribute("data-cell"),
          place: e.getAttribute("data-place"),
          cls: e.getAttribute("class") ?? "",
          stroke: getComputedStyle(e).stroke,
        }
      : null;
  });

/** The on-screen size of everything `selector` finds: [min(width, height), what it is]. */
const sizes = (selector) =>
  browser.execute(
    (selector) =>
      [...document.querySelectorAll(selector)].map((e) => {
        const r = e.getBoundingClientRect();
        const what = e.closest("[data-role]")?.getAttribute("data-role") ?? "?";
        return [Math.min(r.width, r.height), what];
      }),
    selector,
  );

/** The follower places whose middle is covered by something else, so a click there misses them. */
const coveredSpots = () =>
  browser.execute(() =>
    [...document.querySelectorAll(".spot")]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) !== e;
      })
      .map((e) => e.getAttribute("data-place")),
  );

function assertLarge(found, what) {
  assert.ok(found.length > 0, `some ${what} to measure`);
  for (const [px, role] of found)
    assert.ok(px >= MIN_PX, `a ${role} ${what} is ${px.toFixed(1)} px, under ${MIN_PX}: ${JSON.stringify(found)}`);
}

/** WCAG contrast of two CSS colours as `rgb(r, g, b)`. */
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, b] = css
      .match(/\d+(\.\d+)?/g)
      .slice(0, 3)
      .map((c) => {
        const v = Number(c) / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test("edges that fit three tiles show three choices; the one picked is the one placed", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "yellow" },
    { name: "Bram", color: "blue" },
  ]);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna to play · In the bag: 71 tiles$/);

  const filter = await browser.$("#tile-filter");
  await filter.setValue("CFCF");
  const choices = async () => {
    const out = [];
    for (const b of await browser.$$(".pick[data-choice]"))
      out.push(`${await b.getAttribute("data-choice")}:${await b.getAttribute("data-tile")}`);
    return out;
  };
  assert.deepEqual(await choices(), ["1:F", "2:G", "3:H"], "F, G and H all have city, field, city, field");
  const counts = [];
  for (const b of await browser.$$(".pick[data-choice] .count")) counts.push(await b.getText());
  assert.deepEqual(counts, ["×2", "×1", "×3"], "how many of each are left");
  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    await shot(browser, `entry-choices-${width}x${height}`);
  }

  // Enter with three choices takes none and says why.
  await browser.keys("Enter");
  await (
    await browser.$("#tile-choices-hint.asked")
  ).waitForExist({ timeout: 5000, timeoutMsg: "Enter did not ask which tile" });
  assert.equal(await (await browser.$(".pick.chosen")).isExisting(), false, "no tile was taken");
  assert.equal(await filter.getValue(), "CFCF", "the typing stays");

  // The arrows go to G, Enter takes it; the keys then go on to the board's first lit square.
  for (let i = 0; i < 3 && !(await (await browser.$('.pick.active[data-tile="G"]')).isExisting()); i++)
    await browser.keys("ArrowDown");
  await browser.keys("Enter");
  await (await browser.$('.pick.chosen[data-tile="G"]')).waitForExist({ timeout: 5000, timeoutMsg: "G was not taken" });
  await browser.waitUntil(async () => (await focused())?.cell, {
    timeout: 5000,
    timeoutMsg: "no lit square has the focus",
  });

  // Tab goes through the lit squares row by row, as they read on screen.
  const order = [(await focused()).cell];
  while (order.at(-1) !== "0,-1" && order.length < 40) {
    await browser.keys("Tab");
    const now = await focused();
    assert.ok(now?.cell, `Tab left the lit squares: ${JSON.stringify(now)} after ${order}`);
    order.push(now.cell);
  }
  assert.equal(order.at(-1), "0,-1", `Tab reaches the square north of the start tile: ${order}`);
  const xy = order.map((c) => c.split(",").map(Number));
  for (let i = 1; i < xy.length; i++) {
    const [[ax, ay], [bx, by]] = [xy[i - 1], xy[i]];
    assert.ok(ay < by || (ay === by && ax < bx), `reading order: ${order}`);
  }
  assert.equal((await focused()).stroke, "rgb(30, 94, 255)", "the focused square shows a blue edge");

  // Enter takes the square; R still turns the tile with the focus on the board.
  await browser.keys("Enter");
  const pending = await browser.$('[data-cell="0,-1"].selected');
  await pending.waitForExist({ timeout: 5000, timeoutMsg: "Enter did not take the square" });
  const rotation = async () => (await browser.$("[data-pending-rotation]")).getAttribute("data-pending-rotation");
  const first = await rotation();
  await browser.keys("r");
  await browser.waitUntil(async () => (await rotation()) !== first, {
    timeout: 5000,
    timeoutMsg: "R did not turn the tile",
  });

  // Tab goes on to the follower places on that square, each large enough to hit.
  await browser.keys("Tab");
  const spot = await focused();
  assert.ok(spot?.place, `Tab goes from the square to its follower places: ${JSON.stringify(spot)}`);
  assert.equal(spot.stroke, "rgb(30, 94, 255)", "the focused place shows a blue edge");
  assertLarge(await sizes(".spot"), "place");
  assert.deepEqual(await coveredSpots(), [], "every place can be clicked in its middle");
  await browser.keys(" ");
  await browser.waitUntil(async () => /\bchosen\b/.test((await focused()).cls), {
    timeout: 5000,
    timeoutMsg: "Space did not take the place",
  });
  // N still works from there.
  await browser.keys("n");
  await (
    await browser.$(".spot.chosen")
  ).waitForExist({ timeout: 5000, reverse: true, timeoutMsg: "N did not take the follower back" });
  await browser.keys("Enter");
  await (
    await browser.$(`.spot.chosen[data-place="${spot.place}"]`)
  ).waitForExist({ timeout: 5000, timeoutMsg: "Enter did not take the place" });
  const role = await (await browser.$(".spot.chosen")).getAttribute("data-role");

  // Enter on the square already taken confirms the turn.
  await browser.execute(() => document.querySelector('[data-cell="0,-1"]').focus());
  await browser.keys("Enter");
  await textOf(browser, "#turn", /^Bram to play · In the bag: 70 tiles$/);
  const placed = await browser.$('.board use.tile[data-tile="G"]:not(.ghost)');
  assert.match(await placed.getAttribute("transform"), /^translate\(0 -100\) /, "G lies north of the start tile");
  const follower = await browser.$('.follower[data-seat="0"]');
  assert.equal(
    await follower.getAttribute("data-role"),
    role,
    "Anna's follower stands where she put it, in its role's shape",
  );
  const bag = [];
  for (const b of await browser.$$(".pick")) bag.push(await b.getAttribute("data-tile"));
  assert.ok(!bag.includes("G"), "the only G left the bag");
});

test("followers of every role, each in its own shape, large and readable at every size", async () => {
  // A board where a knight, a thief, a monk, a farmer and a heretic stand, laid through the
  // app's commands: for each role the first tile in the bag that offers it somewhere.
  let view = await invoke(browser, "start_game", {
    request: {
      seats: [
        { name: "Anna", color: "yellow" },
        { name: "Bram", color: "black" },
        { name: "Cor", color: "pink" },
        { name: "Dirk", color: "gray" },
        { name: "Eva", color: "red" },
      ],
      boxes: ["shrines"],
      rules: "current",
      place: null,
    },
  });
  const roles = ["knight", "thief", "monk", "farmer", "heretic"];
  const missing = () => roles.filter((role) => !view.followers.some((f) => f.role === role));
  // A later tile may finish a feature and send its follower home: go round until all stand.
  for (let round = 0; round < 5 && missing().length > 0; round++)
    for (const role of missing()) {
      let stands = false;
      for (const { tile } of view.bag) {
        if (stands) break;
        for (const o of await invoke(browser, "placement_options_for", { tile })) {
          const f = o.followers.find((f) => f.role === role);
          if (!f) continue;
          const next = await invoke(browser, "play", {
            request: { kind: "place", tile, x: o.x, y: o.y, rotation: o.rotation, follower: f.place },
          });
          view = next;
          // A feature finished at once sends its follower home: then try again.
          stands = next.followers.some((g) => g.role === role);
          break;
        }
      }
      assert.ok(stands, `a ${role} stands on the board`);
    }
  assert.deepEqual(missing(), [], "every role stands");
  await browser.refresh();
  await click(browser, "#resume");
  await (await browser.$(".follower")).waitForExist({ timeout: 5000 });

  // A tile being placed beside them shows its places.
  const filter = await browser.$("#tile-filter");
  await filter.setValue("D");
  await browser.keys("Enter");
  await (await browser.$(".legal")).waitForExist({ timeout: 5000 });
  await (await browser.$(".legal")).click();
  await (await browser.$(".spot")).waitForExist({ timeout: 5000 });

  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    const shown = await browser.execute(() =>
      [...document.querySelectorAll(".follower")].map((g) => ({
        role: g.getAttribute("data-role"),
        fill: getComputedStyle(g.querySelector("path")).fill,
        ink: getComputedStyle(g.querySelector("text")).fill,
        d: g.querySelector("path").getAttribute("d"),
      })),
    );
    assert.deepEqual([...new Set(shown.map((f) => f.role))].sort(), [...roles].sort(), "every role stands");
    for (const f of shown)
      assert.ok(
        contrast(f.fill, f.ink) >= 4.5,
        `the initial on a ${f.role} in ${f.fill} reads: ${f.ink}, ${contrast(f.fill, f.ink).toFixed(2)}:1`,
      );
    assertLarge(await sizes(".follower path"), `follower at ${width}×${height}`);
    assertLarge(await sizes(".spot"), `place at ${width}×${height}`);
    assert.deepEqual(await coveredSpots(), [], `every place can be clicked in its middle at ${width}×${height}`);
    await shot(browser, `entry-roles-${width}x${height}`);
  }
  // With the picker asking which tile, over the same board.
  await filter.setValue("CFCF");
  await (await browser.$(".pick[data-choice]")).waitForExist({ timeout: 5000 });
  await resize(browser, 1280, 800);
  await shot(browser, "entry-roles-choices-1280x800");
});
