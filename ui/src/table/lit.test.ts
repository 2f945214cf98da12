import { expect, test } from "vitest";
import type { Figure, QuarterMoveOption, Target } from "../bindings";
import { Asked, figureOut, moving } from "./lit";

const city: Target = {
  at: { x: 2, y: 1, place: "W" },
  kind: "city",
  tiles: [[2, 1]],
  holders: [],
  landmark: null,
  worth: { type: "tiles", tiles: 2, pennants: 0 },
  alike: 0,
};
/** An option as the table answers it: `left` figures to move, `out` the ones that may come next. */
const option = (
  seat: number,
  quarter: QuarterMoveOption["quarter"],
  left: number,
  out: Figure[] = left > 0 ? ["follower"] : [],
  features: Target[] = [city],
): QuarterMoveOption => ({ seat, quarter, available: left, left, out, features });

test("the first follower in the engine's order with one left moves, unless another is picked", () => {
  const options = [option(1, "castle", 1), option(2, "castle", 2)];
  expect(moving(options, null)).toBe(options[0]);
  expect(moving(options, "2-castle")).toBe(options[1]);
  const moved = [option(1, "castle", 0), option(2, "castle", 2)];
  expect(moving(moved, null), "Dirk's only knight has moved").toBe(moved[1]);
  expect(moving(moved, "1-castle"), "a pick with nobody left gives way").toBe(moved[1]);
});

test("nobody with somewhere to go or anyone left: nothing moves", () => {
  const nowhere = [option(0, "cathedral", 1, ["follower"], []), option(3, "market", 1)];
  expect(moving(nowhere, null), "the first with somewhere to go").toBe(nowhere[1]);
  expect(moving([option(0, "cathedral", 1, ["follower"], [])], null)).toBeNull();
  expect(moving([option(3, "market", 0)], null)).toBeNull();
});

test("the figure coming out is the one chosen while the table offers it, else the table's first (X-07)", () => {
  const both = { ...option(1, "castle", 2, ["follower", "big"]), big: true };
  expect(figureOut(both, undefined), "an ordinary follower unless the big one is chosen").toBe("follower");
  expect(figureOut(both, "big")).toBe("big");
  const bigAlone = option(1, "castle", 1, ["big"]);
  expect(figureOut(bigAlone, "follower"), "the big follower is all that is left").toBe("big");
  expect(figureOut(option(1, "castle", 0), "big"), "nothing left").toBeNull();
});

test("the options shown are the answer to the latest moves, asked one at a time", async () => {
  const asked: number[][] = [];
  let shown: QuarterMoveOption[] = [];
  let release: () => void = () => {};
  const slow = new Promise<void>((resolve) => (release = resolve));
  const table = new Asked(
    async (moves) => {
      asked.push(moves.map((m) => m.seat));
      if (moves.length === 1) await slow;
      return [option(1, "castle", 2 - moves.length)];
    },
    (options) => (shown = options),
  );
  const move = { seat: 1, quarter: "castle" as const, to: city.at };
  void table.again([move]);
  const last = table.again([move, move]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(asked, "the second question waits for the first answer").toEqual([[1]]);
  release();
  await last;
  await table.settled();
  expect(asked).toEqual([[1], [1, 1]]);
  expect(shown[0]?.left, "the answer to both moves").toBe(0);
});
