/** Card brand table: IIN ranges, lengths, gaps, CVC length and the upstream `card_network` name. */

/** A card brand the widget recognises. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay'
  | 'maestro' | 'rupay' | 'elo' | 'hipercard' | 'mir' | 'verve' | 'troy';

/** One IIN (issuer identification number) prefix range; `from` and `to` have the same length. */
export interface IinRange {
  readonly brand: CardBrand;
  readonly from: string;
  readonly to: string;
  /** False for ranges whose issuers do not use Luhn check digits (UnionPay 62). */
  readonly luhn: boolean;
}

/** Everything the widget knows about one brand. */
export interface CardBrandInfo {
  readonly brand: CardBrand;
  /** Human name, e.g. "American Express". */
  readonly displayName: string;
  /** The payment API's `card_network` value, e.g. "AmericanExpress". */
  readonly network: string;
  readonly ranges: readonly IinRange[];
  /** Valid number lengths, ascending. */
  readonly lengths: readonly number[];
  readonly maxLength: number;
  /** Digit group sizes for display; numbers longer than their sum use {@link DEFAULT_GAPS}. */
  readonly gaps: readonly number[];
  readonly cvcLength: 3 | 4;
}

/** Grouping for unknown brands and for numbers longer than a brand's own pattern (4-4-4-4-3). */
export const DEFAULT_GAPS: readonly number[] = [4, 4, 4, 4, 3];

/**
 * The table as data. `iin`: space-separated prefixes or same-length ranges `from-to`; a trailing `*`
 * marks a range that skips Luhn. `len`: space-separated lengths or `from-to`.
 * Conflicting sources are settled so that no two brands share a range of the same length:
 * UnionPay keeps 81 up to 8171, RuPay takes 8172–8199 (its 817290/817368/817378 BINs) and 82;
 * RuPay's JCB co-branded 353/356 are left to JCB (3528–3589 is longer, so it would win anyway).
 * UnionPay 62 numbers are not Luhn-checked (UnionPay issues numbers that fail it, e.g. Square's
 * test card 6222 9888 1234 0000), as card-validator does; the newer 81 range is.
 * The payment API's `card_network` of every brand is its name without spaces ("AmericanExpress").
 */
interface BrandSource {
  name: string;
  iin: string;
  len: string;
  gaps?: number[];
  cvc?: 4;
}

const SOURCE: Record<CardBrand, BrandSource> = {
  visa: { name: 'Visa', iin: '4', len: '13 16 19' },
  mastercard: { name: 'Mastercard', iin: '51-55 2221-2720', len: '16' },
  amex: { name: 'American Express', iin: '34 37', len: '15', gaps: [4, 6, 5], cvc: 4 },
  discover: { name: 'Discover', iin: '6011 644-649 65', len: '16-19' },
  diners: { name: 'Diners Club', iin: '300-305 36 38-39', len: '14-19', gaps: [4, 6, 4] },
  jcb: { name: 'JCB', iin: '3528-3589', len: '16-19' },
  unionpay: { name: 'UnionPay', iin: '62* 8100-8171', len: '16-19' },
  maestro: { name: 'Maestro', iin: '5018 5020 5038 5893 6304 6759 6761-6763', len: '12-19' },
  rupay: {
    name: 'RuPay',
    iin: '60 508 65215-65219 6522-6529 6530 65310-65314 8172-8199 82',
    len: '16',
  },
  elo: {
    name: 'Elo',
    iin:
      '401178-401179 431274 438935 451416 457393 457631-457632 504175 506699-506778 509 627780 636297 636368 ' +
      '650031-650033 650035-650051 650405-650439 650485-650538 650541-650598 650700-650718 650720-650727 ' +
      '650901-650978 651652-651679 655000-655019 655021-655058',
    len: '16',
  },
  hipercard: { name: 'Hipercard', iin: '606282 384100 384140 384160', len: '16 19' },
  mir: { name: 'Mir', iin: '2200-2204', len: '16-19' },
  verve: { name: 'Verve', iin: '506099-506198 650002-650027', len: '16 18 19' },
  troy: { name: 'Troy', iin: '9792', len: '16' },
};

const expandLengths = (spec: string): number[] =>
  spec.split(' ').flatMap((part) => {
    const [from = 0, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });

const parseRanges = (brand: CardBrand, spec: string): IinRange[] =>
  spec.split(/\s+/).map((part) => {
    const luhn = !part.endsWith('*');
    const [from = '', to = from] = part.replace('*', '').split('-');
    return { brand, from, to, luhn };
  });

/** Every brand, keyed by its id. */
export const CARD_BRANDS = Object.fromEntries(
  (Object.keys(SOURCE) as CardBrand[]).map((brand): [CardBrand, CardBrandInfo] => {
    const { name, iin, len, gaps, cvc } = SOURCE[brand];
    const lengths = expandLengths(len);
    return [brand, {
      brand,
      displayName: name,
      network: name.replace(/ /g, ''),
      ranges: parseRanges(brand, iin),
      lengths,
      maxLength: Math.max(...lengths),
      gaps: gaps ?? DEFAULT_GAPS,
      cvcLength: cvc ?? 3,
    }];
  }),
) as Readonly<Record<CardBrand, CardBrandInfo>>;

/** Every brand as a list, in table order. */
export const BRANDS: readonly CardBrandInfo[] = Object.values(CARD_BRANDS);

/** Every IIN range of every brand. */
export const IIN_RANGES: readonly IinRange[] = BRANDS.flatMap((info) => info.ranges);

/** The payment API's `card_network` name of a brand, e.g. `"AmericanExpress"` for `amex`; `''` for a name that is no brand. */
export const brandNetwork = (brand: CardBrand): string => (Object.hasOwn(CARD_BRANDS, brand) ? CARD_BRANDS[brand].network : '');
