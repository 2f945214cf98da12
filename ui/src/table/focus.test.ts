import { expect, test } from "vitest";
import type { CountStepView, FarmStepView, GameView, ScoreView, Target } from "../bindings";
import { BoardFocus, picked, placeOf, type Looked } from "./focus.svelte";

const score = (kind: ScoreView["kind"], x: number): ScoreView =>
  ({
    kind,
    tiles: [
      [x, 0],
      [x, 1],
    ],
    cityTiles: [[x, 2]],
    at: { x, y: 0, place: "N" },
  }) as unknown as ScoreView;
const road = score("road", 1);
const city = score("city", 2);
const goods = score("goods", 3);
const outline = { fields: [] } as unknown as FarmStepView;
const farmScore = score("farm", 4);
const playing = { finished: false, feed: [city, road], result: null } as unknown as GameView;
// A finished game: the feed's first line is the count's last step, a farm.
const finished = {
  finished: true,
  feed: [farmScore, road],
  result: {
    count: { before: [0], steps: [{ score: road, farm: null } as CountStepView, { score: farmScore, farm: outline }] },
  },
} as unknown as GameView;
const nothing: Looked = { selected: null, shown: null, step: null, stepFarm: null };

test("nothing looked at: nothing lit", () => {
  expect(picked(nothing, playing)).toEqual({ highlight: [], secondary: [], farm: null });
  // The same empty lists each time: the board is not told of a change.
  expect(picked(nothing, playing).highlight).toBe(picked(nothing, finished).highlight);
});

test("a line picked in the feed lights its tiles and the cities it supplies", () => {
  expect(picked({ ...nothing, selected: 1 }, playing)).toEqual({
    highlight: road.tiles,
    secondary: road.cityTiles,
    farm: null,
  });
});

test("tiles pointed at in a list come before the line picked", () => {
  const shown: [number, number][] = [[9, 9]];
  const lit = picked({ ...nothing, selected: 1, shown }, playing);
  expect(lit.highlight).toBe(shown);
  expect(lit.secondary).toEqual([]);
});

test("a step of the final count comes before the line picked; a farm is outlined, not lit", () => {
  const step = picked({ ...nothing, selected: 1, step: city }, finished);
  expect(step.highlight).toBe(city.tiles);
  const farmStep = picked({ ...nothing, step: farmScore, stepFarm: outline }, finished);
  expect(farmStep).toEqual({ highlight: [], secondary: [], farm: outline });
  // Picked in the feed, a farm of the count is outlined too: the feed's first line is the
  // count's last step.
  expect(picked({ ...nothing, selected: 0 }, finished).farm).toBe(outline);
  expect(picked({ ...nothing, selected: 1 }, finished).farm).toBeNull();
  expect(picked({ ...nothing, selected: 0 }, { ...finished, finished: false }).farm, "no count yet").toBeNull();
});

test("a score is marked where it was made; goods are held, not on the board", () => {
  expect(placeOf(road)).toBe(road.at);
  expect(placeOf(goods)).toBeNull();
  expect(placeOf(null)).toBeNull();
});

test("picking a feed line twice lets it go, its mark with it", () => {
  const focus = new BoardFocus();
  focus.select(1, road);
  expect([focus.selected, focus.marker]).toEqual([1, road.at]);
  focus.select(0, city);
  expect([focus.selected, focus.marker]).toEqual([0, city.at]);
  focus.select(0, city);
  expect([focus.selected, focus.marker]).toEqual([null, null]);
});

test("a target pointed at is marked and lit, and let go", () => {
  const focus = new BoardFocus();
  const target = { at: road.at, kind: "road", tiles: road.tiles } as Target;
  focus.showTarget(target);
  expect([focus.marker, focus.shown]).toEqual([road.at, road.tiles]);
  focus.showTarget(null);
  expect([focus.marker, focus.shown]).toEqual([null, null]);
});

test("the game moving on or reopened lets go what was picked in it", () => {
  const focus = new BoardFocus();
  focus.select(1, road);
  focus.moved();
  expect([focus.selected, focus.marker]).toEqual([null, null]);
  focus.showStep(farmScore, outline);
  expect([focus.step, focus.stepFarm, focus.marker]).toEqual([farmScore, outline, farmScore.at]);
  focus.reopened();
  expect([focus.step, focus.stepFarm, focus.marker]).toEqual([null, null, null]);
});
