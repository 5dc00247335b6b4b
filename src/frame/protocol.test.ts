import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FrameConfig} from './protocol.js';
import { Announce, Connect, FORWARDED_EVENTS, FrameMessage, Hello, HostMessage, PROTOCOL, PROTOCOL_VERSION, message } from './protocol.js';
import { frameNeeds, isAnnounce, isHello } from './envelope.js';

const config: FrameConfig = {
  publishableKey: 'pk_snd_0123',
  clientSecret: 'pay_abc_secret_def',
  returnUrl: 'https://shop.example/return',
  pageUrl: 'https://shop.example/checkout?x=1',
  locale: 'de-CH',
  threeDs: 'modal',
  theme: 'night',
  appearance: { variables: { colorPrimary: '#0b57d0' } },
  messages: { pay: 'Zahlen {amount}' },
  hideButton: false,
  hideName: true,
  disabled: false,
  requestTimeout: 0,
  variables: { '--tender-color-primary': 'rgb(1, 2, 3)' },
};

const ok = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('the host ↔ frame protocol', () => {
  it('wraps every message in the versioned envelope', () => {
    assert.deepEqual(message({ type: 'hello', height: 320 }), { protocol: 'tender-frame', v: 1, type: 'hello', height: 320 });
    assert.equal(PROTOCOL, 'tender-frame');
    assert.equal(PROTOCOL_VERSION, 1);
    assert.ok(ok(Hello, message({ type: 'hello', height: 320 })));
    // the height is what lets the host show the frame before the channel exists: it is required and bounded
    assert.equal(ok(Hello, message({ type: 'hello' })), false);
    assert.equal(ok(Hello, message({ type: 'hello', height: 20_000 })), false);
    assert.ok(ok(Connect, message({ type: 'connect' })));
  });

  it('checks hello and announce by hand exactly as their schemas do (the host shows the frame before the schemas load)', () => {
    const values: unknown[] = [
      message({ type: 'hello', height: 320 }),
      message({ type: 'hello', height: 0, doc: 'k3j4h5' }),
      message({ type: 'hello', height: 10_000 }),
      message({ type: 'hello', height: 10_001 }),
      message({ type: 'hello', height: -1 }),
      message({ type: 'hello', height: '320' }),
      message({ type: 'hello' }),
      message({ type: 'hello', height: 320, doc: 7 }),
      message({ type: 'hello', height: 320, doc: 'x'.repeat(41) }),
      { protocol: PROTOCOL, v: 2, type: 'hello', height: 320 },
      { protocol: 'other', v: 1, type: 'hello', height: 320 },
      message({ type: 'announce' }),
      { protocol: PROTOCOL, v: 2, type: 'announce' },
      { protocol: 'other', v: 1, type: 'announce' },
      message({ type: 'connect' }),
      null,
      'hello',
      42,
    ];
    for (const value of values) {
      assert.equal(isHello(value), ok(Hello, value), JSON.stringify(value));
      assert.equal(isAnnounce(value), ok(Announce, value), JSON.stringify(value));
    }
    assert.ok(isHello(message({ type: 'hello', height: 1, doc: 'a' })));
    assert.ok(isAnnounce(message({ type: 'announce' })));
  });

  it('refuses another protocol, another version, an unknown type and a bare value', () => {
    for (const value of [
      { protocol: 'other', v: 1, type: 'connect' },
      { protocol: PROTOCOL, v: 2, type: 'connect' },
      { protocol: PROTOCOL, type: 'connect' },
      message({ type: 'hello', height: 1 }),
      'connect',
      null,
    ]) {
      assert.equal(ok(Connect, value), false, JSON.stringify(value));
    }
    assert.equal(ok(HostMessage, message({ type: 'navigate', url: 'https://evil.example' })), false);
    assert.equal(ok(FrameMessage, { ...message({ type: 'size', height: 100 }), v: 2 }), false);
  });

  it('takes the host’s whole configuration, and nothing malformed in it', () => {
    assert.ok(ok(HostMessage, message({ type: 'configure', config })));
    const broken: [string, unknown][] = [
      ['threeDs', 'popup'],
      ['hideName', 'yes'],
      ['requestTimeout', -1],
      ['locale', 'x'.repeat(36)],
      ['variables', { color: 'red' }],
      ['variables', { '--tender-color-primary': 'x'.repeat(201) }],
      ['messages', { pay: 42 }],
    ];
    for (const [key, value] of broken) {
      assert.equal(ok(HostMessage, message({ type: 'configure', config: { ...config, [key]: value } })), false, key);
    }
    const { clientSecret: _omitted, ...missing } = config;
    assert.equal(ok(HostMessage, message({ type: 'configure', config: missing })), false, 'a missing member');
  });

  it('takes show-brands and preferred-network when the host sends them, and a host that sends neither', () => {
    assert.ok(ok(HostMessage, message({ type: 'configure', config: { ...config, showBrands: true, preferredNetwork: 'CartesBancaires' } })));
    assert.ok(ok(HostMessage, message({ type: 'configure', config })), 'both are optional');
    assert.equal(ok(HostMessage, message({ type: 'configure', config: { ...config, showBrands: 'yes' } })), false);
    assert.equal(ok(HostMessage, message({ type: 'configure', config: { ...config, preferredNetwork: 'x'.repeat(41) } })), false);
  });

  it('numbers each question and answer, and answers carry a boolean', () => {
    assert.ok(ok(HostMessage, message({ type: 'confirm', id: 3 })));
    assert.ok(ok(HostMessage, message({ type: 'answer', id: 3, proceed: false })));
    assert.ok(ok(HostMessage, message({ type: 'challenge-done', id: 4, ended: true })));
    assert.equal(ok(HostMessage, message({ type: 'confirm', id: -1 })), false);
    assert.equal(ok(HostMessage, message({ type: 'confirm', id: 1.5 })), false);
    assert.equal(ok(HostMessage, message({ type: 'answer', id: 3, proceed: 'yes' })), false);
  });

  it('forwards only the four outcome events, and redirects only to http(s)', () => {
    for (const name of FORWARDED_EVENTS) assert.ok(ok(FrameMessage, message({ type: 'event', name, detail: {} })), name);
    assert.deepEqual([...FORWARDED_EVENTS], ['tender-ready', 'tender-change', 'tender-result', 'tender-error']);
    // tender-submit and tender-redirect are questions the host fires itself (cancelable on its page)
    assert.equal(ok(FrameMessage, message({ type: 'event', name: 'tender-submit', detail: {} })), false);
    assert.equal(ok(FrameMessage, message({ type: 'event', name: 'click', detail: {} })), false);
    assert.ok(ok(FrameMessage, message({ type: 'redirect', id: 1, paymentId: 'pay_1', url: 'https://bank.example/3ds' })));
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//bank.example', 'ftp://bank.example']) {
      assert.equal(ok(FrameMessage, message({ type: 'redirect', id: 1, paymentId: 'pay_1', url })), false, url);
      assert.equal(ok(FrameMessage, message({ type: 'challenge', id: 1, paymentId: 'pay_1', url, title: 't', close: 'c' })), false, url);
    }
  });

  it('bounds sizes and texts', () => {
    assert.ok(ok(FrameMessage, message({ type: 'size', height: 412.5 })));
    assert.equal(ok(FrameMessage, message({ type: 'size', height: -1 })), false);
    assert.equal(ok(FrameMessage, message({ type: 'size', height: 1e6 })), false);
    assert.ok(ok(FrameMessage, message({ type: 'meta', title: 'Card payment form', lang: 'en', dir: 'ltr' })));
    assert.equal(ok(FrameMessage, message({ type: 'meta', title: 'x'.repeat(1001), lang: 'en', dir: 'ltr' })), false);
    assert.equal(ok(FrameMessage, message({ type: 'meta', title: 't', lang: 'en', dir: 'up' })), false);
    assert.equal(ok(FrameMessage, message({ type: 'returned', params: Array.from({ length: 21 }, (_, index) => `p${index}`) })), false);
  });

  it('carries confirm() outcomes of every kind', () => {
    const outcomes = [
      { type: 'result', detail: { paymentId: 'pay_1', status: 'succeeded' } },
      { type: 'redirect', url: 'https://bank.example/3ds' },
      { type: 'invalid', errors: { number: 'incomplete' } },
      { type: 'cancelled' },
      { type: 'error', detail: { code: 'not_ready', message: 'm', recoverable: true } },
    ];
    for (const outcome of outcomes) assert.ok(ok(FrameMessage, message({ type: 'confirmed', id: 1, outcome })), outcome.type);
    assert.equal(ok(FrameMessage, message({ type: 'confirmed', id: 1, outcome: { type: 'redirect', url: 'javascript:x' } })), false);
  });

  it('reads from the frame URL what its form may need: billing fields unless all three are never, the list for them or for the networks', () => {
    const needs = (query: string) => frameNeeds((name) => new URLSearchParams(query).get(name));
    assert.deepEqual(needs(''), { billing: true, list: true }, 'auto, said by saying nothing');
    assert.deepEqual(needs('billing=never&email=never'), { billing: true, list: true }, 'the phone may still be asked');
    assert.deepEqual(needs('billing=never&email=never&phone=never'), { billing: false, list: false });
    assert.deepEqual(needs('billing=never&email=never&phone=never&show=brands'), { billing: false, list: true });
    assert.deepEqual(needs('billing=never&email=never&phone=never&show=brandsx'), { billing: false, list: false }, 'a whole value only');
    assert.deepEqual(needs('billing=full&email=never&phone=never'), { billing: true, list: true });
  });
});
