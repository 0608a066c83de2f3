/** Plumbing cost estimator: pick the jobs, see the typical combined range and what it assumes. */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { priceGuides, type PriceGuideId } from '../../business/pricing';
import { estimateCost, formatUsd } from './estimate';

const choices = priceGuides.filter((p) => p.id !== 'emergency-after-hours');

export default function CostEstimator() {
  const id = useId();
  const [picked, setPicked] = useState<PriceGuideId[]>(['drain-clog-fixture']);
  const [afterHours, setAfterHours] = useState(false);
  const result = estimateCost(picked, afterHours);
  // Set from the box's own state, never flipped: React replays a change typed before hydration,
  // and the layout effect below adopts it too; both must land on what the box shows.
  const tick = (job: PriceGuideId, on: boolean) => setPicked((p) => (on ? [...new Set([...p, job])] : p.filter((x) => x !== job)));
  const formRef = useRef<HTMLFormElement>(null);

  // Boxes ticked in the built HTML before the island was live are adopted, not reset.
  useLayoutEffect(() => {
    const boxes = Array.from(formRef.current?.querySelectorAll<HTMLInputElement>('input[type=checkbox]') ?? []);
    for (const box of boxes) {
      if (box.name === 'afterHours') setAfterHours(box.checked);
      else if (choices.some((c) => c.id === box.value)) tick(box.value as PriceGuideId, box.checked);
    }
  }, []);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form ref={formRef} className="card p-6" onSubmit={(e) => e.preventDefault()} aria-label="Choose your jobs">
        <fieldset>
          <legend className="text-lg font-bold">What needs doing?</legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {choices.map((p) => (
              <label key={p.id} className="flex items-start gap-2 rounded-md p-1.5 hover:bg-brand-50">
                <input type="checkbox" name="job" value={p.id} className="mt-1 h-5 w-5 shrink-0" checked={picked.includes(p.id)} onChange={(e) => tick(p.id, e.target.checked)} />
                <span>{p.job}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="mt-5 flex items-center gap-2 font-semibold">
          <input type="checkbox" name="afterHours" className="h-5 w-5" checked={afterHours} onChange={(e) => setAfterHours(e.target.checked)} />
          It is an emergency after hours, at a weekend or on a holiday
        </label>
      </form>
      <section className="card self-start bg-brand-50 p-6 lg:sticky lg:top-24" aria-live="polite" aria-labelledby={`${id}-total`}>
        <h2 id={`${id}-total`} className="text-xl font-extrabold">Typical total</h2>
        <p className="mt-2 text-3xl font-extrabold text-brand-800" data-cost-total>{result.jobs.length ? `${formatUsd(result.low)}–${formatUsd(result.high)}` : 'Pick a job'}</p>
        {result.jobs.length > 0 && <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">{result.jobs.map((j) => <li key={j}>{j}</li>)}</ul>}
        <p className="mt-4 text-sm">A typical range for the Austin and Highland Lakes area, not a quote. We give you a firm upfront price after a free estimate, before any work starts.</p>
      </section>
    </div>
  );
}
