import { authenticate } from '../http/auth.js';
import { MandateService, mandateResponse } from '../domain/mandates.js';
import type { App, RouteDeps } from './deps.js';

/** Mandates (upstream's `/mandates` scope): the merchant's secret key only. */
export function mandateRoutes(app: App, deps: RouteDeps): void {
  const { store, adminKey } = deps;
  const mandates = new MandateService(store);
  const merchantOf = (c: Parameters<typeof authenticate>[0]) => authenticate(c, store, adminKey, ['secret']).merchant;

  app.get('/mandates/:mandate_id', (c) => {
    const merchant = merchantOf(c);
    return c.json(mandateResponse(mandates.get(merchant.merchant_id, c.req.param('mandate_id'))));
  });
  app.post('/mandates/revoke/:mandate_id', (c) => {
    const merchant = merchantOf(c);
    const mandate = mandates.revoke(merchant.merchant_id, c.req.param('mandate_id'));
    return c.json({ mandate_id: mandate.mandate_id, status: mandate.status, error_code: null, error_message: null });
  });
  app.get('/customers/:customer_id/mandates', (c) => {
    const merchant = merchantOf(c);
    return c.json(mandates.ofCustomer(merchant.merchant_id, c.req.param('customer_id')).map(mandateResponse));
  });
}
