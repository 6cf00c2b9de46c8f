import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { insertMatch, insertTeam, sessionFor, type Credentials } from '#tests/integration/auth/helpers.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { startWebhookWorker, stopWebhookWorker } from '#lib/server/services/webhooks/worker.ts';
import { webhookListSchema, webhookSchema } from '#lib/schemas/webhook.ts';
import { startFakeDiscord, type FakeDiscord } from '#tests/fake-discord/webhooks.ts';

const PUBLIC_URL = 'http://127.0.0.1:4321';
let fake: FakeDiscord;
let counter = 0;
const secrets: string[] = [];
const logged: string[] = [];

/** A fresh webhook address on the fake Discord; its token is remembered to prove it never leaks. */
function hookUrl(): { url: string; id: string; token: string } {
  const id = `9${String(++counter).padStart(17, '0')}`;
  const token = `t${randomBytes(36).toString('base64url')}`;
  secrets.push(token);
  return { url: `${fake.base}/${id}/${token}`, id, token };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const receivedBy = (id: string) => fake.received.filter((r) => r.webhookId === id);

beforeAll(async () => {
  fake = await startFakeDiscord();
  // Nothing the server logs may carry a webhook token.
  for (const method of ['log', 'error', 'warn', 'info'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
      original(...args);
    });
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await fake.close();
});

describe.each(engines)('Discord webhooks on %s', (engine) => {
  let server: TestServer;
  let admin: Credentials;
  let user: Credentials;
  let seriesId: number;
  const teams: Record<string, { id: number; tag: string }> = {};
  const prefix = engine === 'pglite' ? 'L' : 'P';

  const api = (path: string, who: Credentials | null, init: RequestInit = {}) =>
    server.fetch(path, {
      ...init,
      headers: { ...(who?.headers ?? {}), 'content-type': 'application/json', ...init.headers },
    });
  const addHook = async (url: string, who: Credentials | null = admin) =>
    api('/v3/series/S1/webhooks', who, { method: 'POST', body: JSON.stringify({ url }) });
  const outbox = () => server.db.selectFrom('webhook_outbox').selectAll().orderBy('id').execute();
  const pendingMatch = (winner: string, loser: string) =>
    insertMatch(server.db, {
      seriesId,
      winner: teams[winner]!,
      loser: teams[loser]!,
      submittedBy: teams[loser]!.id,
      status: 'pending',
    });
  const decide = async (matchId: number, action: 'approve' | 'dispute') => {
    const response = await api(`/v3/series/S1/matches/${matchId}`, admin, {
      method: 'POST',
      body: JSON.stringify({ action }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const allSettled = () =>
    waitFor('the outbox to settle', async () => (await outbox()).every((row) => row.status !== 'pending'));

  beforeAll(async () => {
    server = await startTestServer(engine, {
      PUBLIC_URL,
      DISCORD_WEBHOOK_URL: fake.base,
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_POLL_SECONDS: '0.2',
    });
    await createSeries(server.db, { tag: 'S1', name: 'Season 1', current: true });
    // One match ranks a team, so that the first posted match also announces both teams reaching the ranking.
    const row = await server.db
      .updateTable('series')
      .set({ ranked_after_matches: 1 })
      .where('tag', '=', 'S1')
      .returning('id')
      .executeTakeFirstOrThrow();
    seriesId = row.id;
    for (const letter of ['A', 'B', 'C', 'D']) {
      // Tags as communities write them, brackets and all: a message shows them as they are.
      const tag = `[${letter}${prefix}]`;
      teams[letter] = { id: await insertTeam(server.db, tag), tag };
    }
    admin = await sessionFor(server.db, { discordId: `8${prefix === 'L' ? 1 : 2}0000000000000001`, admin: true });
    user = await sessionFor(server.db, { discordId: `8${prefix === 'L' ? 1 : 2}0000000000000002` });
  });
  afterAll(async () => {
    await ratingQueueIdle(server.db);
    await server.close();
  });

  it('lets only admins add, list and remove webhooks, and never answers an address in full', async () => {
    const hook = hookUrl();
    expect((await addHook(hook.url, null)).status).toBe(401);
    expect((await addHook(hook.url, user)).status).toBe(403);
    expect((await api('/v3/series/S1/webhooks', user)).status).toBe(403);
    // A session's write needs its CSRF token.
    const noCsrf = await server.fetch('/v3/series/S1/webhooks', {
      method: 'POST',
      headers: { cookie: admin.headers['cookie']!, 'content-type': 'application/json' },
      body: JSON.stringify({ url: hook.url }),
    });
    expect(noCsrf.status).toBe(403);
    for (const bad of [
      'https://example.org/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz',
      `${fake.base}/123/short`,
      `${hook.url}?wait=true`,
      'not a url',
    ]) {
      const refused = await addHook(bad);
      expect(refused.status, bad).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^Invalid field 'url'/);
    }
    const created = await addHook(hook.url);
    expect(created.status).toBe(201);
    const text = await created.text();
    const webhook = webhookSchema.parse(JSON.parse(text));
    expect(webhook.masked_url).toBe(
      `127.0.0.1:${new URL(fake.base).port}/…/webhooks/${hook.id}/…${hook.token.slice(-4)}`,
    );
    expect((await addHook(hook.url)).status).toBe(409);

    const listed = await api('/v3/series/S1/webhooks', admin);
    const listText = await listed.text();
    expect(webhookListSchema.parse(JSON.parse(listText)).map((w) => w.id)).toContain(webhook.id);
    const audit = await (await api('/v3/audit-log', admin)).text();
    expect(audit).toContain('webhook.add');
    for (const answer of [text, listText, audit]) expect(answer).not.toContain(hook.token.slice(0, 20));

    expect((await api(`/v3/series/S1/webhooks/${webhook.id}`, user, { method: 'DELETE' })).status).toBe(403);
    expect((await api(`/v3/series/S1/webhooks/${webhook.id}`, admin, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/v3/series/S1/webhooks/${webhook.id}`, admin, { method: 'DELETE' })).status).toBe(404);
    // An id no row can have is named as it was given.
    const past = await api('/v3/series/S1/webhooks/2147483648', admin, { method: 'DELETE' });
    expect([past.status, await past.json()]).toEqual([
      404,
      { error: 'Webhook 2147483648 does not exist in this series', code: 'WebhookNotFound' },
    ]);

    // Without JavaScript the admin page posts a plain form and is sent back to it.
    const form = await server.fetch('/v3/series/S1/webhooks', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ url: hook.url, csrf_token: admin.headers['x-csrf-token']! }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/admin/webhooks?series=S1');
    const [again] = webhookListSchema.parse(await (await api('/v3/series/S1/webhooks', admin)).json());
    const removed = await server.fetch(`/v3/series/S1/webhooks/${again!.id}`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: admin.headers['x-csrf-token']! }).toString(),
    });
    expect(removed.status).toBe(303);
    expect(webhookListSchema.parse(await (await api('/v3/series/S1/webhooks', admin)).json())).toEqual([]);

    // A refused plain form goes back to the page, which says why; the page is for admins only.
    const refused = await server.fetch('/v3/series/S1/webhooks', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        url: 'https://example.org/x',
        csrf_token: admin.headers['x-csrf-token']!,
      }).toString(),
    });
    expect(refused.headers.get('location')).toBe('/admin/webhooks?series=S1&error=invalid');
    const page = await server.fetch('/admin/webhooks?series=S1&error=invalid', { headers: admin.headers });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      'must be a Discord webhook address: https://discord.com/api/webhooks/{id}/{token}',
    );
    expect((await server.fetch('/admin/webhooks?series=S1', { headers: user.headers })).status).toBe(403);
  });

  it('posts a match, its rating changes and the newly ranked teams to every webhook exactly once', async () => {
    const first = hookUrl();
    const second = hookUrl();
    expect((await addHook(first.url)).status).toBe(201);
    expect((await addHook(second.url)).status).toBe(201);
    const matchId = await pendingMatch('A', 'B');
    await decide(matchId, 'approve');
    for (const hook of [first, second]) await waitFor('three messages', () => receivedBy(hook.id).length >= 3);
    await allSettled();
    await ratingQueueIdle(server.db);
    for (const hook of [first, second]) {
      const titles = receivedBy(hook.id).map((r) => r.body.embeds![0]!.title);
      const [a, b] = [teams['A']!.tag, teams['B']!.tag];
      expect(titles.sort()).toEqual(
        [
          `${a} Team ${a} beat ${b} Team ${b} 3-2`,
          `${a} Team ${a} enters the ranking`,
          `${b} Team ${b} enters the ranking`,
        ].sort(),
      );
      const posted = receivedBy(hook.id).find((r) => r.body.embeds![0]!.title.includes(' beat '))!.body.embeds![0]!;
      expect(posted.url).toBe(`${PUBLIC_URL}/statistics/matches/${matchId}?series=S1`);
      expect(posted.color).toBe(0x339af0); // the Allies won
      const ratings = posted.fields.find((f) => f.name === 'Rating changes')!.value;
      expect(JSON.stringify(posted)).not.toContain('[[');
      const number = String.raw`[−-]?\d+\.\d\d`;
      const change = String.raw`\([+−]?\d+\.\d\d\)`;
      const line = (tag: string) =>
        new RegExp(
          `^${tag.replace(/[[\]]/g, '\\$&')}: mean ${number} → ${number} ${change} · score ${number} → ${number} ${change}$`,
        );
      const lines = ratings.split('\n');
      expect(lines[0]).toMatch(line(a));
      expect(lines[1]).toMatch(line(b));
    }
    const rows = await outbox();
    expect(rows.filter((r) => r.status === 'delivered')).toHaveLength(6);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('announces a report only once it is posted, and a dispute as a dispute, with the title escaped', async () => {
    const hook = hookUrl();
    expect((await addHook(hook.url)).status).toBe(201);
    const matchId = await pendingMatch('C', 'D');
    await server.db
      .updateTable('matches')
      .set({ title: '[Free nitro](https://evil.example) **now**' })
      .where('id', '=', matchId)
      .execute();
    // One row per webhook of the series: the events, once each.
    const events = async () => [
      ...new Set((await outbox()).filter((row) => row.event_key === `${row.event}:${matchId}`).map((row) => row.event)),
    ];
    expect(await events()).toEqual([]);
    await decide(matchId, 'dispute');
    expect(await events()).toEqual(['match.disputed']);
    const disputed = await waitFor('the dispute', () =>
      receivedBy(hook.id).find((r) => r.body.embeds![0]!.title.startsWith('Disputed')),
    );
    expect(disputed.body.embeds![0]!.description).toContain('[Free nitro]\\(https\\://evil.example\\) \\*\\*now\\*\\*');
    await decide(matchId, 'approve');
    await ratingQueueIdle(server.db);
    await waitFor('the posted match', async () => (await events()).includes('match.posted'));
    expect((await events()).sort()).toEqual(['match.disputed', 'match.posted']);
    await allSettled();
  });

  it('waits what a 429 asks (retry_after in the body, else Retry-After) and retries 5xx with backoff', async () => {
    await server.db.deleteFrom('webhooks').execute();
    const limited = hookUrl();
    const header = hookUrl();
    const flaky = hookUrl();
    const dead = hookUrl();
    const gone = hookUrl();
    for (const hook of [limited, header, flaky, dead, gone]) expect((await addHook(hook.url)).status).toBe(201);
    fake.plan(limited.id, [
      { status: 429, json: { message: 'You are being rate limited.', retry_after: 0.4, global: false } },
    ]);
    fake.plan(header.id, [{ status: 429, headers: { 'retry-after': '1' } }]);
    fake.plan(flaky.id, [{ status: 500 }, { status: 502 }]);
    fake.plan(dead.id, [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }]);
    fake.plan(gone.id, [{ status: 404, json: { message: 'Unknown Webhook', code: 10015 } }]);
    const matchId = await pendingMatch('C', 'D');
    await decide(matchId, 'dispute');
    await allSettled();
    const gap = (id: string) => {
      const [a, b] = receivedBy(id);
      return b!.at - a!.at;
    };
    expect(receivedBy(limited.id)).toHaveLength(2);
    expect(gap(limited.id)).toBeGreaterThanOrEqual(350);
    expect(receivedBy(header.id)).toHaveLength(2);
    expect(gap(header.id)).toBeGreaterThanOrEqual(950);
    expect(receivedBy(flaky.id)).toHaveLength(3);
    expect(receivedBy(dead.id)).toHaveLength(3); // WEBHOOK_MAX_ATTEMPTS
    expect(receivedBy(gone.id)).toHaveLength(1);
    const disputed = receivedBy(limited.id)[1]!.body.embeds![0]!;
    expect(disputed.title).toBe(
      `Disputed: ${teams['C']!.tag} Team ${teams['C']!.tag} vs ${teams['D']!.tag} Team ${teams['D']!.tag} 3-2`,
    );

    const byHook = new Map(
      webhookListSchema.parse(await (await api('/v3/series/S1/webhooks', admin)).json()).map((w) => [w.discord_id, w]),
    );
    expect(byHook.get(limited.id)).toMatchObject({ delivered: 1, failed: 0, pending: 0 });
    expect(byHook.get(flaky.id)).toMatchObject({ delivered: 1, failed: 0 });
    expect(byHook.get(dead.id)).toMatchObject({
      delivered: 0,
      failed: 1,
      last_error: 'HTTP 503 (gave up after 3 attempts)',
    });
    expect(byHook.get(gone.id)).toMatchObject({ delivered: 0, failed: 1, last_error: 'HTTP 404' });
  });

  it('keeps undelivered messages across a restart and delivers them once', async () => {
    await server.db.deleteFrom('webhooks').execute();
    const hook = hookUrl();
    expect((await addHook(hook.url)).status).toBe(201);
    // The application stops delivering (as if it stopped right after the change committed) ...
    await server.restart({ webhooks: false });
    const matchId = await pendingMatch('B', 'C');
    await decide(matchId, 'dispute');
    const [row] = await outbox();
    expect(row).toMatchObject({
      event: 'match.disputed',
      event_key: `match.disputed:${matchId}`,
      status: 'pending',
      attempts: 0,
    });
    expect(receivedBy(hook.id)).toHaveLength(0);
    // ... and starts again: the waiting message goes out, once.
    await server.restart({});
    await allSettled();
    expect(receivedBy(hook.id)).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it.runIf(engine === 'postgres')('delivers each message once with two instances on one database', async () => {
    await server.db.deleteFrom('webhooks').execute();
    const hooks = [hookUrl(), hookUrl(), hookUrl()];
    for (const hook of hooks) expect((await addHook(hook.url)).status).toBe(201);
    await server.restart({ webhooks: false });
    for (let i = 0; i < 6; i++) await decide(await pendingMatch(i % 2 ? 'A' : 'B', 'D'), 'dispute');
    // Two more workers, each on a connection pool of its own, compete for the 18 messages.
    const others = await Promise.all([0, 1].map(() => connectDatabase({ databaseUrl: server.location, poolSize: 3 })));
    for (const other of others) startWebhookWorker(other.db);
    try {
      await allSettled();
    } finally {
      for (const other of others) {
        await stopWebhookWorker(other.db);
        await other.close();
      }
    }
    for (const hook of hooks) expect(receivedBy(hook.id)).toHaveLength(6);
    await server.restart({});
  });

  it('never logs a webhook address', () => {
    for (const token of secrets) for (const line of logged) expect(line).not.toContain(token.slice(0, 20));
  });
});
