// relay-compiler reads named exports: `export default` in an ES module package crashes it.
export const src = './web/src';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './web/src/__generated__';
export const eagerEsModules = true;
export const excludes = ['**/node_modules/**', '**/__generated__/**'];
// Persisted queries: artifacts carry only an id (no operation text ships to browsers); the gateway accepts
// the ids in this generated map (gateway/src/server/persisted.ts reads the same path; `npm run relay` creates it).
export const persistConfig = { file: './gateway/persisted-operations.json', algorithm: 'SHA256' };
