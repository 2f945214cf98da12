// A score on the 50-space track as a table holds it: the marker's space and the 50 and 100
// tokens. A final board asks for each player's before its end count. How a total lies on
// the track, and what a marker and tokens add up to, is the engine's rule (B-50): the view
// sends the one, the table answers the other; this only reads what was typed.

import type { TrackView } from "../bindings";

/** A score read from the panel: its total, and where it was given as space and tokens, those. */
export type ReadScore = { total: number; track: TrackView | null };

/** What the panel's fields hold for one player. */
export type Typed = { space: string; fifties: string; hundreds: string; total: string };

/** The largest number a field may hold: what the table's numbers carry. */
const LARGEST = 2 ** 32 - 1;

/** A whole number, or null for anything else (blank, negative, a fraction, too large). */
export function whole(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n <= LARGEST ? n : null;
}

/** What was typed as a marker and tokens; null while incomplete or not whole numbers. */
export function typedTrack(typed: Typed): TrackView | null {
  const [space, fifties, hundreds] = [whole(typed.space), whole(typed.fifties), whole(typed.hundreds)];
  if (space === null || fifties === null || hundreds === null) return null;
  return { space, fifties, hundreds };
}

/**
 * A player's score as the panel reads it: a typed total as it is; else the marker and tokens
 * typed, with the `total` the table answered for them (null: not a place on the track).
 */
export function readScore(typed: Typed, byTotal: boolean, total: number | null | undefined): ReadScore | null {
  if (byTotal) {
    const given = whole(typed.total);
    return given === null ? null : { total: given, track: null };
  }
  const track = typedTrack(typed);
  return track === null || total === null || total === undefined ? null : { total, track };
}
