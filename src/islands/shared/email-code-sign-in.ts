/**
 * The pieces of an emailed-code sign-in (Better Auth's email OTP) shared by the staff sign-in
 * (islands/admin/sign-in.store.ts) and the customer portal (islands/portal/portal.store.ts): the
 * request, and the sentence each failure shows.
 */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email and code an emailed link carries (?email=&code=), cleaned. */
export function linkParams(search: string): { email: string; code: string } {
  const params = new URLSearchParams(search);
  return { email: params.get('email')?.trim().slice(0, 254) ?? '', code: (params.get('code') ?? '').replace(/\D/g, '').slice(0, 6) };
}

/** POSTs JSON to a Better Auth route; `status` 0 when the site could not be reached. */
export async function postSignIn(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ ok: boolean; status: number; code?: string }> {
  try {
    const response = await fetch(path, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const data = (await response.json().catch(() => ({}))) as { code?: unknown };
    return { ok: response.ok, status: response.status, code: typeof data.code === 'string' ? data.code : undefined };
  } catch {
    return { ok: false, status: 0 };
  }
}

export function signInFailureText(status: number, code?: string): string {
  if (status === 0) return 'We could not reach the site. Check your connection and try again.';
  if (status === 429) return 'Too many attempts. Wait ten minutes, then ask for a new code.';
  if (code === 'OTP_EXPIRED') return 'That code has expired. Ask for a new one.';
  if (code === 'TOO_MANY_ATTEMPTS') return 'That code was tried too many times. Ask for a new one.';
  if (status >= 500) return 'The sign-in service is not answering right now. Try again in a minute.';
  return 'That code is not right for this email, or it was already used. Check it, or ask for a new one.';
}
