import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received. */
export interface Received {
  webhookId: string;
  token: string;
  body: {
    embeds?: {
      title: string;
      url: string;
      color: number;
      description: string;
      fields: { name: string; value: string }[];
    }[];
  };
  at: number;
}

/** An answer to give: status, JSON body and headers. */
export interface Answer {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
}

/**
 * A local stand-in for Discord's execute-webhook endpoint (POST /api/webhooks/{id}/{token}): records every
 * message and answers 204, or the answers planned for a webhook id, in order. The integration tests point their
 * server at it (DISCORD_WEBHOOK_URL); the browser tests' server is pointed at it on a fixed port (e2e-server.ts).
 */
export interface FakeDiscord {
  base: string;
  received: Received[];
  plan(webhookId: string, answers: Answer[]): void;
  close(): Promise<void>;
}

/** Starts the fake on `port` of the loopback address (0: any free port). */
export async function startFakeDiscord(port = 0): Promise<FakeDiscord> {
  const received: Received[] = [];
  const plans = new Map<string, Answer[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const match = /^\/api\/webhooks\/(\d+)\/([\w-]+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message": "Unknown Webhook", "code": 10015}');
        return;
      }
      received.push({
        webhookId: match[1]!,
        token: match[2]!,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'],
        at: Date.now(),
      });
      const answer = plans.get(match[1]!)?.shift() ?? { status: 204 };
      res.writeHead(answer.status, {
        ...(answer.json ? { 'content-type': 'application/json' } : {}),
        ...answer.headers,
      });
      res.end(answer.json === undefined ? undefined : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const listening = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${listening}/api/webhooks`,
    received,
    plan: (id, answers) => plans.set(id, [...answers]),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
