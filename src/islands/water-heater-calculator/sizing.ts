/**
 * Water heater sizing from a household's peak hot-water use. Rules of thumb, shown to the visitor:
 * flow rates per fixture, a 55 °F temperature rise (ground water about 65 °F in Central Texas to
 * 120 °F at the tap), and first-hour demand per person.
 */
export const fixtureFlowGpm = { shower: 2.0, bathFaucet: 1.0, kitchenFaucet: 1.5, dishwasher: 1.5, washer: 2.0 } as const;
export type Fixture = keyof typeof fixtureFlowGpm;
export const temperatureRiseF = 55;
/** Gallons of hot water a person uses in the busiest hour (showers, sinks, a share of appliances). */
export const peakHourGallonsPerPerson = 16;
export const tankSizes = [30, 40, 50, 65, 75, 80] as const;
const largestTank = 80;

export interface SizingInput {
  people: number;
  bathrooms: number;
  fuel: 'gas' | 'electric';
  simultaneous: Partial<Record<Fixture, number>>;
}

export interface SizingResult {
  tanklessGpm: number;
  peakHourGallons: number;
  tankGallons: number;
  notes: string[];
}

/** Recommends a tank size (first-hour demand) and a tankless flow rate (fixtures running at once). */
export function sizeWaterHeater(input: SizingInput): SizingResult {
  const people = Math.min(Math.max(Math.round(input.people), 1), 12);
  const bathrooms = Math.min(Math.max(input.bathrooms, 1), 8);
  const tanklessGpm = Object.entries(input.simultaneous).reduce((sum, [fixture, count]) => sum + fixtureFlowGpm[fixture as Fixture] * Math.max(0, count ?? 0), 0);
  const peakHourGallons = people * peakHourGallonsPerPerson + Math.max(0, bathrooms - 1) * 5;
  // First-hour rating ≈ 70% of the tank plus what the burner or elements reheat in an hour:
  // about 40 gallons for a gas tank, 20 for electric. Electric tanks start at 40 gallons.
  const recovery = input.fuel === 'gas' ? 40 : 20;
  const smallest = input.fuel === 'gas' ? 30 : 40;
  const tankGallons = tankSizes.find((size) => size >= smallest && size * 0.7 + recovery >= peakHourGallons) ?? largestTank;
  const notes: string[] = [];
  if (tanklessGpm > 9) notes.push('More than about 9 gallons per minute at once usually needs two tankless units or a larger commercial-grade unit.');
  if (input.fuel === 'electric' && tanklessGpm > 5) notes.push('Whole-house electric tankless heaters at this flow need a large electrical service; we check your panel first.');
  if (largestTank * 0.7 + recovery < peakHourGallons) notes.push('Demand is above what one residential tank supplies; two heaters or a tankless system fit better.');
  return { tanklessGpm: Math.round(tanklessGpm * 10) / 10, peakHourGallons, tankGallons, notes };
}
