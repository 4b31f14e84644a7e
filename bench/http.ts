import { BENCH_PASSWORD } from './config';
import { freshAddress } from './load';

export interface Answer {
  status: number;
  body: unknown;
}

/** One call outside the timed runs (logins, the checks before each endpoint is timed). */
export async function call(
  url: string,
  init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': freshAddress(), ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the error message
  }
  return { status: res.status, body };
}

export interface Tokens {
  access: string;
  refresh: string;
}

export async function login(apiUrl: string, email: string): Promise<Tokens> {
  const res = await call(`${apiUrl}/api/login/`, {
    method: 'POST',
    json: { email, password: BENCH_PASSWORD },
  });
  if (res.status !== 200)
    throw new Error(`login as ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Tokens;
}
