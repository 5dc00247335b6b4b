// The filters of the lists over stored JSON documents (payments, refunds, payment links).

/**
 * One filter of a list: a member of the stored document (`$.created`) compared with a value, in a
 * list of values, or absent; or any one of several groups of filters, each group all of its own.
 * Only this module turns it into SQL, with the values as parameters.
 */
export type DocFilter =
  | { member: string; op: '=' | '<' | '>' | '<=' | '>='; value: string | number }
  | { member: string; op: 'in'; values: (string | number)[] }
  | { member: string; op: 'missing' }
  | { op: 'any'; of: DocFilter[][] };

const MEMBER = /^\$(\.[a-z_]+)+$/;
export function docClause(filter: DocFilter): string {
  if (filter.op === 'any') return `(${filter.of.map((group) => `(${group.map(docClause).join(' AND ') || '1'})`).join(' OR ') || '0'})`;
  if (!MEMBER.test(filter.member)) throw new Error(`not a document member: ${filter.member}`);
  const member = `json_extract(doc, '${filter.member}')`;
  if (filter.op === 'missing') return `${member} IS NULL`;
  return filter.op === 'in' ? `${member} IN (${filter.values.map(() => '?').join(', ') || 'NULL'})` : `${member} ${filter.op} ?`;
}
export const docParams = (filter: DocFilter): unknown[] => {
  switch (filter.op) {
    case 'any':
      return filter.of.flat().flatMap(docParams);
    case 'missing':
      return [];
    case 'in':
      return filter.values;
    default:
      return [filter.value];
  }
};
