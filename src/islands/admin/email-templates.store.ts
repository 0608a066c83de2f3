/** /admin/email-templates: the templates, the one being edited, its preview, and the changes (save, revert, test). */
import { atom } from 'nanostores';
import {
  adminEmailTemplateListContract, adminEmailTemplatePreviewContract, adminEmailTemplateRevertContract, adminEmailTemplateSaveContract, adminEmailTemplateTestContract,
  type EmailTemplateRow,
} from '../../lib/api/admin/email-templates.contract';
import { ApiError, callContract } from '../../lib/api/client';
import { handleAdminError } from './session.store';

export interface Wording {
  subject: string;
  body: string;
}

export const $templates = atom<{ status: 'loading' | 'ready' | 'error'; rows: EmailTemplateRow[]; message: string }>({ status: 'loading', rows: [], message: '' });
export const $selectedKey = atom<string | undefined>(undefined);
export const $preview = atom<{ status: 'idle' | 'loading' | 'ready' | 'error'; subject: string; html: string; text: string }>({ status: 'idle', subject: '', html: '', text: '' });
/** The outcome of the last action, read out by a live region. */
export const $templateNotice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

export async function loadTemplates(): Promise<void> {
  try {
    const { templates } = await callContract(adminEmailTemplateListContract, {});
    $templates.set({ status: 'ready', rows: templates, message: '' });
    if (!$selectedKey.get() && templates[0]) $selectedKey.set(templates[0].key);
  } catch (error) {
    $templates.set({ ...$templates.get(), status: 'error', message: handleAdminError(error) });
  }
}

/** Set when a person chooses a template, so the editor takes the focus (on a phone it is far below the list). */
export const $focusEditor = atom(false);

export function selectTemplate(key: string): void {
  $focusEditor.set(true);
  $selectedKey.set(key);
  $preview.set({ status: 'idle', subject: '', html: '', text: '' });
  $templateNotice.set({ tone: 'info', text: '' });
}

function replaceRow(row: EmailTemplateRow): void {
  $templates.set({ ...$templates.get(), rows: $templates.get().rows.map((r) => (r.key === row.key ? row : r)) });
}

/** The problem and the field it names, for the form; undefined when it worked. */
export type Problem = { message: string; fields: Record<string, string> } | undefined;

async function run(action: () => Promise<string>): Promise<Problem> {
  try {
    $templateNotice.set({ tone: 'info', text: await action() });
    return undefined;
  } catch (error) {
    const message = handleAdminError(error);
    $templateNotice.set({ tone: 'error', text: message });
    return { message, fields: error instanceof ApiError ? error.fields : {} };
  }
}

export const previewTemplate = (key: string, wording: Wording) => run(async () => {
  $preview.set({ ...$preview.get(), status: 'loading' });
  try {
    const preview = await callContract(adminEmailTemplatePreviewContract, wording, undefined, { key });
    $preview.set({ status: 'ready', ...preview });
    return 'The preview below shows the email with sample data.';
  } catch (error) {
    $preview.set({ status: 'error', subject: '', html: '', text: '' });
    throw error;
  }
});

export const saveTemplate = (key: string, wording: Wording) => run(async () => {
  const row = await callContract(adminEmailTemplateSaveContract, wording, undefined, { key });
  replaceRow(row);
  return `Saved "${row.name}". Emails queued from now on use this wording.`;
});

export const revertTemplate = (key: string) => run(async () => {
  const row = await callContract(adminEmailTemplateRevertContract, {}, undefined, { key });
  replaceRow(row);
  $preview.set({ status: 'idle', subject: '', html: '', text: '' });
  return `"${row.name}" is back to its default wording.`;
});

export const sendTest = (key: string, wording: Wording) => run(async () => {
  const { sentTo } = await callContract(adminEmailTemplateTestContract, wording, undefined, { key });
  return `A test with sample data is on its way to ${sentTo}.`;
});
