/**
 * What the frame needs after its first paint, in one file (scripts/build-frame.mjs points both dynamic
 * imports here): the API client and the protocol's schemas, which share zod. One file instead of
 * four keeps the frame page's requests within a browser's six connections per origin (HTTP/1.1).
 */
export * from '../api/client.js';
export * from './protocol.js';
