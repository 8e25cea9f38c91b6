import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an in-memory PGlite store, migrated and seeded with the demo community (`dumpDataDir`). */
    seededPgliteTemplate?: string;
  }
}
