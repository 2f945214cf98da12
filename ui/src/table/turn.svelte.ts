// A turn being entered at the table, as a state machine: which step it is at, and what each
// step holds, so a state the table cannot be in cannot be written down (a figure place with no
// tile laid, the Count's question with nothing to ask it of). Each transition is a function
// from one step to the next; the table page only wires them to clicks, keys and the app's
// answers. What is legal is the table's to say (the placement options, the Count's question);
// nothing here decides a rule.
import type {
  CountQuestion,
  Figure,
  MagicFigure,
  FollowerOption,
  GameView,
  MoveRequest,
  PlacementOption,
  PlayerView,
  Port,
  TellQuestions,
  TileId,
} from "../bindings";
import { shapeOf, type Pending, type Spots } from "../board/geometry";
import { figureStep, inHand, pendingOf, placesOf, withNone, withPlace, withRecall } from "./figures";

/** A tile placed with what goes with it, as the app is asked to enter it. */
export type PlaceRequest = MoveRequest & { kind: "place" };

/** The steps of a turn. */
export type Step =
  /** Nothing chosen yet: the tile drawn is to be named. */
  | { kind: "idle" }
  /** The tile drawn is chosen; its square is not (none, when it fits nowhere). */
  | { kind: "tile"; tile: TileId; options: PlacementOption[]; figure: Figure }
  /** The tile lies on a square, turned, with the figure step's choices; `pass` says the player
   * passes up the second tile the placement earns with the builder, where it earns one. */
  | { kind: "placed"; tile: TileId; options: PlacementOption[]; pending: Pending; pass: boolean }
  /** Confirmed in a game with a Big Box box whose tile asks the table something (a die, a
   * landing, a neighbour…): its questions are open before the Count's, if any, and the entry. */
  | {
      kind: "telling";
      tile: TileId;
      options: PlacementOption[];
      pending: Pending;
      pass: boolean;
      request: PlaceRequest;
      questions: TellQuestions;
    }
  /** Confirmed in a game with the Count: his question is open before the move is entered. */
  | {
      kind: "asking";
      tile: TileId;
      options: PlacementOption[];
      pending: Pending;
      pass: boolean;
      request: PlaceRequest;
      question: CountQuestion;
    };

/** A past move being corrected: its index and the game as it stood before it. */
export interface Correcting {
  index: number;
  before: GameView;
}

/** A finished table's figures being stood: whose, which kind, and the places on one tile. */
export interface Standing {
  seat: number;
  figure: Figure;
  /** Mage & Witch: the neutral figure stood next instead of the seat's, when one is chosen. */
  magic: MagicFigure | null;
  spots: Spots | null;
}

export const IDLE: Step = { kind: "idle" };

/** The placements of the chosen tile on one square, in the order the table sent them. */
export function optionsAt(options: PlacementOption[], x: number, y: number): PlacementOption[] {
  return options.filter((o) => o.x === x && o.y === y);
}

/** The squares the chosen tile may go to, each once, in the order the table sent them. */
export function cellsOf(options: PlacementOption[]): [number, number][] {
  const seen = new Map<string, [number, number]>();
  for (const o of options) seen.set(`${o.x},${o.y}`, [o.x, o.y]);
  return [...seen.values()];
}

/** A step with the tile on its square: being placed, or confirmed with questions open. */
type Laid = Step & { kind: "placed" | "asking" | "telling" };

/** Whether the tile lies on its square in this step. */
function laid(step: Step): step is Laid {
  return step.kind === "placed" || step.kind === "asking" || step.kind === "telling";
}

/** The kind of figure a step offers places for: a follower until another is chosen. */
function figureOf(step: Step): Figure {
  if (step.kind === "tile") return step.figure;
  if (laid(step)) return step.pending.figure;
  return "follower";
}

/** The tile `tile` chosen with its placements; on the only square it fits, it is laid there. */
export function chooseTile(tile: TileId, options: PlacementOption[]): Step {
  const step: Step = { kind: "tile", tile, options, figure: "follower" };
  const cells = cellsOf(options);
  return cells.length === 1 ? selectCell(step, cells[0]![0], cells[0]![1]) : step;
}

/** The tile laid on square `x`, `y`, turned the first way it fits there. */
export function selectCell(step: Step, x: number, y: number): Step {
  if (step.kind !== "tile" && step.kind !== "placed") return step;
  const option = optionsAt(step.options, x, y)[0];
  if (!option) return step;
  return {
    kind: "placed",
    tile: step.tile,
    options: step.options,
    pending: pendingOf(step.tile, option, figureOf(step)),
    pass: step.kind === "placed" && step.pass,
  };
}

/** The placement the laid tile is, as the table offered it. */
export function placing(step: Step): PlacementOption | undefined {
  if (!laid(step)) return undefined;
  const { x, y, rotation } = step.pending;
  return optionsAt(step.options, x, y).find((o) => o.rotation === rotation);
}

/** The tile turned to the next way it fits on its square (`by` -1 the other way round). */
export function rotate(step: Step, by = 1): Step {
  if (step.kind !== "placed") return step;
  const here = optionsAt(step.options, step.pending.x, step.pending.y);
  const i = here.findIndex((o) => o.rotation === step.pending.rotation);
  const next = here[(i + by + here.length) % here.length];
  return next ? { ...step, pending: pendingOf(step.tile, next, step.pending.figure) } : step;
}

/** Another kind of figure chosen: its places alone are offered, none of them chosen yet. */
export function chooseFigure(step: Step, figure: Figure): Step {
  if (step.kind === "tile") return { ...step, figure };
  const option = placing(step);
  if (step.kind !== "placed" || !option) return step;
  return { ...step, pending: pendingOf(step.tile, option, figure) };
}

/** A place chosen for the figure, or chosen again to take it back. */
export function choosePlace(step: Step, place: Port): Step {
  return step.kind === "placed" ? { ...step, pending: withPlace(step.pending, place) } : step;
}

/** No figure with this tile. */
export function chooseNone(step: Step): Step {
  return step.kind === "placed" ? { ...step, pending: withNone(step.pending) } : step;
}

/** The abbot taken back instead of a figure placed, or that choice undone. */
export function toggleRecall(step: Step): Step {
  return step.kind === "placed" ? { ...step, pending: withRecall(step.pending, placing(step)) } : step;
}

/** The next of the offered places (then none), as the F key goes through them. */
export function nextPlace(step: Step, by = 1): Step {
  if (step.kind !== "placed") return step;
  const choices: (Port | null)[] = [...step.pending.places, null];
  const i = choices.indexOf(step.pending.chosen);
  const chosen = choices[(i + by + choices.length) % choices.length] ?? null;
  return { ...step, pending: { ...withNone(step.pending), chosen } };
}

/** The builder's second tile this placement earns passed up, or that choice undone (T-15). */
export function togglePass(step: Step): Step {
  return step.kind === "placed" && placing(step)?.earnsSecondTile ? { ...step, pass: !step.pass } : step;
}

/** Whether the laid tile earns the builder's second tile and the player passes it up. */
export function passing(step: Step): boolean {
  return laid(step) && step.pass && !!placing(step)?.earnsSecondTile;
}

/** What confirming the laid tile asks the app to enter; null before a tile lies on a square. */
export function requestOf(step: Step): PlaceRequest | null {
  if (step.kind !== "placed") return null;
  const p = step.pending;
  return {
    kind: "place",
    tile: p.tile,
    x: p.x,
    y: p.y,
    rotation: p.rotation,
    ...figureStep(p),
    count: null,
    passSecondTile: passing(step),
  };
}

/** The box questions opened on the move confirmed. */
export function tell(step: Step, request: PlaceRequest, questions: TellQuestions): Step {
  return step.kind === "placed" ? { ...step, kind: "telling", request, questions } : step;
}

/** The Count's question opened on the move confirmed (its box answers told, if any). */
export function ask(step: Step, request: PlaceRequest, question: CountQuestion): Step {
  if (step.kind !== "placed" && step.kind !== "telling") return step;
  const { tile, options, pending, pass } = step;
  return { kind: "asking", tile, options, pending, pass, request, question };
}

/** The Count's or the boxes' questions set aside: back to the tile as it lay. */
export function stopAsking(step: Step): Step {
  if (step.kind !== "asking" && step.kind !== "telling") return step;
  return { kind: "placed", tile: step.tile, options: step.options, pending: step.pending, pass: step.pass };
}

/** Whether no box asks anything of a placement: it goes on without the tell questions. */
export function asksNothing(questions: TellQuestions): boolean {
  return Object.values(questions).every((q) => q === undefined || q === null);
}

/** The places on a finished table's tile offered to the standing kind of figure. */
export function spotsOf(x: number, y: number, offered: FollowerOption[], figure: Figure): Spots {
  const mine = placesOf(offered, figure);
  return {
    x,
    y,
    places: mine.map((o) => o.place),
    covers: mine.map((o) => o.covers.join(" ")),
    roles: mine.map((o) => o.role),
    shapes: mine.map((o) => shapeOf(o.figure, o.role)),
  };
}

/** The kind kept for the next figure stood: a follower once the player has none of it left. */
export function keptFigure(player: PlayerView | undefined, figure: Figure): Figure {
  return inHand(player, figure) > 0 ? figure : "follower";
}

/**
 * The turn on the table: its step, the past move being corrected if any, and a finished
 * table's figures being stood. The app's answers come back through `answered`: a move
 * entered ends the turn, a refusal keeps everything entered so it can be put right.
 */
export class TurnState {
  step: Step = $state.raw(IDLE);
  correcting: Correcting | null = $state.raw(null);
  standing: Standing = $state.raw({ seat: 0, figure: "follower", magic: null, spots: null });

  /** The index of the move being corrected, for the app's questions about the game before it. */
  get before(): number | null {
    return this.correcting?.index ?? null;
  }

  get pending(): Pending | null {
    return laid(this.step) ? this.step.pending : null;
  }

  get tile(): TileId | null {
    return this.step.kind === "idle" ? null : this.step.tile;
  }

  get options(): PlacementOption[] {
    return this.step.kind === "idle" ? [] : this.step.options;
  }

  get asking(): (Step & { kind: "asking" }) | null {
    return this.step.kind === "asking" ? this.step : null;
  }

  get telling(): (Step & { kind: "telling" }) | null {
    return this.step.kind === "telling" ? this.step : null;
  }

  /** Applies a transition to the step. */
  go(transition: (step: Step) => Step) {
    this.step = transition(this.step);
  }

  /** Everything chosen for this turn let go: the tile, its square, the figure, a tile's spots. */
  reset() {
    this.step = IDLE;
    this.standing = { ...this.standing, spots: null };
  }

  /** Move `index` is to be entered again, on the game as it stood before it. */
  startCorrecting(index: number, before: GameView) {
    this.reset();
    this.correcting = { index, before };
  }

  stopCorrecting() {
    this.reset();
    this.correcting = null;
  }

  /** The app's answer to a move: entered, the turn is done; refused, nothing entered is lost. */
  answered(ok: boolean) {
    if (!ok) return;
    this.reset();
    this.correcting = null;
  }

  /** A finished table: whose figures are stood next. */
  chooseSeat(seat: number, players: PlayerView[]) {
    this.standing = { seat, figure: keptFigure(players[seat], this.standing.figure), magic: null, spots: null };
  }

  /** A finished table: which kind of figure is stood next. */
  chooseStandFigure(figure: Figure) {
    this.standing = { ...this.standing, figure, magic: null, spots: null };
  }

  /** A finished table with Mage & Witch: the mage or the witch is stood next. */
  chooseMagic(magic: MagicFigure) {
    this.standing = { ...this.standing, magic, spots: null };
  }

  /** A finished table: the places on the tile at `x`, `y` the app offers the standing player. */
  showSpots(x: number, y: number, offered: FollowerOption[]) {
    // The places offered to a magic figure come as a follower's would (it is nobody's).
    const figure = this.standing.magic ? "follower" : this.standing.figure;
    this.standing = { ...this.standing, spots: spotsOf(x, y, offered, figure) };
  }

  /** A finished table: a figure stood; the player's last of its kind, the next is a follower. */
  stood(players: PlayerView[]) {
    const { seat, figure } = this.standing;
    // One mage and one witch: once stood, the seat's figures come next.
    this.standing = { ...this.standing, figure: keptFigure(players[seat], figure), magic: null };
  }
}
