// relay-compiler reads named exports: `export default` in an ES module package crashes it.
export const src = './web/src';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './web/src/__generated__';
export const eagerEsModules = true;
export const excludes = ['**/node_modules/**', '**/__generated__/**'];
// Persisted queries: artifacts carry only an id (no operation text ships to browsers); the gateway accepts
// the ids in this generated map (gateway/src/server/persisted.ts reads the same path; `npm run relay` creates it).
// The ids name documents in a list only the build writes, so they need to be unique, not collision-proof: MD5's 32
// hex digits instead of SHA-256's 64 keep every route loader's id in the first visit's JavaScript half as long.
export const persistConfig = { file: './gateway/persisted-operations.json', algorithm: 'MD5' };
