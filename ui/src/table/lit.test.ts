import { expect, test } from "vitest";
import type { QuarterMoveOption, Target } from "../bindings";
import { moving } from "./lit";

const city: Target = {
  at: { x: 2, y: 1, place: "W" },
  kind: "city",
  tiles: [[2, 1]],
  holders: [],
  landmark: null,
  worth: { type: "tiles", tiles: 2, pennants: 0 },
  alike: 0,
};
const option = (
  seat: number,
  quarter: QuarterMoveOption["quarter"],
  available: number,
  features: Target[] = [city],
): QuarterMoveOption => ({
  seat,
  quarter,
  available,
  features,
});

test("the first follower in the engine's order with one left moves, unless another is picked", () => {
  const options = [option(1, "castle", 1), option(2, "castle", 2)];
  expect(moving(options, [], null)).toBe(options[0]);
  expect(moving(options, [], "2-castle")).toBe(options[1]);
  const one = [{ seat: 1, quarter: "castle" as const, to: city.at }];
  expect(moving(options, one, null), "Dirk's only knight has moved").toBe(options[1]);
  expect(moving(options, one, "1-castle"), "a pick with nobody left gives way").toBe(options[1]);
});

test("nobody with somewhere to go or anyone left: nothing moves", () => {
  const nowhere = [option(0, "cathedral", 1, []), option(3, "market", 1)];
  expect(moving(nowhere, [], null), "the first with somewhere to go").toBe(nowhere[1]);
  expect(moving([option(0, "cathedral", 1, [])], [], null)).toBeNull();
  const all = [{ seat: 3, quarter: "market" as const, to: city.at }];
  expect(moving([option(3, "market", 1)], all, null)).toBeNull();
});
