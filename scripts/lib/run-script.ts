/** Runs a script's main function when the file is executed (not when imported), with readable failures. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const expected = new Set(['DatabaseSetupError', 'MigrationError', 'SeedError', 'PgliteLockedError', 'AdminLinkError']);

export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && pathToFileURL(path.resolve(entry)).href === moduleUrl;
}

/** `runIfMain(import.meta.url, main)`: the exit code is main's result (0 if none), or 1 if it throws. */
export function runIfMain(moduleUrl: string, main: () => Promise<number | void>): void {
  if (!isMainModule(moduleUrl)) return;
  main().then(
    (code) => {
      process.exitCode = code ?? 0;
    },
    (error: unknown) => {
      // Our own errors already say what to do; a stack would only bury that.
      const known = error instanceof Error && expected.has(error.name);
      console.error(known ? `\n${error.message}\n` : error);
      process.exitCode = 1;
    },
  );
}
