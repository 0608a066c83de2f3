/**
 * Full-text retrieval over the site's own content: BM25 over the passages in content-index.json
 * (built from src/content by scripts/build-assistant-index.ts), indexed once per cold start.
 */
import { tokenize } from './text';

/** One searchable piece of a page: a section, a FAQ answer, a list of signs. */
export interface Passage {
  /** Root-relative page the passage is shown on, e.g. `/drain-cleaning`. */
  path: string;
  title: string;
  heading: string;
  text: string;
}

export interface Hit {
  passage: Passage;
  score: number;
  /**
   * How much of the question the passage covers, 0 to 1: the idf-weighted share of the question's
   * words it contains (words the site never uses count at full weight, so a question about
   * something the site does not cover scores low).
   */
  coverage: number;
}

export interface SearchOptions {
  /** Only passages whose path passes this test. */
  paths?: (path: string) => boolean;
  limit?: number;
}

const k1 = 1.2;
const b = 0.75;

/** A BM25 index over `passages`; headings and titles count twice, as they name what a passage is about. */
export function createIndex(passages: readonly Passage[]) {
  const docs = passages.map((p) => {
    const tokens = [...tokenize(`${p.title} ${p.heading}`), ...tokenize(`${p.heading} ${p.text}`)];
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { passage: p, tf, length: tokens.length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(docs.length, 1);
  const idf = (t: string) => Math.log(1 + (docs.length - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));

  return {
    size: docs.length,
    /** Best passages for `query`, highest score first; empty when nothing shares a word with it. */
    search(query: string, options: SearchOptions = {}): Hit[] {
      const terms = [...new Set(tokenize(query))];
      if (terms.length === 0) return [];
      const hits: Hit[] = [];
      const weight = terms.reduce((sum, t) => sum + idf(t), 0);
      for (const d of docs) {
        if (options.paths && !options.paths(d.passage.path)) continue;
        let score = 0;
        let covered = 0;
        for (const t of terms) {
          const f = d.tf.get(t);
          if (!f) continue;
          covered += idf(t);
          score += idf(t) * ((f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / avgLength)));
        }
        if (score > 0) hits.push({ passage: d.passage, score, coverage: weight > 0 ? covered / weight : 0 });
      }
      return hits.sort((x, y) => y.score - x.score).slice(0, options.limit ?? 5);
    },
  };
}

export type ContentIndex = ReturnType<typeof createIndex>;
