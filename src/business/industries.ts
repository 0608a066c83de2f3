/** Commercial industries with their own page under /commercial/. */
export const industries = [
  { id: 'restaurants', slug: 'restaurants', title: 'Restaurant Plumbing', short: 'Grease traps, floor drains, gas lines and water heaters that keep a kitchen open.' },
  { id: 'retail', slug: 'retail', title: 'Retail Plumbing', short: 'Restrooms, water heaters and drains fixed around your trading hours.' },
  { id: 'office-buildings', slug: 'office-buildings', title: 'Office Building Plumbing', short: 'Multi-floor restrooms, break rooms, backflow testing and after-hours repairs.' },
  { id: 'property-management', slug: 'property-management', title: 'Property Management Plumbing', short: 'Tenant turnovers, make-ready work and one plumber for every rental you manage.' },
] as const;

export type IndustryId = (typeof industries)[number]['id'];
