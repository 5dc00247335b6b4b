import { ApiKeyCreate, MerchantAccountCreate } from '../../src/api/admin.js';
import { authenticate } from '../http/auth.js';
import { readBody } from '../http/body.js';
import { apiKeyResponse, merchantAccountResponse } from '../domain/merchants.js';
import type { App, RouteDeps } from './deps.js';

/** Merchant accounts and API keys: admin key only. */
export function accountRoutes(app: App, deps: RouteDeps): void {
  const { store, merchants, adminKey } = deps;

  app.post('/accounts', async (c) => {
    authenticate(c, store, adminKey, ['admin']);
    const request = await readBody(c, MerchantAccountCreate);
    return c.json(merchantAccountResponse(merchants.createAccount(request)));
  });

  app.get('/accounts/:merchant_id', (c) => {
    authenticate(c, store, adminKey, ['admin']);
    return c.json(merchantAccountResponse(merchants.account(c.req.param('merchant_id'))));
  });

  app.post('/api_keys/:merchant_id', async (c) => {
    authenticate(c, store, adminKey, ['admin']);
    const request = await readBody(c, ApiKeyCreate);
    const { record, plaintext } = merchants.createApiKey(c.req.param('merchant_id'), request);
    return c.json({ ...apiKeyResponse(record), api_key: plaintext });
  });
}
