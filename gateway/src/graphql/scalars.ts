import { GraphQLError, Kind } from 'graphql';
import { validationTexts } from '../../../domain/index.js';
import { builder } from './builder.js';

function parseDate(value: unknown): Date {
  const date = typeof value === 'string' ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw new GraphQLError(validationTexts.date, { extensions: { code: 'VALIDATION_ERROR' } });
  return date;
}

/** An ISO 8601 date-time string. */
builder.scalarType('DateTime', {
  description: 'ISO 8601 날짜와 시간 (예: 2026-11-21T09:00:00.000Z)',
  serialize: (value) => (value instanceof Date ? value : new Date(value)).toISOString(),
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});
