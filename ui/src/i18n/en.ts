// English is the reference language: every key lives here first, and the Dutch and German
// tables must have exactly the same keys and placeholders.
export const en = {
  "app.title": "Castellan",
  "app.tagline": "The scorekeeper beside your Carcassonne table",
  "start.engineCheck": "Ask the rules engine",
  "start.engineInfo": "Rules engine {version} · {tiles} tiles in the base game",
  "start.engineWaiting": "Asking…",
  "start.language": "Language",
  "error.internal": "Something went wrong inside Castellan: {detail}",
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
