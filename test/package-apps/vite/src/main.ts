import 'tender-checkout/define';
import type { TenderResultDetail } from 'tender-checkout';

const params = new URLSearchParams(location.search);
const checkout = document.createElement('tender-checkout');
checkout.publishableKey = params.get('publishableKey') ?? '';
checkout.apiBase = params.get('apiBase') ?? '';
checkout.clientSecret = params.get('clientSecret') ?? '';
checkout.theme = 'flat';

function showResult(detail: TenderResultDetail): void {
  const item = document.createElement('li');
  item.dataset['status'] = detail.status;
  item.textContent = detail.status === 'succeeded' ? `paid ${detail.paymentId}` : detail.status;
  document.querySelector('#results')?.append(item);
}

checkout.addEventListener('tender-result', (event) => showResult(event.detail));
document.querySelector('#app')?.append(checkout);
