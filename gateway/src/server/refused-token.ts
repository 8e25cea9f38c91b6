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
  const noticeFor = (caller: GatewayContext['caller']) =>
    new GraphQLError(caller.authorizationMalformed ? hardeningTexts.authorizationMalformed : hardeningTexts.tokenRefused, {
      extensions: { code: UNAUTHORIZED },
    });
  return {
    /**
     * A subscription over HTTP (server-sent events, multipart) has no answer to carry the notice, and may never make a
     * call with the token before its first event: its token is checked as it starts, as a socket's is on init
     * (server/ws.ts), and a refused one ends it with the notice, rather than a guest's events read as the member's.
     * An upstream that cannot say leaves the subscription to start.
     */
    async onSubscribe({ args, setResultAndStopExecution }) {
      const { caller, accounts } = args.contextValue as GatewayContext;
      if (caller.token && !caller.tokenChecked) await accounts.me().catch(() => undefined);
      if (caller.tokenRefused) setResultAndStopExecution({ errors: [noticeFor(caller)] });
    },
    onExecute({ args }) {
      const { caller } = args.contextValue as GatewayContext;
      let told = false;
      return {
        onExecuteDone(payload) {
          return handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
            if (!caller.tokenRefused || told) return;
            told = true;
            setResult({ ...result, errors: [noticeFor(caller), ...(result.errors ?? [])] });
          });
        },
      };
    },
  };
}
