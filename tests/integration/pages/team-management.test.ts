import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import { parseHtml } from '#tests/helpers/dom.ts';

/** Who reaches the team management pages, and what they start from (read fixture, series S1). */
describe.each(engines)('the team management pages on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  const get = (path: string, cookie?: string) => server.fetch(path, cookie ? { headers: { cookie } } : {});

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  it('sends signed-out visitors to sign in and back', async () => {
    for (const path of ['/teams/add?series=S1', '/teams/request?series=S1', '/teams/ALPHA/edit?series=S1']) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      const location = new URL(response.headers.get('location') ?? '', server.baseUrl);
      expect(location.searchParams.get('redirect_uri'), path).toBe(path);
    }
  });

  it('lets admins create teams and managers edit their own team only', async () => {
    expect((await get('/teams/add?series=S1', fx.users.alphaManager.cookie)).status).toBe(403);
    expect((await get('/teams/add?series=S1', fx.users.admin.cookie)).status).toBe(200);
    expect((await get('/teams/ALPHA/edit?series=S1', fx.users.charlieManager.cookie)).status).toBe(403);
    expect((await get('/teams/NOPE/edit?series=S1', fx.users.admin.cookie)).status).toBe(404);
    const edit = await get('/teams/ALPHA/edit?series=S1', fx.users.alphaManager.cookie);
    expect(edit.status).toBe(200);
    const doc = parseHtml(await edit.text());
    expect(doc.one('#team-name').attrs['value']).toBe('Alpha Company');
    expect(doc.one('#team-admin').text).toContain('The team has no API key.');
    expect(doc.one('#team-admin').text).not.toContain('Delete team');
    const asAdmin = parseHtml(await (await get('/teams/ALPHA/edit?series=S1', fx.users.admin.cookie)).text());
    expect(asAdmin.one('#team-admin').text).toContain('Delete team');
  });

  it('shows a user the request form and their own requests, an admin the queue of everyone’s', async () => {
    await server.db
      .insertInto('team_registration_requests')
      .values({
        user_id: fx.users.plain.userId,
        name: 'Queued Company',
        tag: 'QUEUE',
        icon: null,
        invite: null,
        contact: null,
        decided_by_user_id: null,
        decided_at: null,
        decision_reason: null,
        team_id: null,
      })
      .execute();
    const mine = parseHtml(await (await get('/teams/request?series=S1', fx.users.plain.cookie)).text());
    expect(mine.one('#my-requests').text).toContain('QUEUE Queued Company');
    expect(mine.one('#my-requests').text).toContain('Waiting for an admin');
    expect(mine.all('#team-tag')).toHaveLength(1);
    const other = parseHtml(await (await get('/teams/request?series=S1', fx.users.alphaManager.cookie)).text());
    expect(other.one('#my-requests').text).not.toContain('QUEUE');
    // React's server render separates text with comments, which the test parser drops text next to: read the HTML.
    const queue = parseHtml(await (await get('/teams/request?series=S1', fx.users.admin.cookie)).text());
    expect(queue.all('#registration-queue li')).toHaveLength(1);
    expect(queue.html).toMatch(/<strong>QUEUE<\/strong> (<!-- -->)?Queued Company/);
    expect(queue.html).toContain('Approve <!-- -->QUEUE');
  });
});
