/**
 * The real service's Cypress steps that make, read, change, list and delete connector accounts
 * (merchant connector accounts), replayed with their requests **as sent** by a Stripe run
 * (`CYPRESS_CONNECTOR=stripe`) and their commands' assertions. Everything is juspay/hyperswitch as a
 * fork holds it at commit d1688907 (June 2026), under `cypress-tests/cypress/`:
 *
 * - the specs `e2e/spec/Payment/00-CoreFlows.cy.js` ("Merchant Connector Account core flows", and
 *   "Delete calls") and `03-ConnectorCreate.cy.js`;
 * - the commands of `support/commands.js`@d1688907: `createNamedConnectorCallTest`,
 *   `createConnectorCallTest` (upstream-newer-flow.ts's Flow.createConnector), `connectorRetrieveCall`,
 *   `connectorUpdateCall`, `connectorListByMid`, `connectorDeleteCall`, and the merchant, API-key and
 *   customer commands of upstream-newer-accounts.ts's `AccountFlow`;
 * - the fixtures create-connector-body.json and update-connector-body.json (upstream-newer-fixtures.ts,
 *   as each spec imports them: one object the commands write into), Commons.js's
 *   `payment_methods_enabled` (what both specs pass), and in place of the tester's creds.json the
 *   stand-in credentials of upstream-newer-fixtures.ts (Stripe: a HeaderKey `sk_test_…`).
 *
 * As in upstream-newer-accounts.ts, each flow runs on a merchant of its own and first replays the
 * earlier contexts' steps it needs, as upstream sends them.
 *
 * 00's "Connector create call" is replayed as upstream answers it, which is not what its command
 * expects: createNamedConnectorCallTest writes `connector_label` into the spec's create-connector-body.json
 * ("first_stripe", then "second_stripe"), createConnectorCallTest does not reset it, so the third create
 * asks for a second account labelled "second_stripe" on the same profile. Upstream refuses it: the
 * table is unique on (profile_id, connector_label) (migrations/2023-12-06-060216_change_primary_key_for_mca),
 * and create_connector (crates/router/src/core/admin.rs) answers DuplicateMerchantConnectorAccount,
 * 400 HE_01 "The merchant connector account with the specified profile_id '…' and connector_label
 * 'second_stripe' already exists in our records" (crates/hyperswitch_domain_models/src/errors/
 * api_error_response.rs). So createConnectorCallTest throws "Connector Create Call Failed …" there —
 * upstream's own `it` fails in a Stripe run — and globalState keeps the second account as
 * `merchantConnectorId`, which the retrieve, update and delete calls then use. The replay checks that
 * the command throws with that message.
 *
 * 03's second context ("Create another business profile and merchant connector account if
 * MULTIPLE_CONNECTORS flag is true") sends nothing, in a Stripe run with the stand-in's credentials: with one set of Stripe credentials (the stand-in's)
 * getValueByKey sets no MULTIPLE_CONNECTORS, and Utils.js's shouldProceedWithOperation then stops both
 * of its `nextConnector` steps.
 */
import assert from 'node:assert/strict';
import type { ApiResponse, TestSandbox } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import { createPaymentBody, type Body } from './upstream-fixtures.js';
import { AccountFlow, upTo } from './upstream-newer-accounts.js';
import { COMMIT, confirmBody, CONNECTOR_AUTH, createConnectorBody, getOriginalConnectorName, paymentMethodsEnabled, randomString, SPEC, updateConnectorBody } from './upstream-newer-fixtures.js';

const isJson = (response: ApiResponse, step: string): void => assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);

/** The connector-account commands, beside the account commands. */
class ConnectorAccountFlow extends AccountFlow {
  /** The spec's update-connector-body.json (connectorUpdateCall writes into it). */
  private readonly updateBody = updateConnectorBody();

  /** getOriginalConnectorId: `originalConnectorId`, which createConnectorCallTest sets, else `connectorId`. */
  private get originalConnector(): string {
    return this.originalConnectorId ?? this.connectorId;
  }

  /** `cy.request` with the API key and the `x-merchant-id` header the connector calls send. */
  private withMerchant(method: string, path: string, body?: Body): Promise<ApiResponse> {
    return this.sandbox.request(method, path, { key: this.apiKey, headers: { Accept: 'application/json', 'x-merchant-id': this.merchantId }, ...(body ? { body } : {}) });
  }

  /**
   * createNamedConnectorCallTest (the API key) with "payment_processor" and Commons.js's
   * payment_methods_enabled: the spec's create-connector-body.json with profile_id, connector_type,
   * connector_name (getOriginalConnectorName), connector_label and payment_methods_enabled, and the
   * creds' connector_account_details. A 200: its connector_name, and its merchant_connector_id becomes
   * `merchantConnectorId`; anything else throws "Connector Create Call Failed {message}".
   */
  async createNamedConnector(connectorName: string, connectorLabel: string): Promise<void> {
    const body = this.fixtures?.createConnectorBody ?? createConnectorBody();
    const name = getOriginalConnectorName(connectorName);
    Object.assign(body, { profile_id: this.profileId(), connector_type: 'payment_processor', connector_name: name, connector_label: connectorLabel, payment_methods_enabled: paymentMethodsEnabled() });
    const creds = CONNECTOR_AUTH[connectorName];
    assert.ok(creds, `createNamedConnectorCallTest: no credentials for ${connectorName} in the creds stand-in`);
    body.connector_account_details = structuredClone(creds.connector_account_details);
    const response = await this.request('POST', `/account/${this.merchantId}/connectors`, body);
    if (response.status !== 200) throw new Error(`Connector Create Call Failed ${String((response.body.error as Body | undefined)?.message)}`);
    assert.equal(response.body.connector_name, name, 'createNamedConnectorCallTest: connector_name');
    this.connectors.set('merchantConnector', String(response.body.merchant_connector_id));
  }

  /** connectorRetrieveCall (the API key, x-merchant-id): `merchantConnectorId`'s account, of getOriginalConnectorName(originalConnectorId). */
  async connectorRetrieve(): Promise<Body> {
    const step = 'connectorRetrieveCall';
    const id = this.connectorAccountId();
    const response = await this.withMerchant('GET', `/account/${this.merchantId}/connectors/${id}`);
    isJson(response, step);
    assert.equal(response.body.connector_name, getOriginalConnectorName(this.originalConnector), `${step}: connector_name (${response.text.slice(0, 300)})`);
    assert.equal(response.body.merchant_connector_id, id, `${step}: merchant_connector_id`);
    return response.body;
  }

  /**
   * connectorUpdateCall (the API key, x-merchant-id) with "payment_processor": the spec's
   * update-connector-body.json with connector_type and connector_label `updated_{connector}_xxxxxxxx`
   * (and the creds' metadata merged in, had they any); the same account, of the same connector, now
   * with that label.
   */
  async connectorUpdate(): Promise<Body> {
    const step = 'connectorUpdateCall';
    const id = this.connectorAccountId();
    const label = `updated_${randomString(this.originalConnector)}`;
    Object.assign(this.updateBody, { connector_type: 'payment_processor', connector_label: label });
    const metadata = CONNECTOR_AUTH[this.originalConnector]?.metadata;
    if (metadata) this.updateBody.metadata = { ...(this.updateBody.metadata as Body | undefined), ...metadata };
    const response = await this.withMerchant('POST', `/account/${this.merchantId}/connectors/${id}`, this.updateBody);
    isJson(response, step);
    assert.equal(response.body.connector_name, getOriginalConnectorName(this.originalConnector), `${step}: connector_name (${response.text.slice(0, 300)})`);
    assert.equal(response.body.merchant_connector_id, id, `${step}: merchant_connector_id`);
    assert.equal(response.body.connector_label, label, `${step}: connector_label`);
    return response.body;
  }

  /** connectorListByMid (the API key, X-Merchant-Id): a non-empty array, no item with metadata, additional_merchant_data or connector_wallets_details. */
  async connectorListByMid(): Promise<Body[]> {
    const step = 'connectorListByMid';
    const response = await this.withMerchant('GET', `/account/${this.merchantId}/connectors`);
    isJson(response, step);
    const items = response.body as unknown as Body[];
    assert.ok(Array.isArray(items) && items.length > 0, `${step}: a non-empty array (${response.text.slice(0, 300)})`);
    for (const item of items) {
      for (const member of ['metadata', 'additional_merchant_data', 'connector_wallets_details']) assert.ok(!(member in item), `${step}: no ${member}`);
    }
    return items;
  }

  /** connectorDeleteCall (the admin key): the merchant, `merchantConnectorId`, deleted. */
  async connectorDelete(): Promise<void> {
    const step = 'connectorDeleteCall';
    const id = this.connectorAccountId();
    const response = await this.sandbox.request('DELETE', `/account/${this.merchantId}/connectors/${id}`, { key: this.sandbox.adminKey, headers: { Accept: 'application/json' } });
    assert.deepEqual([response.body.merchant_id, response.body.merchant_connector_id, response.body.deleted], [this.merchantId, id, true], `${step}: merchant_id, merchant_connector_id, deleted (${response.text.slice(0, 300)})`);
  }

  get profile(): string {
    return this.profileId();
  }
}

/** Runs `flow` on a merchant of its own; the spec's fixtures carry members from one call to the next. */
const replay = (flow: (cy: ConnectorAccountFlow) => Promise<void>) => async (sandbox: TestSandbox) => {
  await flow(new ConnectorAccountFlow(sandbox, { createPaymentBody: createPaymentBody(), confirmBody: confirmBody(), createConnectorBody: createConnectorBody() }));
};

/** "Create Multiple Merchant Connector Accounts": the 1st and 2nd connector create calls (`connector_id` stripe). */
async function createMultiple(cy: ConnectorAccountFlow): Promise<void> {
  await cy.createNamedConnector('stripe', 'first_stripe');
  await cy.createNamedConnector('stripe', 'second_stripe');
}

// ---- e2e/spec/Payment/00-CoreFlows.cy.js@d1688907 -------------------------------------------------------------

const CORE = `${SPEC}/00-CoreFlows.cy.js@${COMMIT}`;

function coreFlows(): UpstreamCase[] {
  return [
    {
      source: `${CORE} [Merchant Connector Account core flows] 1st Connector create call, 2nd Connector create call, Connector create call, Connector retrieve call, Connector update call, List connectors by MID`,
      name: 'as sent: (contexts 1, 2) -> create first_stripe -> create second_stripe -> create (the fixture still labelled second_stripe): 400 HE_01, the command throws -> retrieve second_stripe -> update its label to updated_stripe_… -> list: non-empty, no metadata, additional_merchant_data or connector_wallets_details',
      run: replay(async (cy) => {
        await upTo(cy, 2);
        await createMultiple(cy);
        const duplicate = `Connector Create Call Failed The merchant connector account with the specified profile_id '${cy.profile}' and connector_label 'second_stripe' already exists in our records`;
        await assert.rejects(cy.createConnector(), (error: Error) => {
          assert.equal(error.message, duplicate, 'createConnectorCallTest: throws on the duplicate label, as against upstream');
          return true;
        });
        const retrieved = await cy.connectorRetrieve();
        // beyond the command: merchantConnectorId is still the 2nd create's account
        assert.equal(retrieved.connector_label, 'second_stripe', 'connectorRetrieveCall: connector_label');
        await cy.connectorUpdate();
        const listed = await cy.connectorListByMid();
        // beyond the command: the two accounts made, one of them relabelled
        assert.equal(listed.length, 2, 'connectorListByMid: the two accounts');
      }),
    },
    {
      source: `${CORE} [Delete calls] Customer delete call, API key delete call, Connector delete call, Merchant delete call`,
      name: 'as sent: (contexts 1-3, and context 4\'s 1st and 2nd connector create calls) -> customer delete: customer, address and payment methods deleted -> API key delete: revoked -> connector delete (admin key): the 2nd account deleted -> merchant delete (admin key): deleted',
      run: replay(async (cy) => {
        await upTo(cy, 3);
        await createMultiple(cy);
        await cy.customerDelete();
        await cy.apiKeyDelete();
        await cy.connectorDelete();
        await cy.merchantDelete();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/03-ConnectorCreate.cy.js@d1688907 -------------------------------------------------------

const CONNECTOR = `${SPEC}/03-ConnectorCreate.cy.js@${COMMIT}`;

function connectorCreateFlows(): UpstreamCase[] {
  return [
    {
      source: `${CONNECTOR} [Connector Account Create flow test] Create merchant connector account; [Create another business profile and merchant connector account if MULTIPLE_CONNECTORS flag is true]`,
      name: "as sent: (01-AccountCreate's merchant and API key, 02-CustomerCreate's customer) -> createConnectorCallTest (stripe, Commons' payment_methods_enabled) on the default profile: connector_name stripe -> (the second context sends nothing) — beyond the command: labelled stripe_US_default, its key masked, on the profile, the merchant's one account",
      run: replay(async (cy) => {
        await upTo(cy, 3);
        const created = (await cy.createConnector()).body;
        // beyond the command: upstream's MerchantConnectorResponse. Its label defaults to
        // `{connector_name}_{profile_name}` (create_domain_model_from_request, crates/router/src/core/admin.rs),
        // the default profile of merchant-create-body.json's primary_business_details being `US_default`
        // (create_profiles_for_each_business_details, the same file); its keys masked as
        // ConnectorAuthType::get_masked_keys does (crates/hyperswitch_domain_models/src/router_data.rs)
        assert.equal(created.connector_label, 'stripe_US_default', 'connector_label');
        const key = String(CONNECTOR_AUTH.stripe?.connector_account_details.api_key);
        assert.deepEqual(created.connector_account_details, { auth_type: 'HeaderKey', api_key: key.slice(0, 2) + '*'.repeat(key.length - 4) + key.slice(-2) }, 'connector_account_details masked');
        assert.deepEqual([created.profile_id, created.connector_type, created.test_mode, created.disabled], [cy.profile, 'payment_processor', true, false], 'profile_id, connector_type, test_mode, disabled');
        assert.equal((await cy.connectorListByMid()).length, 1, 'connectorListByMid: one account');
      }),
    },
  ];
}

export const UPSTREAM_NEWER_CONNECTOR_ACCOUNT_FLOWS: UpstreamCase[] = [...coreFlows(), ...connectorCreateFlows()];
