/** The 16 cities we serve, each with its SPEC route, county and nearest office. */
export const regions = [
  { id: 'austin-metro', name: 'Austin Metro', officeId: 'austin' },
  { id: 'marble-falls-area', name: 'Marble Falls Area', officeId: 'marble-falls' },
] as const;

export const cities = [
  { id: 'austin', name: 'Austin', route: 'plumber-austin', region: 'austin-metro', county: 'Travis', otherCounties: ['Williamson', 'Hays'], officeId: 'austin', geo: { latitude: 30.2672, longitude: -97.7431 }, zips: ['78701', '78702', '78703', '78704', '78705', '78717', '78721', '78722', '78723', '78724', '78725', '78726', '78727', '78728', '78729', '78730', '78731', '78732', '78733', '78734', '78735', '78736', '78737', '78738', '78739', '78741', '78742', '78744', '78745', '78746', '78747', '78748', '78749', '78750', '78751', '78752', '78753', '78754', '78756', '78757', '78758', '78759'] },
  { id: 'cedar-park', name: 'Cedar Park', route: 'plumber-in-cedar-park--tx', region: 'austin-metro', county: 'Williamson', otherCounties: ['Travis'], officeId: 'austin', geo: { latitude: 30.5052, longitude: -97.8203 }, zips: ['78613'] },
  { id: 'leander', name: 'Leander', route: 'plumber-leander', region: 'austin-metro', county: 'Williamson', otherCounties: ['Travis'], officeId: 'austin', geo: { latitude: 30.5788, longitude: -97.8531 }, zips: ['78641', '78645'] },
  { id: 'round-rock', name: 'Round Rock', route: 'round-rock-plumber', region: 'austin-metro', county: 'Williamson', otherCounties: ['Travis'], officeId: 'austin', geo: { latitude: 30.5083, longitude: -97.6789 }, zips: ['78664', '78665', '78681'] },
  { id: 'georgetown', name: 'Georgetown', route: 'plumber-georgetown', region: 'austin-metro', county: 'Williamson', otherCounties: [], officeId: 'austin', geo: { latitude: 30.6333, longitude: -97.677 }, zips: ['78626', '78628', '78633'] },
  { id: 'pflugerville', name: 'Pflugerville', route: 'plumber-pflugerville', region: 'austin-metro', county: 'Travis', otherCounties: ['Williamson'], officeId: 'austin', geo: { latitude: 30.4394, longitude: -97.62 }, zips: ['78660'] },
  { id: 'liberty-hill', name: 'Liberty Hill', route: 'plumber-liberty-hill', region: 'austin-metro', county: 'Williamson', otherCounties: [], officeId: 'austin', geo: { latitude: 30.6649, longitude: -97.9225 }, zips: ['78642'] },
  { id: 'buda', name: 'Buda', route: 'plumber-buda', region: 'austin-metro', county: 'Hays', otherCounties: [], officeId: 'austin', geo: { latitude: 30.0852, longitude: -97.8403 }, zips: ['78610'] },
  { id: 'kyle', name: 'Kyle', route: 'plumber-kyle', region: 'austin-metro', county: 'Hays', otherCounties: [], officeId: 'austin', geo: { latitude: 29.9891, longitude: -97.8772 }, zips: ['78640'] },
  { id: 'marble-falls', name: 'Marble Falls', route: 'plumber-marble-falls', region: 'marble-falls-area', county: 'Burnet', otherCounties: [], officeId: 'marble-falls', geo: { latitude: 30.5782, longitude: -98.2728 }, zips: ['78654'] },
  { id: 'burnet', name: 'Burnet', route: 'plumber-burnet', region: 'marble-falls-area', county: 'Burnet', otherCounties: [], officeId: 'marble-falls', geo: { latitude: 30.7582, longitude: -98.2284 }, zips: ['78611'] },
  { id: 'horseshoe-bay', name: 'Horseshoe Bay', route: 'plumber-horseshoe-bay', region: 'marble-falls-area', county: 'Llano', otherCounties: ['Burnet'], officeId: 'marble-falls', geo: { latitude: 30.5441, longitude: -98.3739 }, zips: ['78657'] },
  { id: 'kingsland', name: 'Kingsland', route: 'plumber-kingsland', region: 'marble-falls-area', county: 'Llano', otherCounties: ['Burnet'], officeId: 'marble-falls', geo: { latitude: 30.6588, longitude: -98.4406 }, zips: ['78639'] },
  { id: 'granite-shoals', name: 'Granite Shoals', route: 'plumber-granite-shoals', region: 'marble-falls-area', county: 'Burnet', otherCounties: [], officeId: 'marble-falls', geo: { latitude: 30.5891, longitude: -98.3839 }, zips: ['78654'] },
  { id: 'bertram', name: 'Bertram', route: 'plumber-bertram', region: 'marble-falls-area', county: 'Burnet', otherCounties: [], officeId: 'marble-falls', geo: { latitude: 30.7435, longitude: -98.0558 }, zips: ['78605'] },
  { id: 'spicewood', name: 'Spicewood', route: 'plumber-spicewood', region: 'marble-falls-area', county: 'Burnet', otherCounties: ['Travis'], officeId: 'marble-falls', geo: { latitude: 30.4755, longitude: -98.1564 }, zips: ['78669'] },
] as const;

export type CityId = (typeof cities)[number]['id'];
export type RegionId = (typeof regions)[number]['id'];
