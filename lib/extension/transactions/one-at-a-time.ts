// Runs tasks one at a time per key: a daily-limit check, the send it allows and the ledger entry
// it leaves happen together, so two requests approved at once are counted in turn, whichever
// path (the account's own transaction or a batch a sponsor pays for) sends them.

export type OneAtATime = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function oneAtATime(): OneAtATime {
  const tails = new Map<string, Promise<unknown>>();
  return (key, task) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
