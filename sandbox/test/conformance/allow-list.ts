import type { Violation } from './openapi.js';

/** A place where the OpenAPI document contradicts what the real service answers. */
export interface AllowListEntry {
  /** Operation (`METHOD /template`) or `*`. */
  operation: string;
  /** Status codes the entry covers; empty for every status. */
  statuses: number[];
  /** Instance path, as a regular expression over ajv's JSON pointer. */
  path: RegExp;
  /** The violation's message, as a regular expression. */
  message: RegExp;
  /** Why the document is wrong here, and the upstream source that shows it. */
  reason: string;
}

export const ALLOW_LIST: AllowListEntry[] = [];

export function allowed(violation: Violation): AllowListEntry | null {
  return (
    ALLOW_LIST.find(
      (entry) =>
        (entry.operation === '*' || entry.operation === violation.operation) &&
        (entry.statuses.length === 0 || entry.statuses.includes(violation.status)) &&
        entry.path.test(violation.instancePath) &&
        entry.message.test(violation.message),
    ) ?? null
  );
}
