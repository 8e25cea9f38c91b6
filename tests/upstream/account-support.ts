export interface JsonAnswer<T = any> {
  status: number;
  body: T;
}

/** Sends JSON (or nothing) with an optional `Authorization: token <t>`, answers status and parsed body. */
export async function send<T = any>(method: string, url: string, body?: unknown, token?: string): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `token ${token}`;
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export const DEMO_PASSWORD = 'slime1234';
/** 말랑콩떡, member 2, phone 010-1234-5678. */
export const DEMO_EMAIL = 'mallang@slime.community';
