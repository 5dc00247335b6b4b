import {
  ApiKeyCreate,
  ApiKeyListQuery,
  ApiKeyUpdate,
  MerchantAccountCreate,
  MerchantAccountListQuery,
  MerchantAccountUpdate,
  OrganizationCreate,
  OrganizationUpdate,
} from '../../src/api/admin.js';
import { authenticate } from '../http/auth.js';
import { readBody, readQuery } from '../http/body.js';
import { apiKeyResponse, merchantAccountResponse } from '../domain/merchants.js';
import type { App, RouteDeps } from './deps.js';

/** The most API keys one list call returns. */
const MAX_LIST = 100;

/** Organizations, merchant accounts and API keys: admin key only. */
export function accountRoutes(app: App, deps: RouteDeps): void {
  const { store, merchants, adminKey } = deps;
  const admin = (c: Parameters<typeof authenticate>[0]) => authenticate(c, store, adminKey, ['admin']);

  app.post('/organization', async (c) => {
    admin(c);
    const request = await readBody(c, OrganizationCreate);
    return c.json(merchants.createOrganization(request.organization_name, request));
  });
  app.get('/organization/:organization_id', (c) => {
    admin(c);
    return c.json(merchants.organization(c.req.param('organization_id')));
  });
  app.put('/organization/:organization_id', async (c) => {
    admin(c);
    const request = await readBody(c, OrganizationUpdate);
    return c.json(merchants.updateOrganization(c.req.param('organization_id'), request));
  });

  app.post('/accounts', async (c) => {
    admin(c);
    const request = await readBody(c, MerchantAccountCreate);
    return c.json(merchantAccountResponse(merchants.createAccount(request)));
  });
  // before `/accounts/:merchant_id`, which would take `list` for an id
  app.get('/accounts/list', (c) => {
    admin(c);
    return c.json(merchants.accountsOf(readQuery(c, MerchantAccountListQuery).organization_id).map(merchantAccountResponse));
  });
  app.get('/accounts/:merchant_id', (c) => {
    admin(c);
    return c.json(merchantAccountResponse(merchants.account(c.req.param('merchant_id'))));
  });
  app.post('/accounts/:merchant_id', async (c) => {
    admin(c);
    const request = await readBody(c, MerchantAccountUpdate);
    return c.json(merchantAccountResponse(merchants.updateAccount(c.req.param('merchant_id'), request)));
  });

  app.delete('/accounts/:merchant_id', (c) => {
    admin(c);
    return c.json(merchants.deleteAccount(c.req.param('merchant_id')));
  });

  app.post('/api_keys/:merchant_id', async (c) => {
    admin(c);
    const request = await readBody(c, ApiKeyCreate);
    const { record, plaintext } = merchants.createApiKey(c.req.param('merchant_id'), request);
    return c.json({ ...apiKeyResponse(record), api_key: plaintext });
  });
  app.get('/api_keys/:merchant_id/list', (c) => {
    admin(c);
    const query = readQuery(c, ApiKeyListQuery);
    const limit = Math.min(Number(query.limit ?? MAX_LIST), MAX_LIST);
    const keys = merchants.apiKeys(c.req.param('merchant_id'), limit, Number(query.skip ?? 0));
    return c.json(keys.map(apiKeyResponse));
  });
  app.get('/api_keys/:merchant_id/:key_id', (c) => {
    admin(c);
    return c.json(apiKeyResponse(merchants.apiKey(c.req.param('merchant_id'), c.req.param('key_id'))));
  });
  app.post('/api_keys/:merchant_id/:key_id', async (c) => {
    admin(c);
    const request = await readBody(c, ApiKeyUpdate);
    return c.json(apiKeyResponse(merchants.updateApiKey(c.req.param('merchant_id'), c.req.param('key_id'), request)));
  });
  app.delete('/api_keys/:merchant_id/:key_id', (c) => {
    admin(c);
    const key = merchants.revokeApiKey(c.req.param('merchant_id'), c.req.param('key_id'));
    return c.json({ merchant_id: key.merchant_id, key_id: key.key_id, revoked: true });
  });
}
