import { ApiError, csrfFromDocumentCookie } from '#lib/client/api-error.ts';
import { notify } from '#lib/client/stores/notifications.ts';
import { navigate, type NavigateDeps } from '#lib/client/navigate.ts';

/**
 * Signs out (POST /v2/users/@me/logout with the session's CSRF token) and loads the same page again, now as a
 * visitor ('Navigation errored: ...' if it fails to load). A refused sign-out is notified and the visitor stays.
 * A plain fetch: the API client and its schemas are not needed to leave. Resolves whether the browser was sent on.
 */
export async function signOut(deps?: NavigateDeps): Promise<boolean> {
  try {
    const token = csrfFromDocumentCookie();
    const response = await fetch('/v2/users/@me/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: token ? { 'x-csrf-token': token } : {},
    });
    if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  } catch (error) {
    notify('error', `Could not sign out. ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  return navigate(window.location.href.split('#')[0] ?? '/', deps);
}
