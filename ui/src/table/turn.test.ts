import { expect, test } from "vitest";
import type {
  CountQuestion,
  Degrees,
  TellQuestions,
  FollowerOption,
  GameView,
  PlacementOption,
  PlayerView,
} from "../bindings";
import {
  IDLE,
  TurnState,
  ask,
  chooseFigure,
  passing,
  togglePass,
  chooseNone,
  choosePlace,
  chooseTile,
  nextPlace,
  requestOf,
  rotate,
  selectCell,
  stopAsking,
  tell,
  asksNothing,
  toggleRecall,
  type Step,
} from "./turn.svelte";
import { playerView } from "./players.fixture";

const places = (figures: FollowerOption[]) => figures;
// B, a cloister, fits below the start tile turned two ways and beside it one way.
const below = (rotation: Degrees, mayRecall = false, earnsSecondTile = false): PlacementOption => ({
  x: 0,
  y: 1,
  rotation,
  mayRecall,
  earnsSecondTile,
  followers: places([
    { figure: "follower", place: "C", role: "monk", covers: ["C"] },
    { figure: "follower", place: "N", role: "farmer", covers: ["N", "E", "S", "W"] },
    { figure: "abbot", place: "C", role: "monk", covers: ["C"] },
  ]),
});
const beside: PlacementOption = { x: 1, y: 0, rotation: 0, mayRecall: false, earnsSecondTile: false, followers: [] };
const OPTIONS = [below(0, true), below(180), beside];

const player = (abbots: number): PlayerView =>
  playerView("Anna", [
    { figure: "follower", count: 7 },
    { figure: "abbot", count: abbots },
  ]);

const run = (step: Step, ...transitions: ((s: Step) => Step)[]) => transitions.reduce((s, t) => t(s), step);

test("a turn: tile, square, turned, the abbot chosen and placed, confirmed", () => {
  const tile = chooseTile("B", OPTIONS);
  expect(tile.kind, "two squares: none chosen yet").toBe("tile");
  const placed = selectCell(tile, 0, 1);
  expect(placed.kind).toBe("placed");
  expect(requestOf(tile), "nothing to confirm before a square").toBeNull();
  const turned = rotate(placed);
  expect(turned.kind === "placed" && turned.pending.rotation).toBe(180);
  expect(rotate(turned, -1)).toEqual(placed);
  const abbot = run(
    turned,
    (s) => chooseFigure(s, "abbot"),
    (s) => choosePlace(s, "C"),
  );
  expect(abbot.kind === "placed" && abbot.pending.shapes).toEqual(["abbot"]);
  expect(requestOf(abbot)).toEqual({
    kind: "place",
    tile: "B",
    x: 0,
    y: 1,
    rotation: 180,
    follower: "C",
    figure: "abbot",
    recallAbbot: false,
    count: null,
    passSecondTile: false,
  });
  // Turning the tile keeps the kind of figure chosen, not its place.
  const again = rotate(abbot);
  expect(again.kind === "placed" && [again.pending.figure, again.pending.chosen]).toEqual(["abbot", null]);
  // Another square keeps the kind too.
  const moved = selectCell(abbot, 1, 0);
  expect(moved.kind === "placed" && [moved.pending.figure, moved.pending.places]).toEqual(["abbot", []]);
});

test("a tile that fits on one square only is laid there at once; one that fits nowhere waits to be put aside", () => {
  const only = chooseTile("B", [below(0)]);
  expect(only.kind === "placed" && [only.pending.x, only.pending.y]).toEqual([0, 1]);
  expect(chooseTile("X", [])).toEqual({ kind: "tile", tile: "X", options: [], figure: "follower" });
});

test("the figure step: a place, none, the F key's round, or the abbot taken back", () => {
  const placed = selectCell(chooseTile("B", OPTIONS), 0, 1);
  const monk = choosePlace(placed, "C");
  expect(requestOf(monk)).toMatchObject({ follower: "C", figure: "follower", recallAbbot: false });
  expect(requestOf(chooseNone(monk))).toMatchObject({ follower: null, recallAbbot: false });
  const round = [1, 2, 3].map((n) => {
    let s = placed;
    for (let i = 0; i < n; i++) s = nextPlace(s);
    return s.kind === "placed" ? s.pending.chosen : "?";
  });
  expect(round).toEqual(["C", "N", null]);
  const recalled = toggleRecall(monk);
  expect(requestOf(recalled)).toMatchObject({ follower: null, figure: "follower", recallAbbot: true });
  expect(requestOf(choosePlace(recalled, "N")), "a place chosen after it is the step instead").toMatchObject({
    follower: "N",
    recallAbbot: false,
  });
  // Turned where the table does not allow it, no recall.
  const turned = rotate(placed);
  expect(toggleRecall(turned)).toEqual(turned);
});

test("the builder's second tile: passed up only where the placement earns one, kept while the tile is turned", () => {
  // Laid south of the start tile turned 0° the tile earns a second tile; turned 180° it does not.
  const options = [below(0, false, true), below(180), beside];
  const placed = selectCell(chooseTile("B", options), 0, 1);
  expect(requestOf(placed), "taken unless passed up").toMatchObject({ passSecondTile: false });
  const passed = togglePass(placed);
  expect([passing(passed), requestOf(passed)?.passSecondTile]).toEqual([true, true]);
  expect(passing(togglePass(passed)), "chosen again: taken after all").toBe(false);
  const turned = rotate(passed);
  expect(passing(turned), "turned where it earns none: nothing to pass up").toBe(false);
  expect(requestOf(turned)?.passSecondTile).toBe(false);
  expect(togglePass(turned), "nor can it be chosen there").toEqual(turned);
  expect(passing(rotate(turned)), "turned back: the choice stands").toBe(true);
  const elsewhere = selectCell(passed, 1, 0);
  expect(requestOf(elsewhere)?.passSecondTile, "on another square it earns none").toBe(false);
  const request = requestOf(passed)!;
  const asking = ask(passed, request, { moves: [], mayEnter: true } as unknown as CountQuestion);
  expect(passing(asking), "the Count's question keeps it").toBe(true);
  expect(stopAsking(asking)).toEqual(passed);
});

test("the Count's question opens on a laid tile only and closes back to it", () => {
  const placed = choosePlace(selectCell(chooseTile("B", OPTIONS), 0, 1), "C");
  const request = requestOf(placed)!;
  const question = { moves: [], mayEnter: true } as unknown as CountQuestion;
  const asking = ask(placed, request, question);
  expect(asking.kind).toBe("asking");
  expect(requestOf(asking), "no second confirm while asked").toBeNull();
  expect(rotate(asking), "the tile stays as it lay while asked").toBe(asking);
  expect(stopAsking(asking)).toEqual(placed);
  expect(ask(IDLE, request, question)).toBe(IDLE);
});

test("the boxes' questions open on a laid tile, hand on to the Count's and close back to it", () => {
  const placed = choosePlace(selectCell(chooseTile("B", OPTIONS), 0, 1), "C");
  const request = requestOf(placed)!;
  const questions = { flight: { rolls: [1, 2, 3] } } as unknown as TellQuestions;
  const telling = tell(placed, request, questions);
  expect(telling.kind).toBe("telling");
  expect(requestOf(telling), "no second confirm while asked").toBeNull();
  expect(rotate(telling), "the tile stays as it lay while asked").toBe(telling);
  expect(stopAsking(telling)).toEqual(placed);
  expect(tell(IDLE, request, questions)).toBe(IDLE);
  const told = { ...request, told: { gold: { dx: 1, dy: 0 } } };
  const asking = ask(telling, told, { moves: [], mayEnter: true } as unknown as CountQuestion);
  expect(asking.kind, "the Count asks next").toBe("asking");
  expect(asking.kind === "asking" && asking.request.told, "with the answers told").toEqual({ gold: { dx: 1, dy: 0 } });
  expect(stopAsking(asking), "cancelled there: back to the tile as it lay").toEqual(placed);
  expect(asksNothing({} as TellQuestions)).toBe(true);
  expect(asksNothing({ flight: null } as unknown as TellQuestions), "a box that asks nothing is no question").toBe(
    true,
  );
  expect(asksNothing(questions)).toBe(false);
});

test("nothing happens to a turn that has no tile yet", () => {
  for (const t of [
    (s: Step) => selectCell(s, 0, 1),
    rotate,
    (s: Step) => choosePlace(s, "C"),
    chooseNone,
    toggleRecall,
    togglePass,
    nextPlace,
    stopAsking,
  ])
    expect(t(IDLE)).toBe(IDLE);
});

test("a refusal keeps the entry; an entered move ends the turn and the correction", () => {
  const turn = new TurnState();
  turn.go((s) => chooseTile("B", OPTIONS));
  turn.go((s) => selectCell(s, 0, 1));
  turn.go((s) => choosePlace(s, "C"));
  const entered = turn.step;
  turn.answered(false);
  expect(turn.step, "refused: the tile, its square and its place are all still there").toBe(entered);
  expect(turn.pending?.chosen).toBe("C");
  turn.answered(true);
  expect(turn.step).toBe(IDLE);
  expect([turn.tile, turn.pending, turn.options]).toEqual([null, null, []]);
});

test("correcting a past move: the game before it, then back to the turn on the table", () => {
  const turn = new TurnState();
  turn.go(() => chooseTile("B", OPTIONS));
  const before = { cursor: 3 } as GameView;
  turn.startCorrecting(3, before);
  expect([turn.before, turn.step]).toEqual([3, IDLE]);
  turn.go(() => chooseTile("B", OPTIONS));
  turn.answered(false);
  expect([turn.before, turn.tile], "refused: still correcting, the tile still chosen").toEqual([3, "B"]);
  turn.answered(true);
  expect([turn.before, turn.correcting]).toEqual([null, null]);
  turn.startCorrecting(1, before);
  turn.stopCorrecting();
  expect([turn.before, turn.step]).toEqual([null, IDLE]);
});

test("a finished table: whose figure, which kind, the places of that kind, and a follower once none is left", () => {
  const turn = new TurnState();
  const players = [player(1), player(0)];
  turn.chooseStandFigure("abbot");
  turn.showSpots(0, 1, below(0).followers);
  expect(turn.standing.spots).toMatchObject({ x: 0, y: 1, places: ["C"], shapes: ["abbot"] });
  turn.chooseSeat(1, players);
  expect(turn.standing, "Bram's abbot stands already: his followers are next").toEqual({
    seat: 1,
    figure: "follower",
    magic: null,
    spots: null,
  });
  turn.chooseSeat(0, players);
  turn.chooseStandFigure("abbot");
  turn.stood([player(0), player(0)]);
  expect(turn.standing.figure, "Anna's abbot stood: a follower next").toBe("follower");
  turn.chooseStandFigure("abbot");
  turn.stood(players);
  expect(turn.standing.figure, "still in hand: kept").toBe("abbot");
});

test("a finished table with Mage & Witch: the mage chosen, its places lit, then the seat's figures again", () => {
  const turn = new TurnState();
  const players = [player(1), player(0)];
  turn.chooseStandFigure("abbot");
  turn.chooseMagic("mage");
  expect([turn.standing.magic, turn.standing.figure]).toEqual(["mage", "abbot"]);
  const city: FollowerOption = { figure: "follower", place: "N", role: "knight", covers: ["N"] };
  turn.showSpots(0, 0, [city]);
  expect(turn.standing.spots, "offered as a follower's place").toMatchObject({ places: ["N"], shapes: ["knight"] });
  turn.stood(players);
  expect(turn.standing.magic, "one mage: the seat's figures come next").toBe(null);
  turn.chooseMagic("witch");
  turn.chooseSeat(1, players);
  expect(turn.standing.magic, "a seat chosen stands its own figures").toBe(null);
  turn.chooseMagic("witch");
  turn.chooseStandFigure("follower");
  expect(turn.standing.magic).toBe(null);
});
