import { expect, test } from "vitest";
import type { PlayerView, ScoreView } from "../bindings";
import { translate } from "../i18n";
import { describeScore } from "./feed";

const player = (name: string): PlayerView => ({
  name,
  color: "red",
  score: 0,
  ifEndedNow: 0,
  supply: 7,
  track: { space: 0, fifties: 0, hundreds: 0 },
});
const players = [player("Anna"), player("Bram")];
const city: ScoreView = {
  kind: "city",
  winners: [0],
  points: 8,
  outvoted: [1],
  tiles: [
    [0, 0],
    [0, -1],
    [1, -1],
  ],
  pennants: 1,
  neighbours: 0,
  cities: [],
  carcassonne: false,
  complete: true,
  finalScoring: false,
  rule: "B-21",
  at: { x: 0, y: -1, place: "S" },
  cityTiles: [],
};

test("a city score says who, how much, what and who had fewer", () => {
  const en = describeScore(city, players, (k, v) => translate("en", k, v));
  expect(en).toBe("Anna 8: city of 3 tiles + 1 pennant; Bram had fewer followers");
  const nl = describeScore(city, players, (k, v) => translate("nl", k, v));
  expect(nl).toBe("Anna 8: stad van 3 tegels + 1 wapenschild; Bram had minder horigen");
});

test("an unfinished road at the end says so", () => {
  const road: ScoreView = { ...city, kind: "road", points: 2, pennants: 0, outvoted: [], complete: false, tiles: [[0, 0], [1, 0]] };
  expect(describeScore(road, players, (k, v) => translate("de", k, v))).toBe("Anna 2: Straße aus 2 Plättchen (unfertig)");
});
