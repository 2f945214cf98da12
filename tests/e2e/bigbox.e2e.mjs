// The five Big Box boxes in one game, entered through the real window: the Flying Machines,
// the Ferries, the Gold Mines, Mage & Witch and the Crop Circles chosen on the new-game screen,
// and every question of each asked and answered in the tell panel — a gold tile's neighbour and
// gold shared by a city two players win, the mage and the witch put on the board and one moved
// away when a tile joins their features, a flight landed and one crashed (or nobody flying), a
// lake's ferry and a ferry moved, a crop circle adding and one removing. The finished game must
// score as `castellan score` scores its exported script, and read the same in Dutch and German.
// Then the final-board twin: a finished table of the five boxes, the mage stood by a click
// like the followers, counted as `castellan score` counts its script.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  call,
  click,
  clickShown,
  closeInEnglish,
  enterTold,
  exportScript,
  findAsked,
  invoke,
  layInWindow,
  layPlain,
  offered,
  optionAt,
  panelAsks,
  placeRequest,
  pointAtTile,
  questionsFor,
  resize,
  seatPlayers,
  shot,
  skipCount,
  speak,
  spotOf,
  textOf,
  touches,
  view as viewOf,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("bigbox"));
  await resize(browser, 1024, 700);
});
after(() => closeInEnglish(browser));

const view = () => viewOf(browser);
const BOXES = ["flier", "ferries", "goldmines", "mage-witch", "crop-circles"];
const isBase = (tile) => /^[A-X]$/.test(tile);
const magicTo = (figure, target) => ({
  kind: "to",
  figure,
  cell: { x: target.at.x, y: target.at.y },
  port: target.at.place,
});

/** Answers the crop circle asked in the panel with `choice`: each player asked, in the panel's
 * order, adds or takes back the first figure offered, or passes where nothing is. */
async function answerCrop(choice) {
  await click(browser, `#crop-${choice}`);
  const confirm = await browser.$("#tell-confirm");
  const active = "#crop-question li.active[data-crop-seat]";
  // The next player to answer; none once every player asked has.
  const nextPlayer = async () => {
    await browser.waitUntil(async () => (await confirm.isEnabled()) || (await browser.$(active).isExisting()), {
      timeout: 5000,
      timeoutMsg: "a player answers the crop circle",
    });
    return (await confirm.isEnabled()) ? null : browser.$(active);
  };
  for (let i = 0, player; i < 8 && (player = await nextPlayer()); i++) {
    const seat = await player.getAttribute("data-crop-seat");
    const deed = await player.$(`[data-crop^="${seat}-"]:not([data-crop="${seat}-pass"])`);
    await ((await deed.isExisting()) ? deed : player.$(`[data-crop="${seat}-pass"]`)).click();
    await browser.waitUntil(async () => (await player.getAttribute("data-answered")) === "true", { timeout: 5000 });
  }
}

test("one game with all five Big Box boxes: every question asked and answered in the window", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  for (const box of BOXES) await click(browser, `input[value="${box}"]`);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna/);
  assert.ok((await view()).asksTold, "the window asks the Big Box's questions");

  // Gold Mines. Anna's gold tile north of the start tile, her knight in its city: the second
  // ingot on the start tile, the only tile around it.
  const gm07 = await optionAt(browser, "GM07", 0, -1, 90);
  await layInWindow(browser, "GM07", gm07, offered(gm07, "knight"));
  await panelAsks(browser, ["gold"]);
  await clickShown(browser, '#gold-question [data-neighbour="0,0"]', "the start tile takes the second ingot");
  await enterTold(browser);
  assert.deepEqual((await view()).gold.onTiles, [
    { x: 0, y: -1, ingots: 1 },
    { x: 0, y: 0, ingots: 1 },
  ]);

  // Bram's knight in a city cap beside it; a farmer each on the tiles around, for the crop
  // circles to come; then Anna's second gold tile closes the city both knights hold.
  const d = await optionAt(browser, "D", 1, -1, 0);
  await layPlain(browser, "D", d, offered(d, "knight"));
  const n = await optionAt(browser, "N", 0, -2, 180);
  await layPlain(browser, "N", n, offered(n, "farmer"));
  const u = await optionAt(browser, "U", 2, -1, 0);
  await layPlain(browser, "U", u, offered(u, "farmer"));
  const gm06 = await optionAt(browser, "GM06", 1, -2, 270);
  await layInWindow(browser, "GM06", gm06);
  await panelAsks(browser, ["gold"]);
  await clickShown(browser, '#gold-question [data-neighbour="2,-1"]', "the tiles around are listed");
  // Shared gold: the takes told one by one, each from the first heap offered.
  await clickShown(browser, "#gold-tell-takes", "the gold is shared: the takes may be told");
  const confirm = await browser.$("#tell-confirm");
  const takers = [];
  const heap = "#gold-question [data-heap]:not([disabled])";
  // The next take once the table has answered the last one; none when every ingot is taken.
  const nextTake = async () => {
    await browser.waitUntil(async () => (await confirm.isEnabled()) || (await browser.$(heap).isExisting()), {
      timeout: 5000,
      timeoutMsg: "the next take is asked",
    });
    return !(await confirm.isEnabled());
  };
  for (let i = 0; i < 8 && (await nextTake()); i++) {
    takers.push(Number(await (await browser.$("#gold-taking")).getAttribute("data-seat")));
    await click(browser, heap);
  }
  assert.deepEqual(takers.slice(0, 2), [0, 1], "Anna, the mover, takes first, then Bram (GM-05)");
  await shot(browser, "bigbox-gold-takes");
  await browser.waitUntil(() => confirm.isEnabled(), { timeout: 5000, timeoutMsg: "every ingot taken" });
  await enterTold(browser);
  let game = await view();
  assert.ok(game.gold.held[0] > 0 && game.gold.held[1] > 0, `both hold gold: ${game.gold.held}`);

  // Mage & Witch. Bram's magic tile puts the mage on a road or city, and Anna's the witch on one
  // of the same kind a square apart, where a plain tile between them then joins the two. The
  // engine asked, the moves tried through its commands and taken back, until such places are
  // found; then they are entered through the window.
  const hasTile = (t, x, y) => t.tiles.some(([tx, ty]) => tx === x && ty === y);
  const magicPlacements = async () => {
    const found = [];
    for (const { tile, count } of (await view()).bag) {
      if (count === 0 || !/^MW/.test(tile)) continue;
      for (const option of await invoke(browser, "placement_options_for", { tile })) {
        const asked = await questionsFor(browser, tile, option);
        if (Object.keys(asked).join() === "magic" && asked.magic.tile) found.push({ tile, option, asked });
      }
    }
    return found;
  };
  const tryPlay = async ({ tile, option }, figure, target, then) => {
    await call(browser, "play", { request: placeRequest(tile, option, { magic: magicTo(figure, target) }) });
    try {
      return await then();
    } finally {
      await call(browser, "undo");
    }
  };
  let mage = null;
  let witch = null;
  for (const first of (await magicPlacements()).slice(0, 12)) {
    const own = first.asked.magic.tile.targets.filter((t) => hasTile(t, first.option.x, first.option.y));
    for (const mageTarget of own) {
      witch = await tryPlay(first, "mage", mageTarget, async () => {
        for (const second of await magicPlacements()) {
          const apart =
            mageTarget.tiles.some(([x, y]) => Math.abs(x - second.option.x) + Math.abs(y - second.option.y) === 2) &&
            !touches(second.option, mageTarget.tiles);
          if (!apart) continue;
          const cell = [second.option.x, second.option.y];
          for (const target of second.asked.magic.tile.targets) {
            if (target.kind !== mageTarget.kind || !hasTile(target, ...cell)) continue;
            const joined = await tryPlay(second, "witch", target, () =>
              findAsked(browser, ["magic"], (q) => q.magic.fix?.targets.length > 0, {
                tiles: isBase,
                where: (o) => touches(o, mageTarget.tiles) && touches(o, [cell]),
              }),
            );
            if (joined) return { ...second, target, join: joined };
          }
        }
        return null;
      });
      if (witch) {
        mage = { ...first, target: mageTarget };
        break;
      }
    }
    if (witch) break;
  }
  assert.ok(mage, "a place for the mage, and one for the witch that a plain tile joins to it");
  const mageTarget = mage.target;
  await layInWindow(browser, mage.tile, mage.option);
  await panelAsks(browser, ["magic"]);
  await click(browser, "#magic-tile-mage");
  await click(browser, `#magic-tile [data-magic-to="${spotOf(mageTarget)}"]`);
  await enterTold(browser);
  assert.deepEqual((await view()).magic, { mage: mageTarget.at, witch: null });

  assert.ok(witch, "a witch's place that a later tile joins to the mage's");
  await layInWindow(browser, witch.tile, witch.option);
  await panelAsks(browser, ["magic"]);
  await click(browser, "#magic-tile-witch");
  await click(browser, `#magic-tile [data-magic-to="${spotOf(witch.target)}"]`);
  await enterTold(browser);
  assert.deepEqual((await view()).magic, { mage: mageTarget.at, witch: witch.target.at });

  // Bram's plain tile joins the two features: the mage moves away before anything is scored.
  const joining = witch.join;
  const away = joining.questions.magic.fix.targets[0];
  await layInWindow(browser, joining.tile, joining.option);
  await panelAsks(browser, ["magic"]);
  await (await browser.$("#magic-fix")).waitForExist({ timeout: 5000, timeoutMsg: "the join is asked" });
  await click(browser, "#magic-fix-mage");
  await click(browser, `#magic-fix [data-magic-to="${spotOf(away)}"]`);
  await shot(browser, "bigbox-magic-fix");
  await enterTold(browser);
  assert.deepEqual((await view()).magic.mage, away.at, "the mage moved away from the join");

  // Flying Machines. Anna flies a follower and lands it where the die says.
  const flight = await findAsked(
    browser,
    ["flier"],
    async (q, option, tile) => {
      if (!q.flier.figures.includes("follower")) return null;
      for (const roll of q.flier.rolls) {
        const told = { flight: { figure: "follower", roll, to: null } };
        const landing = (await questionsFor(browser, tile, option, told)).flier?.landings[0];
        if (landing) return { roll, landing };
      }
      return null;
    },
    { tiles: (t) => /^FM/.test(t) },
  );
  assert.ok(flight, "a flier tile with somewhere to land");
  await layInWindow(browser, flight.tile, flight.option);
  await panelAsks(browser, ["flier"]);
  await click(browser, "#flier-figure-follower");
  await click(browser, `#flier-roll-${flight.found.roll}`);
  await clickShown(
    browser,
    `#flier-question [data-landing="${spotOf(flight.found.landing)}"]`,
    "the landing is listed",
  );
  await shot(browser, "bigbox-flight");
  const annasBefore = (await view()).followers.filter((f) => f.seat === 0).length;
  await enterTold(browser);
  game = await view();
  const landed = game.followers.filter((f) => f.seat === 0 && f.x === flight.found.landing.at.x);
  assert.equal(game.followers.filter((f) => f.seat === 0).length, annasBefore + 1, "Anna's follower landed");
  assert.ok(landed.length > 0, "where the panel said");

  // Bram's flier tile: a flight into nowhere crashes where one is found, or nobody flies.
  const crash = await findAsked(
    browser,
    ["flier"],
    async (q, option, tile) => {
      for (const roll of q.flier.rolls) {
        const told = { flight: { figure: "follower", roll, to: null } };
        const asked = (await questionsFor(browser, tile, option, told)).flier;
        if (asked && asked.landings.length === 0) return { roll };
      }
      return null;
    },
    { tiles: (t) => /^FM/.test(t) },
  );
  const grounded =
    crash ?? (await findAsked(browser, ["flier"], () => ({ roll: null }), { tiles: (t) => /^FM/.test(t) }));
  assert.ok(grounded, "another flier tile fits");
  await layInWindow(browser, grounded.tile, grounded.option);
  await panelAsks(browser, ["flier"]);
  if (crash) {
    await click(browser, "#flier-figure-follower");
    await click(browser, `#flier-roll-${crash.found.roll}`);
    await textOf(browser, "#flier-crash", /crashes/);
  } else await click(browser, "#flier-none");
  const bramsBefore = (await view()).followers.filter((f) => f.seat === 1).length;
  await enterTold(browser);
  assert.equal(
    (await view()).followers.filter((f) => f.seat === 1).length,
    bramsBefore,
    "Bram's figure did not land anywhere",
  );

  // Ferries. Anna's lake tile: its ferry linking the first pair offered, her thief on a road end.
  const lake = await findAsked(browser, ["ferries"], (q) => q.ferries.lake, { tiles: (t) => /^FE/.test(t) });
  assert.ok(lake, "a lake tile fits");
  await layInWindow(browser, lake.tile, lake.option, offered(lake.option, "thief"));
  await panelAsks(browser, ["ferries"]);
  const pair = await browser.$("[data-ferry-link]");
  const link = await pair.getAttribute("data-ferry-link");
  await pair.click();
  await enterTold(browser);
  game = await view();
  assert.deepEqual(
    game.ferries.map((f) =>
      f.link
        .map((s) => s[0])
        .sort()
        .join(""),
    ),
    [[...link].sort().join("")],
    "the ferry is on its lake, linking the pair told",
  );

  // Bram lengthens a road of the lake: the ferry moves to another pair.
  const moving = await findAsked(browser, ["ferries"], (q) => q.ferries.moves.length > 0, {
    tiles: isBase,
    where: (o) => touches(o, [[lake.option.x, lake.option.y]]),
  });
  assert.ok(moving, "a plain tile lengthens a road with the ferry");
  const choice = moving.questions.ferries.moves[0];
  await layInWindow(browser, moving.tile, moving.option);
  await panelAsks(browser, ["ferries"]);
  await click(browser, `[data-ferry-choice="${choice.at.x},${choice.at.y}"] [data-ferry-move]`);
  await shot(browser, "bigbox-ferry-move");
  await enterTold(browser);
  const movedTo = (await view()).ferries.find((f) => f.at[0] === choice.at.x && f.at[1] === choice.at.y);
  assert.notDeepEqual([...movedTo.link].sort(), [...game.ferries[0].link].sort(), "the ferry links another pair");

  // Crop Circles. A crop circle where someone can add, then one where someone must take back.
  const isCrop = (t) => /^CC/.test(t);
  const adding = await findAsked(browser, ["crop"], (q) => q.crop.players.some((p) => p.add.length > 0), {
    tiles: isCrop,
  });
  assert.ok(adding, "a crop circle with a follower to add");
  const followersBefore = (await view()).followers.length;
  await layInWindow(browser, adding.tile, adding.option);
  await panelAsks(browser, ["crop"]);
  await answerCrop("add");
  await shot(browser, "bigbox-crop-add");
  await enterTold(browser);
  assert.ok((await view()).followers.length > followersBefore, "a follower was added");
  // Two followers of a kind on one place (an add onto the joined follower's place) are left
  // out: the panel cannot list them yet.
  const single = (p) => new Set(p.remove.map((r) => spotOf(r.at) + r.figure)).size === p.remove.length;
  const removing = await findAsked(
    browser,
    ["crop"],
    (q) => q.crop.players.some((p) => p.remove.length > 0) && q.crop.players.every(single),
    { tiles: isCrop },
  );
  assert.ok(removing, "a crop circle with a follower to take back");
  const before = (await view()).followers.length;
  await layInWindow(browser, removing.tile, removing.option);
  await panelAsks(browser, ["crop"]);
  await answerCrop("remove");
  await enterTold(browser);
  assert.ok((await view()).followers.length < before, "a follower was taken back");

  // The end, with tiles still in the bag.
  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await skipCount(browser);
  const finished = await view();
  const script = join(folder, "bigbox.json");
  const doc = await exportScript(browser, finished.gameId, script);
  assert.deepEqual([...doc.setup.sets].sort(), ["base", ...BOXES].sort());
  const told = (key) => doc.moves.filter((m) => m[key]).length;
  assert.deepEqual(
    ["gold", "gold_taken", "magic", "magic_fix", "flight", "ferry", "ferry_moves", "crop_circle"].map((k) => [
      k,
      told(k) > 0,
    ]),
    ["gold", "gold_taken", "magic", "magic_fix", "flight", "ferry", "ferry_moves", "crop_circle"].map((k) => [k, true]),
    `every answer is in the script: ${JSON.stringify(doc.moves)}`,
  );
  assert.deepEqual(
    doc.moves.filter((m) => m.crop_circle).map((m) => m.crop_circle.choice),
    ["add", "remove"],
  );
  const expected = referenceScore(script);
  await assertScoreboard(browser, finished.players, expected);
  await shot(browser, "bigbox-end-en");

  // Read back in Dutch and German: the same numbers on the scoreboard and in the ranking.
  const ranking = () =>
    browser.execute(() =>
      [...document.querySelectorAll("#ranking li")].map((li) => li.querySelector(".points").textContent),
    );
  // Back at the count, the window shows its steps again: told at once, to its result.
  const toResult = async () => {
    const skip = await browser.$("#final-skip");
    if (await skip.isExisting()) await skip.click();
  };
  const rankedEn = await ranking();
  for (const language of ["nl", "de"]) {
    await speak(browser, language);
    await toResult();
    await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
    await assertScoreboard(browser, finished.players, expected);
    assert.deepEqual(await ranking(), rankedEn, `the ranking in ${language}`);
    await shot(browser, `bigbox-end-${language}`);
  }
  await speak(browser, "en");
  await toResult();
  await assertScoreboard(browser, finished.players, expected);
});

/** Final board: the tile's name typed and its square clicked, laid there at once; a lake's
 * ferry told on the first pair offered; any other tile turned as `option` says. */
async function layFinal(tile, option) {
  const before = (await view()).tiles.length;
  await (await browser.$("#tile-filter")).setValue(tile);
  await browser.keys("Enter");
  await click(browser, `[data-cell="${option.x},${option.y}"]`);
  if (/^FE/.test(tile)) {
    await panelAsks(browser, ["ferries"]);
    await click(browser, "[data-ferry-link]");
    await click(browser, "#tell-confirm");
  }
  await browser.waitUntil(async () => (await view()).tiles.length === before + 1, {
    timeout: 5000,
    timeoutMsg: `${tile} at ${option.x},${option.y} was not laid`,
  });
  const last = (await view()).tiles.at(-1);
  assert.deepEqual([last.tile, last.x, last.y], [tile, option.x, option.y], "the tile typed is laid where clicked");
  // A lake is laid turned as the window first offers it: its ferry was told for that turn.
  if (/^FE/.test(tile)) return;
  const laid = await browser.$(`#fits-here[data-laid-at="${option.x},${option.y}"]`);
  const turned = async () => Number(await laid.getAttribute("data-laid-rotation"));
  for (let i = 0; i < 4 && (await turned()) !== option.rotation; i++) {
    const was = await turned();
    await click(browser, "#turn-laid");
    await browser.waitUntil(async () => (await turned()) !== was, { timeout: 5000 });
  }
  assert.equal(await turned(), option.rotation, `${tile} turned ${option.rotation}`);
}

/** Final board: `seat`'s follower stood on the first place of role `role` offered on the board,
 * through the window: whose, which kind, the tile pointed at, the place clicked. */
async function standFinal(seat, role) {
  const game = await view();
  let found = null;
  for (const { x, y } of game.tiles) {
    const offers = await invoke(browser, "standing_places_for", { seat, x, y, before: null });
    const spot = offers.find((o) => o.figure === "follower" && o.role === role);
    if (spot) {
      found = { x, y, spot };
      break;
    }
  }
  assert.ok(found, `somewhere for seat ${seat}'s ${role}`);
  await click(browser, `[data-stand-seat="${seat}"]`);
  // The kind of figure is asked only where a box gives the players more than one.
  const kind = await browser.$('[data-stand-figure="follower"]');
  if (await kind.isExisting()) await kind.click();
  // Pointed at, the tile shows its places, or is enlarged when they do not fit it as drawn.
  await pointAtTile(browser, found.x, found.y);
  await clickShown(browser, `[data-stand="${found.spot.place}"][data-shape="${role}"]`, `the ${role}'s place`);
  await browser.waitUntil(async () => (await view()).followers.length === game.followers.length + 1, {
    timeout: 5000,
    timeoutMsg: `seat ${seat}'s ${role} stood`,
  });
}

test("a finished table of the five Big Box boxes, gold in hand, a lake's ferry and the mage, counts as castellan score", async () => {
  if (!(await browser.$("#new-game").isExisting())) await click(browser, "#menu");
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  await click(browser, "#final-board");
  // The new-game screen keeps the boxes of the last game: exactly these five ticked.
  for (const box of BOXES) {
    const input = await browser.$(`input[value="${box}"]`);
    if (!(await input.isSelected())) await input.click();
  }
  const held = [3, 5];
  for (const [seat, n] of held.entries()) await (await browser.$(`[data-gold-input="${seat}"]`)).setValue(n);
  await shot(browser, "bigbox-final-setup");
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^A finished table/);
  assert.deepEqual((await view()).gold.held, held, "the ingots in hand");

  // Tiles of every box, each where the engine first offers it, in the table's order.
  for (const tile of ["FM05", "CC03", "FE04", "GM07", "U", "E", "FE06", "CC01", "D", "K"]) {
    const options = await invoke(browser, "placement_options_for", { tile });
    assert.ok(options.length > 0, `${tile} fits somewhere`);
    await layFinal(tile, options[0]);
  }
  await standFinal(0, "knight");
  await standFinal(1, "thief");
  await standFinal(1, "farmer");
  let game = await view();
  // The mage on the first road or city offered: picked in the stand bar, its place clicked.
  let mage = null;
  for (const { x, y } of game.tiles) {
    const [spot] = await invoke(browser, "magic_standing_places_for", { figure: "mage", x, y, before: null });
    if (spot && !mage) mage = { x, y, spot };
  }
  await click(browser, '[data-stand-magic="mage"]');
  await pointAtTile(browser, mage.x, mage.y);
  await clickShown(browser, `[data-stand="${mage.spot.place}"][data-shape="${mage.spot.role}"]`, "the mage's place");
  await browser.waitUntil(async () => (await view()).magic.mage !== null, { timeout: 5000, timeoutMsg: "mage" });
  game = await view();
  assert.equal(game.ferries.length, 2, "each lake's ferry lies where told");
  await shot(browser, "bigbox-final-entered");

  await click(browser, "#finish");
  await click(browser, "#track-skip");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  const skip = await browser.$("#final-skip");
  if (await skip.isExisting()) await skip.click();
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  game = await view();
  const script = join(folder, "bigbox-final.json");
  const doc = await exportScript(browser, game.gameId, script);
  assert.deepEqual([...doc.setup.sets].sort(), ["base", ...BOXES].sort());
  assert.equal(doc.moves.filter((m) => m.magic && !m.tile).length, 1, "and the mage's stand");
  assert.deepEqual(doc.setup.gold, { Anna: 3, Bram: 5 }, "the script keeps the gold in hand");
  assert.equal(doc.moves.filter((m) => m.ferry).length, 2, "and each lake's ferry");
  await assertScoreboard(browser, game.players, referenceScore(script));
  await shot(browser, "bigbox-final-count");
});
