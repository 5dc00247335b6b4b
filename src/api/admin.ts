/**
 * Request bodies of the administrative resources (merchant accounts, organizations, API keys,
 * customers), in zod/mini. Used by the sandbox; nothing in the browser bundle imports this module.
 */
import * as z from 'zod/mini';
import { Address } from './requests.js';

const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));
const text = (max: number) => z.string().check(z.maxLength(max));
const id = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+$/));
const anyObject = () => z.record(z.string(), z.unknown());

export const WebhookDetails = z.strictObject({
  webhook_version: opt(text(255)),
  webhook_username: opt(text(255)),
  webhook_password: opt(text(255)),
  webhook_url: opt(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
  payment_created_enabled: opt(z.boolean()),
  payment_succeeded_enabled: opt(z.boolean()),
  payment_failed_enabled: opt(z.boolean()),
});

export const MerchantDetails = z.strictObject({
  primary_contact_person: opt(text(255)),
  primary_phone: opt(text(255)),
  primary_email: opt(text(255)),
  secondary_contact_person: opt(text(255)),
  secondary_phone: opt(text(255)),
  secondary_email: opt(text(255)),
  website: opt(text(255)),
  about_business: opt(text(255)),
  address: opt(Address.shape.address),
});

const RoutingAlgorithm = z.strictObject({
  type: z.enum(['single', 'priority', 'volume_split', 'advanced']),
  data: z.unknown(),
});

const merchantAccountShape = {
  merchant_name: opt(text(255)),
  return_url: opt(z.url({ protocol: /^https?$/ }).check(z.maxLength(255))),
  primary_business_details: opt(
    z.array(z.strictObject({ country: z.string().check(z.regex(/^[A-Z]{2}$/)), business: text(255) })),
  ),
  merchant_details: opt(MerchantDetails),
  webhook_details: opt(WebhookDetails),
  payout_routing_algorithm: opt(RoutingAlgorithm),
  frm_routing_algorithm: opt(RoutingAlgorithm),
  sub_merchants_enabled: opt(z.boolean()),
  parent_merchant_id: opt(text(255)),
  enable_payment_response_hash: opt(z.boolean()),
  payment_response_hash_key: opt(z.string().check(z.minLength(1), z.maxLength(255))),
  redirect_to_merchant_with_http_post: opt(z.boolean()),
  metadata: opt(anyObject()),
  publishable_key: opt(z.string().check(z.regex(/^pk_(snd|dev|prd)_[A-Za-z0-9]{8,128}$/))),
  locker_id: opt(text(64)),
  pm_collect_link_config: opt(anyObject()),
  default_profile: opt(text(64)),
};

export const MerchantAccountCreate = z.strictObject({
  merchant_id: id(64),
  organization_id: opt(id(64)),
  ...merchantAccountShape,
});
export type MerchantAccountCreate = z.infer<typeof MerchantAccountCreate>;

export const MerchantAccountUpdate = z.strictObject({
  merchant_id: z.optional(id(64)),
  ...merchantAccountShape,
});
export type MerchantAccountUpdate = z.infer<typeof MerchantAccountUpdate>;

export const ApiKeyCreate = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  description: opt(text(256)),
  expiration: z.union([z.literal('never'), z.iso.datetime({ offset: true })]),
});
export type ApiKeyCreate = z.infer<typeof ApiKeyCreate>;
