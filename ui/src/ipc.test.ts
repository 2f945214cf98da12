import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, expect, expectTypeOf, test } from "vitest";
import type {
  CountQuestion,
  FollowerOnBoard,
  GameView,
  MoveRequest,
  PlacementOption,
  Port,
  TileId,
  TileOnBoard,
} from "./bindings";
import { appInfo, countQuestionFor, exportGame, exportNight, openScript, play, trackTotals, type Outcome } from "./ipc";

afterEach(() => clearMocks());

test("appInfo goes through the app_info command", async () => {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === "app_info") return { engineVersion: "9.9.9", baseTileCount: 72 };
    throw new Error(`unexpected command ${cmd}`);
  });
  await expect(appInfo()).resolves.toEqual({ ok: true, value: { engineVersion: "9.9.9", baseTileCount: 72 } });
  expect(calls).toEqual(["app_info"]);
});

test("an error sent by Rust arrives as data", async () => {
  mockIPC(() => {
    throw { kind: "internal", detail: "disk full" };
  });
  await expect(appInfo()).resolves.toEqual({ ok: false, error: { kind: "internal", detail: "disk full" } });
});

test("exports and opening pass no path: Rust asks in its own dialog", async () => {
  const calls: [string, unknown][] = [];
  mockIPC((cmd, args) => {
    calls.push([cmd, args]);
    return cmd === "open_script" ? null : { paths: ["/home/anna/game-3.csv"] };
  });
  await expect(exportGame(3, "csv", "Export game 3")).resolves.toEqual({
    ok: true,
    value: { paths: ["/home/anna/game-3.csv"] },
  });
  await exportNight(1, "script", "Export the night");
  await expect(openScript("Open")).resolves.toEqual({ ok: true, value: null });
  expect(calls).toEqual([
    ["export_game", { gameId: 3, format: "csv", title: "Export game 3", path: null }],
    ["export_night", { nightId: 1, format: "script", title: "Export the night", path: null }],
    ["open_script", { title: "Open", path: null }],
  ]);
});

test("a command that cannot fail answers as one that can", async () => {
  mockIPC((cmd, args) => (cmd === "track_totals" ? [84, null] : { unexpected: args }));
  await expect(trackTotals([{ space: 34, fifties: 1, hundreds: 0 }])).resolves.toEqual({ ok: true, value: [84, null] });
});

test("each command keeps its own arguments and answer", () => {
  expectTypeOf(play).parameters.toEqualTypeOf<[request: MoveRequest]>();
  expectTypeOf(play).returns.resolves.toEqualTypeOf<Outcome<GameView>>();
  expectTypeOf(countQuestionFor).returns.resolves.toEqualTypeOf<Outcome<CountQuestion | null>>();
  expectTypeOf(trackTotals).returns.resolves.toEqualTypeOf<Outcome<(number | null)[]>>();
});

test("a request Rust cannot read arrives as an internal error, not as a bare message", async () => {
  const refused = "invalid args `request` for command `play`: no tile of the catalog has this name";
  mockIPC(() => {
    throw refused;
  });
  const request: MoveRequest = { kind: "discard", tile: "E" };
  await expect(play(request)).resolves.toEqual({ ok: false, error: { kind: "internal", detail: refused } });
});

test("tiles, places and rotations are the engine's own, so no other can be sent", () => {
  type Place = MoveRequest & { kind: "place" };
  expectTypeOf<Place["rotation"]>().toEqualTypeOf<0 | 90 | 180 | 270>();
  expectTypeOf<PlacementOption["rotation"]>().toEqualTypeOf<Place["rotation"]>();
  expectTypeOf<"NL">().toExtend<Port>();
  expectTypeOf<"NNE">().not.toExtend<Port>();
  expectTypeOf<"D">().toExtend<TileId>();
  expectTypeOf<"ZZ">().not.toExtend<TileId>();
  expectTypeOf<string>().not.toExtend<TileId>();
  expectTypeOf<TileOnBoard["tile"]>().toEqualTypeOf<TileId>();
  expectTypeOf<FollowerOnBoard["place"]>().toEqualTypeOf<Port>();
});
