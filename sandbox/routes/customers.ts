import { CustomerCreate, CustomerUpdate, RefundCreate } from '../../src/api/admin.js';
import { authenticate } from '../http/auth.js';
import { readBody } from '../http/body.js';
import { customerResponse } from '../domain/customers.js';
import { refundResponse } from '../domain/response.js';
import type { App, RouteDeps } from './deps.js';

/** Customers and refunds: the merchant's secret key only. */
export function customerRoutes(app: App, deps: RouteDeps): void {
  const { store, customers, refunds, adminKey } = deps;
  const merchantOf = (c: Parameters<typeof authenticate>[0]) => authenticate(c, store, adminKey, ['secret']).merchant;

  app.post('/customers', async (c) => {
    const merchant = merchantOf(c);
    const request = await readBody(c, CustomerCreate);
    return c.json(customerResponse(customers.create(merchant.merchant_id, request)));
  });
  app.get('/customers/:customer_id', (c) => {
    const merchant = merchantOf(c);
    return c.json(customerResponse(customers.get(merchant.merchant_id, c.req.param('customer_id'))));
  });
  app.post('/customers/:customer_id', async (c) => {
    const merchant = merchantOf(c);
    const request = await readBody(c, CustomerUpdate);
    return c.json(customerResponse(customers.update(merchant.merchant_id, c.req.param('customer_id'), request)));
  });

  app.post('/refunds', async (c) => {
    const merchant = merchantOf(c);
    const request = await readBody(c, RefundCreate);
    return c.json(refundResponse(refunds.create(merchant, request)));
  });
  app.get('/refunds/:refund_id', (c) => {
    const merchant = merchantOf(c);
    return c.json(refundResponse(refunds.get(merchant.merchant_id, c.req.param('refund_id'))));
  });
}
