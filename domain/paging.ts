import { z } from './zod.js';
import { CONNECTION_SIZE_MAX, CONNECTION_SIZE_MIN } from './limits.js';
import { validationTexts as v } from './messages.js';

const connectionSize = z
  .number()
  .int({ error: v.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX) })
  .min(CONNECTION_SIZE_MIN, { error: v.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX) })
  .max(CONNECTION_SIZE_MAX, { error: v.connectionSize(CONNECTION_SIZE_MIN, CONNECTION_SIZE_MAX) })
  .nullish();

/** Every connection takes exactly one of `first`/`last`, each 1-100 (DESIGN §3). */
export const connectionArgsSchema = z
  .looseObject({ first: connectionSize, last: connectionSize })
  .refine((args) => args.first != null || args.last != null, { error: v.connectionSizeRequired, path: ['first'] })
  .refine((args) => args.first == null || args.last == null, { error: v.connectionBothSizes, path: ['last'] });
