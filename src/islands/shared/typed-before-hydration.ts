/**
 * What a visitor typed into an island's server-rendered fields before its script ran. The HTML
 * already shows the fields, so on a slow phone people type, tick and choose before the island is
 * live; the island reads this in a layout effect (after hydration, before its first re-render would
 * reset the fields to its state) and adopts it, so nothing typed early is lost.
 */

/** A field changed from the value the HTML was built with, keyed by its `name`. */
export interface ChangedField {
  name: string;
  value: string;
  /** For checkboxes: whether it is now ticked. Radios and other fields report only their new value. */
  checked?: boolean;
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function defaultSelectValue(select: HTMLSelectElement): string {
  const chosen = Array.from(select.options).find((o) => o.defaultSelected) ?? select.options[0];
  return chosen?.value ?? '';
}

/** The fields under `root` whose value (or ticked state) differs from the built HTML, in document order. */
export function changedBeforeHydration(root: ParentNode | null | undefined): ChangedField[] {
  if (!root) return [];
  const changed: ChangedField[] = [];
  for (const field of Array.from(root.querySelectorAll<Field>('input[name], select[name], textarea[name]'))) {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      if (field.checked !== field.defaultChecked) changed.push({ name: field.name, value: field.value, checked: field.checked });
    } else if (field instanceof HTMLInputElement && field.type === 'radio') {
      if (field.checked && !field.defaultChecked) changed.push({ name: field.name, value: field.value });
    } else if (field instanceof HTMLSelectElement) {
      if (field.value !== defaultSelectValue(field)) changed.push({ name: field.name, value: field.value });
    } else if (field.value !== field.defaultValue) {
      changed.push({ name: field.name, value: field.value });
    }
  }
  return changed;
}

/** The changed text, select and radio fields as name → value (checkboxes left out). */
export function typedValues(root: ParentNode | null | undefined): Record<string, string> {
  return Object.fromEntries(changedBeforeHydration(root).filter((f) => f.checked === undefined).map((f) => [f.name, f.value]));
}
