// Whose follower is moving out of the City, and what the board lights for it: the features on
// offer, in the moving player's colour, each with its words and what clicking it does. How
// many figures are left in a quarter, and which may come out next, is the table's answer
// (`left`, `out`); this only picks among them.
import type { Figure, QuarterMoveOption, QuarterMoveRequest, Target } from "../bindings";

export interface Lit {
  targets: Target[];
  color: string;
  labels: string[];
  onPick: (target: Target) => void;
}

/** Names an option: whose followers, from which quarter. */
export const optionKey = (o: QuarterMoveOption): string => `${o.seat}-${o.quarter}`;

/**
 * The follower the board's lit features move: the option `picked` while it has one left to
 * move, else the first (in the engine's order) with one left and somewhere to go; none when
 * nobody can move any more.
 */
export function moving(options: QuarterMoveOption[], picked: string | null): QuarterMoveOption | null {
  const movable = options.filter((o) => o.left > 0);
  return movable.find((o) => optionKey(o) === picked) ?? movable.find((o) => o.features.length > 0) ?? null;
}

/** The figure the next move out of an option's quarter takes: the one the table `wanted`
 * while it may come out, else the first the table offers; none once nothing is left. */
export function figureOut(o: QuarterMoveOption, wanted: Figure | undefined): Figure | null {
  return wanted && o.out.includes(wanted) ? wanted : (o.out[0] ?? null);
}

/** Keeps the options the table last answered with, and asks again as the moves chosen change:
 * one question at a time, in order, so the answer shown is always for the latest moves. */
export class Asked {
  #pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly ask: (moves: QuarterMoveRequest[]) => Promise<QuarterMoveOption[] | null>,
    private readonly answered: (options: QuarterMoveOption[]) => void,
  ) {}

  /** Asks about `moves`; the answer replaces the options when it comes. */
  again(moves: QuarterMoveRequest[]): Promise<void> {
    this.#pending = this.#pending.then(async () => {
      const options = await this.ask(moves);
      if (options) this.answered(options);
    });
    return this.#pending;
  }

  /** Waits for every question asked so far to be answered. */
  settled(): Promise<void> {
    return this.#pending;
  }
}
