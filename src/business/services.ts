/**
 * Every service route of the site. `slug` is the primary route; `alsoAt` lists routes that show the
 * same page and name the primary as canonical (kept out of the sitemap).
 */
export const services = [
  { id: 'services', slug: 'services', group: 'residential', kind: 'hub', title: 'Plumbing Services', short: 'Every residential and commercial plumbing service we offer in Austin and the Highland Lakes.' },
  { id: 'plumber-near-me', slug: 'plumber-near-me', group: 'residential', kind: 'landing', title: 'Plumber Near Me', short: 'A licensed local plumber from our Austin or Marble Falls office, with same-day service across 16 cities.' },
  { id: 'water-heater-services', slug: 'water-heater-services', group: 'residential', kind: 'service', title: 'Water Heater Services', short: 'Repair, flushing and replacement of tank and tankless water heaters, gas and electric.' },
  { id: 'drain-cleaning', slug: 'drain-cleaning', alsoAt: ['drain-cleaning-services'], group: 'residential', kind: 'service', title: 'Drain Cleaning', short: 'Clogged sinks, tubs, toilets and main lines cleared and checked so they stay clear.' },
  { id: 'leak-repair', slug: 'leak-repair', group: 'residential', kind: 'service', title: 'Leak Repair', short: 'Dripping pipes, fittings, valves and fixture supply lines repaired before they cause damage.' },
  { id: 'water-leak-repair', slug: 'water-leak-repair', group: 'residential', kind: 'service', title: 'Water Leak Detection & Repair', short: 'Hidden leaks under slabs, in walls and in yard water lines found and fixed.' },
  { id: 'toilet-faucet', slug: 'toilet-faucet', group: 'residential', kind: 'service', title: 'Toilet & Faucet Repair', short: 'Running, leaking and clogged toilets and dripping faucets repaired or replaced.' },
  { id: 'faucet-installation', slug: 'faucet-installation', group: 'residential', kind: 'service', title: 'Faucet Installation', short: 'Kitchen, bath and outdoor faucets installed with new supply lines and shut-off valves.' },
  { id: 'garbage-disposal-repair', slug: 'garbage-disposal-repair', group: 'residential', kind: 'service', title: 'Garbage Disposal Repair', short: 'Jammed, humming and leaking disposals repaired, or replaced with the right size unit.' },
  { id: 'gas-services', slug: 'gas-services', group: 'residential', kind: 'service', title: 'Gas Plumbing Services', short: 'Gas appliance connections for ranges, dryers, water heaters, grills and fireplaces.' },
  { id: 'gas-line-services', slug: 'gas-line-services', group: 'residential', kind: 'service', title: 'Gas Line Installation & Repair', short: 'New gas lines, line repairs, pressure tests and permits for homes and businesses.' },
  { id: 'gas-leak-detection', slug: 'gas-leak-detection', group: 'residential', kind: 'service', title: 'Gas Leak Detection', short: 'Gas leaks located with electronic detectors and pressure tests, then repaired safely.' },
  { id: 'backflow', slug: 'backflow', group: 'commercial', kind: 'service', title: 'Backflow Prevention', short: 'Backflow preventers selected, installed and repaired to protect your drinking water.' },
  { id: 'backflow-testing', slug: 'backflow-testing', group: 'commercial', kind: 'service', title: 'Backflow Testing', short: 'Annual backflow assembly testing with the report filed for your water utility.' },
  { id: 'emergency', slug: 'emergency', alsoAt: ['emergency-plumbing'], group: 'residential', kind: 'service', title: 'Emergency Plumbing', short: 'Burst pipes, sewer backups and no hot water: 24/7 emergency plumbing service.' },
  { id: 'drainage-solutions', slug: 'drainage-solutions', group: 'residential', kind: 'service', title: 'Drainage Solutions', short: 'Yard drains, French drains and downspout lines that move storm water away from your home.' },
  { id: 'hydro-jetting-services', slug: 'hydro-jetting-services', group: 'residential', kind: 'service', title: 'Hydro Jetting', short: 'High-pressure water jetting that scours grease, scale and roots out of drain and sewer lines.' },
  { id: 'rooter-services', slug: 'rooter-services', group: 'residential', kind: 'service', title: 'Rooter Services', short: 'Mechanical drain cables that cut through roots and stubborn clogs in main sewer lines.' },
  { id: 'sewage-pump-services', slug: 'sewage-pump-services', group: 'residential', kind: 'service', title: 'Sewage Pump Services', short: 'Sewage ejector, grinder and sump pumps installed, repaired and replaced.' },
  { id: 'permit-resolution-services', slug: 'permit-resolution-services', group: 'residential', kind: 'service', title: 'Permit Resolution', short: 'Open or failed plumbing permits and unpermitted work brought up to code for sale or inspection.' },
  { id: 'water-pressure-solutions', slug: 'water-pressure-solutions', group: 'residential', kind: 'service', title: 'Water Pressure Solutions', short: 'Low or high water pressure diagnosed, with pressure-reducing valves and repairs that fix it.' },
  { id: 'commercial-services', slug: 'commercial-services', group: 'commercial', kind: 'hub', title: 'Commercial Plumbing Services', short: 'Plumbing for restaurants, retail, offices and rental property, with after-hours scheduling.' },
  { id: 'commercial-plumbing', slug: 'commercial-plumbing', group: 'commercial', kind: 'service', title: 'Commercial Plumbing', short: 'Repairs, fixtures, water heaters and drain lines for commercial buildings.' },
  { id: 'winter-freeze-protection', slug: 'winter-freeze-protection', group: 'seasonal', kind: 'service', title: 'Winter Freeze Protection', short: 'Insulating, draining and shut-off steps that keep Central Texas pipes from bursting in a freeze.' },
  { id: 'summer-plumbing-prep', slug: 'summer-plumbing-prep', group: 'seasonal', kind: 'service', title: 'Summer Plumbing Prep', short: 'Irrigation, water heater and drain checks before the long Texas summer.' },
  { id: 'water-heater-guide', slug: 'water-heater-guide', group: 'tools', kind: 'guide', title: 'Water Heater Guide', short: 'Tank or tankless, gas or electric: how to choose, size and look after a water heater.' },
  { id: 'water-heater-calculator', slug: 'water-heater-calculator', group: 'tools', kind: 'tool', title: 'Water Heater Size Calculator', short: 'Work out the tank size or tankless flow rate your household needs.' },
  { id: 'plumbing-cost-estimator', slug: 'plumbing-cost-estimator', group: 'tools', kind: 'tool', title: 'Plumbing Cost Estimator', short: 'Typical price ranges for common plumbing jobs and what moves the price.' },
] as const;

export type ServiceId = (typeof services)[number]['id'];
