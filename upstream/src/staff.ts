import { eq } from 'drizzle-orm';
import { findUserByIdentifier } from './accounts/repository.js';
import { upstreamEnvFrom, upstreamOptionsOf } from './config.js';
import { openStore, type Database } from './db/client.js';
import { users } from './db/schema.js';
import { startOrExplain } from './errors.js';

/**
 * `npm run staff -- grant <e-mail or mobile>` / `revoke <…>` / `list`: who the staff are (notices, inquiries' answers,
 * notifications to everyone, the staff-only boards). The first staff member of a new database is made here: sign up in
 * the app, then grant. It opens the database the upstream's own settings name (DATABASE_URL, or UPSTREAM_DATA_DIR's
 * PGlite, which only one process may open at a time: stop the app first). The change holds from the member's next request.
 */
const USAGE = 'usage: npm run staff -- grant <e-mail or mobile> | revoke <e-mail or mobile> | list';

const [command, identifier, ...rest] = process.argv.slice(2);
const needsMember = command === 'grant' || command === 'revoke';
if (!(needsMember ? identifier && rest.length === 0 : command === 'list' && !identifier)) fail(USAGE);

const env = await startOrExplain('staff', () => upstreamEnvFrom());
const { databaseUrl, dataDir } = upstreamOptionsOf(env);
const store = await startOrExplain('staff', () => openStore({ databaseUrl, dataDir }));
let problem: string | null = null;
try {
  if (command === 'list') await list(store.db);
  else problem = await setStaff(store.db, identifier!, command === 'grant');
} finally {
  await store.close();
}
if (problem) fail(problem);

/** Grants or revokes; answers what went wrong, if anything (said once the store is closed). */
async function setStaff(db: Database, identifier: string, isStaff: boolean): Promise<string | null> {
  const member = await findUserByIdentifier(db, identifier);
  if (!member) return `staff: no member signs in with ${JSON.stringify(identifier)}: sign up in the app first`;
  await db.update(users).set({ isStaff }).where(eq(users.id, member.id));
  const was = member.isStaff === isStaff ? ' (already)' : '';
  console.log(`staff: ${member.email} (${member.nickname}) is ${isStaff ? 'staff' : 'no longer staff'}${was}`);
  return null;
}

async function list(db: Database): Promise<void> {
  const staff = await db.select({ email: users.email, nickname: users.nickname }).from(users).where(eq(users.isStaff, true)).orderBy(users.id);
  if (staff.length === 0) console.log('staff: none yet (npm run staff -- grant <e-mail> makes one)');
  for (const member of staff) console.log(`${member.email}\t${member.nickname}`);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
