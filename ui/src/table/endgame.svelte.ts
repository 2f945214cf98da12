// The end of a game at the table, as a state machine: the moves out of the City the engine
// still offers, the scores a finished table is asked for, the question whether to end with
// tiles still in the bag, the final count asked of the app, and how far that count has been
// told. Each transition is a function from one step to the next; the table page calls the app
// when a step says to count. What may still move, and the count itself, are the engine's.
import type { FollowerOnBoard, GameView, PlayerView, QuarterMoveOption, QuarterMoveRequest } from "../bindings";
import { countStory, feedShown, inHandAt, standingAt, totalsAt } from "./feed";

type Options = QuarterMoveOption[];
type Moves = QuarterMoveRequest[];

/** The steps of the end of a game. */
export type Ending =
  /** The game goes on: nothing asked about its end. */
  | { kind: "playing" }
  /** Followers may still leave the City before the count: the moves the engine offers. */
  | { kind: "moving"; options: Options }
  /** A finished table asks for the scores on the track before its count; `options` are the
   * moves out of the City the table went back from, if any, kept to go back to. */
  | { kind: "track"; moves: Moves; options: Options | null }
  /** Tiles are still in the bag: the table is asked whether to end the game now. */
  | { kind: "confirming"; moves: Moves; options: Options | null }
  /** The final count is asked of the app with these moves (and the track's scores). */
  | { kind: "counting"; moves: Moves; track: number[] | null; options: Options | null };

export const PLAYING: Ending = { kind: "playing" };

/** What the end of the game depends on at the table. */
export interface Table {
  /** A finished table laid tile by tile: its scores on the track are asked for. */
  finalBoard: boolean;
  tilesLeft: number;
}

/** The moves out of the City a step keeps, to be shown or gone back to. */
export function movesOffered(ending: Ending): Options | null {
  return ending.kind === "playing" ? null : ending.options;
}

const backTo = (options: Options | null): Ending => (options ? { kind: "moving", options } : PLAYING);

/** The final count asked for with `moves`: the track's scores first on a finished table, the
 * table's word first while tiles are left, else counted at once. */
export function toCount(ending: Ending, table: Table, moves: Moves): Ending {
  const options = movesOffered(ending);
  if (table.finalBoard) return { kind: "track", moves, options };
  if (table.tilesLeft > 0) return { kind: "confirming", moves, options };
  return { kind: "counting", moves, track: null, options };
}

/** The end asked for: the moves out of the City first, if the engine offers any. */
export function begin(table: Table, options: Options): Ending {
  return options.length > 0 ? { kind: "moving", options } : toCount(PLAYING, table, []);
}

/** The table ends the game with tiles still in the bag. */
export function confirm(ending: Ending): Ending {
  if (ending.kind !== "confirming") return ending;
  return { kind: "counting", moves: ending.moves, track: null, options: ending.options };
}

/** A finished table's scores on the track given: counted with them. */
export function giveTrack(ending: Ending, track: number[] | null): Ending {
  if (ending.kind !== "track") return ending;
  return { kind: "counting", moves: ending.moves, track, options: ending.options };
}

/** One step back: from a question to the moves out of the City, from those to the game. */
export function back(ending: Ending): Ending {
  if (ending.kind === "track" || ending.kind === "confirming") return backTo(ending.options);
  if (ending.kind === "moving") return PLAYING;
  return ending;
}

/** The app's answer to the count: counted, the end is done; refused, the moves stay open. */
export function counted(ending: Ending, ok: boolean): Ending {
  if (ending.kind !== "counting") return ending;
  return ok ? PLAYING : backTo(ending.options);
}

/** What a final count shows once `told` of its lines are told: the scoreboard's totals, the
 * feed's lines, and the figures on the board and in hand. While line `told` is being shown, its
 * figures stay on its feature. Before any count, the game as it stands. */
export interface Told {
  totals: number[] | null;
  lines: number[] | null;
  followers: FollowerOnBoard[];
  players: PlayerView[];
}

export function toldSoFar(game: GameView, followers: FollowerOnBoard[], told: number | null, lineShown: boolean): Told {
  const count = game.finished ? (game.result?.count ?? null) : null;
  if (!count || told === null) return { totals: null, lines: null, followers, players: game.players };
  const story = countStory(count);
  const gone = lineShown ? told - 1 : told;
  return {
    totals: totalsAt(count, story, told),
    lines: feedShown(game.feed, count, story, told),
    followers: standingAt(followers, story, gone),
    players: inHandAt(game.players, story, gone),
  };
}

/** The end of the game at the table: its step, and the lines of the final count told. */
export class Endgame {
  step: Ending = $state.raw(PLAYING);
  told: number | null = $state(null);

  /** Applies a transition to the step; says whether it took it (a step that does not take a
   * transition stays the same object). */
  go(transition: (step: Ending) => Ending): boolean {
    const was = this.step;
    this.step = transition(was);
    return this.step !== was;
  }

  /** The moves out of the City open, under any question asked after them. */
  get moving(): Options | null {
    return movesOffered(this.step);
  }

  /** The moves to count with, when the app is to be asked for the count. */
  get counting(): (Ending & { kind: "counting" }) | null {
    return this.step.kind === "counting" ? this.step : null;
  }

  get confirming(): boolean {
    return this.step.kind === "confirming";
  }

  get asksTrack(): boolean {
    return this.step.kind === "track";
  }

  /** The game reopened: its count is told again from the start when it ends again. */
  reopened() {
    this.told = null;
  }
}
