// The React 19 integration example: <tender-checkout> rendered straight from JSX. React 19 sets
// `appearance` as a property, the kebab-case props as attributes, and adds `ontender-*` props as
// event listeners (typed by `tender-checkout/react`). No effect and no ref are needed, so StrictMode's
// double render and double effect run change nothing: one element, one set of listeners, one confirm.
import { useCallback, useState } from 'react';
import type { TenderChangeDetail, TenderErrorDetail, TenderReadyDetail, TenderResultDetail } from 'tender-checkout';
import type { TenderCheckoutProps } from 'tender-checkout/react';
import type { CheckoutSession } from './session.js';

/** One line of the event log shown under the form. */
interface LoggedEvent {
  id: number;
  type: 'tender-ready' | 'tender-result' | 'tender-error';
  summary: Record<string, unknown>;
}

// Objects go to the element as properties: keep them stable, or each render hands it a new one.
const appearance: TenderCheckoutProps['appearance'] = { theme: 'default', variables: { borderRadius: '10px' } };

const SUCCESS_STATUSES = new Set(['succeeded', 'requires_capture', 'processing']);

export function App({ session }: { session: CheckoutSession }) {
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const [card, setCard] = useState<TenderChangeDetail | null>(null);
  const [outcome, setOutcome] = useState<TenderResultDetail | null>(null);

  const log = useCallback((type: LoggedEvent['type'], summary: Record<string, unknown>) => {
    setEvents((previous) => [...previous, { id: previous.length + 1, type, summary }]);
  }, []);

  const handleReady = useCallback((event: CustomEvent<TenderReadyDetail>) => log('tender-ready', { ...event.detail }), [log]);
  // tender-change fires on every edit: keep the latest state rather than a log line per keystroke
  const handleChange = useCallback((event: CustomEvent<TenderChangeDetail>) => setCard(event.detail), []);
  const handleResult = useCallback(
    (event: CustomEvent<TenderResultDetail>) => {
      const { paymentId, status, retryable, errorCode } = event.detail;
      log('tender-result', { paymentId, status, retryable, ...(errorCode ? { errorCode } : {}) });
      setOutcome(event.detail);
    },
    [log],
  );
  const handleError = useCallback((event: CustomEvent<TenderErrorDetail>) => log('tender-error', { ...event.detail }), [log]);

  const paid = outcome !== null && SUCCESS_STATUSES.has(outcome.status);

  return (
    <main>
      <h1>Checkout</h1>
      <tender-checkout
        publishable-key={session.publishableKey}
        client-secret={session.clientSecret}
        api-base={session.apiBase}
        appearance={appearance}
        ontender-ready={handleReady}
        ontender-change={handleChange}
        ontender-result={handleResult}
        ontender-error={handleError}
      />
      {paid ? (
        <p id="thanks" role="status">
          Thank you! Payment {outcome.paymentId}: {outcome.status}.
        </p>
      ) : null}
      <h2>Card state</h2>
      <p id="card-state">
        {card ? `complete: ${String(card.complete)}, brand: ${card.brand ?? 'unknown'}, errors: ${JSON.stringify(card.errors)}` : 'untouched'}
      </p>
      <h2>Events</h2>
      <ol id="events">
        {events.map((entry) => (
          <li key={entry.id} data-event={entry.type}>
            {JSON.stringify(entry.summary)}
          </li>
        ))}
      </ol>
    </main>
  );
}
