import { z } from 'zod';
import { ko } from 'zod/locales';

// Generic messages (type mismatches, unknown keys …) in Korean; rule-specific messages are set per schema.
z.config(ko());

export { z };
