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
