import { expect, test } from "vitest";
import { labels } from "./labels";

test("each player gets the shortest start of the name nobody else shares", () => {
  expect(labels(["Anna", "Bram"])).toEqual(["A", "B"]);
  expect(labels(["Anna", "Anke", "Bram"])).toEqual(["ANN", "ANK", "B"]);
  expect(labels(["Annabel", "Annamarie"])).toEqual(["ANB", "ANM"]);
  // A name that is the start of another keeps three letters; the colours tell them apart.
  expect(labels(["Jan", "Jans"])).toEqual(["JAN", "JAS"]);
});
