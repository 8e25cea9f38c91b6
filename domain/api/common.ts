import { z } from '../zod.js';

/**
 * Small answers several areas share, as zod schemas for the upstream's /openapi.json. Like every file under
 * domain/api/, the web app never imports it: the areas' domain files re-export only the inferred types.
 */

/** What a report (of a post, an item, a story, …) answers: the new report's id and time. */
export const reportCreatedJson = z.object({ id: z.number().int(), created_at: z.string() }).meta({ id: 'ReportCreated' });
export type ReportCreatedJson = z.infer<typeof reportCreatedJson>;

/** What a removal or a switch with nothing else to tell answers. */
export const successJson = z.object({ success: z.literal(true) }).meta({ id: 'Success' });
