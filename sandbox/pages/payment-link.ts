import { formatAmount } from '../../src/money/index.js';
import type { Payment } from '../domain/types.js';
import { html, page } from './html.js';

/**
 * The hosted page of a payment link (`payment_link: true`): the payment, and a card form that posts
 * to the same address. The sandbox's stand-in for upstream's payment-link page (which runs its web
 * SDK): the test cards behave as everywhere else, a 3-D Secure card goes on to the challenge page.
 */
export function paymentLinkPage(payment: Payment, merchantName: string | null, action: string, error: string | null = null): string {
  const field = (name: string, label: string, autocomplete: string, extra = html``) =>
    html`<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" autocomplete="${autocomplete}" required ${extra}></p>`;
  return page(
    'Payment link',
    html`<h1>Pay ${merchantName ?? payment.merchant_id}</h1>
      <dl>
        <dt>Amount</dt><dd>${formatAmount(payment.amount, payment.currency, 'en')}</dd>
        ${payment.description ? html`<dt>For</dt><dd>${payment.description}</dd>` : ''}
        <dt>Payment</dt><dd><code>${payment.payment_id}</code></dd>
      </dl>
      ${error ? html`<p role="alert">${error}</p>` : ''}
      <form method="post" action="${action}">
        ${field('card_number', 'Card number', 'cc-number', html`inputmode="numeric"`)}
        ${field('card_exp_month', 'Expiry month (MM)', 'cc-exp-month', html`inputmode="numeric"`)}
        ${field('card_exp_year', 'Expiry year (YYYY)', 'cc-exp-year', html`inputmode="numeric"`)}
        ${field('card_cvc', 'Security code', 'cc-csc', html`inputmode="numeric"`)}
        <p><label for="card_holder_name">Name on card</label><br><input id="card_holder_name" name="card_holder_name" autocomplete="cc-name"></p>
        <button class="primary" type="submit">Pay</button>
      </form>
      <p class="note">A sandbox payment link: use a test card.</p>`,
  );
}
