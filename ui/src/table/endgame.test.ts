import { expect, test } from "vitest";
import type {
  CountStepView,
  FollowerOnBoard,
  GameView,
  QuarterMoveOption,
  QuarterMoveRequest,
  ScoreView,
} from "../bindings";
import {
  Endgame,
  PLAYING,
  back,
  begin,
  confirm,
  counted,
  giveTrack,
  movesOffered,
  toCount,
  toldSoFar,
  type Ending,
  type Table,
} from "./endgame.svelte";
import { playerView } from "./players.fixture";

const LEAVING: QuarterMoveOption[] = [
  { seat: 0, quarter: "castle", available: 1, left: 1, out: ["follower"], features: [] },
];
const MOVES: QuarterMoveRequest[] = [{ seat: 0, quarter: "castle", to: { x: 1, y: 0, place: "N" } }];
const DRAWN_OUT: Table = { finalBoard: false, tilesLeft: 0 };
const TILES_LEFT: Table = { finalBoard: false, tilesLeft: 5 };
const FINAL_BOARD: Table = { finalBoard: true, tilesLeft: 0 };

const run = (step: Ending, ...transitions: ((s: Ending) => Ending)[]) => transitions.reduce((s, t) => t(s), step);

test("the bag empty and nothing left to move: counted at once, with no moves", () => {
  expect(begin(DRAWN_OUT, [])).toEqual({ kind: "counting", moves: [], track: null, options: null });
});

test("followers may leave the City: their moves first, then the count with them", () => {
  const moving = begin(DRAWN_OUT, LEAVING);
  expect(moving).toEqual({ kind: "moving", options: LEAVING });
  expect(movesOffered(moving)).toBe(LEAVING);
  const counting = toCount(moving, DRAWN_OUT, MOVES);
  expect(counting).toEqual({ kind: "counting", moves: MOVES, track: null, options: LEAVING });
  expect(counted(counting, true), "counted: the end is done").toBe(PLAYING);
  expect(counted(counting, false), "refused: the moves stay open").toEqual({ kind: "moving", options: LEAVING });
});

test("tiles still in the bag: the table is asked first, and may keep playing", () => {
  const asked = begin(TILES_LEFT, []);
  expect(asked).toEqual({ kind: "confirming", moves: [], options: null });
  expect(back(asked), "kept playing: back to the game").toBe(PLAYING);
  expect(confirm(asked)).toEqual({ kind: "counting", moves: [], track: null, options: null });
  // Asked after the moves out of the City: keeping on playing goes back to them.
  const afterMoves = run(begin(TILES_LEFT, LEAVING), (s) => toCount(s, TILES_LEFT, MOVES));
  expect(afterMoves).toEqual({ kind: "confirming", moves: MOVES, options: LEAVING });
  expect(back(afterMoves)).toEqual({ kind: "moving", options: LEAVING });
  expect(confirm(afterMoves)).toEqual({ kind: "counting", moves: MOVES, track: null, options: LEAVING });
});

test("a finished table asks for its scores on the track before the count", () => {
  const asked = begin(FINAL_BOARD, []);
  expect(asked).toEqual({ kind: "track", moves: [], options: null });
  expect(confirm(asked), "not a question of tiles left").toBe(asked);
  expect(giveTrack(asked, [12, 30])).toEqual({ kind: "counting", moves: [], track: [12, 30], options: null });
  expect(back(asked)).toBe(PLAYING);
  const afterMoves = run(begin(FINAL_BOARD, LEAVING), (s) => toCount(s, FINAL_BOARD, MOVES));
  expect(back(afterMoves), "cancelled: back to the moves").toEqual({ kind: "moving", options: LEAVING });
});

test("a step that does not take a transition stays as it is", () => {
  const moving = begin(DRAWN_OUT, LEAVING);
  expect(confirm(moving)).toBe(moving);
  expect(giveTrack(moving, null)).toBe(moving);
  expect(counted(moving, true)).toBe(moving);
  expect(back(moving), "the moves let go").toBe(PLAYING);
  expect(back(PLAYING)).toBe(PLAYING);
});

test("the end of the game as the page holds it", () => {
  const endgame = new Endgame();
  expect([endgame.moving, endgame.confirming, endgame.asksTrack, endgame.counting]).toEqual([null, false, false, null]);
  endgame.go(() => begin(TILES_LEFT, LEAVING));
  expect(endgame.moving).toBe(LEAVING);
  endgame.go((s) => toCount(s, TILES_LEFT, MOVES));
  expect([endgame.confirming, endgame.moving]).toEqual([true, LEAVING]);
  expect(endgame.go(confirm), "taken").toBe(true);
  expect(endgame.counting?.moves).toBe(MOVES);
  expect(endgame.go(back), "a count asked is not asked again").toBe(false);
  expect(endgame.counting?.moves).toBe(MOVES);
  endgame.told = 3;
  endgame.reopened();
  expect(endgame.told).toBeNull();
});

// A count of two lines: Anna's road sends her follower home (+3), Bram's farm leaves his
// farmer on the board (+6).
const score = (kind: ScoreView["kind"], winner: number, points: number): ScoreView =>
  ({ kind, winners: [winner], points, tiles: [], cityTiles: [] }) as unknown as ScoreView;
const annaHome: FollowerOnBoard = { seat: 0, figure: "follower", x: 1, y: 0, place: "E" } as FollowerOnBoard;
const bramFarmer: FollowerOnBoard = { seat: 1, figure: "follower", x: 0, y: 0, place: "N" } as FollowerOnBoard;
const step = (s: ScoreView, adds: number[], home: FollowerOnBoard[]): CountStepView =>
  ({ score: s, adds, farm: null, home }) as CountStepView;
const road = score("road", 0, 3);
const farm = score("farm", 1, 6);
const played = score("city", 1, 4);
const players = [playerView("Anna"), playerView("Bram")];
const finished = {
  finished: true,
  players,
  // Newest first: the count's last step, its first, then what was scored in play.
  feed: [farm, road, played],
  result: { count: { before: [10, 20], steps: [step(road, [3, 0], [annaHome]), step(farm, [0, 6], [])] } },
} as unknown as GameView;
const after = [bramFarmer];

test("before any count, the game as it stands", () => {
  const playing = { ...finished, finished: false } as GameView;
  expect(toldSoFar(playing, after, 1, false)).toEqual({ totals: null, lines: null, followers: after, players });
  expect(toldSoFar(finished, after, null, false).totals, "finished, nothing told yet").toBeNull();
});

test("a final count told line by line: totals, feed lines and figures follow it", () => {
  const none = toldSoFar(finished, after, 0, false);
  expect(none.totals).toEqual([10, 20]);
  expect(none.lines, "only the scores of play").toEqual([2]);
  expect(none.followers, "Anna's follower still on her road").toEqual([bramFarmer, annaHome]);
  expect(none.players[0]!.supply).toBe(6);
  const road = toldSoFar(finished, after, 1, false);
  expect(road.totals).toEqual([13, 20]);
  expect(road.lines).toEqual([1, 2]);
  expect(road.followers, "the road told and left: Anna's follower home").toEqual([bramFarmer]);
  expect(road.players).toBe(players);
  const shown = toldSoFar(finished, after, 1, true);
  expect(shown.followers, "the road's line shown: its follower stays on it").toEqual([bramFarmer, annaHome]);
  expect(toldSoFar(finished, after, 2, false).totals).toEqual([13, 26]);
});
