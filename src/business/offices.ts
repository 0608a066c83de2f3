/** The two offices. Every phone number and address on the site comes from here. */
export const offices = [
  {
    id: 'austin',
    name: 'Austin',
    street: '701 Tillery St #12',
    city: 'Austin',
    region: 'TX',
    postalCode: '78702',
    phone: '(512) 368-9159',
    geo: { latitude: 30.2609, longitude: -97.7023 },
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=701+Tillery+St+%2312%2C+Austin%2C+TX+78702',
  },
  {
    id: 'marble-falls',
    name: 'Marble Falls',
    street: '2409 Commerce Street',
    city: 'Marble Falls',
    region: 'TX',
    postalCode: '78654',
    phone: '(830) 460-3565',
    geo: { latitude: 30.5749, longitude: -98.2759 },
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=2409+Commerce+Street%2C+Marble+Falls%2C+TX+78654',
  },
] as const;

export type OfficeId = (typeof offices)[number]['id'];
