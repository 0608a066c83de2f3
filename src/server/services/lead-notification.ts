/** The email that tells the office about a new lead: plain text and escaped HTML. */
import { arrivalWindows, choiceLabel, leadLocations, leadServices, leadUrgencies } from '../../business/lead-choices';
import { officeById } from '../../business';
import type { Lead } from '../db/tables/lead.table';
import type { OutboxEmail } from '../db/tables/outbox-message.table';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Header values must stay on one line.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

function dayLabel(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(noon);
}

/** The rows of the notification, in the order staff read them. */
export function leadDetails(lead: Pick<Lead, 'kind' | 'reference' | 'name' | 'phone' | 'email' | 'service' | 'location' | 'urgency' | 'message' | 'page_context' | 'zip' | 'preferred_date' | 'arrival_window' | 'office_id'>): [string, string][] {
  const rows: [string, string | null | undefined][] = [
    ['Reference', lead.reference],
    ['Name', lead.name],
    ['Phone', lead.phone],
    ['Email', lead.email],
    ['Service', choiceLabel(leadServices, lead.service)],
  ];
  if (lead.kind === 'booking') {
    rows.push(
      ['ZIP code', lead.zip],
      ['Office', lead.office_id ? officeById(lead.office_id).name : undefined],
      ['Preferred day', lead.preferred_date ? dayLabel(lead.preferred_date) : undefined],
      ['Arrival window', choiceLabel(arrivalWindows, lead.arrival_window)],
      ['Notes', lead.message],
    );
  } else {
    rows.push(
      ['Location', choiceLabel(leadLocations, lead.location)],
      ['Urgency', choiceLabel(leadUrgencies, lead.urgency)],
      ['Message', lead.message],
    );
  }
  rows.push(['Sent from', lead.page_context]);
  return rows.filter((r): r is [string, string] => typeof r[1] === 'string' && r[1] !== '');
}

/** The staff notification for a stored lead. */
export function leadNotificationEmail(lead: Parameters<typeof leadDetails>[0]): OutboxEmail {
  const details = leadDetails(lead);
  const emergency = lead.urgency === 'emergency' ? 'EMERGENCY ' : '';
  const what = lead.kind === 'booking'
    ? `Booking request${lead.preferred_date ? ` for ${dayLabel(lead.preferred_date)}` : ''}`
    : `${emergency}Estimate request${lead.service ? `: ${choiceLabel(leadServices, lead.service)}` : ''}`;
  const subject = oneLine(`${what} from ${lead.name} (${lead.reference})`);
  const intro = lead.kind === 'booking'
    ? 'A visitor asked for an appointment through the website. Call them to confirm a day and arrival window.'
    : 'A visitor asked for a free estimate through the website. Call them back.';
  const text = [intro, '', ...details.map(([k, v]) => `${k}: ${v}`), ''].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...details.map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`),
    '</table>',
  ].join('\n');
  return { to: 'staff', subject, text, html, ...(lead.email ? { replyTo: oneLine(lead.email) } : {}) };
}
