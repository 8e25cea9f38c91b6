import { GraphQLError } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import { hardeningTexts, type ErrorCode } from '../../../domain/index.js';
import type { GatewayContext } from '../graphql/context.js';

const UNAUTHORIZED: ErrorCode = 'UNAUTHORIZED';

/**
 * A request whose token the upstream refused is answered as a guest's (upstream/client.ts): public fields keep their
 * data, member-only ones fail as not authenticated. The answer then carries one error without a path, first in
 * `errors`, with the UNAUTHORIZED code, so a client knows to drop its session instead of reading a guest's answer
 * as its member's. An `Authorization` header the gateway cannot read as a token is told the same way, in its own words,
 * whatever the operation reads (server/context.ts).
 */
export function useRefusedTokenNotice(): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      const { caller } = args.contextValue as GatewayContext;
      let told = false;
      return {
        onExecuteDone(payload) {
          return handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
            if (!caller.tokenRefused || told) return;
            told = true;
            const message = caller.authorizationMalformed ? hardeningTexts.authorizationMalformed : hardeningTexts.tokenRefused;
            const notice = new GraphQLError(message, { extensions: { code: UNAUTHORIZED } });
            setResult({ ...result, errors: [notice, ...(result.errors ?? [])] });
          });
        },
      };
    },
  };
}
