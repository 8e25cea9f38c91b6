import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import { CONNECTION_SIZE_MAX, CONNECTION_SIZE_MIN, messagingTexts } from '../../../domain/index.js';
import type { GatewayContext } from './context.js';
import { ForbiddenError, NotAuthenticatedError, ValidationError, issuePathSegments } from './errors.js';

export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  AuthScopes: { member: boolean; staff: boolean };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    URL: { Input: string; Output: string };
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
    File: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [ErrorsPlugin, ScopeAuthPlugin, RelayPlugin, DataloaderPlugin, ValidationPlugin],
  scopeAuth: {
    authScopes: (context) => ({
      member: Boolean(context.caller.token),
      // Asked of the caller's own profile only when a staff-only field is reached.
      staff: async () => Boolean(context.caller.token) && (await context.accounts.me())?.is_staff === true,
    }),
    // Checked before the field's input rules: a guest learns it needs to log in, a member that the field is not theirs,
    // before any upstream call and before anything about the input.
    // (With a token, only the staff scope can fail.)
    unauthorizedError: (_parent, context) => (context.caller.token ? new ForbiddenError(messagingTexts.staffOnly) : new NotAuthenticatedError()),
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeTypeOptions: {
      description: 'An object with a global id, refetchable with `node(id:)` and `nodes(ids:)` (Relay Global Object Identification).',
    },
    idFieldOptions: { description: 'The global id: opaque, stable, and unique across every type.' },
    // graphql/nodes.ts defines node and nodes (with their descriptions): they answer each id on its own.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    pageInfoTypeOptions: { description: 'Where a page sits in its list (Relay cursor connections).' },
    hasNextPageFieldOptions: { description: 'Whether more items follow this page (paging forward with `first`/`after`).' },
    hasPreviousPageFieldOptions: { description: 'Whether items come before this page (paging backward with `last`/`before`).' },
    startCursorFieldOptions: { description: "The first item's cursor; null on an empty page." },
    endCursorFieldOptions: { description: "The last item's cursor; null on an empty page." },
    edgesFieldOptions: { nullable: false, description: 'The items of this page, in list order, each with its cursor.' },
    nodeFieldOptions: { nullable: false, description: 'The item.' },
    cursorFieldOptions: { description: 'An opaque cursor for this item: pass it as `after` or `before` to page on from here.' },
    pageInfoFieldOptions: { description: 'Cursors and whether there is more, to ask for the next or previous page.' },
    firstArgOptions: {
      description: `Page forward: at most this many items (${CONNECTION_SIZE_MIN}-${CONNECTION_SIZE_MAX}), after \`after\` or from the start. Give \`first\` or \`last\`, not both.`,
    },
    afterArgOptions: { description: 'A cursor from this list: the page starts after that item.' },
    lastArgOptions: {
      description: `Page backward: at most this many items (${CONNECTION_SIZE_MIN}-${CONNECTION_SIZE_MAX}), before \`before\` or up to the end.`,
    },
    beforeArgOptions: { description: 'A cursor from this list: the page ends before that item.' },
  },
  // Argument rules (`validate`) broken on a field that answers ValidationError as a result come back as that result;
  // their messages are the domain's rules, which anyone may read before being authorized.
  errors: {
    defaultTypes: [],
    unsafelyHandleInputErrors: true,
    defaultUnionOptions: { description: "The field's answer, or one of the typed errors (implementing `Error`) saying why there is none." },
    defaultResultOptions: { description: "The field's answer when it succeeds." },
  },
  validation: {
    validationError: (result) =>
      new ValidationError(
        result.issues.map((issue) => ({
          path: issuePathSegments((issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment))),
          message: issue.message,
          code: (issue as { code?: string }).code ?? 'invalid',
        })),
      ),
  },
});

builder.queryType({ description: 'The entry point for reading: objects by global id, lists, search and the signed-in member (`viewer`).' });
