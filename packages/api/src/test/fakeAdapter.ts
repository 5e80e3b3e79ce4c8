/** A stand-in for the network in tests: records each request the clients send and answers from a handler. */
import { type ApiRequest, setTransport } from '../clients/http';

export type { ApiRequest } from '../clients/http';

/** An answer; `networkError`: none arrives (fetch rejects); `timedOut`: none ever comes (set a timeout). */
export type Reply = { status: number; data: unknown } | { networkError: true } | { timedOut: true };
export type Handler = (request: ApiRequest) => Reply | Promise<Reply>;

export function ok(data: unknown): Reply {
  return { status: 200, data };
}

/** Installs `handler` in place of fetch for all three clients; returns the recorded requests. */
export function installAdapter(handler: Handler): ApiRequest[] {
  const requests: ApiRequest[] = [];
  setTransport(async (request, signal) => {
    requests.push(request);
    // a call the caller aborted before it left is never answered, as fetch rejects it
    if (signal.aborted) throw signal.reason;
    const reply = await handler(request);
    // what fetch does when no answer arrives
    if ('networkError' in reply) throw new TypeError('Failed to fetch');
    // an answer that never comes: the call ends when its signal aborts (the clients' timer, http.ts)
    if ('timedOut' in reply) {
      return new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    return { status: reply.status, data: reply.data, headers: new Headers() };
  });
  return requests;
}

/** The JSON body a request sent. */
export function bodyOf(request: ApiRequest): unknown {
  return typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
}
