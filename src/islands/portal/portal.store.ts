/**
 * The customer portal's state (/customer-portal): signed out (email, then the 6-digit code), choosing
 * an account when several customer records share the email, and signed in with the account's
 * overview. Sign-in talks to Better Auth at /api/portal/auth/*; everything else goes through the
 * portal contracts, which the server answers only for the signed-in customer.
 */
import { map } from 'nanostores';
import { ApiError, callContract } from '../../lib/api/client';
import {
  portalAddressAddContract, portalAddressRemoveContract, portalAddressUpdateContract, portalChooseAccountContract, portalOverviewContract, portalProfileContract, portalSessionContract, portalSignedInContract,
  type PortalOverview, type PortalSession,
} from '../../lib/api/portal.contract';
import { bookingDraftKey, bookingDraftSchema, emptyBooking } from '../scheduler/booking-form.logic';
import { emailPattern, linkParams, postSignIn, signInFailureText } from '../shared/email-code-sign-in';
import { readDraft, writeDraft } from '../shared/session-draft';

export type PortalStage = 'loading' | 'email' | 'code' | 'choose' | 'portal';
export interface PortalState {
  stage: PortalStage;
  email: string;
  /** How the last code was sent: by email, or by text to the mobile number on file. */
  codeBy: 'email' | 'sms';
  code: string;
  busy: boolean;
  /** A sentence for the person: what happened and what to do. */
  message: string;
  tone: 'info' | 'error';
  session: PortalSession | null;
  overview: PortalOverview | null;
}

const authPath = '/api/portal/auth';
/**
 * The page is built showing the sign-in form (the first thing a visitor who is not signed in needs),
 * and its script loads when the form is first touched. This browser remembers that it signed in
 * here (not who: the session itself is an HttpOnly cookie), so a returning customer's visit loads
 * the island at once and opens their account (`client:interaction` with `localKey`).
 */
export const portalSignedInKey = 'portal-signed-in';
const initial: PortalState = { stage: 'email', email: '', codeBy: 'email', code: '', busy: false, message: '', tone: 'info', session: null, overview: null };
export const $portal = map<PortalState>(initial);

function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(portalSignedInKey, '1');
    else localStorage.removeItem(portalSignedInKey);
  } catch {
    // Storage blocked: the next visit shows the form first, then the account once touched.
  }
}
const rememberedSignedIn = (): boolean => {
  try {
    return localStorage.getItem(portalSignedInKey) !== null;
  } catch {
    return false;
  }
};
/** Whether the visitor has started signing in since the page opened (the session check then gives way). */
let visitorActed = false;

const patch = (changes: Partial<PortalState>) => $portal.set({ ...$portal.get(), ...changes });
const problem = (error: unknown) => (error instanceof ApiError ? error.message.replace(/^\d{3}: /, '') : 'We could not reach the site. Check your connection and try again.');

/** Opens the overview of the chosen account, or the account choice when there is none yet. */
async function enter(session: PortalSession, message = ''): Promise<void> {
  rememberSignedIn(true);
  if (!session.chosen) {
    patch({ stage: 'choose', session, overview: null, busy: false, message, tone: 'info' });
    return;
  }
  const overview = await callContract(portalOverviewContract, undefined);
  patch({ stage: 'portal', session, overview, busy: false, message, tone: 'info' });
}

/**
 * When the island starts: the emailed link's email and code (taken out of the address bar), else the
 * current session. A browser that signed in here before shows "Checking…" meanwhile; any other visit
 * keeps the sign-in form in hand, and the check gives way once the visitor asks for a code.
 */
export async function startPortal(search: string): Promise<void> {
  const { email, code } = linkParams(search);
  if (email && code) {
    window.history.replaceState(null, '', window.location.pathname);
    patch({ stage: 'code', email, code, message: 'Your code is filled in. Press "Sign in" to continue.', tone: 'info' });
    return;
  }
  const returning = rememberedSignedIn();
  if (returning) patch({ stage: 'loading' });
  const signedOut = (message = '', tone: PortalState['tone'] = 'info') => {
    if (visitorActed) return;
    rememberSignedIn(false);
    if (returning) patch({ stage: 'email', message, tone });
  };
  try {
    // Asked first so a signed-out visit makes no 401 (browsers log those in the console).
    if (!(await callContract(portalSignedInContract, undefined)).signedIn) return signedOut();
    const session = await callContract(portalSessionContract, undefined);
    if (!visitorActed) await enter(session);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signedOut();
    else if (returning && !visitorActed) patch({ stage: 'email', message: problem(error), tone: 'error' });
  }
}

/** Asks for a sign-in code by email, or (`by = 'sms'`) by text to the mobile number on file for the email. */
export async function requestCode(email: string, by: 'email' | 'sms' = 'email'): Promise<void> {
  const clean = email.trim().toLowerCase();
  if (!emailPattern.test(clean) || clean.length > 254) {
    patch({ email, message: 'Enter the email address you gave us, like name@example.com.', tone: 'error' });
    return;
  }
  visitorActed = true;
  patch({ email: clean, busy: true, message: '', codeBy: by });
  const result = await postSignIn(`${authPath}/email-otp/send-verification-otp`, { email: clean, type: 'sign-in' }, by === 'sms' ? { 'X-Sign-In-Code-By': 'sms' } : {});
  const sent = by === 'sms'
    ? `If we know ${clean} and have a mobile number for it, we just texted that number a 6-digit code. It works for 10 minutes. No text? Ask for the code by email instead.`
    : `If we know ${clean}, we just sent it a link and a 6-digit code. They work for 10 minutes.`;
  patch(result.ok
    ? { busy: false, stage: 'code', code: '', message: sent, tone: 'info' }
    : { busy: false, message: signInFailureText(result.status, result.code), tone: 'error' });
}

export async function signInWithCode(code: string): Promise<void> {
  const digits = code.replace(/\D/g, '');
  if (digits.length !== 6) {
    patch({ code, message: `Enter the 6 digits from the ${$portal.get().codeBy === 'sms' ? 'text message' : 'email'}.`, tone: 'error' });
    return;
  }
  visitorActed = true;
  patch({ code: digits, busy: true, message: '' });
  const result = await postSignIn(`${authPath}/sign-in/email-otp`, { email: $portal.get().email, otp: digits });
  if (!result.ok) {
    patch({ busy: false, message: signInFailureText(result.status, result.code), tone: 'error' });
    return;
  }
  try {
    await enter(await callContract(portalSessionContract, undefined));
  } catch (error) {
    patch({ busy: false, stage: 'email', message: problem(error), tone: 'error' });
  }
}

export function startOver(): void {
  patch({ stage: 'email', code: '', message: '', tone: 'info' });
}

export async function chooseAccount(publicId: string): Promise<void> {
  patch({ busy: true, message: '' });
  try {
    await enter(await callContract(portalChooseAccountContract, { account: publicId }));
  } catch (error) {
    patch({ busy: false, message: problem(error), tone: 'error' });
  }
}

/** Back to the account choice (only offered when the email has several accounts). */
export function switchAccount(): void {
  patch({ stage: 'choose', overview: null, message: '' });
}

/** Saves the name and phone; answers the field errors to show (empty when saved). */
export async function saveProfile(values: { name: string; phone: string }): Promise<Record<string, string>> {
  try {
    const profile = await callContract(portalProfileContract, values);
    const { overview } = $portal.get();
    if (overview) patch({ overview: { ...overview, profile } });
    return {};
  } catch (error) {
    return error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.fields : { form: problem(error) };
  }
}

export interface AddressValues { line1: string; line2: string; city: string; state: string; zip: string }

/** Sends one address change and shows the addresses the server answers with; answers the field errors to show (empty when saved). */
async function changeAddresses(send: () => Promise<{ addresses: PortalOverview['addresses'] }>): Promise<Record<string, string>> {
  try {
    const { addresses } = await send();
    const { overview } = $portal.get();
    if (overview) patch({ overview: { ...overview, addresses } });
    return {};
  } catch (error) {
    return error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.fields : { form: problem(error) };
  }
}

export const addAddress = (values: AddressValues) => changeAddresses(() => callContract(portalAddressAddContract, values));
export const updateAddress = (id: number, values: AddressValues) => changeAddresses(() => callContract(portalAddressUpdateContract, values, undefined, { id }));
export const removeAddress = (id: number) => changeAddresses(() => callContract(portalAddressRemoveContract, undefined, undefined, { id }));

export async function signOut(): Promise<void> {
  patch({ busy: true });
  const result = await postSignIn(`${authPath}/sign-out`, {});
  if (result.ok) rememberSignedIn(false);
  $portal.set(result.ok
    ? { ...initial, stage: 'email', message: 'You are signed out.' }
    : { ...$portal.get(), busy: false, message: 'Signing out did not work. Check your connection and try again.', tone: 'error' });
}

/**
 * "Book a visit" from the portal: the booking form on /schedule-appointment starts with the
 * customer's name, phone, email and first service address's ZIP, handed over as the form's own
 * session draft (never in the address, so no analytics or log sees them). A draft the visitor already
 * typed is left alone.
 */
export function prefillBooking(overview: PortalOverview): void {
  if (readDraft(bookingDraftKey, bookingDraftSchema)) return;
  const { profile, addresses } = overview;
  writeDraft(bookingDraftKey, {
    values: { ...emptyBooking, name: profile.name, phone: profile.phone ?? '', email: profile.email ?? '', zip: addresses[0]?.zip.slice(0, 5) ?? '' },
    formStartTime: Date.now(),
    pending: null,
  });
}
