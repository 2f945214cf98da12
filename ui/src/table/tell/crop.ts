// The crop circle's answers as the table gives them, turned into the engine's `CropCircle`:
// the placer's choice, then one entry per player who has something to do, in the order the
// table crate's question lists them (from the placer's left round to the placer). Which
// places and figures are on offer is the engine's answer; this only keeps the table's picks.
import type { CropChoice, CropCircle, CropDeed, CropPlayer, CropQuestion, Figure, Spot } from "../../bindings";

/** One player's pick: a pass (under add only), or a place with the figure added or taken back. */
export type CropPick = { kind: "pass" } | { kind: "at"; at: Spot; figure: Figure };

/** Whether `p` has something to do under `choice`: under add only with a figure in hand and a
 * follower to join (CC-05, CC-07); under remove always, as the question lists only players
 * with a follower of the kind on the board (CC-06). */
export function acts(p: CropPlayer, choice: CropChoice): boolean {
  return choice === "remove" ? p.remove.length > 0 : p.add.length > 0 && p.addFigures.length > 0;
}

/** Whether `pick` is an answer `p` may give under `choice`: a pass only under add. */
function fits(p: CropPlayer, choice: CropChoice, pick: CropPick | undefined): pick is CropPick {
  if (!pick) return false;
  if (pick.kind === "pass") return choice === "add";
  const same = (s: Spot) => s.x === pick.at.x && s.y === pick.at.y && s.place === pick.at.place;
  return choice === "remove"
    ? p.remove.some((r) => r.figure === pick.figure && same(r.at.at))
    : p.addFigures.includes(pick.figure) && p.add.some((t) => same(t.at));
}

/** The player the board's lit places are for: `picked` while they still act, else the first
 * in the action's order with no answer yet; none once everyone who acts has answered. */
export function answering(
  q: CropQuestion,
  choice: CropChoice | null,
  picks: Record<number, CropPick>,
  picked: number | null,
): CropPlayer | null {
  if (!choice) return null;
  const acting = q.players.filter((p) => acts(p, choice));
  return acting.find((p) => p.seat === picked) ?? acting.find((p) => !fits(p, choice, picks[p.seat])) ?? null;
}

/** The engine's `CropCircle` for the picks so far, and whether it is complete: a choice, and
 * an answer from every player who acts. `null` before the placer chose. */
export function cropCircleOf(
  q: CropQuestion,
  choice: CropChoice | null,
  picks: Record<number, CropPick>,
): { circle: CropCircle | null; complete: boolean } {
  if (!choice) return { circle: null, complete: false };
  let complete = true;
  const actions = q.players.flatMap((p) => {
    if (!acts(p, choice)) return [];
    const pick = picks[p.seat];
    if (!fits(p, choice, pick)) {
      complete = false;
      return [];
    }
    const deed: CropDeed =
      pick.kind === "pass"
        ? { kind: "pass" }
        : { kind: "at", cell: { x: pick.at.x, y: pick.at.y }, port: pick.at.place, figure: pick.figure };
    return [{ player: p.seat, deed }];
  });
  return { circle: { choice, actions }, complete };
}
