// The tender-error codes are one list (TENDER_ERROR_CODES); the documentation names exactly those.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { TENDER_ERROR_CODES } from '../../src/events.js';

const widgetDoc = readFileSync(new URL('../../docs/widget.md', import.meta.url), 'utf8');

test('docs/widget.md lists every tender-error code and no other', () => {
  const section = widgetDoc.slice(widgetDoc.indexOf('`tender-error` codes:'), widgetDoc.indexOf('In TypeScript `code`'));
  const documented = new Set([...section.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]));
  for (const word of ['recoverable', 'key']) documented.delete(word);
  assert.deepEqual([...documented].sort(), [...TENDER_ERROR_CODES].sort());
});
