import { builder } from '../builder.js';

// The Mutation root; schema/index.ts imports this module once the first mutation field exists
// (GraphQL forbids an empty type).
builder.mutationType({});
