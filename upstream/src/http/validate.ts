import type { z } from 'zod';
import { issuesFromZod } from '../../../domain/errors.js';
import { ValidationError } from '../errors.js';

/** Parses input with a domain schema; broken rules answer 422 with the schema's Korean messages. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw new ValidationError(issuesFromZod(parsed.error));
  return parsed.data;
}
