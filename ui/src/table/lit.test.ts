import { expect, test } from "vitest";
import type { QuarterMoveOption, Target } from "../bindings";
import { moving } from "./lit";
import { bigLeft, figureOut, movesLeft, ordinaryLeft } from "./QuarterMoveList.svelte";

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

test("a big follower waiting in a quarter moves too, and only when chosen or alone there (X-07)", () => {
  const both = { ...option(1, "castle", 1), big: true };
  expect(movesLeft([], both), "the knight and the big follower").toBe(2);
  expect(figureOut([], both, false), "an ordinary follower unless the big one is chosen").toBe("follower");
  expect(figureOut([], both, true)).toBe("big");
  const knightOut = [{ seat: 1, quarter: "castle" as const, to: city.at }];
  expect([ordinaryLeft(knightOut, both), bigLeft(knightOut, both)]).toEqual([0, true]);
  expect(figureOut(knightOut, both, false), "the big follower is all that is left").toBe("big");
  expect(moving([both], knightOut, null), "so the player still moves").toBe(both);
  const bigOut = [{ seat: 1, quarter: "castle" as const, to: city.at, big: true }];
  expect([movesLeft(bigOut, both), figureOut(bigOut, both, true)]).toEqual([1, "follower"]);
  const alone = { ...option(2, "market", 0), big: true };
  expect([movesLeft([], alone), figureOut([], alone, false)]).toEqual([1, "big"]);
  expect(movesLeft([], option(2, "market", 1)), "no big follower there: the ordinary ones alone").toBe(1);
});
