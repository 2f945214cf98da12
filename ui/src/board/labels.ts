// How a player is marked on followers and tokens: the shortest start of the name that no
// other player's name shares, so "Anna" and "Anke" are "Ann" and "Ank", not both "A".
import type { PlayerView } from "../bindings";

export function labels(names: string[]): string[] {
  return names.map((name, i) => {
    const others = names.filter((_, j) => j !== i).map((n) => n.toUpperCase());
    const upper = name.toUpperCase();
    for (let n = 1; n <= upper.length; n++) {
      const prefix = upper.slice(0, n);
      // Beyond three letters, keep two and the one that tells the names apart.
      if (!others.some((o) => o.startsWith(prefix))) return n <= 3 ? prefix : upper.slice(0, 2) + upper[n - 1];
    }
    return upper.slice(0, 3) || String(i + 1);
  });
}

/** The label of one seat among the players. */
export function letterOf(players: PlayerView[], seat: number): string {
  return labels(players.map((p) => p.name))[seat] ?? "?";
}

/** A seat's name, or "?" for a seat the game does not have. */
export function nameOf(players: PlayerView[], seat: number): string {
  return players[seat]?.name ?? "?";
}

/** Several seats' names, as a list in words. */
export function namesOf(players: PlayerView[], seats: number[]): string {
  return seats.map((s) => nameOf(players, s)).join(", ");
}
