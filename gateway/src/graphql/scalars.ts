import { GraphQLError, type GraphQLScalarType, type ValueNode } from 'graphql';
import { DateTimeResolver, JSONObjectResolver } from 'graphql-scalars';
import { validationTexts } from '../../../domain/index.js';
import { builder } from './builder.js';

const invalid = (message: string) => new GraphQLError(message, { extensions: { code: 'VALIDATION_ERROR' } });

/** A kept scalar's input parsing, its English refusal answered with our Korean message and code. */
function parsingOf<T>(scalar: GraphQLScalarType, message: string) {
  const koreanOnFailure =
    <A extends unknown[]>(parse: (...args: A) => unknown) =>
    (...args: A): T => {
      try {
        return parse(...args) as T;
      } catch {
        throw invalid(message);
      }
    };
  return {
    parseValue: koreanOnFailure((value: unknown) => scalar.parseValue(value)),
    parseLiteral: koreanOnFailure((ast: ValueNode) => scalar.parseLiteral(ast, undefined)),
  };
}

/**
 * A time already written as `toISOString` writes it (UTC, milliseconds), which is how the upstream writes every time:
 * answered as it is. Parsing it into a Date and writing it back was ~2 % of the gateway's CPU on a feed page.
 */
const UTC_WITH_MILLISECONDS = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

builder.scalarType('DateTime', {
  description:
    'A date and time as an RFC 3339 string. Answers are always in UTC with milliseconds (`2026-11-21T09:00:00.000Z`); inputs may carry any offset (`2026-11-21T18:00:00+09:00`).',
  specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc3339#section-5.6',
  // Answered as the string itself (graphql-scalars answers a Date object), so every transport sends the same text.
  serialize: (value) =>
    typeof value === 'string' && UTC_WITH_MILLISECONDS.test(value) ? value : (value instanceof Date ? value : new Date(value)).toISOString(),
  ...parsingOf<Date>(DateTimeResolver, validationTexts.dateTime),
});

/**
 * A URL as the upstream and the gateway give them: absolute, or a path on the API's own origin (media without
 * PUBLIC_URL). graphql-scalars' URL accepts only absolute URLs and answers them re-serialized by WHATWG rules, which
 * would change the strings clients already store; this one answers the string unchanged.
 */
function parseUrl(value: unknown): string {
  const isPath = typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
  const isWebUrl = typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
  if (!isPath && !isWebUrl) throw invalid(validationTexts.url);
  return value as string;
}

builder.scalarType('URL', {
  description:
    'A URL reference (RFC 3986 section 4.1): absolute (`https://…`), or a path (`/media/…`) on the origin that serves this API, to be resolved against the GraphQL endpoint.',
  specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc3986#section-4.1',
  serialize: (value) => String(value),
  parseValue: parseUrl,
  parseLiteral: (ast) => parseUrl(ast.kind === 'StringValue' ? ast.value : undefined),
});

builder.scalarType('JSONObject', {
  description: 'A JSON object (RFC 8259), sent as an object, not as a string holding JSON.',
  specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc8259#section-4',
  serialize: (value) => JSONObjectResolver.serialize(value),
  ...parsingOf<Record<string, unknown>>(JSONObjectResolver, validationTexts.jsonObject),
});
