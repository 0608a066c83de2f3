/**
 * Moderation on PGlite and PostgreSQL: a review left on the site counts toward the rating and the
 * blocks only once approved; rejecting or marking it as spam takes it out again (and unfeatures it);
 * without the customer's consent it cannot be approved; only approved reviews can be featured; a
 * public reply is kept with who wrote it; every change is audited and those the site shows request a publish.
 */
import { beforeEach, expect, test } from 'vitest';
import { firstPartyRating } from '../../lib/reviews';
import { describeEachDatabase } from '../db/test-databases';
import { listFirstPartyReviews } from '../repositories/review.repository';
import { listAdminReviews, updateAdminReview } from './admin-reviews';
import { listPublicReviews, toPublicReview } from './reviews.service';

const actor = { email: 'moderator@example.com', requestId: 'req-test' };

describeEachDatabase('review moderation', (db) => {
  beforeEach(async () => {
    await db().deleteFrom('reviews').execute();
    await db().deleteFrom('publish_requests').execute();
    await db().deleteFrom('audit_log').where('entity', '=', 'review').execute();
  });

  const left = async (rating: number, fields: Record<string, unknown> = {}) =>
    (await db().insertInto('reviews').values({
      rating, text: `A visit rated ${rating}`, author_name: `Reviewer ${rating}`, source: 'website', timestamp: 1_700_000_000, status: 'pending', photos: '[]', consent_to_publish: true, ...fields,
    }).returning('id').executeTakeFirstOrThrow()).id;
  const rating = async () => firstPartyRating((await listFirstPartyReviews(db())).map((r) => toPublicReview(r)));

  test('only approved reviews are rated and listed; reject and spam take them out again', async () => {
    const five = await left(5);
    const one = await left(1);
    await left(3, { status: 'spam' });
    expect(await rating()).toBeUndefined();
    expect(await listPublicReviews(db())).toEqual([]);

    await updateAdminReview(db(), five, { status: 'approved' }, actor);
    await updateAdminReview(db(), one, { status: 'approved' }, actor);
    expect(await rating()).toEqual({ ratingValue: 3, reviewCount: 2 });
    expect((await listPublicReviews(db())).map((r) => r.rating)).toEqual([5, 1]);

    const rejected = await updateAdminReview(db(), one, { status: 'rejected' }, actor);
    expect(rejected).toMatchObject({ status: 'rejected', moderatedBy: actor.email });
    expect(await rating()).toEqual({ ratingValue: 5, reviewCount: 1 });
    await updateAdminReview(db(), five, { status: 'spam' }, actor);
    expect(await rating()).toBeUndefined();

    const actions = await db().selectFrom('audit_log').select('action').where('entity', '=', 'review').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['review.approve', 'review.approve', 'review.reject', 'review.spam']);
    expect(await db().selectFrom('publish_requests').select('kind').execute()).toHaveLength(4);
  });

  test('featuring: only an approved review; it then comes first; leaving approval unfeatures it', async () => {
    const five = await left(5);
    const four = await left(4);
    await expect(updateAdminReview(db(), four, { featured: true }, actor)).rejects.toMatchObject({ status: 409 });
    await updateAdminReview(db(), five, { status: 'approved' }, actor);
    const featured = await updateAdminReview(db(), four, { status: 'approved', featured: true }, actor);
    expect(featured).toMatchObject({ status: 'approved', featured: true });
    expect((await listPublicReviews(db())).map((r) => [r.rating, r.featured])).toEqual([[4, true], [5, false]]);
    expect(await updateAdminReview(db(), four, { status: 'pending' }, actor)).toMatchObject({ status: 'pending', featured: false });
  });

  test('a review without consent to publish cannot be approved, and nothing changes', async () => {
    const id = await left(2, { consent_to_publish: false });
    await expect(updateAdminReview(db(), id, { status: 'approved' }, actor)).rejects.toMatchObject({ status: 409 });
    expect((await listAdminReviews(db(), { status: 'pending' })).reviews.map((r) => r.id)).toEqual([id]);
    expect(await db().selectFrom('audit_log').select('id').where('entity', '=', 'review').execute()).toEqual([]);
  });

  test('a public reply is kept with who wrote it, shown with the review, and removed by an empty text', async () => {
    const id = await left(4);
    await updateAdminReview(db(), id, { status: 'approved' }, actor);
    const replied = await updateAdminReview(db(), id, { reply: '  Thank you, Ana!  ' }, actor);
    expect(replied.reply).toMatchObject({ text: 'Thank you, Ana!', by: actor.email });
    expect((await listPublicReviews(db()))[0]!.reply).toMatchObject({ text: 'Thank you, Ana!' });
    expect((await updateAdminReview(db(), id, { reply: '' }, actor)).reply).toBeNull();
    const actions = await db().selectFrom('audit_log').select('action').where('entity', '=', 'review').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['review.approve', 'review.reply', 'review.reply-remove']);
  });

  test('the list puts waiting reviews first and counts each status', async () => {
    const approved = await left(5, { status: 'approved' });
    const waiting = await left(2);
    await left(1, { status: 'spam' });
    const all = await listAdminReviews(db(), { status: 'all', sort: 'rating-high' });
    expect(all.reviews.map((r) => r.id).slice(0, 2)).toEqual([waiting, approved]);
    expect(all.counts).toEqual({ pending: 1, approved: 1, rejected: 0, spam: 1 });
    await expect(updateAdminReview(db(), 2_000_000_000, { status: 'approved' }, actor)).rejects.toMatchObject({ status: 404 });
  });
});
