/** Water heater size calculator: household, bathrooms, fuel and fixtures in use at once → tank size and tankless flow. */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { changedBeforeHydration } from '../shared/typed-before-hydration';
import { fixtureFlowGpm, sizeWaterHeater, temperatureRiseF, type Fixture, type SizingInput } from './sizing';

const fixtureLabels: Record<Fixture, string> = {
  shower: 'Showers',
  bathFaucet: 'Bathroom faucets',
  kitchenFaucet: 'Kitchen faucet',
  dishwasher: 'Dishwasher',
  washer: 'Washing machine',
};

export default function WaterHeaterCalculator() {
  const id = useId();
  const [input, setInput] = useState<SizingInput>({ people: 3, bathrooms: 2, fuel: 'gas', simultaneous: { shower: 2, kitchenFaucet: 1 } });
  const result = sizeWaterHeater(input);
  const setCount = (fixture: Fixture, value: number) => setInput((s) => ({ ...s, simultaneous: { ...s.simultaneous, [fixture]: value } }));
  const formRef = useRef<HTMLFormElement>(null);

  // Answers given in the built HTML before the island was live are adopted, not reset.
  useLayoutEffect(() => {
    for (const { name, value } of changedBeforeHydration(formRef.current)) {
      const number = Number(value);
      if (name === 'fuel' && (value === 'gas' || value === 'electric')) setInput((s) => ({ ...s, fuel: value }));
      else if (!Number.isFinite(number) || value === '') continue;
      else if (name === 'people') setInput((s) => ({ ...s, people: number }));
      else if (name === 'bathrooms') setInput((s) => ({ ...s, bathrooms: number }));
      else if (name in fixtureFlowGpm) setCount(name as Fixture, number);
    }
  }, []);

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <form ref={formRef} className="card space-y-5 p-6" onSubmit={(e) => e.preventDefault()} aria-label="Your household">
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block font-semibold" htmlFor={`${id}-people`}>People in the home
            <input id={`${id}-people`} name="people" type="number" min={1} max={12} value={input.people} onChange={(e) => setInput((s) => ({ ...s, people: Number(e.target.value) }))} className="mt-1 block w-full rounded-md border border-line px-3 py-2 font-normal" />
          </label>
          <label className="block font-semibold" htmlFor={`${id}-baths`}>Bathrooms
            <input id={`${id}-baths`} name="bathrooms" type="number" min={1} max={8} step={0.5} value={input.bathrooms} onChange={(e) => setInput((s) => ({ ...s, bathrooms: Number(e.target.value) }))} className="mt-1 block w-full rounded-md border border-line px-3 py-2 font-normal" />
          </label>
        </div>
        <fieldset>
          <legend className="font-semibold">Fuel</legend>
          <div className="mt-2 flex gap-4">
            {(['gas', 'electric'] as const).map((fuel) => (
              <label key={fuel} className="flex items-center gap-2 capitalize">
                <input type="radio" name="fuel" value={fuel} checked={input.fuel === fuel} onChange={() => setInput((s) => ({ ...s, fuel }))} className="h-5 w-5" />{fuel}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="font-semibold">Running at the same time at your busiest moment</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {(Object.keys(fixtureFlowGpm) as Fixture[]).map((fixture) => (
              <label key={fixture} className="flex items-center justify-between gap-3">
                <span>{fixtureLabels[fixture]} <span className="text-sm text-muted">({fixtureFlowGpm[fixture]} GPM)</span></span>
                <input type="number" name={fixture} min={0} max={6} value={input.simultaneous[fixture] ?? 0} onChange={(e) => setCount(fixture, Number(e.target.value))} className="w-20 rounded-md border border-line px-3 py-2" />
              </label>
            ))}
          </div>
        </fieldset>
      </form>
      <section className="card bg-brand-50 p-6" aria-live="polite" aria-labelledby={`${id}-result`}>
        <h2 id={`${id}-result`} className="text-xl font-extrabold">Your estimate</h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div><dt className="text-sm text-muted">{input.fuel === 'gas' ? 'Gas' : 'Electric'} tank</dt><dd className="text-3xl font-extrabold text-brand-800" data-sizing-result>{result.tankGallons} gallons</dd></div>
          <div><dt className="text-sm text-muted">Tankless flow needed</dt><dd className="text-3xl font-extrabold text-brand-800">{result.tanklessGpm} GPM</dd></div>
        </dl>
        <p className="mt-3 text-sm text-muted">Busiest-hour demand: about {result.peakHourGallons} gallons of hot water. Tankless flow is at a {temperatureRiseF} °F rise.</p>
        {result.notes.length > 0 && <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">{result.notes.map((n) => <li key={n}>{n}</li>)}</ul>}
        <p className="mt-4 text-sm">This is a starting point, not a quote: we confirm the size at a free estimate, with your gas line or electrical service and venting in mind.</p>
      </section>
    </div>
  );
}
