// POST /api/booking: stores a booking request from the built-in scheduler and notifies the serving office.
import { bookingContract } from '../../src/lib/api/booking.contract';
import { findServiceArea } from '../../src/lib/booking/service-area';
import { defineHandler } from '../../src/server/http/handler';
import { submitLead } from '../../src/server/http/lead-submission';

export default defineHandler(bookingContract, ({ body: { notes, ...body }, ...request }) =>
  submitLead({ kind: 'booking', ...body, message: notes, officeId: findServiceArea(body.zip)?.office.id, pageContext: body.pageContext || 'Schedule Appointment' }, request), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/booking' };
