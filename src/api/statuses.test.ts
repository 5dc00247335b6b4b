import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INTENT_STATUSES } from './enums.js';
import { CONFIRMABLE_STATUSES, FINAL_STATUSES, WAITING_STATUSES, isConfirmable, isFinal, isWaiting } from './statuses.js';

describe('payment status sets', () => {
  it('put every API status in exactly one set', () => {
    for (const status of INTENT_STATUSES) {
      const sets = [isConfirmable(status), isWaiting(status), isFinal(status)].filter(Boolean).length;
      assert.equal(sets, 1, `${status} is in ${sets} sets`);
    }
    assert.equal(CONFIRMABLE_STATUSES.length + WAITING_STATUSES.length + FINAL_STATUSES.length, INTENT_STATUSES.length);
  });

  it('know nothing of statuses the API does not have', () => {
    for (const check of [isConfirmable, isWaiting, isFinal]) {
      assert.equal(check('constructor'), false);
      assert.equal(check(''), false);
    }
  });
});
