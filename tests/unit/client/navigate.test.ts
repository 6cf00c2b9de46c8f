import { afterEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { navigate, type NavigateDeps } from '#lib/client/navigate.ts';
import { $notifications, clearNotifications } from '#lib/client/stores/notifications.ts';

function fake(answer: number | Error) {
  const went: string[] = [];
  const asked: string[] = [];
  const deps: NavigateDeps = {
    fetch: async (target) => {
      asked.push(target);
      if (answer instanceof Error) throw answer;
      return { ok: answer >= 200 && answer < 300, status: answer };
    },
    go: (target) => went.push(target),
  };
  return { deps, went, asked };
}
const messages = () => $notifications.get().map((n) => [n.kind, n.message]);

describe('navigate', () => {
  afterEach(() => {
    clearNotifications();
    cleanStores($notifications);
  });

  it('sends the browser on when the page answers', async () => {
    const { deps, went, asked } = fake(200);
    expect(await navigate('/teams?series=S3', deps)).toBe(true);
    expect([asked, went]).toEqual([['/teams?series=S3'], ['/teams?series=S3']]);
    expect(messages()).toEqual([]);
  });

  it("stays and says 'Navigation errored: ...' when the page fails", async () => {
    const { deps, went } = fake(500);
    expect(await navigate('/teams', deps)).toBe(false);
    expect(went).toEqual([]);
    expect(messages()).toEqual([['error', 'Navigation errored: HTTP request failed with status code: 500']]);
  });

  it('reports a network failure in the same words', async () => {
    const { deps, went } = fake(new TypeError('Failed to fetch'));
    expect(await navigate('/teams', deps)).toBe(false);
    expect(went).toEqual([]);
    expect(messages()).toEqual([['error', 'Navigation errored: Failed to fetch']]);
  });
});
