import { SORT_ORDERS } from '../../../domain/index.js';
import { builder } from './builder.js';

/** GraphQL enum values (UPPER_CASE) for a domain enum whose wire values are lower case. */
export function enumValues<T extends string>(values: readonly T[]) {
  return Object.fromEntries(values.map((value) => [value.toUpperCase(), { value }])) as { [K in T as Uppercase<K>]: { value: K } };
}

export const OrderDirection = builder.enumType('OrderDirection', { values: enumValues(SORT_ORDERS) });
