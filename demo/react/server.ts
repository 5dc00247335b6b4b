// Builds and serves the React example, playing the merchant's web server: static files under the
// strict CSP of docs/integration.md, and `POST /api/checkout-session`, which creates the payment with
// the secret key (server side) and answers with the publishable key and the payment's client secret.
//
//   npx tsx demo/react/server.ts        (with `npm run sandbox` running; see demo/react/README.md)
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { CheckoutSession } from './session.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Bundles main.tsx into `outdir/main.js` with React's development build, where StrictMode renders
 * twice and runs effects twice. `tender-checkout/*` resolves to src/ through demo/react/tsconfig.json.
 * Returns the bundled input files (to check which React build went in).
 */
export async function buildReactExample(outdir: string): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [join(here, 'main.tsx')],
    outfile: join(outdir, 'main.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    jsx: 'automatic',
    // esbuild reads no tsconfig unless told: Lit's decorators and the tender-checkout paths need it
    tsconfig: join(here, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"development"' },
    // package.json's sideEffects names dist/ files; here tender-checkout/* maps to src/, whose
    // registering imports esbuild would otherwise drop as side-effect free
    ignoreAnnotations: true,
    logLevel: 'warning',
    metafile: true,
  });
  return Object.keys(result.metafile.inputs);
}

/** The Content-Security-Policy of docs/integration.md for an isolated checkout whose card frame comes from `apiBase`. */
export function checkoutCsp(apiBase: string): string {
  const api = new URL(apiBase).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // the page calls only its own server; the card frame calls the API
    "connect-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    `frame-src ${api}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

export interface ReactExampleOptions {
  apiBase: string;
  publishableKey: string;
  /** Creates a payment with the merchant's secret key (server side) and returns its client secret. */
  createPayment(): Promise<{ client_secret: string }>;
  port?: number;
}

export interface ReactExample {
  /** `http://localhost:PORT` */
  url: string;
  /** Files bundled into main.js. */
  inputs: string[];
  close(): Promise<void>;
}

const STATIC: Record<string, { file: (outdir: string) => string; type: string }> = {
  '/': { file: () => join(here, 'index.html'), type: 'text/html; charset=utf-8' },
  '/main.js': { file: (outdir) => join(outdir, 'main.js'), type: 'text/javascript; charset=utf-8' },
  '/example.css': { file: () => join(here, 'example.css'), type: 'text/css; charset=utf-8' },
};

/** Builds the example into a temporary folder and serves it on loopback. */
export async function startReactExample(options: ReactExampleOptions): Promise<ReactExample> {
  const outdir = await mkdtemp(join(tmpdir(), 'tender-react-example-'));
  const inputs = await buildReactExample(outdir);
  const csp = checkoutCsp(options.apiBase);

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      try {
        if (path === '/api/checkout-session' && request.method === 'POST') {
          const payment = await options.createPayment();
          const session: CheckoutSession = { publishableKey: options.publishableKey, clientSecret: payment.client_secret, apiBase: options.apiBase };
          response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(session));
          return;
        }
        if (path === '/favicon.ico') {
          response.writeHead(204).end();
          return;
        }
        const entry = STATIC[path];
        if (!entry || request.method !== 'GET') {
          response.writeHead(404, { 'content-security-policy': csp }).end();
          return;
        }
        const body = await readFile(entry.file(outdir));
        response.writeHead(200, { 'content-type': entry.type, 'content-security-policy': csp, 'cache-control': 'no-store' }).end(body);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : 'error');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    inputs,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await rm(outdir, { recursive: true, force: true });
    },
  };
}

// Run directly: a merchant back end for the sandbox (its URL and the demo merchant's keys from the environment).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiBase = process.env['TENDER_API_BASE'] ?? 'http://localhost:8080';
  const publishableKey = process.env['TENDER_PUBLISHABLE_KEY'];
  const secretKey = process.env['TENDER_SECRET_KEY'];
  if (!publishableKey || !secretKey) {
    console.error('Set TENDER_PUBLISHABLE_KEY and TENDER_SECRET_KEY (npm run sandbox prints both on first start).');
    process.exit(1);
  }
  const example = await startReactExample({
    apiBase,
    publishableKey,
    port: Number(process.env['PORT'] ?? 5174),
    createPayment: async () => {
      const response = await fetch(`${apiBase}/payments`, {
        method: 'POST',
        headers: { 'api-key': secretKey, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1099, currency: 'EUR' }),
      });
      if (!response.ok) throw new Error(`POST /payments: ${response.status} ${await response.text()}`);
      return (await response.json()) as { client_secret: string };
    },
  });
  console.log(`React example on ${example.url} (API ${apiBase})`);
}
