import { builder } from './builder.js';

// The Mutation and Subscription roots; each area's module adds its root fields beside its types
// (graphql/schema.ts imports this after them: GraphQL forbids an empty type).
builder.mutationType({
  description:
    'The entry point for writing. Each mutation takes one `input` and answers its payload or a typed error; mutations other than logging in and registering need a session.',
});
builder.subscriptionType({ description: 'Live updates, over graphql-ws (WebSocket) or server-sent events.' });
