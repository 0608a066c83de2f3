/**
 * Which icons a page has already drawn, so Icon.astro writes each icon's path once per page (as a
 * <symbol>) and every later use is a <use> of it. Keyed by the page's request: one set per page built.
 */
const drawn = new WeakMap<Request, Set<string>>();

/** True the first time `name` is asked for on the page of `request`. */
export function firstUseOnPage(request: Request, name: string): boolean {
  let names = drawn.get(request);
  if (!names) drawn.set(request, (names = new Set()));
  if (names.has(name)) return false;
  names.add(name);
  return true;
}
