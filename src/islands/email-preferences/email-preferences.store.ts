/**
 * /email-preferences/{token}: the token comes from the page address (the link in an email), the
 * preferences of that one address are read and saved with it. `?unsubscribe=<category>` (the
 * footer's unsubscribe link and the List-Unsubscribe address opened in a browser) offers that
 * category's switch first. Nothing changes until the person presses a button.
 */
import { atom } from 'nanostores';
import { emailPreferencesContract, emailPreferencesSaveContract, optionalEmailCategories, preferenceTokenField, type OptionalEmailCategory, type PreferencesViewData } from '../../lib/api/email-preferences.contract';
import { callContract } from '../../lib/api/client';
import { failureText } from '../shared/lead-submission';

export type Choices = Omit<PreferencesViewData, 'email'>;
export type ChoiceKey = keyof Choices;

/** Each category's switch, in the order the page lists them. */
export const categoryChoices: { key: Exclude<ChoiceKey, 'unsubscribedAll'>; category: OptionalEmailCategory; label: string; hint: string }[] = [
  { key: 'reviewRequests', category: 'review_request', label: 'Review requests', hint: 'After a job, a request for a review and at most two reminders.' },
  { key: 'referralEmails', category: 'referral', label: 'Referral program emails', hint: 'Your referral credits and your friends\' referrals.' },
  { key: 'serviceReminders', category: 'service_reminder', label: 'Service and membership reminders', hint: 'Reminders before a membership ends or a service is due.' },
  { key: 'offers', category: 'marketing', label: 'Offers', hint: 'Occasional seasonal offers and news.' },
];

export const $preferences = atom<{ status: 'loading' | 'ready' | 'no-link' | 'error'; email: string; saved?: Choices; message: string }>({ status: 'loading', email: '', message: '' });
export const $notice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

let token = '';

/** The token in /email-preferences/{token}, or '' when the address carries none that could be real. */
export function tokenFromPath(pathname: string): string {
  const candidate = decodeURIComponent(pathname.replace(/^\/email-preferences\/?/, '').replace(/\/$/, ''));
  return preferenceTokenField.safeParse(candidate).success ? candidate : '';
}

/** The category `?unsubscribe=` names, if it is one. */
export function categoryFromQuery(search: string): OptionalEmailCategory | undefined {
  const value = new URLSearchParams(search).get('unsubscribe');
  return optionalEmailCategories.find((c) => c === value);
}

export async function loadPreferences(): Promise<void> {
  token = tokenFromPath(window.location.pathname);
  if (!token) {
    $preferences.set({ status: 'no-link', email: '', message: '' });
    return;
  }
  try {
    const { email, ...saved } = await callContract(emailPreferencesContract, { token });
    $preferences.set({ status: 'ready', email, saved, message: '' });
  } catch (error) {
    const message = /^404: /.test(failureText(error)) ? 'This link does not open any preferences: it may be incomplete. Copy the whole link from the email, or ask for a new one below.' : failureText(error);
    $preferences.set({ status: 'error', email: '', message });
  }
}

export async function savePreferences(choices: Choices, done: string): Promise<boolean> {
  try {
    const { email, ...saved } = await callContract(emailPreferencesSaveContract, { token, ...choices });
    $preferences.set({ status: 'ready', email, saved, message: '' });
    $notice.set({ tone: 'info', text: done });
    return true;
  } catch (error) {
    $notice.set({ tone: 'error', text: failureText(error) });
    return false;
  }
}
