import { expect, test } from "vitest";
import { labels, nameOf, namesOf } from "./labels";
import type { PlayerView } from "../bindings";

test("each player gets the shortest start of the name nobody else shares", () => {
  expect(labels(["Anna", "Bram"])).toEqual(["A", "B"]);
  expect(labels(["Anna", "Anke", "Bram"])).toEqual(["ANN", "ANK", "B"]);
  expect(labels(["Annabel", "Annamarie"])).toEqual(["ANB", "ANM"]);
  // A name that is the start of another keeps three letters; the colours tell them apart.
  expect(labels(["Jan", "Jans"])).toEqual(["JAN", "JAS"]);
});

test("seats are named by the players' names, a seat the game lacks by a question mark", () => {
  const players = [{ name: "Anna" }, { name: "Bram" }] as PlayerView[];
  expect(nameOf(players, 1)).toBe("Bram");
  expect(nameOf(players, 5)).toBe("?");
  expect(namesOf(players, [1, 0])).toBe("Bram, Anna");
  expect(namesOf(players, [])).toBe("");
});
