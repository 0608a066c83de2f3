/** Title and description helpers so every page's <title> follows one pattern. */
import { company } from '../../business';

const brand = 'Economy Plumbing';

/** Search results show about 70 characters of a title. */
export const maxTitleLength = 70;

/** Appends the brand unless the title already names it or the brand would push it past maxTitleLength. */
export function pageTitle(title: string): string {
  const branded = `${title} | ${brand}`;
  return /economy plumbing/i.test(title) || branded.length > maxTitleLength ? title : branded;
}

export function absoluteUrl(site: URL | string, path: string): string {
  return new URL(path, site).toString().replace(/\/$/, path === '/' ? '/' : '');
}

export const defaultDescription = `${company.name}: licensed Austin and Marble Falls plumbers since ${company.foundingYear}. Free estimates, upfront pricing and 24/7 emergency service.`;
