// The tile catalog as the app loaded it from Rust once, for every component that draws or
// looks up tiles.
import type { TileShape } from "../bindings";

export const catalog = $state({ shapes: new Map<string, TileShape>() });
