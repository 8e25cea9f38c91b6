import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import { formatIssuePath } from '../../../domain/index.js';
import type { GatewayContext } from './context.js';
import { NotAuthenticatedError, ValidationError } from './errors.js';

export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  AuthScopes: { member: boolean };
  Scalars: { DateTime: { Input: Date; Output: Date | string }; File: { Input: File; Output: never } };
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [ErrorsPlugin, ScopeAuthPlugin, RelayPlugin, DataloaderPlugin, ValidationPlugin],
  scopeAuth: {
    authScopes: (context) => ({ member: Boolean(context.caller.token) }),
    // A guest asking for a member-only field learns it needs to log in, before any upstream call.
    unauthorizedError: () => new NotAuthenticatedError(),
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
  },
  errors: { defaultTypes: [] },
  validation: {
    validationError: (result) =>
      new ValidationError(
        result.issues.map((issue) => ({
          path: formatIssuePath((issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment))),
          message: issue.message,
          code: (issue as { code?: string }).code ?? 'invalid',
        })),
      ),
  },
});

builder.queryType({});
