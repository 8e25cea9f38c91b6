// relay-compiler reads named exports: `export default` in an ES module package crashes it.
export const src = './web/src';
export const schema = './schema.graphql';
export const language = 'typescript';
export const artifactDirectory = './web/src/__generated__';
export const eagerEsModules = true;
export const excludes = ['**/node_modules/**', '**/__generated__/**'];
