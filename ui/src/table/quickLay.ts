// A finished table laid square by square, as the players see it. Pointing at an open square
// lists every way a tile in the bag fits there, one picture per look, likeliest first and
// numbered; a click on the square lays the first, a number key the one with that number. The
// tile just laid can be turned or swapped for another on the list. What fits where is the
// table's to say (its placement options for each tile in the bag); this only orders them.
import type { BagCount, Degrees, MoveRequest, PlacementOption, TileId, TileShape } from "../bindings";

/** The placement options of each tile still in the bag, by tile. */
export type Fits = Map<TileId, PlacementOption[]>;

/** A tile turned one way. */
export interface Look {
  tile: TileId;
  rotation: Degrees;
}

/** The tile a click or a key just laid: the move to correct, where, and what else fits there. */
export interface Laid extends Look {
  index: number;
  x: number;
  y: number;
  looks: Look[];
}

/** Every square some tile in the bag fits, each once, in the order the options came. */
export function openSquares(fits: Fits): [number, number][] {
  const seen = new Map<string, [number, number]>();
  for (const options of fits.values()) for (const o of options) seen.set(`${o.x},${o.y}`, [o.x, o.y]);
  return [...seen.values()];
}

const SIDES = ["N", "E", "S", "W"];

/**
 * What a tile turned `rotation` shows, as text: each feature's kind, the board sides it
 * reaches and what is drawn in it. Two turns of a symmetric tile (a straight road, a
 * cloister) show the same, and are one picture to choose, one press of R.
 */
export function lookOf(shape: TileShape | undefined, rotation: Degrees): string {
  if (!shape) return String(rotation);
  const turn = (side: string) => SIDES[(SIDES.indexOf(side) + rotation / 90) % 4];
  return shape.features
    .map((f) => [f.kind, f.sides.map(turn).sort().join(""), f.pennants, f.inn, f.cathedral, f.goods ?? ""].join(":"))
    .sort()
    .join("|");
}

/**
 * The looks that fit square `x`, `y`, likeliest first: the tile last chosen (a table has runs
 * of one kind), then those with the most copies left, then by name so the order is steady;
 * a tile's turn it was last laid in before its others.
 */
export function looksAt(
  fits: Fits,
  x: number,
  y: number,
  chosen: TileId | null,
  bag: BagCount[],
  kept: Map<TileId, Degrees>,
  shapeOf: (tile: TileId) => TileShape | undefined,
): Look[] {
  const left = new Map(bag.map((b) => [b.tile, b.count]));
  const tiles = [...fits.keys()].filter((tile) => (left.get(tile) ?? 0) > 0);
  const rank = (tile: TileId) => (tile === chosen ? -1 : 0);
  tiles.sort((a, b) => rank(a) - rank(b) || (left.get(b) ?? 0) - (left.get(a) ?? 0) || a.localeCompare(b));
  const looks: Look[] = [];
  for (const tile of tiles) {
    const rotations = fits
      .get(tile)!
      .filter((o) => o.x === x && o.y === y)
      .map((o) => o.rotation);
    const last = kept.get(tile);
    if (last !== undefined && rotations.includes(last))
      rotations.sort((a, b) => (b === last ? 1 : 0) - (a === last ? 1 : 0));
    const seen = new Set<string>();
    for (const rotation of rotations) {
      const look = lookOf(shapeOf(tile), rotation);
      if (seen.has(look)) continue;
      seen.add(look);
      looks.push({ tile, rotation });
    }
  }
  return looks;
}

/** The next look of the laid tile on its square (`by` -1 the other way round). */
export function nextTurn(laid: Laid, by = 1): Degrees {
  const rotations = laid.looks.filter((l) => l.tile === laid.tile).map((l) => l.rotation);
  const i = rotations.indexOf(laid.rotation);
  if (i < 0) return rotations[0] ?? laid.rotation;
  return rotations[(i + by + rotations.length) % rotations.length]!;
}

/** The move laying `look` on square `x`, `y`, with no figure. */
export function layRequest(look: Look, x: number, y: number): MoveRequest & { kind: "place" } {
  return {
    kind: "place",
    tile: look.tile,
    x,
    y,
    rotation: look.rotation,
    follower: null,
    figure: "follower",
    recallAbbot: false,
    count: null,
    passSecondTile: false,
  };
}
