// The approval queue (provider side) plugs its counter in here so getState can report it without
// the session depending on the queue.
let counter: () => number | Promise<number> = () => 0;

export function setPendingApprovalsCounter(fn: () => number | Promise<number>): void {
  counter = fn;
}

export async function countPendingApprovals(): Promise<number> {
  try {
    return await counter();
  } catch {
    return 0;
  }
}
