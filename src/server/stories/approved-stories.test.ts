import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import type { NewSuccessStory } from '../db/tables/success-story.table';
import { approvedStoryViews } from './approved-stories';

const photoId = (c: string) => c.repeat(32);
const story = (name: string, extra: Partial<NewSuccessStory> = {}): NewSuccessStory => ({
  name, city: 'round-rock', service: 'drain-cleaning', story: `The story ${name} sent us, long enough to keep.`,
  consent_at: new Date('2026-11-01T12:00:00Z'), request_hash: `hash-${name}`, ...extra,
});

describeEachDatabase('the stories the build shows', (db) => {
  test('only approved stories reach the pages: pending, spam and taken-down ones never do', async () => {
    await db().insertInto('success_stories').values([
      story('Pending'),
      story('Spam trap', { status: 'spam', spam_reason: 'trap' }),
      story('Spam but approved-looking', { status: 'spam', spam_reason: 'fast', approved_by: 'x@example.com', approved_at: new Date() }),
      story('Taken down', { status: 'pending', approved_by: null, approved_at: null }),
      story('Older approved', { status: 'approved', approved_by: 'staff@example.com', approved_at: new Date('2026-11-10T12:00:00Z') }),
      story('Newer approved', { status: 'approved', approved_by: 'staff@example.com', approved_at: new Date('2026-11-20T12:00:00Z') }),
      story('Featured', { status: 'approved', featured: true, approved_by: 'staff@example.com', approved_at: new Date('2026-11-05T12:00:00Z'),
        before_photo: photoId('a'), before_width: 900, before_height: 600, show_before: false,
        after_photo: photoId('b'), after_width: 900, after_height: 600 }),
    ]).execute();

    const views = await approvedStoryViews(db(), (id) => (id === 'round-rock' ? 'Round Rock' : id));
    expect(views.map((v) => v.name)).toEqual(['Featured', 'Newer approved', 'Older approved']);
    expect(views[0]).toMatchObject({ cityName: 'Round Rock', service: 'drain-cleaning', featured: true, before: null, after: { id: photoId('b'), width: 900, height: 600 } });
    expect(views[1]).toMatchObject({ before: null, after: null });
  });
});
