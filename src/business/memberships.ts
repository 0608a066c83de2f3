/** Store catalogue facts: memberships and products with their prices and terms. */
export const memberships = [
  { id: 'silver-vip-tank', slug: 'silver-vip-tank', name: 'Silver VIP Membership (Tank Water Heater)', price: 139.25, term: '1 year', termYears: 1, audience: 'residential', benefits: ['Flush of up to 2 tank water heaters', 'Plumbing check-up', 'Preferred pricing', 'Priority emergency scheduling'] },
  { id: 'silver-vip-tankless', slug: 'silver-vip-tankless', name: 'Silver VIP Membership (Tankless Water Heater)', price: 212.12, term: '1 year', termYears: 1, audience: 'residential', benefits: ['Flush of up to 2 tankless water heaters', 'Plumbing check-up', 'Preferred pricing', 'Priority emergency scheduling'] },
  { id: 'platinum-vip-tank', slug: 'platinum-vip-tank', name: 'Platinum VIP Membership (Tank Water Heater)', price: 319.77, term: '3 years', termYears: 3, audience: 'residential', benefits: ['Three annual visits: flush of up to 2 tank water heaters each year', 'Plumbing check-up each visit', 'Preferred pricing', 'Priority emergency scheduling'] },
  { id: 'platinum-vip-tankless', slug: 'platinum-vip-tankless', name: 'Platinum VIP Membership (Tankless Water Heater)', price: 599.8, term: '3 years', termYears: 3, audience: 'residential', benefits: ['Three annual visits: flush of up to 2 tankless water heaters each year', 'Plumbing check-up each visit', 'Preferred pricing', 'Priority emergency scheduling'] },
  { id: 'commercial-vip', slug: 'commercial-vip', name: 'Commercial VIP Membership', price: 119.0, term: 'No auto-renew', termYears: null, audience: 'commercial', benefits: ['Priority emergency service', 'Member savings', 'Free yearly inspection', 'No auto-renew'] },
  { id: 'rental-vip', slug: 'rental-vip', name: 'Rental VIP Membership', price: 109.1, term: null, termYears: null, audience: 'rental', benefits: ['Covers all your rental properties in our service area', 'Priority service', 'Member savings'] },
] as const;

export const products = [
  { id: 'bio-pure-septic-drain-rv', slug: 'bio-pure-septic-drain-rv', name: 'Bio-Pure Septic & Drain + RV Restore & Maintain (32 oz)', price: 29.53 },
] as const;
