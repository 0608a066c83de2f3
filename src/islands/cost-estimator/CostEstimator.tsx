/** Plumbing cost estimator: pick the jobs, see the typical combined range and what it assumes. */
import { useId, useState } from 'react';
import { priceGuides, type PriceGuideId } from '../../business/pricing';
import { estimateCost, formatUsd } from './estimate';

const choices = priceGuides.filter((p) => p.id !== 'emergency-after-hours');

export default function CostEstimator() {
  const id = useId();
  const [picked, setPicked] = useState<PriceGuideId[]>(['drain-clog-fixture']);
  const [afterHours, setAfterHours] = useState(false);
  const result = estimateCost(picked, afterHours);
  const toggle = (job: PriceGuideId) => setPicked((p) => (p.includes(job) ? p.filter((x) => x !== job) : [...p, job]));

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form className="card p-6" onSubmit={(e) => e.preventDefault()} aria-label="Choose your jobs">
        <fieldset>
          <legend className="text-lg font-bold">What needs doing?</legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {choices.map((p) => (
              <label key={p.id} className="flex items-start gap-2 rounded-md p-1.5 hover:bg-brand-50">
                <input type="checkbox" className="mt-1 h-5 w-5 shrink-0" checked={picked.includes(p.id)} onChange={() => toggle(p.id)} />
                <span>{p.job}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="mt-5 flex items-center gap-2 font-semibold">
          <input type="checkbox" className="h-5 w-5" checked={afterHours} onChange={(e) => setAfterHours(e.target.checked)} />
          It is an emergency after hours, at a weekend or on a holiday
        </label>
      </form>
      <section className="card self-start bg-brand-50 p-6 lg:sticky lg:top-24" aria-live="polite" aria-labelledby={`${id}-total`}>
        <h2 id={`${id}-total`} className="text-xl font-extrabold">Typical total</h2>
        <p className="mt-2 text-3xl font-extrabold text-brand-800">{result.jobs.length ? `${formatUsd(result.low)}–${formatUsd(result.high)}` : 'Pick a job'}</p>
        {result.jobs.length > 0 && <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">{result.jobs.map((j) => <li key={j}>{j}</li>)}</ul>}
        <p className="mt-4 text-sm">A typical range for the Austin and Highland Lakes area, not a quote. We give you a firm upfront price after a free estimate, before any work starts.</p>
      </section>
    </div>
  );
}
