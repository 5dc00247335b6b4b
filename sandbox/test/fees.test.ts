/**
 * Fee arithmetic (sandbox/domain/fees.ts): exact, and within safe integers for every payment the
 * sandbox accepts under any fee configuration it accepts (issue 24, N4).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONNECTOR_FEES, MAX_FEE_BASIS, gatewayFee, percentOf, processorFee, totalFee } from '../domain/fees.js';
import type { MerchantAccount } from '../domain/types.js';

const withFee = (gateway_fee_config: MerchantAccount['gateway_fee_config']) => ({ gateway_fee_config }) as MerchantAccount;

describe('fees', () => {
  it('keeps total_fee a safe integer at the largest amount, with every connector and the largest gateway fees', () => {
    for (const connector of Object.keys(CONNECTOR_FEES)) {
      for (const config of [{ percentage: 100, flat_amount: null }, { percentage: null, flat_amount: MAX_FEE_BASIS }]) {
        const total = totalFee(processorFee(connector, MAX_FEE_BASIS), gatewayFee(withFee(config), MAX_FEE_BASIS));
        assert.ok(total !== null && Number.isSafeInteger(total), `${connector} ${JSON.stringify(config)}: ${total}`);
      }
    }
  });

  it('takes percentages exactly, rounded half up', () => {
    assert.equal(percentOf(7_721_559_535_729_700, 2.5), 193_038_988_393_243);
    assert.equal(percentOf(1000, 2.9), 29);
    assert.equal(percentOf(50, 1), 1); // 0.5 rounds up
    assert.equal(percentOf(49, 1), 0);
    assert.equal(percentOf(123_456_789, 3.3333), 4_115_185);
    assert.equal(percentOf(10 ** 9, 1e-7), 1);
    assert.equal(percentOf(MAX_FEE_BASIS, 100), MAX_FEE_BASIS);
    assert.equal(percentOf(0, 2.75), 0);
    for (let i = 0; i < 2000; i += 1) {
      const amount = Math.floor(Math.random() * MAX_FEE_BASIS);
      const hundredths = Math.floor(Math.random() * 10_001); // 0.00 % to 100.00 %
      const exact = (2n * BigInt(amount) * BigInt(hundredths) + 10_000n) / 20_000n;
      assert.equal(percentOf(amount, hundredths / 100), Number(exact), `${hundredths / 100} % of ${amount}`);
    }
  });
});
