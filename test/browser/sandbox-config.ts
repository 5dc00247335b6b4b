/** The real sandbox the browser tests talk to (started by web-test-runner.config.mjs). */
export interface SandboxConfig {
  url: string;
  adminKey: string;
  publishableKey: string;
  secretKey: string;
}

let config: Promise<SandboxConfig> | null = null;

export function sandboxConfig(): Promise<SandboxConfig> {
  config ??= fetch('/__tender/sandbox.json').then((response) => response.json() as Promise<SandboxConfig>);
  return config;
}

/** Creates a payment on the sandbox with the demo merchant's secret key, as a merchant's server would. */
export async function createPayment(body: Record<string, unknown>): Promise<{ payment_id: string; client_secret: string; [member: string]: unknown }> {
  const { url, secretKey } = await sandboxConfig();
  const response = await fetch(`${url}/payments`, {
    method: 'POST',
    headers: { 'api-key': secretKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`create payment: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ payment_id: string; client_secret: string }>;
}
