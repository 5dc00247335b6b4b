import { StrictMode, useCallback, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { TenderReadyDetail, TenderResultDetail } from 'tender-checkout';
import { TenderCheckout, type TenderCheckoutElement, type TenderCheckoutComponentProps } from 'tender-checkout/react';

const params = new URLSearchParams(location.search);
// an object prop: kept stable, it reaches the element as a property
const appearance: TenderCheckoutComponentProps['appearance'] = { theme: 'night', variables: { borderRadius: '10px' } };

function App() {
  const checkout = useRef<TenderCheckoutElement>(null);
  const [ready, setReady] = useState<TenderReadyDetail[]>([]);
  const [results, setResults] = useState<TenderResultDetail[]>([]);
  const handleReady = useCallback((event: CustomEvent<TenderReadyDetail>) => setReady((previous) => [...previous, event.detail]), []);
  const handleResult = useCallback((event: CustomEvent<TenderResultDetail>) => setResults((previous) => [...previous, event.detail]), []);
  return (
    <main>
      <TenderCheckout
        ref={checkout}
        publishableKey={params.get('publishableKey') ?? ''}
        clientSecret={params.get('clientSecret') ?? ''}
        apiBase={params.get('apiBase') ?? ''}
        appearance={appearance}
        hideButton
        onTenderReady={handleReady}
        onTenderResult={handleResult}
      />
      <button id="pay" type="button" disabled={ready.length === 0} onClick={() => void checkout.current?.confirm()}>
        Pay
      </button>
      <p id="ready-count">{ready.length}</p>
      <ul id="results">
        {results.map((result, index) => (
          <li key={index} data-status={result.status}>
            {result.status === 'succeeded' ? `paid ${result.paymentId}` : result.status}
          </li>
        ))}
      </ul>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);
