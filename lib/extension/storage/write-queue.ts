/**
 * Runs tasks one after another. Stores whose writes read, modify and write back one key chain
 * them through one queue, so two quick writes in the same context never drop one another. A
 * failed task does not stop the ones after it.
 */
export function createWriteQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
}
