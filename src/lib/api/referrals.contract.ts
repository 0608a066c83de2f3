/**
 * The referral pages' endpoints. GET /api/referral-offer?code= answers the referrer's first name (or
 * null) for /referral-offer; POST /api/referral-offer takes the referred friend's form; POST
 * /api/refer-a-friend takes a customer's own details and their friend's. Both forms store the friend
 * as a lead first (send an `Idempotency-Key` header as for /api/contact), then the referral.
 */
import { z } from 'zod';
import { defineContract } from './contract';
import { leadReceiptReadSchema, leadReceiptSchema } from './contact.contract';
import { leadFields, typedText } from './lead-fields';

const codeField = z.string('The referral code must be text.').trim().max(40, 'A referral code has 8 characters.');
const consent = z.literal(true, 'Tick the box to agree that we may contact you about this offer.');
const requiredEmail = z.email('Enter a valid email address.').max(254, 'Use at most 254 characters for the email.');

export const referralOfferLookupContract = defineContract({
  path: '/api/referral-offer',
  method: 'GET',
  query: z.strictObject({ code: codeField.optional() }),
  response: z.strictObject({ firstName: z.string().nullable() }),
  cache: { maxAgeSeconds: 300 },
});

export const referralOfferRequestSchema = z.strictObject({
  name: leadFields.name,
  phone: leadFields.phone,
  email: leadFields.email,
  consent,
  code: codeField.optional(),
  website: leadFields.website,
  formStartTime: leadFields.formStartTime,
});

export const referralOfferContract = defineContract({
  path: '/api/referral-offer',
  method: 'POST',
  request: referralOfferRequestSchema,
  response: leadReceiptSchema,
  read: leadReceiptReadSchema,
});

export const referAFriendRequestSchema = z.strictObject({
  yourName: leadFields.name,
  yourEmail: requiredEmail,
  yourPhone: z.union([z.literal(''), leadFields.phone]).optional(),
  friendName: typedText(100, 'Use at most 100 characters for your friend\'s name.', 'Enter your friend\'s name.').min(1, 'Enter your friend\'s name.'),
  friendPhone: leadFields.phone,
  friendEmail: leadFields.email,
  consent: z.literal(true, 'Tick the box to confirm your friend agreed that we may contact them.'),
  website: leadFields.website,
  formStartTime: leadFields.formStartTime,
});

export const referAFriendContract = defineContract({
  path: '/api/refer-a-friend',
  method: 'POST',
  request: referAFriendRequestSchema,
  response: leadReceiptSchema,
  read: leadReceiptReadSchema,
});
