// Whose follower is moving out of the City, and what the board lights for it: the features on
// offer, in the moving player's colour, each with its words and what clicking it does.
import type { QuarterMoveOption, QuarterMoveRequest, Target } from "../bindings";
import { movesLeft } from "./QuarterMoveList.svelte";

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
export function moving(
  options: QuarterMoveOption[],
  moves: QuarterMoveRequest[],
  picked: string | null,
): QuarterMoveOption | null {
  const movable = options.filter((o) => movesLeft(moves, o) > 0);
  return movable.find((o) => optionKey(o) === picked) ?? movable.find((o) => o.features.length > 0) ?? null;
}
