/**
 * POST /api/success-stories: a customer's story from /success-stories, sent as multipart with up to
 * two photos (before and after). The lead form's rules apply: a hidden trap and the time the form
 * was open mark spam, an `Idempotency-Key` header stores a retried story once, and a client sending
 * too many is refused. A story waits for staff approval; consent to publish is required.
 */
import { z } from 'zod';
import { cities } from '../../business/cities';
import { services } from '../../business/services';
import { defineContract } from './contract';
import { leadFields, typedText } from './lead-fields';

/** The services a story can be about: the service pages a story appears on. */
export const storyServices = services.filter((s) => s.kind === 'service').map((s) => ({ id: s.id, label: s.title }));
export const storyServiceIds = storyServices.map((s) => s.id) as [string, ...string[]];
export const storyCityIds = cities.map((c) => c.id) as [string, ...string[]];

export const maxStoryPhotoBytes = 6 * 1024 * 1024;
export const storyMaxLength = 3000;

export const storyFields = {
  name: typedText(100, 'Use at most 100 characters for your name.', 'Enter your name as it should appear.').min(1, 'Enter your name as it should appear.'),
  city: z.enum(storyCityIds, 'Choose your city from the list.'),
  service: z.enum(storyServiceIds, 'Choose the service we did from the list.'),
  story: typedText(storyMaxLength, `Use at most ${storyMaxLength.toLocaleString('en-US')} characters.`, 'Tell us what happened.').min(20, 'Tell us a little more: at least 20 characters.'),
};

/** The form's fields as the function reads them (multipart values are text or files). */
export const storyFormSchema = z.strictObject({
  ...storyFields,
  consent: z.literal('yes', 'Tick the box to let us publish your story, name and photos; we cannot publish it otherwise.'),
  website: leadFields.website,
  formStartTime: z.coerce.number('Reload the page and send the form again.').pipe(leadFields.formStartTime),
  beforePhoto: z.file('Attach the before photo as a file.').optional(),
  afterPhoto: z.file('Attach the after photo as a file.').optional(),
});

export const storySubmitContract = defineContract({
  path: '/api/success-stories',
  method: 'POST',
  bodyType: 'multipart',
  maxBodyBytes: 2 * maxStoryPhotoBytes + 64 * 1024,
  response: z.strictObject({ ok: z.literal(true) }),
});
