import { atom } from 'nanostores';

/** The loading labels of spec section 4, shown while the team, match and statistics pages wait for a call. */
export const LOADING_TEAMS = 'Loading teams';
export const LOADING_MATCHES = 'Loading matches';
export const LOADING_STATISTICS = 'Loading statistics';

/** A loading notice appears only when the work takes longer than this (spec section 9: 0.25 s). */
export const LOADING_DELAY_MS = 250;
/** How often a loading notice's elapsed time is updated (spec section 9: every 1 s). */
export const LOADING_TICK_MS = 1000;
/** The window event `notify()` dispatches: it wakes the notifications region (`client:engage="hss:notify"`). */
export const NOTIFY_EVENT = 'hss:notify';

export type NoticeKind = 'error' | 'info' | 'warning' | 'success';

/** One notification. Loading notices are not dismissible: they leave when their work ends. */
export type Notice =
  { id: string; kind: NoticeKind; message: string } | { id: string; kind: 'loading'; message: string; seconds: number };

/** The notifications on screen, oldest first; rendered by the one notifications region (src/islands). */
export const $notifications = atom<readonly Notice[]>([]);

let counter = 0;
const nextId = () => `n${++counter}`;

function add(notice: Notice): void {
  $notifications.set([...$notifications.get(), notice]);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(NOTIFY_EVENT));
}

/** Shows a dismissible notification and returns its id. */
export function notify(kind: NoticeKind, message: string): string {
  const id = nextId();
  add({ id, kind, message });
  return id;
}

/** Removes a notification (unknown ids are ignored). */
export function dismiss(id: string): void {
  const rest = $notifications.get().filter((notice) => notice.id !== id);
  if (rest.length !== $notifications.get().length) $notifications.set(rest);
}

/** Removes every notification (tests, page changes). */
export function clearNotifications(): void {
  $notifications.set([]);
}

/**
 * Runs `work` and, if it has not ended after 0.25 s, shows a loading notice labelled `label` whose elapsed
 * seconds tick every second; the notice is removed when the work ends, whether it succeeded or failed.
 */
export async function whileLoading<T>(label: string, work: () => Promise<T>): Promise<T> {
  const id = nextId();
  let ticker: ReturnType<typeof setInterval> | undefined;
  const delay = setTimeout(() => {
    add({ id, kind: 'loading', message: label, seconds: 0 });
    ticker = setInterval(() => {
      $notifications.set(
        $notifications
          .get()
          .map((notice) =>
            notice.id === id && notice.kind === 'loading' ? { ...notice, seconds: notice.seconds + 1 } : notice,
          ),
      );
    }, LOADING_TICK_MS);
  }, LOADING_DELAY_MS);
  try {
    return await work();
  } finally {
    clearTimeout(delay);
    if (ticker !== undefined) clearInterval(ticker);
    dismiss(id);
  }
}

/** The error notification of an island whose navigation (a page change it started) failed. */
export function notifyNavigationError(error: unknown): string {
  return notify('error', `Navigation errored: ${error instanceof Error ? error.message : String(error)}`);
}
