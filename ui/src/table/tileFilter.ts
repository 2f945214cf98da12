// Finding the drawn tile by what is typed: the start of its id ("E", "R2-0"), or its edges as
// seen on the table, clockwise from any side ("CRFR": city, road, field, road; W is river).
// Edges often fit several tiles ("CFCF" is F, G and H): then the player picks one, and nothing
// is taken for them.

const EDGE_LETTERS = /^[CRFW]{2,4}$/;

const clean = (typed: string) => typed.trim().toUpperCase();

/** Whether `typed` names the tile `id` whose edges, north first, are `edges`. */
export function tileMatches(typed: string, id: string, edges: string): boolean {
  const wanted = clean(typed);
  if (wanted === "") return true;
  if (id.toUpperCase().startsWith(wanted)) return true;
  if (!EDGE_LETTERS.test(wanted) || edges.length !== 4) return false;
  // Any turn of the tile: the typed run must appear going round the edges.
  return (edges + edges).includes(wanted);
}

/** What typing does to the bag: the tiles shown, and the one Enter takes, if only one fits. */
export interface Found<T> {
  shown: T[];
  /** The tile named exactly by its id, or the only one that fits; `null` when the player must pick. */
  only: T | null;
}

/** The tiles of `bag` that `typed` names; `edgesOf` gives a tile's edges, north first. */
export function findTiles<T extends { tile: string }>(
  typed: string,
  bag: T[],
  edgesOf: (tile: string) => string,
): Found<T> {
  const wanted = clean(typed);
  const shown = bag.filter((b) => tileMatches(wanted, b.tile, edgesOf(b.tile)));
  if (wanted === "") return { shown, only: null };
  // A whole id says which tile, even where longer ids start with it ("C" beside "CO1").
  const exact = shown.find((b) => b.tile.toUpperCase() === wanted);
  return { shown, only: exact ?? (shown.length === 1 ? shown[0]! : null) };
}

/**
 * Whether the digit `key` typed after `typed` picks a choice by its number rather than going
 * on with a tile's id ("R2-0" then "1" is R2-01).
 */
export function digitPicks(typed: string, key: string, ids: string[]): boolean {
  if (!/^[1-9]$/.test(key)) return false;
  const longer = clean(typed) + key;
  return !ids.some((id) => id.toUpperCase().startsWith(longer));
}

/**
 * The turn, in degrees clockwise, that shows a tile with the typed edges read clockwise from
 * its north side, as the player read them off the drawn tile; 0 when nothing typed is edges.
 */
export function turnToRead(typed: string, edges: string): number {
  const wanted = clean(typed);
  if (!EDGE_LETTERS.test(wanted) || edges.length !== 4) return 0;
  const from = (edges + edges).indexOf(wanted);
  // The edge at catalog side `from` comes to the north after 4 − from quarter turns.
  return from < 0 ? 0 : ((4 - from) % 4) * 90;
}
