/** A sandbox the browser tests pay on: where it is and the demo merchant's keys. */
export interface SandboxEndpoint {
  url: string;
  publishableKey: string;
  secretKey: string;
}

/** The real sandbox the browser tests talk to (started by web-test-runner.config.mjs). */
export interface SandboxConfig extends SandboxEndpoint {
  adminKey: string;
  /** A second sandbox whose 3-D Secure challenges fail unanswered after `windowMs` (the first one's wait 10 minutes). */
  challengeTimeout: SandboxEndpoint & { windowMs: number };
}

let config: Promise<SandboxConfig> | null = null;

/** The browser's own `fetch`, taken before any test wraps it: the merchant's server is not the page (fetch-wrapper.ts counts the page's requests). */
const serverFetch = window.fetch.bind(window);

export function sandboxConfig(): Promise<SandboxConfig> {
  config ??= fetch('/__tender/sandbox.json').then((response) => response.json() as Promise<SandboxConfig>);
  return config;
}

/**
 * A call of the merchant's server (the demo merchant's secret key, or `key`), on the sandbox or on
 * `on`, another one. The test runner makes it (web-test-runner.config.mjs, /__tender/merchant):
 * the sandbox gives secret-key and admin routes no CORS, so no web page can call them.
 */
export async function merchantCall<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  on?: SandboxEndpoint,
  key?: string,
): Promise<{ status: number; body: T }> {
  const { url, secretKey } = on ?? (await sandboxConfig());
  const response = await serverFetch('/__tender/merchant', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, key: key ?? secretKey, method, path, body }),
  });
  if (!response.ok) throw new Error(`${method} ${path} through the test runner: ${response.status}`);
  return response.json() as Promise<{ status: number; body: T }>;
}

/**
 * Creates a payment with the demo merchant's secret key, as a merchant's server would, on the
 * sandbox (or on `on`, another one).
 */
export async function createPayment(
  body: Record<string, unknown>,
  on?: SandboxEndpoint,
): Promise<{ payment_id: string; client_secret: string; [member: string]: unknown }> {
  const response = await merchantCall<{ payment_id: string; client_secret: string }>('POST', '/payments', body, on);
  if (response.status !== 200) throw new Error(`create payment: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
