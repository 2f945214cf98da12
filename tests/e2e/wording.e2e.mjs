// The table as a long game leaves it, in the real app: on a board laid far, followers and
// their places are still large enough to see and hit at the default zoom; the notices and the
// turn log name features by what they are and whose, never by coordinates the board does not
// draw, in English, Dutch and German; and the tile picker's hint reads whole at every size.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  SIZES,
  chooseTile,
  click,
  clickFirstSpot,
  eachBigBoxPanel,
  invoke,
  layTiles,
  openApp,
  resize,
  shot,
  speak,
  textOf,
} from "./session.mjs";

// The smallest a follower or a follower's place may be drawn, across and high, in pixels.
const MIN_PX = 24;
// A place named by its coordinates: "3,-1", "at 0, 2".
const COORDINATES = /-?\d+\s*,\s*-?\d+/;

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

/** The on-screen size of everything `selector` finds: [min(width, height), what it is]. */
const sizes = (selector) =>
  browser.execute(
    (selector) =>
      [...document.querySelectorAll(selector)].map((e) => {
        const r = e.getBoundingClientRect();
        return [Math.min(r.width, r.height), e.closest("[data-role]")?.getAttribute("data-role") ?? "?"];
      }),
    selector,
  );

function assertLarge(found, what) {
  assert.ok(found.length > 0, `some ${what} to measure`);
  for (const [px, role] of found)
    assert.ok(px >= MIN_PX, `a ${role} ${what} is ${px.toFixed(1)} px, under ${MIN_PX}: ${JSON.stringify(found)}`);
}

/** How many pixels a tile is drawn across now. */
const tilePx = () =>
  browser.execute(() => document.querySelector(".board use.tile")?.getBoundingClientRect().width ?? 0);

async function language(code) {
  await click(browser, "#menu");
  await click(browser, `#language-${code}`);
  await click(browser, "#resume");
  await (await browser.$("#tile-filter")).waitForExist({ timeout: 5000 });
}

test("on a board of 60 tiles, followers and their places are 24 pixels across at the default zoom", async () => {
  // Laid through the app's commands: the first tile in the bag that fits, at its first spot,
  // a follower on every fourth tile that offers one. Three players, shrines among the tiles.
  let view = await invoke(browser, "start_game", {
    request: {
      seats: [
        { name: "Greta", color: "yellow" },
        { name: "Hans", color: "blue" },
        { name: "Anna", color: "green" },
      ],
      boxes: ["shrines"],
      rules: "current",
      place: null,
    },
  });
  // Far from the start, within 7 squares of it either way: the board spreads over 15 by 15
  // squares, as a long game's may. Followers kept back, so the player to move still has some
  // for the places measured.
  const out = (o) => Math.abs(o.x) + Math.abs(o.y);
  view = await layTiles(browser, view, 60, {
    choose: (options) => {
      const near = options.filter((o) => Math.max(Math.abs(o.x), Math.abs(o.y)) <= 7);
      return near.length ? near.reduce((a, b) => (out(b) > out(a) ? b : a)) : options[0];
    },
    follower: (view, o) =>
      view.tiles.length % 4 === 0 && view.followers.length < 12 ? (o.followers[0]?.place ?? null) : null,
  });
  assert.ok(view.followers.length > 3, "followers stand on the board");
  await browser.refresh();
  await click(browser, "#resume");
  await (await browser.$(".follower")).waitForExist({ timeout: 5000 });

  // A tile being placed shows its places.
  const filter = await browser.$("#tile-filter");
  await filter.setValue(view.bag.find((b) => b.tile === "D") ? "D" : view.bag[0].tile);
  await browser.keys("Enter");
  await (await browser.$(".legal")).waitForExist({ timeout: 5000 });
  // The lit square nearest the middle of the view: a board this large may reach past it.
  const square = await browser.execute(() => {
    const frame = document.querySelector(".board").getBoundingClientRect();
    const middle = [(frame.left + frame.right) / 2, (frame.top + frame.bottom) / 2];
    const far = (e) => {
      const r = e.getBoundingClientRect();
      return Math.hypot((r.left + r.right) / 2 - middle[0], (r.top + r.bottom) / 2 - middle[1]);
    };
    return [...document.querySelectorAll(".legal")].sort((a, b) => far(a) - far(b))[0].getAttribute("data-cell");
  });
  await click(browser, `.legal[data-cell="${square}"]`);
  await (await browser.$(".spot")).waitForExist({ timeout: 5000 });

  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    const tile = await tilePx();
    console.log(`at ${width}×${height} a tile is ${tile.toFixed(1)} px across`);
    assertLarge(await sizes(".follower path"), `follower at ${width}×${height}`);
    assertLarge(await sizes(".spot"), `place at ${width}×${height}`);
    await shot(browser, `wording-large-board-${width}x${height}`);
  }
  await resize(browser, 1280, 800);
  assert.ok((await tilePx()) < 52, "the board is large enough that tiles are drawn small: the case this is about");
  await browser.keys("Escape");
});

test("the notices and the turn log name features by what and whose, in every language", async () => {
  await resize(browser, 1280, 800);
  const expect = {
    en: { follower: "follower →", whose: /Greta's|Hans's|Anna's/ },
    nl: { follower: "horige →", whose: / van (Greta|Hans|Anna)/ },
    de: { follower: "Meeple →", whose: / von (Greta|Hans|Anna)/ },
  };
  for (const code of ["nl", "de", "en"]) {
    await language(code);
    const notices = await textOf(browser, "#notices", /\S/);
    assert.doesNotMatch(notices, COORDINATES, `${code} notices: ${notices}`);
    assert.match(notices, expect[code].whose, `${code} notices say whose: ${notices}`);
    await click(browser, "#turns summary");
    await (await browser.$("#turns li")).waitForExist({ timeout: 5000 });
    const turns = await browser.execute(() =>
      [...document.querySelectorAll("#turns li span")].map((e) => e.textContent),
    );
    for (const line of turns) assert.doesNotMatch(line, COORDINATES, `${code} turn: ${line}`);
    assert.ok(
      turns.some((l) => l.includes(expect[code].follower)),
      `${code}: a turn says where its follower went: ${turns.join(" | ")}`,
    );
    assert.ok(
      turns.every((l) => l.includes(" · ")),
      `${code}: every turn says where its tile went: ${turns.join(" | ")}`,
    );
    // The pointer on a line lights the feature it speaks of on the board, and off it, nothing.
    await (await browser.$("#turns summary")).moveTo();
    await (
      await browser.$("[data-highlight]")
    ).waitForExist({ timeout: 5000, reverse: true, timeoutMsg: "tiles lit with the pointer off the lines" });
    await (await browser.$("#turns li span")).moveTo();
    await (
      await browser.$("[data-highlight]")
    ).waitForExist({ timeout: 5000, timeoutMsg: `${code}: a turn's feature is not lit` });
    for (const [width, height] of SIZES) {
      await resize(browser, width, height);
      for (const part of ["notices", "turns"]) {
        await browser.execute((part) => document.querySelector(`#${part}`).scrollIntoView({ block: "start" }), part);
        await shot(browser, `wording-${part}-${code}-${width}x${height}`);
      }
    }
    await click(browser, "#turns summary");
    await resize(browser, 1280, 800);
  }
});

test("the tile picker's hint reads whole at every size, in every language", async () => {
  for (const code of ["de", "nl", "en"]) {
    await language(code);
    for (const [width, height] of SIZES) {
      await resize(browser, width, height);
      const hint = await browser.execute(() => {
        const label = document.querySelector("#tile-filter-hint");
        const input = document.querySelector("#tile-filter");
        const l = label.getBoundingClientRect();
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d");
        context.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return {
          text: label.textContent,
          clipped: label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1,
          inWindow: l.left >= 0 && l.right <= window.innerWidth && l.top >= 0 && l.bottom <= window.innerHeight,
          // The hint is not under anything: its middle and corners are the label's own.
          uncovered: [
            [l.left + 2, l.top + 2],
            [l.right - 2, l.bottom - 2],
            [(l.left + l.right) / 2, (l.top + l.bottom) / 2],
          ].every(([x, y]) => label.contains(document.elementFromPoint(x, y))),
          placeholder: { text: input.placeholder, width: context.measureText(input.placeholder).width, room },
        };
      });
      const where = `${code} ${width}×${height}`;
      assert.ok(
        hint.text.includes("C") && hint.text.includes("W"),
        `${where}: the hint explains the edge letters: ${hint.text}`,
      );
      assert.equal(hint.clipped, false, `${where}: the hint is cut off: ${hint.text}`);
      assert.ok(hint.inWindow, `${where}: the hint lies in the window`);
      assert.ok(hint.uncovered, `${where}: nothing covers the hint`);
      assert.ok(
        hint.placeholder.width <= hint.placeholder.room,
        `${where}: the placeholder fits its field: ${JSON.stringify(hint.placeholder)}`,
      );
      await shot(browser, `wording-picker-${code}-${width}x${height}`);
    }
  }
});

test("the Count's questions give each quarter its own article, in German and Dutch", async () => {
  await resize(browser, 1280, 800);
  await language("de");
  await invoke(browser, "start_game", {
    request: {
      seats: [
        { name: "Clara", color: "red" },
        { name: "Dirk", color: "blue" },
        { name: "Erik", color: "green" },
      ],
      boxes: ["count"],
      rules: "current",
      place: null,
    },
  });
  await browser.refresh();
  await click(browser, "#resume");
  // Clara's thief on the road out of the City's south gate; Dirk closes it, scoring nothing,
  // and enters the castle.
  await chooseTile(browser, "U");
  await click(browser, '[data-cell="0,2"]');
  await clickFirstSpot(browser, ["N", "S"]);
  await click(browser, "#confirm");
  await chooseTile(browser, "A");
  await click(browser, '[data-cell="0,3"]');
  await click(browser, "#confirm");
  await textOf(browser, "#count-panel", /ein Meeple darf in die Stadt Carcassonne/);
  await shot(browser, "wording-count-entry-de-1280x800");
  await click(browser, "#enter-castle");
  await click(browser, "#count-to-market");
  await click(browser, "#count-confirm");
  await (await browser.$("#count-panel")).waitForExist({ timeout: 5000, reverse: true });

  // Erik closes a city beside the City without a knight: Dirk's knight may leave the castle.
  const erik = async () => {
    await chooseTile(browser, "E");
    await click(browser, '[data-cell="2,1"]');
    await click(browser, "#no-follower");
    await click(browser, "#confirm");
    await (await browser.$("#count-moving")).waitForExist({ timeout: 5000 });
  };
  await erik();
  assert.match(await (await browser.$("#count-moving")).getText(), /Dirk aus der Burg/);
  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    // Dirk's knight in the castle is drawn as large as a follower on a tile.
    assertLarge(await sizes(".in-quarter circle"), `follower in the City at ${width}×${height}`);
    // The city he may move to is lit with a ring as easy to hit as a follower's place.
    assertLarge(await sizes("[data-lit]"), `lit feature at ${width}×${height}`);
    await shot(browser, `wording-count-moving-de-${width}x${height}`);
  }
  await resize(browser, 1280, 800);

  // The same question in Dutch: the castle is a het-word.
  await browser.keys("Escape");
  await language("nl");
  // Leaving the table drops a turn not yet entered: Erik's tile is entered again.
  if (!(await (await browser.$("#count-moving")).isExisting())) await erik();
  assert.match(await (await browser.$("#count-moving")).getText(), /Dirk uit het kasteel/);
  await shot(browser, "wording-count-moving-nl-1280x800");
  await browser.keys("Escape");
  await language("en");
});

test("the Big Box questions' words are whole at every size, in every language", async () => {
  const seats = [
    { name: "Annelies", color: "green" },
    { name: "Bram", color: "red" },
  ];
  const problems = [];
  for (const code of ["de", "nl", "en"]) {
    await speak(browser, code);
    await eachBigBoxPanel(browser, seats, async (box) => {
      for (const [width, height] of SIZES) {
        await resize(browser, width, height);
        // A text is cut where its box clips it or gives way to an ellipsis, or where the
        // panel's edge or the window's cuts it.
        const cut = await browser.execute(() => {
          const panel = document.querySelector("#tell-panel");
          const edge = panel.getBoundingClientRect();
          const name = (e) =>
            `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""} "${e.textContent.trim().slice(0, 30)}"`;
          const wrong = [];
          for (const e of panel.querySelectorAll("*")) {
            if (!e.textContent.trim() || e.getClientRects().length === 0 || e.closest(".visually-hidden")) continue;
            const style = getComputedStyle(e);
            const wide = e.scrollWidth > e.clientWidth + 1;
            const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
            if (clips && wide) wrong.push(`${name(e)}: ${e.scrollWidth} px of words in ${e.clientWidth}`);
            const r = e.getBoundingClientRect();
            if (r.right > Math.min(edge.right, window.innerWidth) + 0.5 || r.left < Math.max(edge.left, 0) - 0.5)
              wrong.push(`${name(e)}: ${Math.round(r.left)}–${Math.round(r.right)} past the panel's sides`);
          }
          return wrong;
        });
        problems.push(...cut.map((c) => `${code} ${width}×${height} ${box}: ${c}`));
        await shot(browser, `wording-tell-${box}-${code}-${width}x${height}`);
      }
    });
  }
  assert.deepEqual(problems, [], `every Big Box question's words whole:\n${problems.join("\n")}`);
});
