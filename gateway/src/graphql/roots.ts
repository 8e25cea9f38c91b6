import { builder } from './builder.js';

// The Mutation and Subscription roots; each area's module adds its root fields beside its types
// (graphql/schema.ts imports this after them: GraphQL forbids an empty type).
builder.mutationType({});
builder.subscriptionType({});
