/**
 * Typical price ranges for common jobs (`jobEs`: the job in Spanish, for the assistant), shown on service pages, in the cost estimator and by the chat
 * assistant. They are guidance, not quotes: every job is priced upfront after a free estimate.
 * Staff review these each year; change a range here and every page and the assistant follow.
 */
export const pricingReviewed = '2026-11';

export const priceGuides = [
  { id: 'service-call', job: 'Diagnostic visit (waived when we do the repair)', jobEs: 'Visita de diagnóstico (sin costo si hacemos la reparación)', low: 0, high: 99, serviceIds: ['plumber-near-me'] },
  { id: 'drain-clog-fixture', job: 'Clear a sink, tub or shower drain', jobEs: 'Destapar el drenaje de un lavabo, tina o regadera', low: 150, high: 350, serviceIds: ['drain-cleaning'] },
  { id: 'main-line-clear', job: 'Clear a main sewer line from a cleanout', jobEs: 'Destapar la línea principal de drenaje desde el registro', low: 250, high: 600, serviceIds: ['drain-cleaning', 'rooter-services'] },
  { id: 'camera-inspection', job: 'Sewer camera inspection', jobEs: 'Inspección del drenaje con cámara', low: 200, high: 450, serviceIds: ['drain-cleaning', 'rooter-services', 'hydro-jetting-services'] },
  { id: 'hydro-jetting', job: 'Hydro jetting a main line', jobEs: 'Limpieza de la línea principal con agua a presión (hydro jetting)', low: 450, high: 1200, serviceIds: ['hydro-jetting-services'] },
  { id: 'toilet-repair', job: 'Toilet repair (fill valve, flapper, wax ring)', jobEs: 'Reparación de inodoro (válvula de llenado, sapo o anillo de cera)', low: 150, high: 400, serviceIds: ['toilet-faucet'] },
  { id: 'toilet-replace', job: 'Replace a toilet (installation, customer or standard fixture)', jobEs: 'Reemplazo de inodoro (instalación, con inodoro del cliente o estándar)', low: 350, high: 900, serviceIds: ['toilet-faucet'] },
  { id: 'faucet-repair', job: 'Faucet repair (cartridge or washer)', jobEs: 'Reparación de llave (cartucho o empaque)', low: 150, high: 350, serviceIds: ['toilet-faucet'] },
  { id: 'faucet-install', job: 'Install a kitchen or bath faucet', jobEs: 'Instalación de una llave de cocina o de baño', low: 200, high: 500, serviceIds: ['faucet-installation'] },
  { id: 'disposal-repair', job: 'Garbage disposal repair', jobEs: 'Reparación de triturador de basura', low: 150, high: 300, serviceIds: ['garbage-disposal-repair'] },
  { id: 'disposal-replace', job: 'Replace a garbage disposal (with unit)', jobEs: 'Reemplazo de triturador de basura (con la unidad)', low: 350, high: 750, serviceIds: ['garbage-disposal-repair'] },
  { id: 'leak-repair-accessible', job: 'Repair an accessible pipe or fitting leak', jobEs: 'Reparación de una fuga en un tubo o conexión accesible', low: 200, high: 600, serviceIds: ['leak-repair'] },
  { id: 'leak-detection', job: 'Electronic leak detection', jobEs: 'Detección electrónica de fugas', low: 250, high: 600, serviceIds: ['water-leak-repair'] },
  { id: 'slab-leak-repair', job: 'Slab leak repair (spot repair or reroute)', jobEs: 'Reparación de fuga bajo la losa (reparación puntual o desvío)', low: 1500, high: 5000, serviceIds: ['water-leak-repair'] },
  { id: 'water-line-repair', job: 'Yard water line repair', jobEs: 'Reparación de la línea de agua en el jardín', low: 500, high: 2500, serviceIds: ['water-leak-repair'] },
  { id: 'water-heater-repair', job: 'Water heater repair (element, thermostat, valve)', jobEs: 'Reparación de calentador de agua (resistencia, termostato, válvula)', low: 150, high: 600, serviceIds: ['water-heater-services'] },
  { id: 'water-heater-flush', job: 'Tank or tankless water heater flush', jobEs: 'Limpieza (flush) de calentador de tanque o sin tanque', low: 150, high: 300, serviceIds: ['water-heater-services'] },
  { id: 'tank-water-heater-replace', job: 'Replace a 40–50 gallon tank water heater', jobEs: 'Reemplazo de un calentador de tanque de 40–50 galones', low: 1800, high: 3800, serviceIds: ['water-heater-services'] },
  { id: 'tankless-install', job: 'Install a tankless water heater', jobEs: 'Instalación de un calentador sin tanque', low: 3500, high: 7500, serviceIds: ['water-heater-services'] },
  { id: 'gas-appliance-connect', job: 'Connect a gas appliance', jobEs: 'Conexión de un aparato de gas', low: 200, high: 450, serviceIds: ['gas-services'] },
  { id: 'gas-line-new', job: 'Run a new gas line to an appliance', jobEs: 'Nueva línea de gas a un aparato', low: 500, high: 2500, serviceIds: ['gas-line-services'] },
  { id: 'gas-leak-test', job: 'Gas leak detection and pressure test', jobEs: 'Detección de fugas de gas y prueba de presión', low: 200, high: 500, serviceIds: ['gas-leak-detection'] },
  { id: 'backflow-test', job: 'Annual backflow assembly test and report', jobEs: 'Prueba anual del dispositivo antirretorno (backflow) con informe', low: 100, high: 200, serviceIds: ['backflow-testing'] },
  { id: 'backflow-install', job: 'Install or replace a backflow preventer', jobEs: 'Instalación o reemplazo de un dispositivo antirretorno (backflow)', low: 400, high: 2000, serviceIds: ['backflow'] },
  { id: 'prv-replace', job: 'Replace a pressure-reducing valve', jobEs: 'Reemplazo de una válvula reductora de presión', low: 400, high: 900, serviceIds: ['water-pressure-solutions'] },
  { id: 'sewage-pump-replace', job: 'Replace a sewage ejector or grinder pump', jobEs: 'Reemplazo de una bomba de aguas negras o trituradora', low: 1200, high: 3500, serviceIds: ['sewage-pump-services'] },
  { id: 'french-drain', job: 'Install a French drain or yard drain (per run)', jobEs: 'Instalación de un drenaje francés o de jardín (por tramo)', low: 1500, high: 6000, serviceIds: ['drainage-solutions'] },
  { id: 'hose-bib-freeze', job: 'Replace a frozen or split hose bib', jobEs: 'Reemplazo de una llave exterior congelada o rajada', low: 150, high: 400, serviceIds: ['winter-freeze-protection'] },
  { id: 'emergency-after-hours', job: 'After-hours emergency call-out (added to the repair)', jobEs: 'Salida de emergencia fuera de horario (se suma a la reparación)', low: 150, high: 300, serviceIds: ['emergency'] },
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
