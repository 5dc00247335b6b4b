/** Runs `npm run sandbox`'s entry point as a child process, as a user would, for crash and concurrency tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface SandboxProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** The secret key line printed on the first start, if this start printed one. */
  secretKey: string | null;
  publishableKey: string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the sandbox on a port the operating system picks when it listens (PORT=0), read from the line
 * it prints: a port found free here and given to the child could be taken by another test's socket
 * before the child (a second later) listens on it (EADDRINUSE, seen in a fresh clone's run).
 */
export async function startSandboxProcess(dbPath: string, env: Record<string, string> = {}): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX_DB: dbPath, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  while (!/Publishable key:\s+\S+/.test(output) || !/Secret key:/.test(output)) {
    if (child.exitCode !== null) throw new Error(`sandbox exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`sandbox did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const port = /listening on http:\/\/\S+:(\d+) /.exec(output)?.[1];
  if (!port || port === '0') throw new Error(`no port in the sandbox's output: ${output}`);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    secretKey: /Secret key:\s+(snd_\w+)/.exec(output)?.[1] ?? null,
    publishableKey: /Publishable key:\s+(pk_snd_\w+)/.exec(output)?.[1] ?? '',
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await once(child, 'exit');
    },
  };
}

export async function call(url: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, url), {
    method,
    headers: { 'api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
