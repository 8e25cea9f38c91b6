import { z } from './zod.js';
import { INQUIRY_CATEGORIES, INQUIRY_CONTENT_MAX, INQUIRY_CONTENT_MIN, INQUIRY_PRIORITIES, INQUIRY_TITLE_MAX } from './limits.js';
import { messagingTexts as m } from './messages.js';

/** A new inquiry (001 §5): checked by the web app's form, the gateway and the upstream alike. */
export const inquiryCreateSchema = z.object({
  title: z
    .string({ error: m.inquiryTitle(INQUIRY_TITLE_MAX) })
    .trim()
    .min(1, { error: m.inquiryTitle(INQUIRY_TITLE_MAX) })
    .max(INQUIRY_TITLE_MAX, { error: m.inquiryTitle(INQUIRY_TITLE_MAX) }),
  content: z
    .string({ error: m.inquiryContent(INQUIRY_CONTENT_MIN, INQUIRY_CONTENT_MAX) })
    .trim()
    .min(INQUIRY_CONTENT_MIN, { error: m.inquiryContent(INQUIRY_CONTENT_MIN, INQUIRY_CONTENT_MAX) })
    .max(INQUIRY_CONTENT_MAX, { error: m.inquiryContent(INQUIRY_CONTENT_MIN, INQUIRY_CONTENT_MAX) }),
  category: z.enum(INQUIRY_CATEGORIES, { error: m.inquiryCategory }),
  priority: z.enum(INQUIRY_PRIORITIES, { error: m.inquiryPriority }).default('medium'),
});
export type InquiryCreateInput = z.output<typeof inquiryCreateSchema>;
