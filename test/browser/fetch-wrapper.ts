/**
 * A wrapper around `window.fetch` for the faults the real sandbox cannot produce (a dropped
 * connection, a hanging answer, a garbage body) and for counting requests. Every request still goes
 * to the real sandbox unless the handler answers it itself. Tests call `restoreFetch()` afterwards
 * (the checkout tests do it in an `afterEach`).
 */

export interface FetchCall {
  method: string;
  url: string;
}

/** What a handler gets: the request, and `forward()` to send it to the real network. */
export interface InterceptedCall extends FetchCall {
  signal: AbortSignal | null;
  forward: () => Promise<Response>;
}

/** Answers a request itself (a Response, or a rejection for a network error), or `undefined` to let it through. */
export type FetchHandler = (call: InterceptedCall) => Promise<Response> | undefined;

export interface FetchWrapper {
  /** Every request made while the wrapper was installed, in order. */
  readonly calls: FetchCall[];
  /** How many requests matched. */
  count(match: (call: FetchCall) => boolean): number;
}

const realFetch = window.fetch.bind(window);

/** Installs a wrapper (replacing any earlier one). */
export function wrapFetch(handler: FetchHandler = () => undefined): FetchWrapper {
  const calls: FetchCall[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    calls.push({ method, url });
    const answer = handler({ method, url, signal: init?.signal ?? null, forward: () => realFetch(input, init) });
    return answer ?? realFetch(input, init);
  };
  return { calls, count: (match) => calls.filter(match).length };
}

/** Puts the browser's own `fetch` back. */
export function restoreFetch(): void {
  window.fetch = realFetch;
}

/** The client-side confirm: `POST /payments/{id}/confirm`. */
export const isConfirm = (call: FetchCall): boolean => call.method === 'POST' && /\/payments\/[^/?]+\/confirm$/.test(new URL(call.url).pathname);

/** A retrieve: `GET /payments/{id}?client_secret=…`. */
export const isRetrieve = (call: FetchCall): boolean => call.method === 'GET' && /^\/payments\/pay_[^/]+$/.test(new URL(call.url).pathname);

/** What `fetch` rejects with when the connection drops. */
export const networkError = (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));

/** A promise that can be settled from outside: holds a request until the test lets it go. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A request that never answers; it rejects (as `fetch` does) when its signal aborts. */
export function hang(signal: AbortSignal | null): Promise<Response> {
  return new Promise<Response>((_, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}
