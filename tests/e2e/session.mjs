// One WebDriver session on the real app, and the steps the suites share on it.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { remote } from "webdriverio";

export const SHOTS = "target/e2e";

/** The window sizes screens are checked and photographed at: a small laptop to a full HD screen. */
export const SIZES = [
  [1024, 700],
  [1280, 800],
  [1920, 1080],
];

/**
 * This file's own data and settings folders. node --test runs every file in a process of its
 * own, so each file starts from an empty ledger and default settings, and sees only the games
 * it plays itself; a file that opens the app again finds what it left.
 */
const OWN_FOLDERS = {
  XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "castellan-data-")),
  XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), "castellan-config-")),
};

/** Starts `application` through tauri-driver and returns the WebDriver browser. */
async function start(application) {
  mkdirSync(SHOTS, { recursive: true });
  return remote({
    hostname: "127.0.0.1",
    port: Number(process.env.E2E_PORT ?? 4444),
    logLevel: "warn",
    connectionRetryCount: 0,
    // Only tauri:options: WebKitWebDriver refuses a browserName it does not know.
    capabilities: { "tauri:options": { application } },
  });
}

/** Starts the app on this file's own folders and returns the WebDriver browser. */
export async function openApp() {
  return openAppWith({});
}

/**
 * Starts the app with these environment variables on top of the suite's and this file's own
 * folders (`XDG_DATA_HOME`, a D-Bus address…). tauri-driver starts every app with its own
 * environment, so a small script sets them and then runs the app in its place.
 */
export async function openAppWith(env) {
  if (!process.env.APP) throw new Error("APP is not set: run tests/e2e/run.sh");
  const wrapper = join(mkdtempSync(join(tmpdir(), "castellan-app-")), "castellan-app");
  const quote = (text) => `'${String(text).replaceAll("'", "'\\''")}'`;
  const exports = Object.entries({ ...OWN_FOLDERS, ...env }).map(([name, value]) => `export ${name}=${quote(value)}\n`);
  writeFileSync(wrapper, `#!/bin/sh\n${exports.join("")}exec ${quote(process.env.APP)} "$@"\n`, { mode: 0o755 });
  return start(wrapper);
}

/** Clicks the element `selector` finds. */
export async function click(browser, selector) {
  await (await browser.$(selector)).click();
}

/** Clicks the follower spot of the first of `places` the chosen tile offers, if any does, and
 * returns that place (null when none is offered). */
export async function clickFirstSpot(browser, places) {
  for (const place of places) {
    const spot = await browser.$(`[data-place="${place}"]`);
    if (await spot.isExisting()) {
      await spot.click();
      return place;
    }
  }
  return null;
}

/** Puts the follower on the first of `places` the chosen tile offers; fails when none is. */
export async function placeFollower(browser, ...places) {
  const place = await clickFirstSpot(browser, places);
  assert.ok(place, `none of ${places} offered`);
  return place;
}

/**
 * On a finished table: the pointer on the tile at `x`, `y` brings its places out. A tile drawn
 * too small for them shows none; a click on it then shows it enlarged with them. Says whether
 * that click was needed.
 */
export async function pointAtTile(browser, x, y) {
  const tile = await browser.$(`[data-tile-at="${x},${y}"]`);
  await tile.moveTo();
  await browser.waitUntil(
    async () => (await (await browser.$("rect.placed.selected")).getAttribute("data-tile-at")) === `${x},${y}`,
    { timeout: 5000, timeoutMsg: `pointing at ${x},${y} picked nothing out` },
  );
  if (await (await browser.$("[data-stand]")).isExisting()) return false;
  await tile.click();
  await (await browser.$("[data-enlarged] [data-stand]")).waitForExist({ timeout: 5000 });
  return true;
}

/** Types `tile` into the tile field and takes it, as a player does. */
export async function chooseTile(browser, tile) {
  await (await browser.$("#tile-filter")).setValue(tile);
  await browser.keys("Enter");
}

/** The score the scoreboard shows for `seat`, as text. */
export async function scoreShown(browser, seat) {
  return (await browser.$(`.scoreboard [data-seat="${seat}"] .score`)).getText();
}

/** The first tile in the bag (of those `tiles` allows) with a placement `wanted` accepts, and
 * that placement, as the table's placement options give it. */
export async function findPlacement(browser, game, wanted, tiles = () => true) {
  for (const { tile, count } of game.bag) {
    if (count === 0 || !tiles(tile)) continue;
    const options = await invoke(browser, "placement_options_for", { tile });
    const option = options.find(wanted);
    if (option) return { tile, option };
  }
  assert.fail("no tile in the bag has such a placement");
}

/** Through the window: `tile` chosen in the picker (or typed into the tile field when `typed`),
 * its square clicked, turned as `option` says. */
export async function putTile(browser, tile, option, { typed = false } = {}) {
  if (typed) await chooseTile(browser, tile);
  else await click(browser, `#tile-choices [data-tile="${tile}"]`);
  const cell = await browser.$(`[data-cell="${option.x},${option.y}"]`);
  await cell.waitForExist({ timeout: 5000, timeoutMsg: `${tile} cannot go to ${option.x},${option.y}` });
  const pending = await browser.$("[data-pending-rotation]");
  if (!(await pending.isExisting()) || (await pending.getAttribute("data-pending-cell")) !== `${option.x},${option.y}`)
    await cell.click();
  for (let i = 0; i < 4 && Number(await pending.getAttribute("data-pending-rotation")) !== option.rotation; i++)
    await click(browser, "#rotate");
  assert.equal(Number(await pending.getAttribute("data-pending-rotation")), option.rotation, `${tile} turned`);
}

/** Confirms the turn and waits until the table has it. */
export async function confirmTurn(browser) {
  const before = (await view(browser)).cursor;
  await click(browser, "#confirm");
  await entered(browser, before);
}

/** The final count told at once, where it has lines to tell, to its ranking. */
export async function skipCount(browser) {
  const skip = await browser.$("#final-skip");
  if (await skip.isExisting()) await skip.click();
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
}

/** Exports the game `gameId` as a game script to `path` and returns the script as read back. */
export async function exportScript(browser, gameId, path) {
  await invoke(browser, "export_game", { gameId, format: "script", title: "t", path });
  return JSON.parse(readFileSync(path, "utf8"));
}

/** Waits until the scoreboard shows the scores `expected`, by seat from the first. */
export async function waitScores(browser, expected) {
  const shown = () => Promise.all(expected.map((_, seat) => scoreShown(browser, seat)));
  await browser.waitUntil(async () => (await shown()).join(" ") === expected.join(" "), {
    timeout: 5000,
    timeoutMsg: `the scoreboard never showed ${expected.join(", ")}`,
  });
}

/** The scoreboard shows each of `players` (by seat) with the total the `castellan score` report
 * `expected` gives them. */
export async function assertScoreboard(browser, players, expected) {
  for (const [seat, p] of players.entries()) {
    const shown = await scoreShown(browser, seat);
    assert.equal(Number(shown), expected.scores[p.name], `${p.name}'s total on the scoreboard`);
  }
}

/** Makes the window `width`×`height` and waits until the page has that width and has been
 * laid out again (the board measures its frame on the next frame). */
export async function resize(browser, width, height) {
  await browser.setWindowSize(width, height);
  await browser.waitUntil(async () => (await browser.execute(() => window.innerWidth)) <= width, {
    timeout: 5000,
    timeoutMsg: `the window never became ${width}×${height}`,
  });
  await browser.executeAsync((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
}

/** Calls a command through the app's own IPC, as the UI does; a command's error rejects. */
export async function invoke(browser, cmd, args = {}) {
  const outcome = await browser.execute(
    (cmd, args) =>
      // Not `error`: WebDriver clients take a result with an `error` key for their own.
      window.__TAURI_INTERNALS__.invoke(cmd, args).then(
        (value) => ({ value }),
        (refusal) => ({ refusal }),
      ),
    cmd,
    args,
  );
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.value;
}

/**
 * Lays tiles through the app's own commands until the board holds `count`: each time the
 * first tile in the bag that fits somewhere, at the spot `choose` picks from its placement
 * options (the first by default), with the follower place `follower` names for it (none by
 * default). A follower the engine refuses there moves on to the next tile. Returns the view.
 */
export async function layTiles(browser, view, count, { choose = (options) => options[0], follower = () => null } = {}) {
  while (view.tiles.length < count) {
    let placed = false;
    for (const { tile } of view.bag) {
      const options = await invoke(browser, "placement_options_for", { tile });
      if (options.length === 0) continue;
      const o = choose(options);
      const request = { kind: "place", tile, x: o.x, y: o.y, rotation: o.rotation, follower: follower(view, o) };
      try {
        view = await invoke(browser, "play", { request });
        placed = true;
        break;
      } catch (refusal) {
        assert.equal(refusal.error?.kind, "move", JSON.stringify(refusal));
      }
    }
    assert.ok(placed, "some tile fits");
  }
  return view;
}

/** Waits until the element's text is `expected` (or matches it) and returns that text. */
export async function textOf(browser, selector, expected, timeout = 5000) {
  const element = await browser.$(selector);
  await element.waitUntil(
    async () => {
      const text = await element.getText();
      return expected instanceof RegExp ? expected.test(text) : text === expected;
    },
    { timeout, timeoutMsg: `${selector} never showed ${expected}` },
  );
  return element.getText();
}

/**
 * Saves a screenshot of the window as the X server shows it, once the page has painted what
 * the test just did. Taken from the display, not through WebDriver: WebKit's own snapshot can
 * wait forever for a frame when the page is painted without a GPU.
 */
export async function shot(browser, name) {
  await browser.executeAsync((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  const { x, y, width, height } = await browser.getWindowRect();
  const crop = `${width}x${height}+${Math.max(0, x)}+${Math.max(0, y)}`;
  execFileSync("import", ["-silent", "-window", "root", "-crop", crop, "+repage", `${SHOTS}/${name}.png`]);
}

/**
 * On the new-game screen: exactly these players, in this order (`{name, color?}`), whatever
 * the last game left there.
 */
export async function seatPlayers(browser, players) {
  await (await browser.$("#player-0")).waitForExist({ timeout: 5000 });
  while ((await browser.$$(".seat")).length > players.length) {
    const removes = await browser.$$("[data-remove]");
    await removes[removes.length - 1].click();
  }
  while ((await browser.$$(".seat")).length < players.length) await (await browser.$("#add-player")).click();
  for (const [i, p] of players.entries()) {
    await (await browser.$(`#player-${i}`)).setValue(p.name);
    if (p.color) await (await browser.$(`#color-${i}`)).selectByAttribute("value", p.color);
  }
}

/** The X windows titled exactly `title`. */
export function windowsTitled(title) {
  try {
    return execFileSync("xdotool", ["search", "--onlyvisible", "--name", `^${title}$`])
      .toString()
      .trim()
      .split("\n");
  } catch {
    return []; // xdotool exits 1 when none is shown (a closed GTK dialog may linger unmapped)
  }
}

/**
 * Answers the GTK dialog titled `title` by typing `path` into its location field, once it is
 * shown; `onShown` runs first (a screenshot of the dialog, say).
 */
export async function answerDialog(title, path, onShown = async () => {}) {
  const id = execFileSync("xdotool", ["search", "--sync", "--onlyvisible", "--name", `^${title}$`], { timeout: 15_000 })
    .toString()
    .trim()
    .split("\n")[0];
  await onShown();
  execFileSync("xdotool", ["windowfocus", "--sync", id]);
  // The open dialog shows its location field on Ctrl+L; the save dialog has its name field
  // focused, with the suggested name's stem selected: Ctrl+A takes the whole of either.
  execFileSync("xdotool", ["key", "--clearmodifiers", "ctrl+l", "ctrl+a"]);
  execFileSync("xdotool", ["type", "--delay", "15", path]);
  // GTK checks a typed location before it accepts Enter: press it until the dialog has gone.
  for (let i = 0; i < 20 && windowsTitled(title).length > 0; i++) {
    execFileSync("xdotool", ["key", "Return"]);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  assert.deepEqual(windowsTitled(title), [], `the dialog "${title}" took the path`);
}

// The Big Box: the engine asked which placement puts a wanted question to the table, and the
// tell panel answered through the window.

/** A command called as `invoke` does, a refusal thrown as an error naming the command and its
 * arguments, so a failing search says which placement was refused. */
export async function call(browser, cmd, args = {}) {
  try {
    return await invoke(browser, cmd, args);
  } catch (refusal) {
    if (refusal instanceof Error) throw refusal;
    throw new Error(`${cmd} ${JSON.stringify(args)} was refused: ${JSON.stringify(refusal)}`);
  }
}

/** The game on the table. */
export const view = (browser) => invoke(browser, "current_game");

/** A target's place as `x,y,place`, as the lit board and the panels' buttons name it. */
export const spotOf = (target) => `${target.at.x},${target.at.y},${target.at.place}`;

/** A placement of `tile` at `x`, `y` turned `rotation` degrees (any turn when `rotation` is
 * null), as the engine offers it; fails when there is none. */
export async function optionAt(browser, tile, x, y, rotation = null) {
  const options = await invoke(browser, "placement_options_for", { tile });
  const option = options.find((o) => o.x === x && o.y === y && (rotation === null || o.rotation === rotation));
  assert.ok(option, `${tile} fits on ${x},${y} turned ${rotation}`);
  return option;
}

/** A placement request as the screen sends it, with the answers `told` so far. */
export const placeRequest = (tile, { x, y, rotation }, told = {}, follower = null) => ({
  kind: "place",
  tile,
  x,
  y,
  rotation,
  follower,
  told,
});

/** What the table would be asked for laying `tile` so, with the answers `told` so far. */
export const questionsFor = (browser, tile, option, told = {}) =>
  call(browser, "tell_questions_for", { request: placeRequest(tile, option, told), before: null });

/** The boxes that ask something of a placement, sorted: `["ferries", "magic"]`. */
export const askingBoxes = (questions) =>
  Object.entries(questions)
    .filter(([, q]) => q)
    .map(([box]) => box)
    .sort();

/**
 * The first tile in the bag that `tiles` accepts, with a placement `where` accepts whose
 * questions only the boxes `boxes` ask and which `wanted(questions, option, tile)` accepts (it
 * may return a value of its own, handed back as `found`), tried in the bag's and the engine's
 * order; null when there is none.
 */
export async function findAsked(browser, boxes, wanted, { tiles = () => true, where = () => true } = {}) {
  const game = await view(browser);
  for (const { tile, count } of game.bag) {
    if (count === 0 || !tiles(tile)) continue;
    for (const option of await call(browser, "placement_options_for", { tile })) {
      if (!where(option)) continue;
      const questions = await questionsFor(browser, tile, option);
      if (askingBoxes(questions).join() !== [...boxes].sort().join()) continue;
      const found = await wanted(questions, option, tile);
      if (found) return { tile, option, questions, found };
    }
  }
  return null;
}

/** Whether the cell at `x`, `y` touches one of `tiles` (`[x, y]` pairs) across an edge. */
export const touches = ({ x, y }, tiles) => tiles.some(([tx, ty]) => Math.abs(tx - x) + Math.abs(ty - y) === 1);

/** The figure place of `role` the placement offers to a follower, if any. */
export const offered = (option, role) =>
  option.followers.find((f) => f.figure === "follower" && f.role === role)?.place ?? null;

/** Through the window: `tile` put as `option` says, with a follower on `follower` if given,
 * and confirmed; the tell panel is not answered here. */
export async function layInWindow(browser, tile, option, follower = null) {
  await putTile(browser, tile, option);
  if (follower) await placeFollower(browser, follower);
  await click(browser, "#confirm");
}

/** Lays a tile that asks nothing and waits until the table has it. */
export async function layPlain(browser, tile, option, follower = null) {
  const before = (await view(browser)).cursor;
  await layInWindow(browser, tile, option, follower);
  await entered(browser, before);
}

/** Waits until the table has entered one more move than `before`. */
export async function entered(browser, before) {
  await browser.waitUntil(async () => (await view(browser)).cursor === before + 1, {
    timeout: 5000,
    timeoutMsg: "the move was never entered",
  });
}

/** Waits for the tell panel asking exactly the boxes `boxes`. */
export async function panelAsks(browser, boxes) {
  const panel = await browser.$("#tell-panel");
  await panel.waitForExist({ timeout: 5000, timeoutMsg: `the tell panel opens for ${boxes}` });
  assert.equal(await panel.getAttribute("data-questions"), boxes.join(" "), "the boxes asked");
}

/** Enters the move the tell panel holds, once every question is answered, and waits until the
 * table has it. */
export async function enterTold(browser) {
  const before = (await view(browser)).cursor;
  const confirm = await browser.$("#tell-confirm");
  await confirm.waitForEnabled({ timeout: 5000, timeoutMsg: "every question answered" });
  await confirm.click();
  await entered(browser, before);
}

/** Waits until the element exists, failing with `why`, and returns it. */
export async function shown(browser, selector, why) {
  const element = await browser.$(selector);
  await element.waitForExist({ timeout: 5000, timeoutMsg: why });
  return element;
}

/** Waits for the element, failing with `why`, and clicks it. */
export async function clickShown(browser, selector, why) {
  await (await shown(browser, selector, why)).click();
}

/** Switches the app's language, from the menu where the screen has one (a tile still laid is
 * taken back first, as the menu shows only between placements), and goes back to the table or
 * its count where there is one to go back to. */
export async function speak(browser, language) {
  if (await browser.$("#cancel").isExisting()) await click(browser, "#cancel");
  const menu = await browser.$("#menu");
  if (await menu.isExisting()) await menu.click();
  await click(browser, `#language-${language}`);
  for (const selector of ["#resume", "#back-to-count"]) {
    const back = await browser.$(selector);
    if (!(await back.isExisting())) continue;
    await back.click();
    await back.waitForExist({ reverse: true, timeout: 5000, timeoutMsg: "back from the menu" });
    return;
  }
}

/** Ends a suite's session. The suites share the app's settings, so it is left speaking English. */
export async function closeInEnglish(browser) {
  if (!browser) return;
  await speak(browser, "en").catch(() => {});
  await browser.deleteSession();
}

/** The tell panel's buttons are whole inside the window and nothing covers them. */
export async function tellButtonsInView(browser) {
  const hidden = await browser.execute(() =>
    ["#tell-confirm", "#tell-cancel"].filter((selector) => {
      const element = document.querySelector(selector);
      if (!element) return true;
      const r = element.getBoundingClientRect();
      const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !inside || !(top === element || element.contains(top));
    }),
  );
  assert.deepEqual(hidden, [], "the tell panel's buttons are whole and uncovered");
}

/** The Big Box's five boxes, as the new-game screen names them. */
export const BIG_BOX = ["flier", "ferries", "goldmines", "mage-witch", "crop-circles"];

/**
 * Starts a game of `seats` with every Big Box box and opens each box's question in the tell
 * panel in turn, from the start tile alone: a tile the engine says asks that box alone is put
 * through the window and confirmed, `visit(box)` runs with the panel open, and the panel's
 * Cancel then the table's take the tile back.
 */
export async function eachBigBoxPanel(browser, seats, visit) {
  await invoke(browser, "start_game", { request: { seats, boxes: BIG_BOX, rules: "current", place: null } });
  await browser.refresh();
  await clickShown(browser, "#resume", "the start screen offers the game");
  await shown(browser, "#tile-filter", "the table is shown");
  const asks = { flier: "flier", ferries: "ferries", goldmines: "gold", "mage-witch": "magic", "crop-circles": "crop" };
  for (const box of BIG_BOX) {
    const found = await findAsked(browser, [asks[box]], () => true);
    assert.ok(found, `some tile asks the ${box} question`);
    await layInWindow(browser, found.tile, found.option);
    await panelAsks(browser, [asks[box]]);
    await visit(box);
    await click(browser, "#tell-cancel");
    await (await browser.$("#tell-panel")).waitForExist({ reverse: true, timeout: 5000 });
    await click(browser, "#cancel");
  }
}
