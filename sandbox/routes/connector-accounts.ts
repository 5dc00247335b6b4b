import type { Context } from 'hono';
import { ConnectorAccountCreate, ConnectorAccountUpdate } from '../../src/api/admin.js';
import { ConnectorAccountService, connectorAccountListItem, connectorAccountResponse } from '../domain/connector-accounts.js';
import { authenticate, routeMerchant } from '../http/auth.js';
import { readBody } from '../http/body.js';
import type { App, RouteDeps } from './deps.js';

/**
 * Connector accounts (v1), as upstream's crates/router/src/routes/admin.rs @ d1688907 has them.
 * Create, list, retrieve and update take the route merchant's own secret key
 * (ApiKeyAuthWithMerchantIdFromRouteAllowPlatform; Cypress commands.js sends `apiKey`) or the admin
 * key; delete takes the admin key only (AdminApiAuth). Another merchant's key, or the admin key on
 * a merchant that does not exist, is 401 IR_01.
 */
export function connectorAccountRoutes(app: App, deps: RouteDeps): void {
  const { store, merchants, adminKey, now } = deps;
  const accounts = new ConnectorAccountService(store, merchants.profiles, now);

  const merchantOf = (c: Context): string => routeMerchant(c, store, adminKey);

  app.post('/account/:merchant_id/connectors', async (c) => {
    const merchantId = merchantOf(c);
    const request = await readBody(c, ConnectorAccountCreate);
    return c.json(connectorAccountResponse(accounts.create(merchantId, request)));
  });
  app.get('/account/:merchant_id/connectors', (c) => c.json(accounts.list(merchantOf(c)).map(connectorAccountListItem)));
  app.get('/account/:merchant_id/connectors/:merchant_connector_id', (c) => {
    const merchantId = merchantOf(c);
    return c.json(connectorAccountResponse(accounts.retrieve(merchantId, c.req.param('merchant_connector_id'))));
  });
  app.post('/account/:merchant_id/connectors/:merchant_connector_id', async (c) => {
    const merchantId = merchantOf(c);
    const request = await readBody(c, ConnectorAccountUpdate);
    return c.json(connectorAccountResponse(accounts.update(merchantId, c.req.param('merchant_connector_id'), request)));
  });
  app.delete('/account/:merchant_id/connectors/:merchant_connector_id', (c) => {
    authenticate(c, store, adminKey, ['admin']);
    return c.json(accounts.delete(c.req.param('merchant_id'), c.req.param('merchant_connector_id')));
  });
}
