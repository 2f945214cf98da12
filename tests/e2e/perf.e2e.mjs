// Figures of the real app, printed as `metric name=value` lines (not asserted: timings on a
// shared machine vary): cold start to an interactive window, idle memory of the app and its
// web processes, and the median time from confirming a turn to the repainted board on a
// board of 100 tiles.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, test } from "node:test";
import { openApp, SHOTS } from "./session.mjs";

let browser;
after(async () => {
  await browser?.deleteSession();
});

async function invoke(cmd, args = {}) {
  const outcome = await browser.execute(
    (cmd, args) =>
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

/** Resident memory of the app process and everything it started (WebKit's processes), MB. */
function appMemoryMb() {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss=,comm="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .map(([pid, ppid, rss, ...comm]) => ({ pid, ppid, rss: Number(rss), comm: comm.join(" ") }));
  const roots = rows.filter((r) => r.comm.startsWith("castellan-app"));
  assert.ok(roots.length > 0, "the app process is running");
  const tree = new Set(roots.map((r) => r.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (tree.has(r.ppid) && !tree.has(r.pid)) (tree.add(r.pid), (grew = true));
  }
  const mine = rows.filter((r) => tree.has(r.pid));
  for (const r of mine) console.log(`memory ${r.comm}=${(r.rss / 1024).toFixed(1)}MB`);
  return mine.reduce((kb, r) => kb + r.rss, 0) / 1024;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const click = async (selector) => (await browser.$(selector)).click();

test("cold start, idle memory and turn time on a 100-tile board", async () => {
  const launched = performance.now();
  browser = await openApp();
  await (await browser.$("#title")).waitForExist({ timeout: 10000 });
  console.log(`metric cold_start_ms=${(performance.now() - launched).toFixed(0)}`);

  await new Promise((r) => setTimeout(r, 2000));
  console.log(`metric idle_rss_mb=${appMemoryMb().toFixed(1)}`);

  // Lay 95 tiles quickly through the app's own commands: the first tile in the bag that
  // fits somewhere (river tiles first, as the engine insists), at its first legal spot.
  let view = await invoke("start_game", {
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
      const options = await invoke("placement_options_for", { tile });
      if (options.length === 0) continue;
      const [o] = options;
      try {
        view = await invoke("play", { request: { kind: "place", tile, x: o.x, y: o.y, rotation: o.rotation, follower: null } });
        placed = true;
        break;
      } catch (refusal) {
        assert.equal(refusal.kind, "refused", JSON.stringify(refusal));
      }
    }
    assert.ok(placed, "some tile fits");
  }

  const ipc = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await invoke("current_game");
    ipc.push(performance.now() - t0);
  }
  console.log(`metric view_round_trip_ms_median=${median(ipc).toFixed(1)}`);

  // The table screen takes the game up; five turns entered by clicking, each timed.
  await browser.refresh();
  await click("#resume");
  const times = [];
  for (let turn = 0; turn < 5; turn++) {
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
    await click("#confirm");
    await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.dataset.turnsTimed ?? "")) !== before, {
      timeout: 5000,
    });
    times.push(Number(await browser.execute(() => document.documentElement.dataset.turnMs)));
  }
  const tiles = await browser.$$(".board use.tile:not(.ghost)");
  assert.ok(tiles.length >= 100, `a board of 100 tiles (${tiles.length})`);
  console.log(`metric turn_ms_median=${median(times).toFixed(1)}`);
  await browser.saveScreenshot(`${SHOTS}/board-100.png`);
});
