import { formatAmount } from '../../src/money/index.js';
import type { Payment } from '../domain/types.js';
import { html, page } from './html.js';

/** The sandbox's 3-D Secure challenge: the issuer's page, with *Complete* and *Reject*. */
export function challengePage(payment: Payment, merchantName: string | null): string {
  return page(
    'Authorize Payment',
    html`<h1>Test Payment Page</h1>
      <p>This is the sandbox's 3-D Secure challenge. A real bank would ask you to confirm the payment here.</p>
      <dl>
        <dt>Merchant</dt><dd>${merchantName ?? payment.merchant_id}</dd>
        <dt>Amount</dt><dd>${formatAmount(payment.amount, payment.currency, 'en')}</dd>
        <dt>Card</dt><dd>${payment.card ? `${payment.card.card_network ?? 'Card'} •••• ${payment.card.last4}` : '—'}</dd>
        <dt>Payment</dt><dd><code>${payment.payment_id}</code></dd>
      </dl>
      <form method="post"><input type="hidden" name="answer" value="complete"><button class="primary" type="submit">Complete Payment</button></form>
      <form method="post"><input type="hidden" name="answer" value="reject"><button type="submit">Reject Payment</button></form>`,
  );
}

export function messagePage(title: string, message: string, status?: string): string {
  return page(title, html`<h1>${title}</h1><p>${message}</p>${status ? html`<p class="note">Status: <code>${status}</code></p>` : ''}`);
}

/** Sends the customer back to the merchant with an auto-submitting POST form (`redirect_to_merchant_with_http_post`). */
export function postBackPage(action: string, fields: [string, string][]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Returning to the merchant</title></head>
<body onload="document.forms[0].submit()">
<form method="post" action="${html`${action}`.value}">
${fields.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`.value).join('\n')}
<noscript><p>Continue to the merchant.</p></noscript><button type="submit">Continue</button>
</form></body></html>`;
}
