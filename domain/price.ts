// Kept apart from limits.ts, whose constants every screen's first visit carries: only the forms that read a typed
// number (a price, a wish's quantity) need this.

/**
 * A whole number as members type it (a price, a quantity): digits only, thousands separators ('12,000') and the
 * spaces around it allowed and ignored; null for anything else ('1e3', '1.5', '-5', '+5', '0x10', '1 2', a blank),
 * which the rules refuse with their own message. Whether it is in range is for those rules to say.
 */
export function wholeNumberFromText(text: string): number | null {
  const number = text.trim();
  return /^(\d+|\d{1,3}(,\d{3})+)$/.test(number) ? Number(number.replace(/,/g, '')) : null;
}

/**
 * A number field's value as the schemas read it: a typed number through wholeNumberFromText (NaN when it is none), a
 * number as it is, anything else (a boolean, a list) left for the number rule to refuse. Never `Number(value)`:
 * that reads '1e3' as 1000, ' ' as 0 and true as 1.
 */
export const wholeNumberInput = (value: unknown): unknown => (typeof value === 'string' ? (wholeNumberFromText(value) ?? Number.NaN) : value);
