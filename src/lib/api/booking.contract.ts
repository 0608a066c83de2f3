/**
 * POST /api/booking: a booking request from the built-in scheduler (service, ZIP code, day,
 * arrival window and contact details). Stored as a lead of kind booking; send an
 * `Idempotency-Key` header as for /api/contact.
 */
import { z } from 'zod';
import { offices } from '../../business/offices';
import { arrivalWindowIds, leadServiceIds } from '../../business/lead-choices';
import { isBookableDate } from '../booking/booking-days';
import { findServiceArea } from '../booking/service-area';
import { defineContract } from './contract';
import { leadFields, optionalChoice, typedText } from './lead-fields';
import { leadReceiptReadSchema, leadReceiptSchema } from './contact.contract';

const austinPhone = offices.find((o) => o.id === 'austin')!.phone;

export const bookingRequestSchema = z.strictObject({
  service: optionalChoice(leadServiceIds, 'Choose a service from the list.'),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Enter the five-digit ZIP code of the address.')
    .refine((zip) => findServiceArea(zip) !== undefined, {
      error: (issue) => `We do not serve ZIP code ${String(issue.input)}. Call our Austin office at ${austinPhone} and we will tell you who can help.`,
    }),
  preferredDate: z
    .string()
    .refine((date) => isBookableDate(date, new Date()), 'Choose a day in the next two weeks.'),
  arrivalWindow: z.enum(arrivalWindowIds, 'Choose an arrival window.'),
  name: leadFields.name,
  phone: leadFields.phone,
  email: leadFields.email,
  notes: leadFields.message,
  pageContext: typedText(200, 'Use at most 200 characters.').optional(),
  website: leadFields.website,
  formStartTime: leadFields.formStartTime,
});

export type BookingRequest = z.input<typeof bookingRequestSchema>;

export const bookingContract = defineContract({
  path: '/api/booking',
  method: 'POST',
  request: bookingRequestSchema,
  response: leadReceiptSchema,
  read: leadReceiptReadSchema,
});
