import { expect, test } from "vitest";
import type { Cell } from "../../bindings";
import { translate } from "../../i18n";
import { fromNewTile, litTiles } from "./gold";

const en = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate("en", key, values);

test("a tile is named from the new tile, as the board is turned on screen", () => {
  const tile = { x: 3, y: -2 };
  expect(fromNewTile(tile, tile, 0, en)).toBe("the new tile");
  expect(fromNewTile({ x: 4, y: -3 }, tile, 0, en)).toBe("1 north, 1 east of the new tile");
  expect(fromNewTile({ x: 3, y: 0 }, tile, 0, en)).toBe("2 south of the new tile");
  // A quarter turn clockwise puts what lies east of the tile below it on screen.
  expect(fromNewTile({ x: 4, y: -2 }, tile, 1, en)).toBe("1 south of the new tile");
});

test("the lit tiles are rings in the middle of each tile, picked back as the tile", () => {
  const picked: Cell[] = [];
  const lit = litTiles([{ x: 1, y: 2 }], "red", ["there"], (cell) => picked.push(cell));
  expect(lit.targets.map((t) => [t.at, t.tiles])).toEqual([[{ x: 1, y: 2, place: "C" }, [[1, 2]]]]);
  lit.onPick(lit.targets[0]!);
  expect(picked).toEqual([{ x: 1, y: 2 }]);
});
