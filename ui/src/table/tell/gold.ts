// Gold Mines' question in words and on the board: the tiles it offers (the second ingot's
// neighbours, the tiles an ingot is taken from) named from the tile being placed, as the
// players point at them, and lit on the board to be clicked. Which tiles are offered is the
// table's answer (tell/gold.rs); nothing here decides it.
import type { Cell, Target } from "../../bindings";
import type { MessageKey } from "../../i18n";
import type { Lit } from "../lit";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A tile named from the tile being placed, as the screen shows the board turned: "1 north,
 * 1 east of the new tile", or "the new tile" itself. */
export function fromNewTile(cell: Cell, tile: Cell, viewTurns: number, t: Translate): string {
  let [sx, sy] = [cell.x - tile.x, cell.y - tile.y];
  for (let i = 0; i < ((viewTurns % 4) + 4) % 4; i++) [sx, sy] = [-sy, sx];
  if (sx === 0 && sy === 0) return t("gold.newTile");
  const steps: string[] = [];
  if (sy !== 0) steps.push(t(sy > 0 ? "board.south" : "board.north", { n: Math.abs(sy) }));
  if (sx !== 0) steps.push(t(sx > 0 ? "board.east" : "board.west", { n: Math.abs(sx) }));
  return t("gold.fromNewTile", { steps: steps.join(", ") });
}

/** A whole tile as a place the board lights: its ring in the middle, the tile lit under the
 * pointer. The board lights targets; a tile offered for gold is drawn as one. */
export function tileTarget(cell: Cell): Target {
  return {
    at: { x: cell.x, y: cell.y, place: "C" },
    kind: "field",
    tiles: [[cell.x, cell.y]],
    holders: [],
    landmark: null,
    worth: { type: "tiles", tiles: 1, pennants: 0 },
    alike: 0,
  };
}

/** The board's lit tiles for `cells`, each clicked to `pick` it. */
export function litTiles(cells: Cell[], color: string, labels: string[], pick: (cell: Cell) => void): Lit {
  return {
    targets: cells.map(tileTarget),
    color,
    labels,
    onPick: (target) => pick({ x: target.at.x, y: target.at.y }),
  };
}
