/**
 * Clean stops on Ctrl+C and SIGTERM for the long-running scripts. PGlite writes its files directly,
 * so it must be closed, never killed mid-write. Tasks run newest first.
 */
type Task = () => Promise<void> | void;

const tasks: Task[] = [];
let installed = false;
let stopping = false;

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  // npm, tsx and timeout each pass the signal on, so it often arrives twice: act on the first only.
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    console.error('Shutdown took longer than 15 s; exiting without finishing it.');
    process.exit(1);
  }, 15_000).unref();
  for (const task of tasks.splice(0).reverse()) {
    try {
      await task();
    } catch (error) {
      console.error(error);
    }
  }
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

/** Runs `task` when the process is asked to stop; returns a function that cancels it. */
export function onShutdown(task: Task): () => void {
  tasks.push(task);
  if (!installed) {
    installed = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (s) => void shutdown(s));
  }
  return () => {
    const index = tasks.indexOf(task);
    if (index >= 0) tasks.splice(index, 1);
  };
}
