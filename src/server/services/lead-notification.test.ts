import { describe, expect, test } from 'vitest';
import { leadNotificationEmail } from './lead-notification';

const base = {
  kind: 'estimate' as const, reference: 'EPS-ABC123', name: 'Ana Díaz', phone: '(512) 555-0100', email: null, service: 'drain', location: 'cedar-park',
  urgency: 'normal', message: 'Slow tub drain.', page_context: 'Service: Drain Cleaning', zip: null, preferred_date: null, arrival_window: null, office_id: null,
};

describe('leadNotificationEmail', () => {
  test('names the request, the person and the reference in the subject, and lists the details', () => {
    const email = leadNotificationEmail(base);
    expect(email.subject).toBe('Estimate request: Drain cleaning or clog from Ana Díaz (EPS-ABC123)');
    expect(email.text).toContain('Location: Cedar Park');
    expect(email.text).toContain('Urgency: Not urgent: planning ahead');
    expect(email.text).toContain('Sent from: Service: Drain Cleaning');
    expect(email.text).not.toContain('Email:');
    expect(email.replyTo).toBeUndefined();
  });

  test('marks emergencies at the start of the subject', () => {
    expect(leadNotificationEmail({ ...base, urgency: 'emergency' }).subject).toMatch(/^EMERGENCY Estimate request/);
  });

  test('a booking names the day, window, ZIP code and office', () => {
    const email = leadNotificationEmail({ ...base, kind: 'booking', zip: '78654', preferred_date: '2026-11-24', arrival_window: 'morning', office_id: 'marble-falls', location: null, urgency: null });
    expect(email.subject).toBe('Booking request for Tuesday, November 24, 2026 from Ana Díaz (EPS-ABC123)');
    expect(email.text).toContain('Office: Marble Falls');
    expect(email.text).toContain('Arrival window: Morning, 7:30 AM – 12:00 PM');
    expect(email.text).toContain('Notes: Slow tub drain.');
  });

  test('escapes HTML and keeps header values on one line', () => {
    const email = leadNotificationEmail({ ...base, name: 'Eve <script>alert(1)</script>\r\nBcc: x@example.com', email: 'a@example.com\nBcc: y@example.com' });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.replyTo).not.toMatch(/[\r\n]/);
  });
});
