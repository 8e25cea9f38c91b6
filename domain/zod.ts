import { z } from 'zod';
import { ko } from 'zod/locales';

// Generic messages (type mismatches, unknown keys …) in Korean; rule-specific messages are set per schema.
z.config(ko());
// No compiled validators: zod would otherwise probe `new Function`, which the web app's CSP (no eval) reports.
z.config({ jitless: true });

export { z };
