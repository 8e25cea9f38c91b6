import { builder } from './builder.js';

// The Mutation and Subscription roots; each area's module adds its root fields beside its types
// (graphql/schema.ts imports this after them: GraphQL forbids an empty type).
builder.mutationType({
  description:
    'The entry point for writing. Each mutation takes one `input` and answers its payload or a typed error. A mutation needs a session (a guest gets NotAuthenticatedError) unless its description says guests may call it.',
});
builder.subscriptionType({ description: 'Live updates, over graphql-ws (WebSocket) or server-sent events.' });
