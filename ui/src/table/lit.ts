// What the board lights for a follower about to move: the features on offer, in the moving
// player's colour, each with its words and what clicking it does.
import type { Target } from "../bindings";

export interface Lit {
  targets: Target[];
  color: string;
  labels: string[];
  onPick: (target: Target) => void;
}
