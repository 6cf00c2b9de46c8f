/** A part of a page that loaded (`ok`) or failed with a message fit to show (`error`). */
export type Settled<T> = { ok: T; error?: undefined } | { ok?: undefined; error: string };
