/**
 * Typical price ranges for common jobs, shown on service pages, in the cost estimator and by the chat
 * assistant. They are guidance, not quotes: every job is priced upfront after a free estimate.
 * Staff review these each year; change a range here and every page and the assistant follow.
 */
export const pricingReviewed = '2026-11';

export const priceGuides = [
  { id: 'service-call', job: 'Diagnostic visit (waived when we do the repair)', low: 0, high: 99, serviceIds: ['plumber-near-me'] },
  { id: 'drain-clog-fixture', job: 'Clear a sink, tub or shower drain', low: 150, high: 350, serviceIds: ['drain-cleaning'] },
  { id: 'main-line-clear', job: 'Clear a main sewer line from a cleanout', low: 250, high: 600, serviceIds: ['drain-cleaning', 'rooter-services'] },
  { id: 'camera-inspection', job: 'Sewer camera inspection', low: 200, high: 450, serviceIds: ['drain-cleaning', 'rooter-services', 'hydro-jetting-services'] },
  { id: 'hydro-jetting', job: 'Hydro jetting a main line', low: 450, high: 1200, serviceIds: ['hydro-jetting-services'] },
  { id: 'toilet-repair', job: 'Toilet repair (fill valve, flapper, wax ring)', low: 150, high: 400, serviceIds: ['toilet-faucet'] },
  { id: 'toilet-replace', job: 'Replace a toilet (installation, customer or standard fixture)', low: 350, high: 900, serviceIds: ['toilet-faucet'] },
  { id: 'faucet-repair', job: 'Faucet repair (cartridge or washer)', low: 150, high: 350, serviceIds: ['toilet-faucet'] },
  { id: 'faucet-install', job: 'Install a kitchen or bath faucet', low: 200, high: 500, serviceIds: ['faucet-installation'] },
  { id: 'disposal-repair', job: 'Garbage disposal repair', low: 150, high: 300, serviceIds: ['garbage-disposal-repair'] },
  { id: 'disposal-replace', job: 'Replace a garbage disposal (with unit)', low: 350, high: 750, serviceIds: ['garbage-disposal-repair'] },
  { id: 'leak-repair-accessible', job: 'Repair an accessible pipe or fitting leak', low: 200, high: 600, serviceIds: ['leak-repair'] },
  { id: 'leak-detection', job: 'Electronic leak detection', low: 250, high: 600, serviceIds: ['water-leak-repair'] },
  { id: 'slab-leak-repair', job: 'Slab leak repair (spot repair or reroute)', low: 1500, high: 5000, serviceIds: ['water-leak-repair'] },
  { id: 'water-line-repair', job: 'Yard water line repair', low: 500, high: 2500, serviceIds: ['water-leak-repair'] },
  { id: 'water-heater-repair', job: 'Water heater repair (element, thermostat, valve)', low: 150, high: 600, serviceIds: ['water-heater-services'] },
  { id: 'water-heater-flush', job: 'Tank or tankless water heater flush', low: 150, high: 300, serviceIds: ['water-heater-services'] },
  { id: 'tank-water-heater-replace', job: 'Replace a 40–50 gallon tank water heater', low: 1800, high: 3800, serviceIds: ['water-heater-services'] },
  { id: 'tankless-install', job: 'Install a tankless water heater', low: 3500, high: 7500, serviceIds: ['water-heater-services'] },
  { id: 'gas-appliance-connect', job: 'Connect a gas appliance', low: 200, high: 450, serviceIds: ['gas-services'] },
  { id: 'gas-line-new', job: 'Run a new gas line to an appliance', low: 500, high: 2500, serviceIds: ['gas-line-services'] },
  { id: 'gas-leak-test', job: 'Gas leak detection and pressure test', low: 200, high: 500, serviceIds: ['gas-leak-detection'] },
  { id: 'backflow-test', job: 'Annual backflow assembly test and report', low: 100, high: 200, serviceIds: ['backflow-testing'] },
  { id: 'backflow-install', job: 'Install or replace a backflow preventer', low: 400, high: 2000, serviceIds: ['backflow'] },
  { id: 'prv-replace', job: 'Replace a pressure-reducing valve', low: 400, high: 900, serviceIds: ['water-pressure-solutions'] },
  { id: 'sewage-pump-replace', job: 'Replace a sewage ejector or grinder pump', low: 1200, high: 3500, serviceIds: ['sewage-pump-services'] },
  { id: 'french-drain', job: 'Install a French drain or yard drain (per run)', low: 1500, high: 6000, serviceIds: ['drainage-solutions'] },
  { id: 'hose-bib-freeze', job: 'Replace a frozen or split hose bib', low: 150, high: 400, serviceIds: ['winter-freeze-protection'] },
  { id: 'emergency-after-hours', job: 'After-hours emergency call-out (added to the repair)', low: 150, high: 300, serviceIds: ['emergency'] },
] as const;

export type PriceGuideId = (typeof priceGuides)[number]['id'];

/** What moves a price up or down, shown beside every range. */
export const priceFactors = [
  'How easy the problem is to reach (open cabinet, attic, crawl space, under a slab)',
  'Parts and fixtures: standard, customer-supplied or premium',
  'Whether a city permit and inspection are required',
  'Age and condition of the pipes and fittings around the repair',
  'After-hours, weekend or holiday emergency timing',
] as const;
