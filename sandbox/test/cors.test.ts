/**
 * The routes a browser calls are listed once (BROWSER_ROUTES in sandbox/http/cors.ts) and that list
 * is the app's: every route that takes a publishable key is on it, and every route on it takes one.
 * A new route for the browser cannot go without its CORS, nor a merchant route get any.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { MerchantService } from '../domain/merchants.js';
import { BROWSER_ROUTES } from '../http/cors.js';
import { openDatabase } from '../store/db.js';
import { Store } from '../store/repo.js';
import { appOnStore } from './helpers.js';

describe('CORS routes', () => {
  const store = new Store(openDatabase(':memory:'));
  const merchants = new MerchantService(store);
  const publishableKey = merchants.createAccount({ merchant_id: 'cors_routes' }).publishable_key;
  const app = appOnStore(store, { adminKey: 'cors-test-admin-key' });
  const routes = [...new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`))];
  const call = (route: string, key: string | null) => {
    const [method = '', path = ''] = route.split(' ');
    const headers: Record<string, string> = { 'content-type': 'application/json', origin: 'https://shop.example' };
    if (key) headers['api-key'] = key;
    return app.request(`http://localhost${path.replace(/:[a-z_]+/g, 'x')}`, { method, headers, ...(method === 'GET' ? {} : { body: '{}' }) });
  };
  const refusesKey = async (response: Response) => response.status === 401 && ((await response.json()) as { error: { code: string } }).error.code === 'IR_01';

  it('lists exactly the routes that take a publishable key', async () => {
    const takesPublishableKey: string[] = [];
    for (const route of routes) {
      const keyed = await refusesKey(await call(route, null));
      if (keyed && !(await refusesKey(await call(route, publishableKey)))) takesPublishableKey.push(route);
    }
    assert.deepEqual(takesPublishableKey.sort(), BROWSER_ROUTES.map(([method, path]) => `${method} ${path}`).sort());
  });

  it('docs/sandbox.md lists exactly those routes under "Browser calls (CORS)"', () => {
    const doc = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Browser calls (CORS)'), doc.indexOf('- **Preflight**'));
    const documented = [...section.matchAll(/^\| `([^`]+)` \| `([A-Z]+)`/gm)].map(([, path = '', method = '']) => `${method} ${path.replace(/\{([a-z_]+)\}/g, ':$1')}`);
    assert.deepEqual(documented.sort(), BROWSER_ROUTES.map(([method, path]) => `${method} ${path}`).sort());
  });

  it('gives those routes CORS and every other route none', async () => {
    const browser = new Set(BROWSER_ROUTES.map(([method, path]) => `${method} ${path}`));
    for (const route of routes) {
      const response = await call(route, publishableKey);
      assert.equal(response.headers.get('access-control-allow-origin'), browser.has(route) ? '*' : null, route);
    }
  });
});
