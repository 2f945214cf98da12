// A finished table laid by pointing, as the page keeps it between clicks: what fits where for
// every tile kind left in the bag, asked of the app each time the board or the bag changes;
// the tile just laid, to be turned or swapped; the turn each kind was last laid in, since a
// table's straight roads mostly run one way. The ordering of what fits is quickLay.ts's.
import type { BagCount, GameView, TileId, Degrees } from "../bindings";
import { catalog } from "../board/catalog.svelte";
import { placementOptionsFor } from "../ipc";
import * as Quick from "./quickLay";

const tileShape = (tile: TileId) => catalog.shapes.get(tile);

export class Pointing {
  /** What fits where, once asked; none while the table is not laid by pointing. */
  fits: Quick.Fits | null = $state.raw(null);
  /** Settles once the last question asked is answered. */
  ready: Promise<void> = Promise.resolve();
  private laid: Quick.Laid | null = $state.raw(null);
  private turnsKept = $state.raw(new Map<TileId, Degrees>());
  private asked = 0;

  /** Asks what fits where for every kind in `bag`; an answer overtaken by a later ask is dropped. */
  ask(bag: BagCount[]) {
    this.ready = this.askNow(bag);
  }

  private async askNow(bag: BagCount[]) {
    const asked = ++this.asked;
    const kinds = bag.filter((b) => b.count > 0).map((b) => b.tile);
    const answers = await Promise.all(kinds.map((tile) => placementOptionsFor(tile, null)));
    if (asked !== this.asked) return;
    const next: Quick.Fits = new Map();
    answers.forEach((a, i) => a.ok && next.set(kinds[i]!, a.value));
    this.fits = next;
  }

  /** Not laid by pointing now: nothing fits anywhere. */
  clear() {
    this.fits = null;
  }

  get openSquares(): [number, number][] {
    return this.fits ? Quick.openSquares(this.fits) : [];
  }

  /** The looks that fit square `x`, `y`, likeliest first. */
  looksAt(x: number, y: number, chosen: TileId | null, bag: BagCount[]): Quick.Look[] {
    return this.fits ? Quick.looksAt(this.fits, x, y, chosen, bag, this.turnsKept, tileShape) : [];
  }

  /** The tile just laid while its move is still the last one; a figure stood or an undo ends it. */
  justLaid(game: GameView): Quick.Laid | null {
    const laid = this.laid;
    if (!laid || game.cursor - 1 !== laid.index) return null;
    const last = game.tiles[game.tiles.length - 1];
    return last && last.x === laid.x && last.y === laid.y ? laid : null;
  }

  /** `look` laid on square `x`, `y` as move `index`, with the other `looks` that fit there. */
  laidAt(look: Quick.Look, index: number, x: number, y: number, looks: Quick.Look[]) {
    this.laid = { ...look, index, x, y, looks };
    this.keepTurn(look);
  }

  /** The tile just laid (`was`) entered again as `look`. */
  relaid(was: Quick.Laid, look: Quick.Look) {
    this.laid = { ...was, ...look };
    this.keepTurn(look);
  }

  private keepTurn(look: Quick.Look) {
    this.turnsKept = new Map(this.turnsKept).set(look.tile, look.rotation);
  }
}
