import { readFile, writeFile } from 'node:fs/promises';
import { printedSchema } from './graphql/served-schema.js';

/** `npm run schema` writes schema.graphql; `--check` fails when the committed file is stale. */
const target = new URL('../../schema.graphql', import.meta.url);
const printed = printedSchema();

if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== printed) {
    console.error('schema.graphql is stale: run `npm run schema` and commit it.');
    process.exit(1);
  }
  console.log('schema.graphql is up to date.');
} else {
  await writeFile(target, printed);
  console.log('schema.graphql written.');
}
