import type { Messages } from "./en";

export const de: Messages = {
  "app.title": "Castellan",
  "app.tagline": "Der Punktezähler neben eurem Carcassonne-Tisch",
  "start.engineCheck": "Die Regel-Engine fragen",
  "start.engineInfo": "Regel-Engine {version} · {tiles} Plättchen im Grundspiel",
  "start.engineWaiting": "Einen Moment…",
  "start.language": "Sprache",
  "error.internal": "In Castellan ist etwas schiefgegangen: {detail}",
};
