import { z } from './zod.js';
import { REPORT_REASON_MAX, REPORT_REASON_TYPES } from './limits.js';
import { reportTexts } from './messages.js';

/** A content report (002 §3.2, §5.1): a non-blank reason of at most 500 characters and a reason type 0-8. */
export const contentReportSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: reportTexts.reasonRequired })
    .max(REPORT_REASON_MAX, { error: reportTexts.reasonMax(REPORT_REASON_MAX) }),
  reason_type: z.coerce
    .number()
    .int()
    .min(0, { error: reportTexts.reasonType })
    .max(REPORT_REASON_TYPES.length - 1, { error: reportTexts.reasonType })
    .default(0),
});

/** An item report adds what was reported and where (002 §3.2, §7.3). */
export const itemReportSchema = contentReportSchema.extend({
  submit_item: z.string().trim().max(REPORT_REASON_MAX).optional(),
  content: z.string().trim().max(REPORT_REASON_MAX).optional(),
  context_id: z.string().trim().max(100).optional(),
});

export type ContentReport = z.output<typeof contentReportSchema>;
export type ItemReport = z.output<typeof itemReportSchema>;
