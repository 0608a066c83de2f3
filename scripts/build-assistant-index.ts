/**
 * `npm run assistant:index`: turns src/content/**\/*.md into the chat assistant's passage index,
 * src/server/services/assistant/content-index.json. Functions import the JSON, so Netlify's bundler
 * puts it in the function bundle and nothing is read from disk at request time. A test fails when
 * the committed index no longer matches the content; run this script after editing the copy.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { cities, industries, services } from '../src/business';
import type { Passage } from '../src/server/services/assistant/retrieval';
import { runIfMain } from './lib/run-script';

export const contentRoot = 'src/content';
export const indexPath = 'src/server/services/assistant/content-index.json';

/** The root-relative page a content file is shown at. */
function pageFor(folder: string, id: string, data: Record<string, unknown>): string {
  switch (folder) {
    case 'services': return `/${services.find((s) => s.id === id)?.slug ?? id}`;
    case 'cities': return `/${cities.find((c) => c.id === id)?.route ?? id}`;
    case 'commercial': return `/commercial/${industries.find((i) => i.id === id)?.slug ?? id}`;
    case 'blog': return `/${String(data.slug ?? id)}`;
    default: return `/${id}`;
  }
}

/** Markdown to plain text: links keep their words, emphasis and list markers go. */
function plain(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/[*_`>]+/g, '')
    .replace(/^\s*(?:[-+]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Passages of one file: the intro, each list of the frontmatter, each FAQ, each body section. */
export function passagesOf(folder: string, id: string, source: string): Passage[] {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source);
  const data = (match ? parseYaml(match[1]!) : {}) as Record<string, unknown>;
  const body = match ? match[2]! : source;
  const page = pageFor(folder, id, data);
  const title = asText(data.heading) || asText(data.title) || id;
  const out: Passage[] = [];
  const add = (heading: string, text: string) => {
    const clean = plain(text);
    if (clean.length >= 40) out.push({ path: page, title, heading, text: clean });
  };

  add(title, asText(data.intro) || asText(data.excerpt));
  const list = (key: string) => (Array.isArray(data[key]) ? (data[key] as unknown[]) : []);
  if (list('signs').length) add('Signs you need this service', list('signs').map((s) => `${asText(s)}.`).join(' '));
  for (const step of list('process') as { step?: string; detail?: string }[]) add(asText(step.step), asText(step.detail));
  for (const need of list('needs') as { title?: string; detail?: string }[]) add(asText(need.title), asText(need.detail));
  for (const risk of list('seasonalRisks') as { season?: string; risk?: string }[]) add(asText(risk.season), asText(risk.risk));
  for (const key of ['water', 'soil', 'housing', 'priceNote']) add(key === 'priceNote' ? 'Pricing' : key, asText(data[key]));
  for (const faq of list('faqs') as { question?: string; answer?: string }[]) add(asText(faq.question), asText(faq.answer));

  // Body: one passage per section, long sections cut at paragraph boundaries near 700 characters.
  let heading = title;
  let buffer: string[] = [];
  const flush = () => {
    let chunk = '';
    for (const paragraph of buffer) {
      if (chunk && chunk.length + paragraph.length > 700) {
        add(heading, chunk);
        chunk = '';
      }
      chunk = chunk ? `${chunk}\n\n${paragraph}` : paragraph;
    }
    if (chunk) add(heading, chunk);
    buffer = [];
  };
  for (const block of body.split(/\n\s*\n/)) {
    const headingMatch = /^#{2,3}\s+(.+)$/.exec(block.trim());
    if (headingMatch) {
      flush();
      heading = headingMatch[1]!.trim();
    } else if (block.trim()) {
      buffer.push(block.trim());
    }
  }
  flush();
  return out;
}

/** Every passage of the site's content, in a stable order. */
export async function buildContentIndex(root = contentRoot): Promise<Passage[]> {
  const passages: Passage[] = [];
  for (const folder of (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    for (const file of (await readdir(path.join(root, folder))).filter((f) => f.endsWith('.md')).sort()) {
      passages.push(...passagesOf(folder, file.replace(/\.md$/, ''), await readFile(path.join(root, folder, file), 'utf8')));
    }
  }
  return passages;
}

/** One passage per line, so a content edit shows as a small diff. */
export const serializeIndex = (passages: Passage[]): string => `[\n${passages.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`;

runIfMain(import.meta.url, async () => {
  const passages = await buildContentIndex();
  await writeFile(indexPath, serializeIndex(passages));
  console.log(`Wrote ${passages.length} passages to ${indexPath}.`);
});
