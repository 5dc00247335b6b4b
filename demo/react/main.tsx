// Entry of the React example. `tender-checkout/react` registers <tender-checkout> (as
// `tender-checkout/define` does) and brings its JSX typings; it is imported before anything renders, so
// React finds the element's `appearance` property instead of setting an attribute.
import 'tender-checkout/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import type { CheckoutSession } from './session.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The merchant's own back end creates the payment with its secret key and answers with what the
// page needs (see demo/react/server.ts); the secret key never reaches the browser.
const response = await fetch('/api/checkout-session', { method: 'POST' });
if (!response.ok) throw new Error(`checkout session: HTTP ${response.status}`);
const session = (await response.json()) as CheckoutSession;

createRoot(root).render(
  <StrictMode>
    <App session={session} />
  </StrictMode>,
);
