/** The five header menus (SPEC §2) and the footer's company links. Service and area menus are derived. */
export const contactMenu = [
  { label: 'Contact Form', href: '/contact' },
  { label: 'Schedule Appointment', href: '/schedule-appointment' },
  { label: 'FAQ', href: '/faq' },
] as const;

export const aboutMenu = [
  { label: 'About Us', href: '/about' },
  { label: 'Success Stories', href: '/success-stories' },
  { label: 'Blog', href: '/blog' },
  { label: 'Membership Benefits', href: '/membership-benefits' },
] as const;

export const portalMenu = [
  { label: 'Customer Portal', href: '/customer-portal' },
  { label: 'Refer a Friend', href: '/refer-a-friend' },
  { label: 'Plumbing Cost Estimator', href: '/plumbing-cost-estimator' },
  { label: 'Water Heater Calculator', href: '/water-heater-calculator' },
  { label: 'Membership Benefits', href: '/membership-benefits' },
  { label: 'Store', href: '/store' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Refund & Returns', href: '/refund_returns' },
] as const;

export const companyLinks = [
  { label: 'About Us', href: '/about' },
  { label: 'Contact', href: '/contact' },
  { label: 'FAQ', href: '/faq' },
  { label: 'Blog', href: '/blog' },
  { label: 'Success Stories', href: '/success-stories' },
  { label: 'Membership Benefits', href: '/membership-benefits' },
  { label: 'Refer a Friend', href: '/refer-a-friend' },
  { label: 'Store', href: '/store' },
] as const;
