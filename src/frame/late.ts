/**
 * What the frame needs beside its page's inline script to be paid, in ONE file with no import of its
 * own (scripts/build-frame.mjs points both dynamic imports here and bundles it whole): the API client
 * and the protocol's schemas, which share zod. The billing fields are a second whole file, preloaded
 * only when the form may show them. One or two files, not the chunk and its shared pieces, keep the
 * frame page's requests (these files, the payment and its payment-method list) within a browser's six
 * connections per origin (HTTP/1.1), so none waits for another to end.
 */
export * from '../api/client.js';
export * from './protocol.js';
