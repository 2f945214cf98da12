// A score on the 50-space track as a table holds it: the marker's space and the 50 and 100
// tokens. A final board asks for each player's before its end count. How a total lies on
// the track is the engine's rule (B-50): the view sends it for totals it knows.

import type { TrackView } from "../bindings";

/** Spaces on the track: the marker comes round to 0 at 50. */
export const TRACK = 50;

/** A score read from the panel: its total, and where it was given as space and tokens, those. */
export type ReadScore = { total: number; track: TrackView | null };

/** What the panel's fields hold for one player. */
export type Typed = { space: string; fifties: string; hundreds: string; total: string };

/** A whole number up to `max`, or null for anything else (blank, negative, a fraction). */
export function whole(text: string, max = Number.MAX_SAFE_INTEGER): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/** What was typed, as a score: a space and tokens, or a total; null while incomplete or wrong. */
export function readTrack(typed: Typed, byTotal: boolean): ReadScore | null {
  if (byTotal) {
    const total = whole(typed.total);
    return total === null ? null : { total, track: null };
  }
  const space = whole(typed.space, TRACK - 1);
  const fifties = whole(typed.fifties);
  const hundreds = whole(typed.hundreds);
  if (space === null || fifties === null || hundreds === null) return null;
  return { total: space + TRACK * fifties + 100 * hundreds, track: { space, fifties, hundreds } };
}
