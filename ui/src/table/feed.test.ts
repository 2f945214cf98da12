import { expect, test } from "vitest";
import type { CountStepView, CountView, FollowerOnBoard, PlayerView, Rule, ScoreView } from "../bindings";
import { LANGUAGES, translate, translateCount } from "../i18n";
import { formatList } from "../i18n/format";
import { countStory, describeFolded, describeScore, feedShown, inHandAt, standingAt, totalsAt } from "./feed";
import { playerView } from "./players.fixture";

const player = (name: string): PlayerView => playerView(name);
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
  recalled: false,
  rule: "B-21",
  at: { x: 0, y: -1, place: "S" },
  cityTiles: [],
};

test("a city score says who, how much, what and who had fewer", () => {
  const en = describeScore(
    city,
    players,
    (k, v) => translate("en", k, v),
    (b, n) => translateCount("en", b, n),
    (items) => formatList("en", items),
  );
  expect(en).toBe("Anna 8: city of 3 tiles + 1 pennant; Bram had fewer followers");
  const nl = describeScore(
    city,
    players,
    (k, v) => translate("nl", k, v),
    (b, n) => translateCount("nl", b, n),
    (items) => formatList("nl", items),
  );
  expect(nl).toBe("Anna 8: stad van 3 tegels + 1 wapen; Bram had minder horigen");
});

test("a score made by the builder's second tile says so, in every language", () => {
  const said = (language: "en" | "nl" | "de", s: ScoreView) =>
    describeScore(
      s,
      players,
      (k, v) => translate(language, k, v),
      (b, n) => translateCount(language, b, n),
      (items) => formatList(language, items),
    );
  const second = { ...city, secondTile: true };
  expect(said("en", second)).toBe("Anna 8: city of 3 tiles + 1 pennant (second tile); Bram had fewer followers");
  expect(said("nl", second)).toContain("(tweede tegel)");
  expect(said("de", second)).toContain("(zweites Plättchen)");
  expect(said("en", city), "a first tile's score says nothing of it").not.toContain("second");
});

test("a score the mage or the witch changed says which, in every language", () => {
  const said = (language: "en" | "nl" | "de", s: ScoreView) =>
    describeScore(
      s,
      players,
      (k, v) => translate(language, k, v),
      (b, n) => translateCount(language, b, n),
      (items) => formatList(language, items),
    );
  const road: ScoreView = { ...city, kind: "road", points: 6, pennants: 0, outvoted: [], rule: "MW-06" };
  expect(said("en", road)).toBe("Anna 6: road of 3 tiles (the mage: +1 a tile)");
  expect(said("de", road)).toContain("(der Magier: +1 je Plättchen)");
  const halved: ScoreView = { ...city, points: 4, rule: "MW-07" };
  expect(said("en", halved)).toBe("Anna 4: city of 3 tiles + 1 pennant (the witch: half); Bram had fewer followers");
  expect(said("nl", halved)).toContain("(de heks: de helft)");
  expect(said("en", city), "nothing of them otherwise").not.toMatch(/mage|witch/);
});

test("a farm says whose pig raised the pay per city", () => {
  const farm: ScoreView = { ...city, kind: "farm", points: 4, pennants: 0, outvoted: [], cities: [[0, -1]], pigs: [0] };
  const said = (language: "en" | "nl" | "de", s: ScoreView) =>
    describeScore(
      s,
      players,
      (k, v) => translate(language, k, v),
      (b, n) => translateCount(language, b, n),
      (items) => formatList(language, items),
    );
  expect(said("en", farm)).toBe("Anna 4: farm supplying 1 completed city (pig: Anna)");
  expect(said("nl", farm)).toContain("(varken: Anna)");
  expect(said("de", farm)).toContain("(Schwein: Anna)");
  expect(said("en", { ...farm, pigs: [] }), "without a pig nothing is said of one").not.toContain("pig");
});

test("a goods majority says who held fewer tokens, not fewer followers", () => {
  const wine: ScoreView = { ...city, kind: "goods", goods: "wine", points: 10, tiles: [], pennants: 0 };
  const said = (language: "en" | "nl" | "de") =>
    describeScore(
      wine,
      players,
      (k, v) => translate(language, k, v),
      (b, n) => translateCount(language, b, n),
      (items) => formatList(language, items),
    );
  expect(said("en")).toBe("Anna 10: most wine; Bram held fewer tokens");
  expect(said("nl")).toBe("Anna 10: de meeste wijn; Bram had minder fiches");
  expect(said("de")).toBe("Anna 10: am meisten Wein; Bram hatte weniger Warenplättchen");
});

test("an abbot taken back says so, in every language, and not that its building was unfinished", () => {
  const garden: ScoreView = {
    ...city,
    kind: "garden",
    points: 4,
    pennants: 0,
    neighbours: 3,
    outvoted: [],
    complete: false,
    recalled: true,
    rule: "A-08",
  };
  const said = (language: "en" | "nl" | "de", s: ScoreView) =>
    describeScore(
      s,
      players,
      (k, v) => translate(language, k, v),
      (b, n) => translateCount(language, b, n),
      (items) => formatList(language, items),
    );
  expect(said("en", garden)).toBe("Anna 4: garden with 3 neighbours (abbot taken back)");
  expect(said("nl", garden)).toBe("Anna 4: tuin met 3 buren (abt teruggenomen)");
  expect(said("de", garden)).toBe("Anna 4: Garten mit 3 Nachbarn (Abt zurückgenommen)");
  // The same garden counted at the end is unfinished, not taken back.
  expect(said("en", { ...garden, rule: "A-13", recalled: false, finalScoring: true })).not.toContain("abbot");
});

test("an unfinished road at the end says so", () => {
  const road: ScoreView = {
    ...city,
    kind: "road",
    points: 2,
    pennants: 0,
    outvoted: [],
    complete: false,
    tiles: [
      [0, 0],
      [1, 0],
    ],
  };
  expect(
    describeScore(
      road,
      players,
      (k, v) => translate("de", k, v),
      (b, n) => translateCount("de", b, n),
      (items) => formatList("de", items),
    ),
  ).toBe("Anna 2: Straße aus 2 Plättchen (unfertig)");
});

test("one tile, one pennant, one neighbour, one city are said in the singular", () => {
  const say = (score: ScoreView) =>
    LANGUAGES.map((l) =>
      describeScore(
        score,
        players,
        (k, v) => translate(l, k, v),
        (b, n) => translateCount(l, b, n),
        (items) => formatList(l, items),
      ),
    );
  const road: ScoreView = {
    ...city,
    kind: "road",
    points: 1,
    outvoted: [],
    complete: false,
    pennants: 0,
    tiles: [[0, 0]],
  };
  expect(say(road)).toEqual([
    "Anna 1: road of 1 tile (unfinished)",
    "Anna 1: weg van 1 tegel (onvoltooid)",
    "Anna 1: Straße aus 1 Plättchen (unfertig)",
  ]);
  const two: ScoreView = { ...city, outvoted: [], pennants: 2 };
  expect(say(two)[1]).toBe("Anna 8: stad van 3 tegels + 2 wapens");
  const cloister: ScoreView = { ...city, kind: "cloister", outvoted: [], points: 2, complete: false, neighbours: 1 };
  expect(say(cloister)[0]).toBe("Anna 2: cloister with 1 neighbour (unfinished)");
  const king: ScoreView = { ...city, kind: "king", outvoted: [], points: 1 };
  expect(say(king)).toEqual([
    "Anna 1: King: 1 completed city",
    "Anna 1: Koning: 1 voltooide stad",
    "Anna 1: König: 1 fertige Stadt",
  ]);
});

// A count of five steps for Anna (seat 0) and Bram (seat 1), who had 20 and 25 before it:
// Anna's road 3, a farm of Bram's worth nothing, Anna's farm 6, a farm of Anna's worth
// nothing, Bram's cloister 4.
const step = (kind: ScoreView["kind"], seat: number, points: number, rule: Rule): CountStepView => ({
  score: {
    ...city,
    kind,
    winners: [seat],
    points,
    outvoted: [],
    finalScoring: true,
    complete: false,
    rule,
    pennants: 0,
  },
  adds: [seat === 0 ? points : 0, seat === 1 ? points : 0],
  farm:
    kind === "farm"
      ? {
          fields: [{ at: [seat, 1], places: ["NL", "NR"] }],
          cities: [],
          carcassonne: false,
          farmers: [seat === 0 ? 1 : 0, seat === 1 ? 1 : 0],
          otherRule: null,
        }
      : null,
  // A road or cloister sends its scorer's figure home; farmers stay on the counted board.
  home: kind === "farm" ? [] : [figureOf(seat, kind === "road" ? "big" : "follower")],
});
function figureOf(seat: number, figure: FollowerOnBoard["figure"]): FollowerOnBoard {
  return { seat, x: seat, y: 0, place: "C", role: figure === "big" ? "thief" : "monk", figure };
}
const count: CountView = {
  before: [20, 25],
  steps: [
    step("road", 0, 3, "B-35"),
    step("farm", 1, 0, "B-44"),
    step("farm", 0, 6, "B-41"),
    step("farm", 0, 0, "B-44"),
    step("cloister", 1, 4, "B-37"),
  ],
};
// The feed is newest first: the count's five scores, then one made during play.
const feed: ScoreView[] = [...count.steps.map((s) => s.score).reverse(), city];

test("the worthless farms share one line where the first of them was", () => {
  const story = countStory(count);
  expect(story.map((l) => [l.folded, l.steps.map((s) => s.score.rule)])).toEqual([
    [false, ["B-35"]],
    [true, ["B-44", "B-44"]],
    [false, ["B-41"]],
    [false, ["B-37"]],
  ]);
  expect(
    describeFolded(
      story[1]!,
      players,
      (b, n) => translateCount("en", b, n),
      (items) => formatList("en", items),
    ),
  ).toBe("Anna and Bram 0: 2 farms supplying no completed city");
  // One worthless farm is a line like any other.
  const one = countStory({ ...count, steps: count.steps.slice(0, 3) });
  expect(one.every((l) => !l.folded && l.steps.length === 1)).toBe(true);
});

test("at each line the totals are those before the count plus the lines told so far", () => {
  const story = countStory(count);
  const expected = [
    [20, 25], // nothing told yet
    [23, 25], // + Anna's road 3
    [23, 25], // + two farms worth nothing
    [29, 25], // + Anna's farm 6
    [29, 29], // + Bram's cloister 4
  ];
  for (let k = 0; k <= story.length; k++) {
    expect(totalsAt(count, story, k), `after ${k} lines`).toEqual(expected[k]);
    // The same figure from the lines themselves: before plus the points of every shown step.
    const shown = story.slice(0, k).flatMap((l) => l.steps);
    const summed = count.before.map(
      (b, seat) => b + shown.filter((s) => s.score.winners.includes(seat)).reduce((n, s) => n + s.score.points, 0),
    );
    expect(totalsAt(count, story, k)).toEqual(summed);
  }
});

test("the feed hides the count's lines not told yet and keeps the scores of play", () => {
  const story = countStory(count);
  const rules = (k: number) => feedShown(feed, count, story, k).map((i) => feed[i]!.rule);
  expect(rules(0)).toEqual(["B-21"]);
  expect(rules(1)).toEqual(["B-35", "B-21"]);
  // A folded line shows both its farms, the second one from after Anna's farm.
  expect(rules(2)).toEqual(["B-44", "B-44", "B-35", "B-21"]);
  expect(rules(4)).toEqual(["B-37", "B-44", "B-41", "B-44", "B-35", "B-21"]);
});

test("a line's figures stand on the board while it is told and leave with it, back in hand", () => {
  const story = countStory(count);
  const farmer: FollowerOnBoard = { seat: 1, x: 1, y: 1, place: "NL", role: "farmer", figure: "follower" };
  const standing = (gone: number) => standingAt([farmer], story, gone).map((f) => `${f.seat}:${f.figure}`);
  // Before and during the road's line: Anna's big follower on it, Bram's monk and farmer.
  expect(standing(0)).toEqual(["1:follower", "0:big", "1:follower"]);
  expect(standing(1)).toEqual(["1:follower", "1:follower"]);
  expect(standing(3)).toEqual(["1:follower", "1:follower"]);
  // After the cloister's line, the last: the farmer alone, as the counted board shows.
  expect(standing(4)).toEqual(["1:follower"]);

  // After the count every figure but the farmer is in hand; before its line, not yet.
  const after = [
    playerView("Anna", [
      { figure: "follower", count: 7 },
      { figure: "big", count: 1 },
    ]),
    { ...playerView("Bram", [{ figure: "follower", count: 6 }]), supply: 6 },
  ];
  const hands = (gone: number) => inHandAt(after, story, gone).map((p) => [p.supply, ...p.figures.map((f) => f.count)]);
  expect(hands(0)).toEqual([
    [7, 7, 0],
    [5, 5],
  ]);
  expect(hands(1)).toEqual([
    [7, 7, 1],
    [5, 5],
  ]);
  expect(hands(4)).toEqual([
    [7, 7, 1],
    [6, 6],
  ]);
  expect(inHandAt(after, story, 4)).toBe(after);
});

test("several names are joined as each language joins a list, not by commas", () => {
  const three = [...players, player("Clara")];
  const shared: ScoreView = { ...city, winners: [0, 1, 2], outvoted: [] };
  const said = (language: "en" | "nl" | "de") =>
    describeScore(
      shared,
      three,
      (k, v) => translate(language, k, v),
      (b, n) => translateCount(language, b, n),
      (items) => formatList(language, items),
    );
  expect(said("en")).toMatch(/^Anna, Bram,? and Clara 8: /);
  expect(said("nl")).toMatch(/^Anna, Bram en Clara 8: /);
  expect(said("de")).toMatch(/^Anna, Bram und Clara 8: /);
  const pigs = { ...city, pigs: [0, 1], outvoted: [] };
  const withPigs = describeScore(
    pigs,
    players,
    (k, v) => translate("de", k, v),
    (b, n) => translateCount("de", b, n),
    (items) => formatList("de", items),
  );
  expect(withPigs).toContain("Anna und Bram");
});
