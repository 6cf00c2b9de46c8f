import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeGracefully } from '#lib/server/http/server/shutdown.ts';

/** A real server whose every answer takes `delayMs`; resolves with its address once listening. */
async function slowServer(delayMs: number): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((_req, res) => {
    setTimeout(() => res.end('done'), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe('closeGracefully', () => {
  it('stops accepting at once, lets the request in flight finish, and closes idle keep-alive connections', async () => {
    const { server, url } = await slowServer(400);
    await fetch(url).then((r) => r.text()); // leaves an idle keep-alive connection behind
    const inFlight = fetch(url).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopping = closeGracefully(server, 5000);
    await expect(fetch(url)).rejects.toThrow();
    expect(await inFlight).toBe('done');
    expect(await stopping).toBe(true);
    expect(server.listening).toBe(false);
  });

  it('cuts a request that outlives the grace period', async () => {
    const { server, url } = await slowServer(10_000);
    const inFlight = fetch(url).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    expect(await closeGracefully(server, 300)).toBe(false);
    expect(performance.now() - started).toBeLessThan(5000);
    await expect(inFlight).rejects.toThrow();
  });
});
