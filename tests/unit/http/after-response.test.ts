import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { afterResponse, withAfterResponse } from '#lib/server/core/after-response.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('afterResponse', () => {
  it("holds a request's background work until its response has gone out, then runs it once", async () => {
    const res = new EventEmitter();
    const ran: string[] = [];
    withAfterResponse(res as unknown as ServerResponse, () => {
      void Promise.resolve().then(() => afterResponse(() => ran.push('rating')));
    });
    await turn();
    await turn();
    expect(ran).toEqual([]);
    res.emit('finish');
    res.emit('close');
    expect(ran).toEqual(['rating']);
  });

  it('runs on the next turn outside a request or once the response is sent', async () => {
    const ran: string[] = [];
    afterResponse(() => ran.push('outside'));
    expect(ran).toEqual([]);
    await turn();
    expect(ran).toEqual(['outside']);
    const res = new EventEmitter();
    withAfterResponse(res as unknown as ServerResponse, () => {
      res.emit('close');
      afterResponse(() => ran.push('late'));
    });
    await turn();
    expect(ran).toEqual(['outside', 'late']);
  });
});
