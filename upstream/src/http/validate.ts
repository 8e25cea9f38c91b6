import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ErrorDetail } from '../../../domain/api.js';
import { formatIssuePath, issuesFromZod } from '../../../domain/errors.js';
import { validationTexts } from '../../../domain/messages.js';
import { ValidationError } from '../errors.js';

/** Parses input with a domain schema; broken rules answer 422 with the schema's Korean messages. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseNulCharacters(input);
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw new ValidationError(issuesFromZod(parsed.error));
  return parsed.data;
}

/** One detail per string (or key) holding U+0000, with its path: PostgreSQL text and jsonb cannot store it. */
function nulCharacterIssues(value: unknown, path: PropertyKey[] = [], found: ErrorDetail[] = []): ErrorDetail[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push({ path: formatIssuePath(path), message: validationTexts.nulCharacter, code: 'invalid_format' });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulCharacterIssues(item, [...path, index], found));
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push({ path: formatIssuePath([...path, key]), message: validationTexts.nulCharacter, code: 'invalid_format' });
      else nulCharacterIssues(item, [...path, key], found);
    }
  }
  return found;
}

/** A request input holding a NUL character answers 422 naming each field, whatever its route does with it. */
export function refuseNulCharacters(input: unknown): void {
  const issues = nulCharacterIssues(input);
  if (issues.length) throw new ValidationError(issues);
}

/**
 * The one gate for NUL characters: every JSON body, query string and path parameter of every route is checked
 * before its handler runs (multipart fields, read by the handler, are checked when `validate` parses them), so no text input can reach
 * the database with one.
 */
export function refuseNulInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNulCharacters(request.query);
    refuseNulCharacters(request.params);
    refuseNulCharacters(request.body);
  });
}
