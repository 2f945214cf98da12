import { expect, test } from "vitest";
import type { PlacementOption, PlayerView } from "../bindings";
import { figureStep, inHand, kindsInPlay, pendingOf, withNone, withPlace, withRecall } from "./figures";
import { playerView } from "./players.fixture";

const player = (figures: PlayerView["figures"]): PlayerView => playerView("Anna", figures);

// A cloister tile: a monk or the abbot in its middle, a farmer in its field.
const cloister = (mayRecall: boolean): PlacementOption => ({
  x: 0,
  y: 1,
  rotation: 0,
  mayRecall,
  earnsSecondTile: false,
  followers: [
    { figure: "follower", place: "C", role: "monk", covers: ["C"] },
    { figure: "follower", place: "N", role: "farmer", covers: ["N", "E", "S", "W"] },
    { figure: "abbot", place: "C", role: "monk", covers: ["C"] },
  ],
});

test("the kinds come from the table: followers alone without the abbot, then the abbot", () => {
  expect(kindsInPlay(player([{ figure: "follower", count: 7 }]))).toEqual(["follower"]);
  const anna = player([
    { figure: "follower", count: 6 },
    { figure: "abbot", count: 0 },
  ]);
  expect(kindsInPlay(anna)).toEqual(["follower", "abbot"]);
  expect([inHand(anna, "follower"), inHand(anna, "abbot")]).toEqual([6, 0]);
  expect(kindsInPlay(undefined)).toEqual(["follower"]);
});

test("only the chosen kind's places are offered, each in its own shape", () => {
  const follower = pendingOf("B", cloister(false), "follower");
  expect(follower.places).toEqual(["C", "N"]);
  expect(follower.shapes).toEqual(["monk", "farmer"]);
  expect(follower.covers).toEqual(["C", "N E S W"]);
  const abbot = pendingOf("B", cloister(false), "abbot");
  expect(abbot.places).toEqual(["C"]);
  expect(abbot.shapes).toEqual(["abbot"]);
  expect(abbot.roles).toEqual(["monk"]);
  // A place chosen for a follower that the abbot cannot take is dropped when the kind changes.
  expect(pendingOf("B", cloister(false), "abbot", "N").chosen).toBeNull();
  expect(pendingOf("B", cloister(false), "abbot", "C").chosen).toBe("C");
});

test("the figure step is one of: nothing, a figure on a place, or the abbot taken back", () => {
  const option = cloister(true);
  const abbot = withPlace(pendingOf("B", option, "abbot"), "C");
  expect(figureStep(abbot)).toEqual({ follower: "C", figure: "abbot", recallAbbot: false });
  // Taking the abbot back clears the place: no figure goes down with it.
  const recalled = withRecall(abbot, option);
  expect(recalled.chosen).toBeNull();
  expect(figureStep(recalled)).toEqual({ follower: null, figure: "follower", recallAbbot: true });
  // A place chosen after that is the figure step instead.
  expect(figureStep(withPlace(recalled, "C"))).toEqual({ follower: "C", figure: "abbot", recallAbbot: false });
  expect(figureStep(withRecall(recalled, option)).recallAbbot, "chosen again, the recall is undone").toBe(false);
  expect(figureStep(withNone(recalled))).toEqual({ follower: null, figure: "follower", recallAbbot: false });
  // Where the table does not allow it, no recall.
  expect(withRecall(abbot, cloister(false))).toBe(abbot);
  expect(pendingOf("B", cloister(false), "follower", null, true).recall).toBe(false);
  // A place chosen twice is taken back.
  expect(withPlace(abbot, "C").chosen).toBeNull();
});
