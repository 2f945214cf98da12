import type { Messages } from "./en";

export const nl: Messages = {
  "app.title": "Castellan",
  "app.tagline": "De scorebijhouder naast je Carcassonne-tafel",
  "start.engineCheck": "Vraag het de spelregelmotor",
  "start.engineInfo": "Spelregelmotor {version} · {tiles} tegels in het basisspel",
  "start.engineWaiting": "Even vragen…",
  "start.language": "Taal",
  "error.internal": "Er ging iets mis in Castellan: {detail}",
};
