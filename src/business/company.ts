/** Company-wide facts: name, licence, hours, promises, social links. Validated once in ./index.ts. */
export const company = {
  name: 'Economy Plumbing Services',
  legalName: 'Economy Plumbing Services',
  tagline: "Central Texas' Best Little Plumbing Company",
  foundingYear: 2012,
  licence: { label: 'Texas Master Plumber', number: 'M-41147' },
  hours: {
    weekdays: { days: 'Monday to Friday', opens: '07:30', closes: '17:30', label: 'Mon–Fri 7:30 AM – 5:30 PM' },
    weekend: { days: 'Saturday and Sunday', label: 'Sat–Sun by appointment only' },
    emergency: '24/7 emergency service',
  },
  promises: ['Free estimates', 'Upfront pricing', '100% satisfaction guarantee', '24/7 emergency service'],
  heroBadges: ['Licensed & Insured', 'Free Estimates', 'Same-Day Service'],
  payments: { accepted: ['Cash', 'Credit card', 'Check'], priceRange: '$$', currency: 'USD' },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/econoplumbing' },
    { name: 'Instagram', url: 'https://www.instagram.com/plumbersthatcare_atx' },
    { name: 'Yelp', url: 'https://www.yelp.com/biz/economy-plumbing-services-austin-3' },
    { name: 'Nextdoor', url: 'https://nextdoor.com/page/economy-plumbing-services-austin-tx-1' },
  ],
} as const;
