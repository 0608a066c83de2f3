/**
 * Vitest's order on a fresh clone (no timings cached yet) is largest file first, which starts the
 * Netlify bundling check (tests/api/health.test.ts: minutes of bundling in one file) near the end,
 * where it runs alone while the other workers sit idle. Files named here start first; the rest keep
 * Vitest's own order (cached timings when there are some, else size).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const startFirst = ['tests/api/health.test.ts', 'tests/api/customer-portal.test.ts', 'tests/api/admin-customers.test.ts'];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = startFirst.findIndex((file) => spec.moduleId.endsWith(file));
      return index < 0 ? startFirst.length : index;
    };
    return sorted.map((spec, order) => ({ spec, order })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order).map(({ spec }) => spec);
  }
}
