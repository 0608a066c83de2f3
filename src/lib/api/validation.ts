/**
 * Human sentences for validation problems, shared by the server wrapper and by islands that check
 * a form before sending it. A contract's own messages (`z.string().min(1, 'Enter your name.')`) win.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** Fallback messages used when a schema does not name its own (pass as `safeParse(x, { error })`). */
export function humanIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'This field is required.'
        : `This must be ${typeNames[issue.expected] ?? issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'This field is required.' : `Use at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${issue.minimum}.`;
      return `This must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${issue.maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${issue.maximum}.`;
      return `This must be at most ${issue.maximum}.`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Enter a valid email address.' : 'This is not in the expected format.';
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}.`;
    default:
      return undefined;
  }
}

/** Field path → message, one per field (the first problem found); unknown fields are named too. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  // No prototype, so fields named constructor, toString or __proto__ are reported like any other.
  const fields: Record<string, string> = Object.create(null);
  for (const issue of error.issues) {
    const keys = issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => [...issue.path, key].join('.'))
      : issue.path.length > 0 ? [issue.path.join('.')] : [];
    const message = issue.code === 'unrecognized_keys' ? 'This field is not accepted.' : issue.message;
    for (const key of keys) if (!Object.hasOwn(fields, key)) fields[key] = message;
  }
  return fields;
}
