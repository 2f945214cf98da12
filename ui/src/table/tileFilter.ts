// Finding the drawn tile by what is typed: the start of its id ("E", "R2-0"), or its edges as
// seen on the table, clockwise from any side ("CRFR": city, road, field, road; W is river).

const EDGE_LETTERS = /^[CRFW]{2,4}$/;

/** Whether `typed` names the tile `id` whose edges, north first, are `edges`. */
export function tileMatches(typed: string, id: string, edges: string): boolean {
  const wanted = typed.trim().toUpperCase();
  if (wanted === "") return true;
  if (id.toUpperCase().startsWith(wanted)) return true;
  if (!EDGE_LETTERS.test(wanted) || edges.length !== 4) return false;
  // Any turn of the tile: the typed run must appear going round the edges.
  return (edges + edges).includes(wanted);
}
