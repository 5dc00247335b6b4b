import { formatAmount } from '../../src/money/index.js';
import type { Payment } from '../domain/types.js';
import { html, page } from './html.js';

/** The customer's phone, simulated: approve or decline a waiting mobile-money payment. */
export function phonePage(payment: Payment): string {
  const waiting = payment.status === 'requires_customer_action' && payment.next_action?.type === 'wait_screen_information';
  return page(
    'Mobile money approval',
    html`<h1>Mobile money approval</h1>
      <dl>
        <dt>Amount</dt><dd>${formatAmount(payment.amount, payment.currency, 'en')}</dd>
        <dt>Payment</dt><dd><code>${payment.payment_id}</code></dd>
        <dt>Status</dt><dd><code>${payment.status}</code></dd>
      </dl>
      ${
        waiting
          ? html`<form method="post" action="${payment.payment_id}/approve"><button class="primary" type="submit">Approve</button></form>
              <form method="post" action="${payment.payment_id}/decline"><button type="submit">Decline</button></form>`
          : html`<p>Nothing to approve: this payment is not waiting for the customer.</p>`
      }`,
  );
}
