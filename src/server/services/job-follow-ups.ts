/**
 * What follows from saving a job, wherever it came from (staff, CSV import, the field-service
 * webhook), in the same transaction: a paid job may qualify a referral, and a completed one schedules
 * its customer's review request.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Job } from '../db/tables/job.table';
import { rewardReferralForJob } from './referral-rewards';
import { scheduleReviewRequest } from './review-requests';

export async function followUpSavedJob(trx: Kysely<Database>, job: Job, now: Date = new Date()): Promise<void> {
  await rewardReferralForJob(trx, job);
  await scheduleReviewRequest(trx, job, now);
}
