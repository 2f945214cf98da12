// A tile with many places on a small board: with the big follower chosen on it, its places
// stay apart and inside their tile at every zoom, each large enough to see and hit. A tile
// drawn too small for them is shown enlarged beside the board's own, its places laid out on
// it; a click there places the figure as a click on the board did, and the players can close
// it to look at the board again. Zoomed in as far as the board goes, the places are drawn whole
// inside the board's area, never under the side panel. On a finished table, a tile pointed at
// shows its places the same way, or none and the enlarged tile offered.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { click, invoke, layTiles, openApp, putTile, resize, shot } from "./session.mjs";

// The smallest a follower's place may be drawn, across and high, in pixels.
const MIN_PX = 24;
// The zoom-in button's steps from the fitted board to the closest view.
const ZOOM_STEPS = 7;
const SIZES = [
  [1024, 700],
  [1280, 800],
];

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

/**
 * What is wrong with the places drawn now: a place outside its tile (the enlarged tile's, or
 * the board's), two places overlapping, a place under `MIN_PX`, or one another element covers
 * at its centre. Also says where the places are drawn.
 */
const placesNow = (kind = "data-place") =>
  browser.execute(
    (least, kind) => {
      const spots = [...document.querySelectorAll(`[${kind}]`)];
      const wrong = [];
      // The board's own area: nothing of the board's is drawn under the side panel or past it.
      const frame = document.querySelector(".board").getBoundingClientRect();
      const outside = (r) =>
        r.left < frame.left - 0.5 ||
        r.top < frame.top - 0.5 ||
        r.right > frame.right + 0.5 ||
        r.bottom > frame.bottom + 0.5;
      const inset = document.querySelector("[data-enlarged]");
      if (inset) {
        const box = inset.getBoundingClientRect();
        if (outside(box))
          wrong.push(
            `the enlarged tile ${[box.left, box.top, box.right, box.bottom].map(Math.round)} outside the board's area ${[frame.left, frame.top, frame.right, frame.bottom].map(Math.round)}`,
          );
        // Its way back to the board said whole, not cut short: as wide as a twin of it free to
        // be as wide as its words, and inside the enlarged tile's box.
        const back = inset.querySelector("#enlarged-close");
        const b = back.getBoundingClientRect();
        const twin = back.cloneNode(true);
        twin.removeAttribute("id");
        Object.assign(twin.style, {
          position: "absolute",
          visibility: "hidden",
          width: "max-content",
          maxWidth: "none",
        });
        back.parentElement.append(twin);
        const words = twin.getBoundingClientRect().width;
        twin.remove();
        if (words > b.width + 1 || b.right > box.right + 0.5 || b.left < box.left - 0.5)
          wrong.push(`"${back.textContent.trim()}" cut (${Math.round(words)} px of words in ${Math.round(b.width)})`);
      }
      const boxes = spots.map((spot) => {
        const place = spot.getAttribute(kind);
        const r = spot.getBoundingClientRect();
        const inset = spot.closest("[data-enlarged]");
        // The enlarged tile, else the tile being placed or the finished table's tile lit.
        const tile =
          inset?.querySelector("use.tile") ??
          document.querySelector("[data-pending-cell] use.tile, rect.placed.selected");
        const t = tile?.getBoundingClientRect();
        if (!t) wrong.push(`${place}: no tile drawn under it`);
        if (outside(r))
          wrong.push(`${place}: ${[r.left, r.top, r.right, r.bottom].map(Math.round)} outside the board's area`);
        else if (r.left < t.left - 0.5 || r.top < t.top - 0.5 || r.right > t.right + 0.5 || r.bottom > t.bottom + 0.5)
          wrong.push(
            `${place}: ${[r.left, r.top, r.right, r.bottom].map(Math.round)} outside its tile ${[t.left, t.top, t.right, t.bottom].map(Math.round)}`,
          );
        if (Math.min(r.width, r.height) < least)
          wrong.push(`${place}: ${r.width.toFixed(1)}×${r.height.toFixed(1)} px, under ${least}`);
        const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
        const found = document.elementFromPoint(x, y);
        if (found !== spot)
          wrong.push(
            `${place}: covered at ${Math.round(x)},${Math.round(y)} by ${found?.tagName} ${found?.className?.baseVal ?? found?.className}`,
          );
        return { place, r };
      });
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i].r, boxes[j].r];
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 0.5 && h > 0.5) wrong.push(`${boxes[i].place} and ${boxes[j].place} overlap`);
        }
      return {
        count: spots.length,
        enlarged: spots.some((s) => s.closest("[data-enlarged]")),
        wrong,
      };
    },
    MIN_PX,
    kind,
  );

test("a tile's many places for the big follower stay apart, inside it and clickable at laptop sizes", async () => {
  let game = await invoke(browser, "start_game", {
    request: {
      seats: [
        { name: "Ilse", color: "yellow" },
        { name: "Joost", color: "blue" },
      ],
      boxes: ["inns-cathedrals"],
      rules: "current",
      place: null,
    },
  });
  // The placement beside the start tile offering the big follower the most places.
  let best = null;
  for (const { tile, count } of game.bag) {
    if (count === 0) continue;
    for (const option of await invoke(browser, "placement_options_for", { tile })) {
      const places = option.followers.filter((f) => f.figure === "big").length;
      if (!best || places > best.places) best = { tile, option, places };
    }
  }
  assert.ok(best.places >= 4, `a tile offers the big follower ${best.places} places`);
  await browser.refresh();
  await click(browser, "#resume");
  await (await browser.$("#tile-filter")).waitForExist({ timeout: 5000 });
  await putTile(browser, best.tile, best.option);
  await click(browser, "#figure-big");
  await (await browser.$('[data-place][data-shape="big"]')).waitForExist({ timeout: 5000 });

  const problems = [];
  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    const found = await placesNow();
    assert.equal(found.count, best.places, `${width}×${height}: every place of ${best.tile} is drawn`);
    problems.push(...found.wrong.map((w) => `${width}×${height}: ${w}`));
    await shot(browser, `enlarged-${best.tile}-${width}x${height}`);
  }
  // Zoomed in step by step as far as the board goes, then out as far: at every step and both
  // sizes each place is drawn whole inside the board's area, on the board's tile once it holds
  // them, else on the enlarged tile.
  let onBoard = false;
  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    const zoom = async (button, i) => {
      await click(browser, `.zoom button[aria-label="${button}"]`);
      await browser.executeAsync((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
      const found = await placesNow();
      const where = `${width}×${height} ${button} ×${i}`;
      if (found.count !== best.places) problems.push(`${where}: ${found.count} of ${best.places} places drawn`);
      problems.push(...found.wrong.map((w) => `${where}: ${w}`));
      onBoard ||= found.count > 0 && !found.enlarged;
      return found;
    };
    for (let i = 1; i <= ZOOM_STEPS; i++) {
      await zoom("zoom in", i);
      if (i === 1 || i === ZOOM_STEPS) await shot(browser, `enlarged-${best.tile}-${width}x${height}-zoomed-in-${i}`);
    }
    for (let i = 1; i <= 2 * ZOOM_STEPS; i++) await zoom("zoom out", i);
    await shot(browser, `enlarged-${best.tile}-${width}x${height}-zoomed-out`);
    await click(browser, '.zoom button[aria-label="fit"]');
  }
  assert.ok(onBoard, "zoomed in, the places are drawn on the board's own tile");
  await resize(browser, 1024, 700);
  await click(browser, '.zoom button[aria-label="fit"]');
  assert.deepEqual(problems, [], `every place apart, inside its tile, large and clickable:\n${problems.join("\n")}`);

  // A click on a place of the enlarged tile places the big follower there.
  const found = await placesNow();
  assert.equal(found.enlarged, true, "at 1024×700 the tile is shown enlarged");
  const place = best.option.followers.filter((f) => f.figure === "big").at(-1).place;
  await click(browser, `[data-place="${place}"]`);
  assert.equal(
    await (await browser.$(`[data-place="${place}"]`)).getAttribute("aria-pressed"),
    "true",
    "the place clicked is chosen",
  );
  // Closed, the enlarged tile gives the board back; the place stays chosen.
  await click(browser, "#enlarged-close");
  await (await browser.$("[data-enlarged]")).waitForExist({ reverse: true, timeout: 5000 });
  assert.equal(
    await browser.execute(() => document.querySelectorAll("[data-place]").length),
    0,
    "no place is drawn too small on the board",
  );
  await shot(browser, `enlarged-${best.tile}-closed`);
  await click(browser, "#enlarged-open");
  await (await browser.$("[data-enlarged]")).waitForExist({ timeout: 5000 });
  await click(browser, "#confirm");
  await browser.waitUntil(async () => (await invoke(browser, "current_game")).cursor === 1, { timeout: 5000 });
  game = await invoke(browser, "current_game");
  assert.deepEqual(
    game.followers.map((f) => [f.x, f.y, f.place, f.figure]),
    [[best.option.x, best.option.y, place, "big"]],
    "the big follower stands where it was clicked",
  );
  await (await browser.$("[data-enlarged]")).waitForExist({ reverse: true, timeout: 5000 });
});

test("a finished table's tile clicked shows its many places enlarged; a click there stands the figure", async () => {
  let game = await invoke(browser, "start_game", {
    request: {
      seats: [
        { name: "Ilse", color: "yellow" },
        { name: "Joost", color: "blue" },
      ],
      boxes: ["inns-cathedrals"],
      rules: "current",
      place: null,
      finalBoard: true,
    },
  });
  // The crossroads, eight places, on a table of a dozen tiles.
  const [cross] = await invoke(browser, "placement_options_for", { tile: "X" });
  game = await invoke(browser, "play", {
    request: { kind: "place", tile: "X", x: cross.x, y: cross.y, rotation: cross.rotation, follower: null },
  });
  game = await layTiles(browser, game, 12);
  await browser.refresh();
  await click(browser, "#resume");
  await (await browser.$("#stand-panel")).waitForExist({ timeout: 5000 });
  await resize(browser, 1024, 700);
  await click(browser, '[data-stand-figure="big"]');

  // Pointed at, not clicked: the crossroads' places come out as the tile being placed has
  // them, apart and inside the tile; too many for the tile as drawn, none spill over the
  // neighbours and the enlarged tile is offered instead.
  const crossAt = `${cross.x},${cross.y}`;
  // The pointer taken to the tile's middle where it is drawn (moving to the element would
  // scroll it into view, which a player's pointer does not).
  const point = async () => {
    const [x, y] = await browser.execute((at) => {
      const r = document.querySelector(`[data-tile-at="${at}"]`).getBoundingClientRect();
      return [Math.round((r.left + r.right) / 2), Math.round((r.top + r.bottom) / 2)];
    }, crossAt);
    await browser.action("pointer").move({ x, y, origin: "viewport" }).perform();
    await browser.waitUntil(
      async () => (await (await browser.$("rect.placed.selected")).getAttribute("data-tile-at")) === crossAt,
      { timeout: 5000, timeoutMsg: "pointing at the crossroads brought nothing out" },
    );
    await browser.executeAsync((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
    return placesNow("data-stand");
  };
  let pointed = await point();
  await shot(browser, "enlarged-final-board-pointed-1024x700");
  assert.deepEqual(
    pointed.wrong,
    [],
    `pointed at, every place inside the tile and apart:\n${pointed.wrong.join("\n")}`,
  );
  assert.equal(pointed.count, 0, "too small for its places, the crossroads shows none of them");
  await click(browser, "#enlarged-open");
  await (await browser.$("[data-enlarged] [data-stand]")).waitForExist({ timeout: 5000 });
  pointed = await placesNow("data-stand");
  assert.ok(pointed.enlarged && pointed.count >= 5, `the enlarged tile offered shows ${pointed.count} places`);
  assert.deepEqual(pointed.wrong, [], `on the enlarged tile offered:\n${pointed.wrong.join("\n")}`);
  await click(browser, "#enlarged-close");
  await (await browser.$("[data-enlarged]")).waitForExist({ reverse: true, timeout: 5000 });
  // Dragged to the middle of the board and zoomed in until the tile holds them, pointing
  // brings them out on the tile itself.
  const [from, to] = await browser.execute((at) => {
    const r = document.querySelector(`[data-tile-at="${at}"]`).getBoundingClientRect();
    const f = document.querySelector(".board").getBoundingClientRect();
    return [
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
      [(f.left + f.right) / 2, (f.top + f.bottom) / 2],
    ].map((p) => p.map(Math.round));
  }, crossAt);
  await browser
    .action("pointer")
    .move({ x: from[0], y: from[1], origin: "viewport" })
    .down()
    .move({ x: Math.round((from[0] + to[0]) / 2), y: Math.round((from[1] + to[1]) / 2), origin: "viewport" })
    .move({ x: to[0], y: to[1], origin: "viewport" })
    .up()
    .perform();
  pointed = { count: 0 };
  for (let i = 0; i < ZOOM_STEPS && pointed.count === 0; i++) {
    await click(browser, '.zoom button[aria-label="zoom in"]');
    pointed = await point();
  }
  await shot(browser, "enlarged-final-board-pointed-zoomed-in");
  assert.ok(pointed.count >= 5 && !pointed.enlarged, `zoomed in, ${pointed.count} places on the crossroads itself`);
  assert.deepEqual(pointed.wrong, [], `pointed at zoomed in:\n${pointed.wrong.join("\n")}`);
  await click(browser, '.zoom button[aria-label="fit"]');

  // Taken from the keyboard: a pointer on its way would bring out the places first.
  await browser.execute((at) => document.querySelector(`[data-tile-at="${at}"]`).focus(), `${cross.x},${cross.y}`);
  await browser.keys("Enter");
  await (await browser.$("[data-enlarged] [data-stand]")).waitForExist({ timeout: 5000 });
  const found = await placesNow("data-stand");
  assert.ok(found.count >= 5, `the crossroads' ${found.count} places for the big follower`);
  assert.equal(found.enlarged, true, "shown on the enlarged tile");
  assert.deepEqual(
    found.wrong,
    [],
    `every place apart, inside the tile, large and clickable:\n${found.wrong.join("\n")}`,
  );
  await shot(browser, "enlarged-final-board-1024x700");

  const place = await (await browser.$("[data-enlarged] [data-stand]:last-of-type")).getAttribute("data-stand");
  await click(browser, `[data-enlarged] [data-stand="${place}"]`);
  await browser.waitUntil(async () => (await invoke(browser, "current_game")).followers.length === 1, {
    timeout: 5000,
  });
  game = await invoke(browser, "current_game");
  assert.deepEqual(
    game.followers.map((f) => [f.x, f.y, f.place, f.figure]),
    [[cross.x, cross.y, place, "big"]],
    "the big follower stands where it was clicked",
  );
  await (await browser.$("[data-enlarged]")).waitForExist({ reverse: true, timeout: 5000 });
});
