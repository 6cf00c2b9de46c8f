import { ApiError } from '#lib/client/api-error.ts';
import { notifyNavigationError } from '#lib/client/stores/notifications.ts';

export interface NavigateDeps {
  fetch: (target: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status'>>;
  go: (target: string) => void;
}

const browser: NavigateDeps = {
  fetch: (target, init) => fetch(target, init),
  go: (target) => window.location.assign(target),
};

/**
 * Moves the visitor to `target` (a same-origin page) after an island's action: sign out, a saved form. The page is
 * asked for first, so that when it fails the visitor stays where they are, with what they typed, and sees
 * 'Navigation errored: HTTP request failed with status code: {status}' (spec section 2) instead of an error page.
 * Resolves true when the browser was sent on, false after the error notice.
 */
export async function navigate(target: string, deps: NavigateDeps = browser): Promise<boolean> {
  try {
    const response = await deps.fetch(target, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
      cache: 'no-store',
    });
    if (!response.ok) throw new ApiError(response.status, undefined);
  } catch (error) {
    notifyNavigationError(error);
    return false;
  }
  deps.go(target);
  return true;
}
