import { SORT_ORDERS } from '../../../domain/index.js';
import { builder } from './builder.js';

/**
 * GraphQL enum values (UPPER_CASE) for a domain enum whose wire values are lower case, each with its description: the
 * compiler asks for one per domain value, so a value added to the domain cannot reach the schema undescribed.
 */
export function enumValues<T extends string>(values: readonly T[], descriptions: { readonly [K in T]: string }) {
  return Object.fromEntries(values.map((value) => [value.toUpperCase(), { value, description: descriptions[value] }])) as {
    [K in T as Uppercase<K>]: { value: K; description: string };
  };
}

/** Descriptions for `enumValues`: each value's English meaning, ending with the Korean label members see (a domain label map). */
export function labelledDescriptions<T extends string>(
  values: readonly T[],
  meanings: { readonly [K in T]: string },
  labels: Readonly<Record<string, string>>,
) {
  return Object.fromEntries(values.map((value) => [value, `${meanings[value]}; shown as "${labels[value]}".`])) as { [K in T]: string };
}

export const OrderDirection = builder.enumType('OrderDirection', {
  description: 'Which way a list is sorted.',
  values: enumValues(SORT_ORDERS, {
    asc: 'Ascending: smallest, oldest or alphabetically first at the top.',
    desc: 'Descending: largest, newest or alphabetically last at the top.',
  }),
});
