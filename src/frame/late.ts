/**
 * What the frame needs beside its page's inline script, in ONE file with no import of its own
 * (scripts/build-frame.mjs points the dynamic imports of all three here and bundles it whole): the API
 * client and the protocol's schemas, which share zod, and the billing fields. One file instead of
 * nine keeps the frame page's requests (this file, the payment and its payment-method list) within
 * a browser's six connections per origin (HTTP/1.1), so none waits for another to end.
 */
export * from '../api/client.js';
export * from './protocol.js';
export * from '../elements/tender-checkout/billing-fields.js';
