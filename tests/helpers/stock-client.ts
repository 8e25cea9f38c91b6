import { GraphQLClient } from 'graphql-request';

/** An answer as a stock client hands it over, errors included. */
export interface StockAnswer {
  data?: any;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, any> }[];
}

/** A stock client (graphql-request) that keeps every answer, errors included (`errorPolicy: 'all'`), as the caller with this token. */
export function stockClient(gatewayUrl: string, token?: string): GraphQLClient {
  return new GraphQLClient(`${gatewayUrl}/graphql`, {
    errorPolicy: 'all',
    headers: token ? { authorization: `token ${token}` } : {},
  });
}

/** The data and errors of one request through a stock client. */
export async function ask(client: GraphQLClient, query: string, variables: Record<string, unknown> = {}): Promise<StockAnswer> {
  const { data, errors } = await client.rawRequest<any>(query, variables);
  return errors ? { data, errors: errors as StockAnswer['errors'] } : { data };
}
