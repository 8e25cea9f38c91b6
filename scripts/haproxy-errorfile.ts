/**
 * Writes HAProxy's `errorfile 503` for the gateways' backend (README "Running a fleet"): the GraphQL answer a draining
 * replica gives, for when no replica can take a request. `npm run haproxy:errorfile -- <path>`; stdout without a path.
 */
import { writeFileSync } from 'node:fs';
import { unavailableErrorfile } from '../gateway/src/server/refusals.js';

const [path] = process.argv.slice(2);
if (path) writeFileSync(path, unavailableErrorfile());
else process.stdout.write(unavailableErrorfile());
