import { expect, test } from "vitest";
import type { GameView } from "../bindings";
import { Pointing } from "./pointing.svelte";

// The game after move 4 laid tile D at 1, 0.
const laidAt = (cursor: number, x: number, y: number) =>
  ({
    cursor,
    tiles: [
      { tile: "D", x: 0, y: 0, rotation: 0 },
      { tile: "D", x, y, rotation: 90 },
    ],
  }) as unknown as GameView;

test("the tile just laid stays the one to turn while its move is the last", () => {
  const pointing = new Pointing();
  expect(pointing.justLaid(laidAt(5, 1, 0)), "nothing laid by pointing yet").toBeNull();
  const looks = [
    { tile: "D", rotation: 90 },
    { tile: "D", rotation: 270 },
  ] as const;
  pointing.laidAt(looks[0], 4, 1, 0, [...looks]);
  expect(pointing.justLaid(laidAt(5, 1, 0))).toEqual({ tile: "D", rotation: 90, index: 4, x: 1, y: 0, looks });
  expect(pointing.justLaid(laidAt(6, 1, 0)), "a figure stood after it").toBeNull();
  expect(pointing.justLaid(laidAt(5, 2, 0)), "undone, another tile last").toBeNull();
  const was = pointing.justLaid(laidAt(5, 1, 0))!;
  pointing.relaid(was, looks[1]);
  expect(pointing.justLaid(laidAt(5, 1, 0))).toEqual({ ...was, rotation: 270 });
});

test("nothing fits anywhere before the app is asked, or once let go", () => {
  const pointing = new Pointing();
  expect(pointing.openSquares).toEqual([]);
  expect(pointing.looksAt(1, 0, null, [])).toEqual([]);
  pointing.clear();
  expect(pointing.fits).toBeNull();
});
