/**
 * The lead inbox's state: the list query (page, sort, search, filters, kept in the address so a
 * reload or a shared link shows the same list), the rows, and the lead that is open.
 */
import { atom, map } from 'nanostores';
import { adminLeadContract, adminLeadListContract, adminLeadUpdateContract, type LeadDetail, type LeadSummary } from '../../lib/api/admin/leads.contract';
import { callContract } from '../../lib/api/client';
import type { QueryOf } from '../../lib/api/contract';
import { handleAdminError } from './session.store';

export type LeadQuery = Omit<QueryOf<typeof adminLeadListContract>, 'q'> & { q: string };
export const defaultLeadQuery: LeadQuery = { page: 1, pageSize: 25, sort: 'created_at', dir: 'desc', status: 'open', kind: 'all', q: '' };

export const $leadQuery = map<LeadQuery>({ ...defaultLeadQuery });
export const $leadList = atom<{ status: 'idle' | 'loading' | 'ready' | 'error'; rows: LeadSummary[]; total: number; message: string }>({ status: 'idle', rows: [], total: 0, message: '' });
export const $openLead = atom<{ status: 'closed' | 'loading' | 'ready' | 'saving' | 'error'; lead?: LeadDetail; message: string }>({ status: 'closed', message: '' });

/** The query as read from the address bar (unknown or invalid values fall back to the defaults). */
export function queryFromSearch(search: string): LeadQuery {
  const parsed = adminLeadListContract.query.safeParse(pick(new URLSearchParams(search)));
  return parsed.success ? { ...defaultLeadQuery, ...parsed.data, q: parsed.data.q ?? '' } : { ...defaultLeadQuery };
}
function pick(params: URLSearchParams): Record<string, string> {
  const keys = ['page', 'pageSize', 'sort', 'dir', 'status', 'kind', 'q'];
  return Object.fromEntries(keys.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
}
export function searchFromQuery(query: LeadQuery, leadId?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== '' && value !== (defaultLeadQuery as Record<string, unknown>)[key]) params.set(key, String(value));
  }
  if (leadId) params.set('id', String(leadId));
  const text = params.toString();
  return text ? `?${text}` : '';
}

let requestSeq = 0;
export async function loadLeads(): Promise<void> {
  const seq = ++requestSeq;
  const query = $leadQuery.get();
  $leadList.set({ ...$leadList.get(), status: 'loading', message: '' });
  try {
    const result = await callContract(adminLeadListContract, { ...query, q: query.q || undefined });
    if (seq !== requestSeq) return; // a newer query answered meanwhile
    $leadList.set({ status: 'ready', rows: result.rows, total: result.total, message: '' });
  } catch (error) {
    if (seq !== requestSeq) return;
    $leadList.set({ ...$leadList.get(), status: 'error', message: handleAdminError(error) });
  }
}

export function setLeadQuery(change: Partial<LeadQuery>): void {
  // Any change other than the page starts again at page 1.
  $leadQuery.set({ ...$leadQuery.get(), ...('page' in change ? {} : { page: 1 }), ...change });
  void loadLeads();
}

export async function openLead(id: number): Promise<void> {
  $openLead.set({ status: 'loading', message: '' });
  try {
    const lead = await callContract(adminLeadContract, undefined, undefined, { id });
    $openLead.set({ status: 'ready', lead, message: '' });
  } catch (error) {
    $openLead.set({ status: 'error', message: handleAdminError(error) });
  }
}

export function closeLead(): void {
  $openLead.set({ status: 'closed', message: '' });
}

export async function saveLead(id: number, change: { status?: LeadDetail['status']; notes?: string | null }): Promise<boolean> {
  const current = $openLead.get();
  $openLead.set({ ...current, status: 'saving', message: '' });
  try {
    const lead = await callContract(adminLeadUpdateContract, change, undefined, { id });
    $openLead.set({ status: 'ready', lead, message: 'Saved.' });
    void loadLeads();
    return true;
  } catch (error) {
    $openLead.set({ ...current, status: 'ready', message: handleAdminError(error) });
    return false;
  }
}
