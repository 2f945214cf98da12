import { expect, test } from "vitest";
import { steady } from "./steady";

// Views as the command sends them: every turn a fresh copy, never the same objects.
const fresh = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const view = {
  tiles: [
    { tile: "D", x: 0, y: 0, rotation: 0 },
    { tile: "E", x: 1, y: 0, rotation: 90 },
  ],
  followers: [{ seat: 0, x: 1, y: 0, place: "N", role: "knight" }],
  players: [
    { name: "Anna", score: 0, supply: 6 },
    { name: "Bram", score: 4, supply: 7 },
  ],
  feed: [{ kind: "city", points: 4, tiles: [[1, 0]] }],
  city: null as { quarters: { quarter: string; followers: number[] }[] } | null,
  tilesLeft: 70,
};

test("a tile laid: the earlier tiles, the followers and the unchanged player stay the same objects", () => {
  const next = fresh(view);
  next.tiles.push({ tile: "K", x: 2, y: 0, rotation: 180 });
  next.players[0]!.score = 3;
  next.tilesLeft = 69;
  const kept = steady(view, next);
  expect(kept).toEqual(next);
  expect(kept).not.toBe(view);
  expect(kept.tiles[0]).toBe(view.tiles[0]);
  expect(kept.tiles[1]).toBe(view.tiles[1]);
  expect(kept.tiles[2]).toBe(next.tiles[2]);
  expect(kept.followers, "nothing about the followers changed").toBe(view.followers);
  expect(kept.feed).toBe(view.feed);
  expect(kept.players[0], "Anna scored").toBe(next.players[0]);
  expect(kept.players[1]).toBe(view.players[1]);
});

test("nothing changed: the last view itself", () => {
  expect(steady(view, fresh(view))).toBe(view);
});

test("a score line added first: the older lines are kept though each moved down", () => {
  const next = fresh(view);
  next.feed.unshift({ kind: "road", points: 2, tiles: [[0, 0]] });
  next.feed.unshift({ kind: "road", points: 3, tiles: [[0, 1]] });
  const kept = steady(view, next);
  expect(kept.feed).toEqual(next.feed);
  expect(kept.feed[2]).toBe(view.feed[0]);
});

test("a follower scored from the middle: the others are kept, the list is a new one", () => {
  const before = fresh(view);
  before.followers.push(
    { seat: 1, x: 0, y: 0, place: "S", role: "thief" },
    { seat: 0, x: 2, y: 0, place: "C", role: "monk" },
  );
  const next = fresh(before);
  next.followers.splice(1, 1);
  const kept = steady(before, next);
  expect(kept.followers).toEqual(next.followers);
  expect(kept.followers).not.toBe(before.followers);
  expect(kept.followers[0]).toBe(before.followers[0]);
  expect(kept.followers[1]).toBe(before.followers[2]);
});

test("a nested change: only the objects along it are new", () => {
  const before = {
    ...fresh(view),
    city: {
      quarters: [
        { quarter: "castle", followers: [0, 1] },
        { quarter: "market", followers: [0, 0] },
      ],
    },
  };
  const next = fresh(before);
  next.city.quarters[1]!.followers[0] = 1;
  const kept = steady(before, next);
  expect(kept).toEqual(next);
  expect(kept.city).not.toBe(before.city);
  expect(kept.city.quarters[0]).toBe(before.city.quarters[0]);
  expect(kept.city.quarters[1]).toEqual({ quarter: "market", followers: [1, 0] });
  expect(kept.tiles).toBe(before.tiles);
});

test("fields that come and go, and values that change kind, are taken as they come", () => {
  expect(steady({ a: 1, b: 2 } as Record<string, number>, { a: 1 })).toEqual({ a: 1 });
  expect(steady({ a: 1 } as Record<string, number>, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
  const withCity = { ...fresh(view), city: { quarters: [] } };
  expect(steady(withCity, fresh(view)).city).toBeNull();
  expect(steady(fresh(view), withCity).city).toBe(withCity.city);
  expect(steady([1, 2, 3], [1, 2])).toEqual([1, 2]);
});

test("equal items twice over are each kept", () => {
  const before = [{ tile: "D", count: 2 }];
  const next = [
    { tile: "D", count: 2 },
    { tile: "D", count: 2 },
  ];
  const kept = steady(before, next);
  expect(kept).toEqual(next);
  expect(kept[0]).toBe(before[0]);
  expect(kept[1]).toBe(before[0]);
});
