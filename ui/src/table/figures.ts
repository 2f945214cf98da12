// The kinds of figure a player chooses from in a turn's figure step, and the places each kind
// is offered: read off what the table sends (each player's figures in hand, each placement's
// places by kind), never worked out here. A box that brings a new figure needs its shape
// (board/geometry.ts) and its words, nothing in this file.
import type { Figure, FollowerOption, PlacementOption, PlayerView, Port, TileId } from "../bindings";
import { shapeOf, type Pending } from "../board/geometry";

/** The kinds of figure the table plays with, in the engine's order: followers always. */
export function kindsInPlay(player: PlayerView | undefined): Figure[] {
  return player?.figures.map((f) => f.figure) ?? ["follower"];
}

/** How many figures of `figure` the player has in hand. */
export function inHand(player: PlayerView | undefined, figure: Figure): number {
  return player?.figures.find((f) => f.figure === figure)?.count ?? 0;
}

/** The places offered to `figure`, in the order the table sent them. */
export function placesOf(options: FollowerOption[], figure: Figure): FollowerOption[] {
  return options.filter((o) => o.figure === figure);
}

/**
 * The tile being placed as the board shows it, with the places of the chosen kind of figure:
 * only those are lit. `chosen` is kept if that kind may go there, else no place is chosen.
 */
export function pendingOf(
  tile: TileId,
  option: PlacementOption,
  figure: Figure,
  chosen: Port | null = null,
  recall = false,
): Pending {
  const offered = placesOf(option.followers, figure);
  const places = offered.map((f) => f.place);
  return {
    tile,
    x: option.x,
    y: option.y,
    rotation: option.rotation,
    places,
    covers: offered.map((f) => f.covers.join(" ")),
    roles: offered.map((f) => f.role),
    shapes: offered.map((f) => shapeOf(f.figure, f.role)),
    figure,
    chosen: chosen !== null && places.includes(chosen) ? chosen : null,
    // Taking the abbot back is the whole figure step: only where the table allows it.
    recall: recall && option.mayRecall,
  };
}

/** A place chosen, or chosen again to take it back: either way the abbot stays out. */
export function withPlace(pending: Pending, place: Port | null): Pending {
  return { ...pending, chosen: pending.chosen === place ? null : place, recall: false };
}

/** The figure step left empty: no figure, no recall. */
export function withNone(pending: Pending): Pending {
  return { ...pending, chosen: null, recall: false };
}

/** The abbot taken back instead of a figure placed, or that choice undone. */
export function withRecall(pending: Pending, option: PlacementOption | undefined): Pending {
  if (!option?.mayRecall) return pending;
  return { ...pending, chosen: null, recall: !pending.recall };
}

/** What the move request says of the figure step. */
export function figureStep(pending: Pending): { follower: Port | null; figure: Figure; recallAbbot: boolean } {
  return {
    follower: pending.recall ? null : pending.chosen,
    figure: pending.chosen !== null && !pending.recall ? pending.figure : "follower",
    recallAbbot: pending.recall,
  };
}
