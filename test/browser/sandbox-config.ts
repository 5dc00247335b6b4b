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

export function sandboxConfig(): Promise<SandboxConfig> {
  config ??= fetch('/__tender/sandbox.json').then((response) => response.json() as Promise<SandboxConfig>);
  return config;
}

/**
 * Creates a payment with the demo merchant's secret key, as a merchant's server would, on the
 * sandbox (or on `on`, another one).
 */
export async function createPayment(
  body: Record<string, unknown>,
  on?: SandboxEndpoint,
): Promise<{ payment_id: string; client_secret: string; [member: string]: unknown }> {
  const { url, secretKey } = on ?? (await sandboxConfig());
  const response = await fetch(`${url}/payments`, {
    method: 'POST',
    headers: { 'api-key': secretKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`create payment: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ payment_id: string; client_secret: string }>;
}
