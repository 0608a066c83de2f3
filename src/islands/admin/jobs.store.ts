/** /admin/jobs: the list's query and answer, adding and editing jobs, and the CSV import's preview and result. */
import { atom } from 'nanostores';
import { adminJobCreateContract, adminJobImportContract, adminJobListContract, adminJobUpdateContract } from '../../lib/api/admin/jobs.contract';
import type { JobView } from '../../lib/api/admin/customers.contract';
import { ApiError, callContract } from '../../lib/api/client';
import type { QueryOf, ReadOf, RequestInputOf } from '../../lib/api/contract';
import { handleAdminError } from './session.store';
import type { Failure } from './customers.store';

export type JobQuery = QueryOf<typeof adminJobListContract>;
export const $jobQuery = atom<JobQuery>({ page: 1, pageSize: 25, sort: 'completed_at', dir: 'desc' });
export const $jobs = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminJobListContract>; message: string }>({ status: 'loading', message: '' });
export const $jobNotice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

export async function loadJobs(): Promise<void> {
  $jobs.set({ ...$jobs.get(), status: 'loading' });
  try {
    $jobs.set({ status: 'ready', data: await callContract(adminJobListContract, $jobQuery.get()), message: '' });
  } catch (error) {
    $jobs.set({ status: 'error', message: handleAdminError(error) });
  }
}

export function setJobQuery(change: Partial<JobQuery>): void {
  $jobQuery.set({ ...$jobQuery.get(), page: 1, ...change });
  void loadJobs();
}

const failure = (error: unknown): Failure => ({ message: handleAdminError(error), fields: error instanceof ApiError ? error.fields : {} });

export async function createJob(input: RequestInputOf<typeof adminJobCreateContract>): Promise<JobView | Failure> {
  try {
    const job = await callContract(adminJobCreateContract, input);
    $jobNotice.set({ tone: 'info', text: `The job “${job.service}” was added for ${job.customerName}.` });
    return job;
  } catch (error) {
    return failure(error);
  }
}

export async function updateJob(id: string, input: RequestInputOf<typeof adminJobUpdateContract>): Promise<JobView | Failure> {
  try {
    const job = await callContract(adminJobUpdateContract, input, undefined, { id });
    $jobNotice.set({ tone: 'info', text: `The job “${job.service}” for ${job.customerName} was saved.` });
    return job;
  } catch (error) {
    return failure(error);
  }
}

export type ImportAnswer = ReadOf<typeof adminJobImportContract>;
export type ImportMapping = NonNullable<RequestInputOf<typeof adminJobImportContract>['mapping']>;

export async function sendImport(csv: string, mode: 'preview' | 'import', mapping?: ImportMapping): Promise<ImportAnswer | Failure> {
  try {
    return await callContract(adminJobImportContract, { csv, mode, ...(mapping ? { mapping } : {}) });
  } catch (error) {
    return failure(error);
  }
}

export const isFailure = (value: unknown): value is Failure => typeof value === 'object' && value !== null && 'message' in value && 'fields' in value && !('publicId' in value);
