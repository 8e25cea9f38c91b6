// Kept apart from limits.ts, whose constants every screen's first visit carries: only the forms that read a price need this.

/**
 * A price as members type it: digits only, thousands separators ('12,000') and the spaces around it allowed and
 * ignored; null for anything else ('1e9', '1.5', '-5', '0x10', a blank), which the price rules refuse with their own
 * message. Whether it is in range is for those rules to say.
 */
export function priceFromText(text: string): number | null {
  const price = text.trim();
  return /^(\d+|\d{1,3}(,\d{3})+)$/.test(price) ? Number(price.replace(/,/g, '')) : null;
}

/** A price field's value as the price schemas read it: a typed price through priceFromText (NaN when it is none), a number as it is. */
export const priceInput = (value: unknown): unknown => (typeof value === 'string' ? (priceFromText(value) ?? Number.NaN) : value);
