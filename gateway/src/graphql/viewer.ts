import type { UserSummaryJson } from '../../../domain/api.js';
import type { GatewayContext } from './context.js';

/** The member is the caller: the upstream shows a member's e-mail only to the member themself. */
export const isViewer = (user: UserSummaryJson, context: GatewayContext) => Boolean(context.caller.token) && user.email !== null;
