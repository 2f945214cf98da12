// Figures of the real app, printed as `metric name=value` lines (not asserted: timings on a
// shared machine vary): cold start to an interactive window, idle memory of the app and its
// web processes, and the median time from confirming a turn to the repainted board on a
// board of 100 tiles.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { after, test } from "node:test";
import { click, invoke, openApp, shot } from "./session.mjs";

let browser;
after(async () => {
  await browser?.deleteSession();
});

/**
 * Memory of the app process and everything it started (WebKit's web and network processes),
 * in MB, three ways: resident (RSS, summed, so the WebKit and GL libraries mapped by all three
 * count three times), proportional (PSS: a page shared by n processes counts 1/n in each) and
 * unique (USS: the pages no other process maps, what closing the app gives back).
 */
function appMemoryMb() {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .map(([pid, ppid, ...comm]) => ({ pid, ppid, comm: comm.join(" ") }));
  const roots = rows.filter((r) => r.comm.startsWith("castellan-app"));
  assert.ok(roots.length > 0, "the app process is running");
  const tree = new Set(roots.map((r) => r.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (tree.has(r.ppid) && !tree.has(r.pid)) (tree.add(r.pid), (grew = true));
  }
  const total = { rss: 0, pss: 0, uss: 0 };
  for (const r of rows.filter((r) => tree.has(r.pid))) {
    const kb = Object.fromEntries(
      [...readFileSync(`/proc/${r.pid}/smaps_rollup`, "utf8").matchAll(/^(\w+):\s+(\d+) kB/gm)].map(([, k, v]) => [k, Number(v)]),
    );
    const mine = { rss: kb.Rss / 1024, pss: kb.Pss / 1024, uss: (kb.Private_Clean + kb.Private_Dirty) / 1024 };
    console.log(`memory ${r.comm} rss=${mine.rss.toFixed(1)} pss=${mine.pss.toFixed(1)} uss=${mine.uss.toFixed(1)}`);
    for (const k of Object.keys(total)) total[k] += mine[k];
  }
  return total;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test("cold start, idle memory and turn time on a 100-tile board", async () => {
  const launched = performance.now();
  browser = await openApp();
  await (await browser.$("#title")).waitForExist({ timeout: 10000 });
  console.log(`metric cold_start_ms=${(performance.now() - launched).toFixed(0)}`);

  await new Promise((r) => setTimeout(r, 2000));
  const memory = appMemoryMb();
  for (const [kind, mb] of Object.entries(memory)) console.log(`metric idle_${kind}_mb=${mb.toFixed(1)}`);

  // Lay 95 tiles quickly through the app's own commands: the first tile in the bag that
  // fits somewhere (river tiles first, as the engine insists), at its first legal spot.
  let view = await invoke(browser, "start_game", {
    request: {
      seats: [
        { name: "Anna", color: "green" },
        { name: "Bram", color: "red" },
        { name: "Cor", color: "yellow" },
      ],
      boxes: ["winter", "king-robber", "shrines", "river2"],
      rules: "current",
      place: null,
    },
  });
  while (view.tiles.length < 95) {
    let placed = false;
    for (const { tile } of view.bag) {
      const options = await invoke(browser, "placement_options_for", { tile });
      if (options.length === 0) continue;
      const [o] = options;
      try {
        // A follower on every third tile that offers a place, as players do.
        const follower = view.tiles.length % 3 === 0 ? (o.followers[0]?.place ?? null) : null;
        view = await invoke(browser, "play", { request: { kind: "place", tile, x: o.x, y: o.y, rotation: o.rotation, follower } });
        placed = true;
        break;
      } catch (refusal) {
        assert.equal(refusal.kind, "refused", JSON.stringify(refusal));
      }
    }
    assert.ok(placed, "some tile fits");
  }

  assert.ok(view.followers.length > 0, "followers stand on the board");
  const ipc = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await invoke(browser, "current_game");
    ipc.push(performance.now() - t0);
  }
  console.log(`metric view_round_trip_ms_median=${median(ipc).toFixed(1)}`);

  // The table screen takes the game up; nine turns entered by clicking, each timed, from
  // confirming to the painted frame and in its parts: the command (engine, ledger, view),
  // the page's update, and style, layout and paint.
  await browser.refresh();
  await click(browser, "#resume");
  const times = [];
  const phases = { ipc: [], update: [], paint: [] };
  for (let turn = 0; turn < 9; turn++) {
    const before = await browser.execute(() => document.documentElement.dataset.turnsTimed ?? "");
    const picks = await browser.$$(".pick");
    let chosen = false;
    for (const pick of picks) {
      await pick.click();
      const legal = await browser.$$(".legal");
      if (legal.length > 0) {
        await legal[0].click();
        chosen = true;
        break;
      }
    }
    assert.ok(chosen, "a tile with a legal square");
    const spots = await browser.$$(".spot");
    if (spots.length > 0) await spots[0].click();
    await click(browser, "#confirm");
    await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.dataset.turnsTimed ?? "")) !== before, {
      timeout: 5000,
    });
    const { turnMs, turnPhases } = await browser.execute(() => document.documentElement.dataset);
    times.push(Number(turnMs));
    for (const [phase, ms] of Object.entries(JSON.parse(turnPhases))) phases[phase].push(ms);
  }
  const tiles = await browser.$$(".board use.tile:not(.ghost)");
  assert.ok(tiles.length >= 100, `a board of 100 tiles (${tiles.length})`);
  console.log(`metric turn_ms_median=${median(times).toFixed(1)}`);
  for (const [phase, ms] of Object.entries(phases)) console.log(`metric turn_${phase}_ms_median=${median(ms).toFixed(1)}`);
  await shot(browser, "board-100");
});
