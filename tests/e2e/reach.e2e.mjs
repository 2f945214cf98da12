// A small laptop beside the table: at 1024×700 and 1280×800, in English, Dutch and German, in a
// three-player game with the Count and every box that goes with it, each step players meet
// keeps its buttons in reach and the scoreboard's lines whole. A button is in reach when its
// centre lies inside the window, with every scrolling part at its top as players find it, and
// the element drawn there is the button (nothing covers it, no scrolling part hides it), no
// scrolling part cuts it at its top or bottom and its words are not cut short. A scoreboard
// line is whole when no part of it is cut off or given way to an ellipsis. While a tile is
// picked and placed, with every kind of figure the boxes bring, the tile picker keeps two
// whole rows of tiles in view.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  click,
  eachBigBoxPanel,
  findPlacement,
  invoke,
  layTiles,
  openApp,
  putTile,
  resize,
  shot,
  speak as speakIn,
  textOf,
} from "./session.mjs";

const SIZES = [
  [1024, 700],
  [1280, 800],
];
// Every box the Count goes with: the River does not yet (X-02).
const BOXES = ["count", "winter", "king-robber", "shrines", "abbot", "inns-cathedrals", "traders-builders"];
const SEATS = [
  { name: "Annelies", color: "green" },
  { name: "Bram", color: "red" },
  { name: "Cornelia", color: "blue" },
];

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

const view = () => invoke(browser, "current_game");

/**
 * What is out of reach on the screen now: each button `buttons` finds (drawn ones only) whose
 * centre is outside the window or under another element, and each scoreboard line cut off.
 */
function outOfReach(buttons, pickerRows) {
  return browser.execute(
    (buttons, pickerRows) => {
      window.scrollTo(0, 0);
      for (const element of document.querySelectorAll("*")) if (element.scrollTop) element.scrollTop = 0;
      const name = (e) =>
        e
          ? `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.className && typeof e.className === "string" ? `.${e.className.trim().split(/\s+/).join(".")}` : ""} "${(e.textContent ?? "").trim().slice(0, 30)}"`
          : "nothing";
      const wrong = [];
      for (const button of document.querySelectorAll(buttons)) {
        if (button.getClientRects().length === 0 || button.closest("#tile-choices")) continue;
        const r = button.getBoundingClientRect();
        const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) {
          wrong.push(`${name(button)}: centre ${Math.round(x)},${Math.round(y)} outside the window`);
          continue;
        }
        const found = document.elementFromPoint(x, y);
        if (!found || !(found === button || button.contains(found)))
          wrong.push(`${name(button)}: covered at ${Math.round(x)},${Math.round(y)} by ${name(found)}`);
        // Its words whole: a button that clips them is as wide as they are on one line (a
        // twin laid out beside it, free to be as wide as its words, tells how wide that is).
        const style = getComputedStyle(button);
        if (style.overflowX !== "visible" || style.textOverflow === "ellipsis") {
          const twin = button.cloneNode(true);
          twin.removeAttribute("id");
          Object.assign(twin.style, {
            position: "absolute",
            visibility: "hidden",
            width: "max-content",
            maxWidth: "none",
          });
          button.parentElement.append(twin);
          const words = twin.getBoundingClientRect().width;
          twin.remove();
          if (words > r.width + 1)
            wrong.push(`${name(button)}: words cut (${Math.round(words)} px in ${Math.round(r.width)})`);
        }
        // Whole inside what scrolls around it: not cut at its top or bottom.
        for (let e = button.parentElement; e; e = e.parentElement) {
          if (getComputedStyle(e).overflowY === "visible") continue;
          const box = e.getBoundingClientRect();
          if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
            wrong.push(
              `${name(button)}: cut by ${name(e)} (${Math.round(r.top)}–${Math.round(r.bottom)} in ${Math.round(box.top)}–${Math.round(box.bottom)})`,
            );
            break;
          }
        }
      }
      for (const e of document.querySelectorAll(".scoreboard *")) {
        if (e.closest(".visually-hidden")) continue;
        const style = getComputedStyle(e);
        const clips = style.overflowX !== "visible" || style.overflowY !== "visible";
        const wide = e.scrollWidth > e.clientWidth + 1;
        const tall = e.scrollHeight > e.clientHeight + 1;
        if ((clips && (wide || tall)) || (style.textOverflow === "ellipsis" && wide))
          wrong.push(
            `scoreboard ${name(e)}: cut (${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight})`,
          );
      }
      // The tile picker, when asked for, shows `pickerRows` rows of tiles whole at least.
      const picker = pickerRows ? document.querySelector("#tile-choices") : null;
      if (picker) {
        let { top, bottom } = picker.getBoundingClientRect();
        for (let e = picker.parentElement; e; e = e.parentElement) {
          if (getComputedStyle(e).overflowY === "visible") continue;
          const r = e.getBoundingClientRect();
          [top, bottom] = [Math.max(top, r.top), Math.min(bottom, r.bottom)];
        }
        bottom = Math.min(bottom, window.innerHeight);
        const tile = picker.querySelector("button").getBoundingClientRect().height;
        const rows = Math.floor((bottom - top + 4) / (tile + 4));
        if (rows < pickerRows) wrong.push(`the tile picker shows ${rows} whole rows of tiles, not ${pickerRows}`);
      }
      return wrong;
    },
    buttons,
    pickerRows,
  );
}

/** At both sizes: what is out of reach for step `step`, listed in `problems` (with fewer than
 * `pickerRows` rows of the tile picker in view); a screenshot each. */
async function checkStep(language, step, problems, pickerRows = 0) {
  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    for (const wrong of await outOfReach("#action button, dialog[open] button, [data-enlarged] button", pickerRows))
      problems.push(`${language} ${width}×${height} ${step}: ${wrong}`);
    await shot(browser, `reach-${language}-${step}-${width}x${height}`);
  }
}

/** The first placement of a tile in the bag for which `wanted` finds a figure offer. */
async function placementWith(game, wanted) {
  const found = await findPlacement(browser, game, (o) => !o.earnsSecondTile && o.followers.some(wanted));
  return { ...found, offer: found.option.followers.find(wanted) };
}

const play = (tile, o, offer = null) =>
  invoke(browser, "play", {
    request: {
      kind: "place",
      tile,
      x: o.x,
      y: o.y,
      rotation: o.rotation,
      follower: offer?.place ?? null,
      figure: offer?.figure,
    },
  });

/** Tiles laid through the app's commands, none earning a second tile, until `seat` is to move. */
async function untilTurnOf(game, seat) {
  while (game.current !== seat)
    game = await layTiles(browser, game, game.tiles.length + 1, {
      choose: (options) => options.find((o) => !o.earnsSecondTile) ?? options[0],
    });
  return game;
}

async function speak(language) {
  const menu = await browser.$("#menu");
  if (await menu.isExisting()) await menu.click();
  await click(browser, `#language-${language}`);
}

for (const language of ["en", "nl", "de"]) {
  test(`every step's buttons in reach and the scoreboard whole at laptop sizes, in ${language}`, async () => {
    const problems = [];
    await speak(language);
    // The start screen, with the last game's count to go back to: each button on one line.
    for (const [width, height] of SIZES) {
      await resize(browser, width, height);
      // A button's words on one line: their boxes all at one height (the row stretches the
      // buttons themselves to its tallest).
      const lines = await browser.execute(() =>
        [...document.querySelectorAll(".play button")].map((b) => {
          const range = document.createRange();
          range.selectNodeContents(b);
          return [b.id, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
        }),
      );
      for (const [id, n] of lines)
        if (n > 1) problems.push(`${language} ${width}×${height} start: #${id} wraps onto ${n} lines`);
      await shot(browser, `reach-${language}-start-${width}x${height}`);
    }
    await invoke(browser, "start_game", { request: { seats: SEATS, boxes: BOXES, rules: "current", place: null } });
    await browser.refresh();
    await click(browser, "#resume");
    await (await browser.$("#tile-filter")).waitForExist({ timeout: 5000 });

    // Annelies draws a tile: the picker shows two rows of the bag's tiles to choose from.
    await checkStep(language, "pick", problems, 2);

    // Annelies: the U road out of the City's south gate, her big follower chosen on it.
    await click(browser, '#tile-choices [data-tile="U"]');
    await click(browser, '[data-cell="0,2"]');
    await click(browser, "#figure-big");
    const big = await browser.$('[data-place="N"][data-shape="big"], [data-place="S"][data-shape="big"]');
    await big.waitForExist({ timeout: 5000 });
    await big.click();
    await checkStep(language, "turn", problems, 2);
    await click(browser, "#confirm");
    await textOf(browser, "#turn", /Bram/);

    // Bram closes the road: Annelies scores, Bram nothing, so Bram may enter the City; a
    // quarter chosen, the Count's question is to be answered.
    await click(browser, '#tile-choices [data-tile="A"]');
    await click(browser, '[data-cell="0,3"]');
    await click(browser, "#confirm");
    await (await browser.$("#count-panel")).waitForExist({ timeout: 5000 });
    await click(browser, "#enter-castle");
    await checkStep(language, "count", problems);
    await click(browser, "#count-confirm");
    await (await browser.$("#count-panel")).waitForExist({ reverse: true, timeout: 5000 });

    // Cornelia: a thief on a road, her builder on it at her next turn, then a tile that
    // lengthens that road: it earns her a second tile.
    let game = await view();
    assert.equal(game.current, 2, "Cornelia's turn");
    const road = await placementWith(game, (f) => f.figure === "follower" && f.role === "thief");
    game = await play(road.tile, road.option, road.offer);
    game = await untilTurnOf(game, 2);
    const builder = await placementWith(game, (f) => f.figure === "builder");
    game = await play(builder.tile, builder.option, builder.offer);
    game = await untilTurnOf(game, 2);
    await browser.refresh();
    await click(browser, "#resume");
    const earning = await findPlacement(browser, game, (o) => o.earnsSecondTile);
    await putTile(browser, earning.tile, earning.option);
    await (await browser.$("#pass-second-tile")).waitForExist({ timeout: 5000 });
    await checkStep(language, "second-tile", problems, 2);
    await click(browser, "#cancel");

    // The turn log opened below the fold is brought up into view, its first line with it.
    await resize(browser, 1024, 700);
    await click(browser, "#turns summary");
    await (await browser.$("#turns li")).waitForExist({ timeout: 5000 });
    await browser.waitUntil(
      () =>
        browser.execute(() => {
          const more = document.querySelector("#turns").parentElement.getBoundingClientRect();
          const line = document.querySelector("#turns li").getBoundingClientRect();
          return line.top >= more.top && line.top < more.bottom;
        }),
      { timeout: 5000, timeoutMsg: "the opened turn log's first line is in view" },
    );
    await click(browser, "#turns summary");

    // The final count, with tiles still in the bag: its first step, then the result.
    await click(browser, "#finish");
    const moves = await browser.$("#final-moves");
    const asked = await browser.$("#end-now");
    await browser.waitUntil(async () => (await moves.isExisting()) || (await asked.isExisting()), { timeout: 5000 });
    if (await moves.isExisting()) {
      await checkStep(language, "final-moves", problems);
      await click(browser, "#count-now");
    }
    await click(browser, "#end-now");
    await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
    await checkStep(language, "final-count", problems);
    await click(browser, "#final-skip");
    await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
    await checkStep(language, "result", problems);

    assert.deepEqual(problems, [], `every button in reach, every scoreboard line whole:\n${problems.join("\n")}`);
  });
}

test("the history tells the night's games apart; a replay draws the City and Bram's follower in the castle", async () => {
  // The last game above ended on its result panel: Bram's follower still stands in the castle.
  await click(browser, "#history");
  // The night's three games are told apart by when each began.
  await (await browser.$('.game[data-state="finished"]')).waitForExist({ timeout: 5000 });
  const began = await browser.execute(() =>
    [...document.querySelectorAll('.game[data-state="finished"]')].map((g) => g.querySelector("time")?.textContent),
  );
  assert.equal(began.length, 3, "three games finished");
  for (const time of began) assert.match(time ?? "", /^\d{2}[:.]\d{2}$/, "each game says when it began");
  await click(browser, '.game[data-state="finished"] .open');
  await (await browser.$("#step")).waitForExist({ timeout: 5000 });
  const castle = await browser.$('[data-board-quarter="castle"]');
  await castle.waitForExist({ timeout: 5000, timeoutMsg: "the City's quarters are drawn in the replay" });
  assert.match(await castle.getProperty("textContent"), /Burg/, "the castle is named");
  assert.ok(
    await (await browser.$('[data-board-quarter="castle"] .in-quarter[data-seat="1"]')).isExisting(),
    "Bram's follower is drawn in the castle",
  );
  await shot(browser, "reach-replay-city");
});

// The mode's own hint for a tile chosen: a click lays what fits, not "click a lit square".
const CLICK_LIT = {
  en: "Click a highlighted square",
  nl: "Klik op een gemarkeerd vak",
  de: "Auf ein markiertes Feld klicken",
};

for (const language of ["en", "nl", "de"]) {
  test(`a finished table's pictures of what fits whole, the picker's two rows in reach, in ${language}`, async () => {
    await invoke(browser, "start_game", {
      request: { seats: SEATS, boxes: BOXES, rules: "current", place: null, finalBoard: true },
    });
    await browser.refresh();
    await speak(language);
    await click(browser, "#resume");
    await (await browser.$("#tile-filter")).waitForExist({ timeout: 5000 });
    // A tile chosen from the picker: the hint says a click lays what fits, that tile first.
    const chosen = await browser.$("#tile-choices button");
    const tile = await chosen.getAttribute("data-tile");
    await chosen.click();
    await (await browser.$(".legal[data-cell]")).waitForExist({ timeout: 5000 });
    const hint = await textOf(browser, "#fits-say", new RegExp(`\\b${tile}\\b`));
    const action = await browser.execute(() => document.querySelector("#action").textContent);
    assert.ok(!action.includes(CLICK_LIT[language]), `no "${CLICK_LIT[language]}" on a finished table: ${hint}`);
    // A tile laid by a click: the pictures list what else fits its square.
    const square = await browser.$(".legal[data-cell]");
    const cell = await square.getAttribute("data-cell");
    await square.click();
    await (await browser.$(`#fits-here[data-laid-at="${cell}"]`)).waitForExist({ timeout: 5000 });
    const pictures = await browser.execute(() => document.querySelectorAll("#fits-here .fit").length);
    assert.ok(pictures > 9, `more than nine pictures fit the square (${pictures}): a laptop's row is too short`);

    const problems = [];
    for (const [width, height] of SIZES) {
      await resize(browser, width, height);
      const where = `${language} ${width}×${height} final board`;
      // The pictures are checked below; whose figure stands where, and which kind, in reach
      // with the picker's rows.
      for (const wrong of await outOfReach("#action button:not(.fit), #stand-panel button, dialog[open] button", 2))
        problems.push(`${where}: ${wrong}`);
      // Each picture whole where the row shows it, or wholly out of view until scrolled to;
      // the nine the number keys reach shown whole.
      const cut = await browser.execute(() => {
        const row = document.querySelector("#fits-here .fit-row");
        // The row's box, as far as every part that scrolls around it and the window show it.
        const own = row.getBoundingClientRect();
        const view = { left: own.left, top: own.top, right: own.right, bottom: own.bottom };
        for (let e = row.parentElement; e; e = e.parentElement) {
          if (getComputedStyle(e).overflowY === "visible") continue;
          const r = e.getBoundingClientRect();
          [view.top, view.bottom] = [Math.max(view.top, r.top), Math.min(view.bottom, r.bottom)];
        }
        [view.right, view.bottom] = [
          Math.min(view.right, window.innerWidth),
          Math.min(view.bottom, window.innerHeight),
        ];
        return [...row.querySelectorAll(".fit")].flatMap((fit, i) => {
          const r = fit.getBoundingClientRect();
          const whole =
            r.left >= view.left - 0.5 &&
            r.right <= view.right + 0.5 &&
            r.top >= view.top - 0.5 &&
            r.bottom <= view.bottom + 0.5;
          const hidden = r.right <= view.left || r.left >= view.right || r.bottom <= view.top || r.top >= view.bottom;
          if (whole) return [];
          if (!hidden)
            return [
              `picture ${i + 1} cut: ${[r.left, r.top, r.right, r.bottom].map(Math.round)} in ${[view.left, view.top, view.right, view.bottom].map(Math.round)}`,
            ];
          return i < 9 ? [`picture ${i + 1} out of view`] : [];
        });
      });
      problems.push(...cut.map((c) => `${where}: ${c}`));
      await shot(browser, `reach-${language}-final-board-${width}x${height}`);
    }
    assert.deepEqual(problems, [], `every picture whole, the picker's rows in reach:\n${problems.join("\n")}`);
  });
}

for (const language of ["en", "nl", "de"]) {
  test(`each Big Box question keeps its buttons in reach at laptop sizes, in ${language}`, async () => {
    await speakIn(browser, language);
    const problems = [];
    await eachBigBoxPanel(browser, SEATS, async (box) => {
      for (const [width, height] of SIZES) {
        await resize(browser, width, height);
        for (const wrong of await outOfReach("#action button, #tell-panel button", 0))
          problems.push(`${language} ${width}×${height} ${box}: ${wrong}`);
        await shot(browser, `reach-${language}-tell-${box}-${width}x${height}`);
      }
    });
    assert.deepEqual(problems, [], `every Big Box question's buttons in reach:\n${problems.join("\n")}`);
  });
}
