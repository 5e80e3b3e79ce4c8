import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createStaticServer } from './server';

// The /api proxy in front of an API made as the real one is (Fastify, its body limits): what the API
// answers reaches the visitor as it is, and no error leaves the visitor's connection broken.
const root = mkdtempSync(join(tmpdir(), 'serve-proxy-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');

const PDF_BYTES = 8 * 1024 * 1024;
let left = 0;
/** uploads the API has begun to read */
let uploading = 0;
/** requests the API saw end before it answered them (the visitor left) */
const abandoned: string[] = [];

async function fakeApi(): Promise<FastifyInstance> {
  const api = Fastify({ bodyLimit: 1024 * 1024 });
  // as the API does (packages/server/src/app.ts): a body answered 413 unread is read to its end, not reset
  api.addHook('onSend', async (request, reply) => {
    if (request.raw.complete || reply.getHeader('connection') !== 'close') return;
    reply.removeHeader('connection');
    request.raw.resume();
  });
  api.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    reply.code(status).send({ code: status === 413 ? 'payload-too-large' : 'error', requestId: request.id });
  });
  api.post('/api/app/vitals', { bodyLimit: 64 * 1024 }, async (_request, reply) => reply.code(204).send());
  api.post('/api/lis/results', async (request, reply) =>
    request.headers['x-api-key'] === 'lis-key' ? { accepted: true } : reply.code(401).send({ code: 'unauthorized' }),
  );
  api.post('/api/public/auth', async () => ({ sent: true }));
  api.post('/api/public/orders', async (_request, reply) =>
    reply.code(422).send({ code: 'invalid-phone', message: 'Невірний номер', field: 'phone' }),
  );
  api.get('/api/public/search', async (_request, reply) =>
    reply.code(429).header('retry-after', '17').send({ code: 'too-many-requests' }),
  );
  api.get('/api/ping', async () => ({ ok: true }));
  api.get('/api/results.pdf', async (_request, reply) => {
    const chunk = Buffer.alloc(64 * 1024, 0x25);
    let sent = 0;
    const { Readable } = await import('node:stream');
    const body = new Readable({
      read() {
        if (sent >= PDF_BYTES) return void this.push(null);
        sent += chunk.length;
        this.push(chunk);
      },
    });
    return reply.type('application/pdf').send(body);
  });
  // answers only once the test lets it (never, for the proxy's timeout), or notes that the visitor left
  api.get('/api/slow', (request, reply) => {
    request.raw.once('close', () => {
      if (!reply.sent) abandoned.push(request.url);
    });
    left += 1;
  });
  // a body the API is still reading: it notes that its request ended before the whole body came
  api.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/upload')) return;
    uploading += 1;
    request.raw.once('close', () => {
      if (!request.raw.complete) abandoned.push(request.url);
    });
  });
  api.post('/api/upload', async () => ({ stored: true }));
  await api.listen({ port: 0, host: '127.0.0.1' });
  return api;
}

type Running = { origin: string; close: () => Promise<void> };

/** Starts the site's server on a free port. */
async function start(options: Parameters<typeof createStaticServer>[0]): Promise<Running> {
  const server = createStaticServer(options);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; socket: Socket };

/** One request over `agent` (keep-alive, one connection): the answer and the connection it came on. */
function send(
  agent: http.Agent,
  url: string,
  { method = 'GET', body, headers = {} }: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: body ? { 'content-type': 'application/json', 'content-length': body.length, ...headers } : headers,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            socket: request.socket as Socket,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const jsonOf = (size: number) => Buffer.from(`{"x":"${'a'.repeat(size - 8)}"}`);

let api: FastifyInstance;
let site: Running;
beforeAll(async () => {
  api = await fakeApi();
  const { port } = api.server.address() as AddressInfo;
  site = await start({ root, spa: true, apiTarget: `http://127.0.0.1:${port}`, apiTimeout: 1000 });
});
afterAll(async () => {
  await site.close();
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

describe('an oversize body through the site', () => {
  it.each([
    ['a vitals beacon of 200 KB', '/api/app/vitals', 200 * 1024, {}],
    [
      'a laboratory’s results message of 5 MB with a valid key',
      '/api/lis/results',
      5 * 1024 * 1024,
      { 'x-api-key': 'lis-key' },
    ],
    ['3 MB to the sign-in', '/api/public/auth', 3 * 1024 * 1024, {}],
  ])(
    '%s: the API’s 413, and the next request on the same connection is answered',
    async (_what, path, size, headers) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let round = 0; round < 3; round += 1) {
          const answer = await send(agent, `${site.origin}${path}`, { method: 'POST', body: jsonOf(size), headers });
          expect(answer.status).toBe(413);
          expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'payload-too-large' });
          const next = await send(agent, `${site.origin}/api/ping`);
          expect(next.status).toBe(200);
          expect(next.socket).toBe(answer.socket);
        }
      } finally {
        agent.destroy();
      }
    },
  );
});

describe('the API’s own answers pass through unchanged', () => {
  it('401, 422 with its field, 429 with its Retry-After', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const unauthorized = await send(agent, `${site.origin}/api/lis/results`, { method: 'POST', body: jsonOf(100) });
      expect(unauthorized.status).toBe(401);
      expect(JSON.parse(unauthorized.body.toString())).toEqual({ code: 'unauthorized' });
      const invalid = await send(agent, `${site.origin}/api/public/orders`, { method: 'POST', body: jsonOf(100) });
      expect(invalid.status).toBe(422);
      expect(JSON.parse(invalid.body.toString())).toEqual({
        code: 'invalid-phone',
        message: 'Невірний номер',
        field: 'phone',
      });
      const limited = await send(agent, `${site.origin}/api/public/search?q=%D0%B3`);
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBe('17');
      expect(JSON.parse(limited.body.toString())).toEqual({ code: 'too-many-requests' });
      // all on one connection, none of them broke it
      expect(new Set([unauthorized.socket, invalid.socket, limited.socket]).size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('streams a large answer (a results PDF) whole', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const pdf = await send(agent, `${site.origin}/api/results.pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.body.length).toBe(PDF_BYTES);
    } finally {
      agent.destroy();
    }
  });
});

describe('when the API cannot answer', () => {
  it('a dead API: 502 with the request’s id, the connection still usable', async () => {
    const dead = await start({ root, spa: true, apiTarget: 'http://127.0.0.1:9' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await send(agent, `${dead.origin}/api/public/info`, {
        method: 'POST',
        body: jsonOf(2 * 1024 * 1024),
      });
      expect(answer.status).toBe(502);
      const body = JSON.parse(answer.body.toString());
      expect(body).toMatchObject({ code: 'upstream-unavailable', requestId: answer.headers['x-request-id'] });
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      const page = await send(agent, `${dead.origin}/cart`);
      expect(page.status).toBe(200);
    } finally {
      agent.destroy();
      await dead.close();
    }
  });

  it('an API that does not answer in time: 504 with the request’s id', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await send(agent, `${site.origin}/api/slow`);
      expect(answer.status).toBe(504);
      const body = JSON.parse(answer.body.toString());
      expect(body).toMatchObject({ code: 'upstream-timeout', requestId: answer.headers['x-request-id'] });
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await send(agent, `${site.origin}/api/ping`)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('a visitor who leaves: the API’s request is ended too, and the site goes on answering', async () => {
    const before = left;
    const request = http.get(`${site.origin}/api/slow?leaving`);
    request.on('error', () => undefined);
    // once the API holds the request, the visitor goes away
    await new Promise<void>((resolve) => {
      const check = () => (left > before ? resolve() : setTimeout(check, 10));
      check();
    });
    request.destroy();
    await new Promise<void>((resolve) => {
      const check = () => (abandoned.includes('/api/slow?leaving') ? resolve() : setTimeout(check, 10));
      check();
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await send(agent, `${site.origin}/api/ping`)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('a visitor who leaves halfway through a body: the API’s request is ended too, not left waiting for the rest', async () => {
    const before = uploading;
    const request = http.request(`${site.origin}/api/upload?halfway`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': 100_000 },
    });
    request.on('error', () => undefined);
    request.write(Buffer.alloc(10_000, 0x20));
    await new Promise<void>((resolve) => {
      const check = () => (uploading > before ? resolve() : setTimeout(check, 10));
      check();
    });
    request.destroy();
    await new Promise<void>((resolve) => {
      const check = () => (abandoned.includes('/api/upload?halfway') ? resolve() : setTimeout(check, 10));
      check();
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await send(agent, `${site.origin}/api/ping`)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
