// While a move is sent, a hostile site cannot slip a transaction, a batch or a chain switch in
// between the move's balance check and its transactions.
import { describe, expect, it } from 'vitest';
import { createMoveGate, guardRpcDeps } from '../../../lib/extension/move/index.ts';
import type { RpcDeps } from '../../../lib/extension/rpc/index.ts';
import type { TransactionService } from '../../../lib/extension/transactions/index.ts';

const ACCOUNT = '0x1675652DA0CFD56CC45f20c7571dAfcd93ceB594';

function recordingService(log: string[], wait?: Promise<void>): TransactionService {
  const sent = async (what: string) => {
    log.push(`${what} started`);
    await wait;
    log.push(`${what} sent`);
    return '0xhash';
  };
  return {
    prepare: async () => {
      throw new Error('not used');
    },
    spending: async () => {
      throw new Error('not used');
    },
    send: () => sent('send'),
    sendReviewed: () => sent('sendReviewed'),
    spendChecked: async (_a, _c, _cost, _p, send) => {
      log.push('spendChecked started');
      return send(async () => {});
    },
  };
}

const signer = { address: ACCOUNT.toLowerCase(), signTransaction: async () => '0x' };

describe('the move gate', () => {
  it('attack: a site’s send, own batch or sponsored batch during a move is refused with 4001', async () => {
    const log: string[] = [];
    const gate = createMoveGate();
    const guarded = gate.guard(recordingService(log));
    let release = () => {};
    const moving = gate.hold(ACCOUNT, () => new Promise<void>((r) => (release = r)));
    await expect(
      guarded.send('https://evil.example', {} as never, signer, true),
    ).rejects.toMatchObject({ code: 4001 });
    await expect(
      guarded.sendReviewed('https://evil.example', {} as never, signer, true),
    ).rejects.toMatchObject({ code: 4001 });
    await expect(
      guarded.spendChecked(ACCOUNT, 1, {} as never, true, async () => 'sponsored'),
    ).rejects.toMatchObject({ code: 4001 });
    expect(log).toEqual([]);
    // Another account is not held.
    await guarded.send(
      'https://ok.example',
      {} as never,
      { ...signer, address: `0x${'1'.repeat(40)}` },
      true,
    );
    release();
    await moving;
    await guarded.send('https://ok.example', {} as never, signer, true);
    expect(log).toEqual(['send started', 'send sent', 'send started', 'send sent']);
  });

  it('waits for a send already under way before the move checks the balance', async () => {
    const log: string[] = [];
    let finish = () => {};
    const gate = createMoveGate();
    const guarded = gate.guard(recordingService(log, new Promise<void>((r) => (finish = r))));
    const site = guarded.send('https://site.example', {} as never, signer, true);
    const move = gate.hold(ACCOUNT, async () => void log.push('move checks the balance'));
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(['send started']);
    finish();
    await Promise.all([site, move]);
    expect(log).toEqual(['send started', 'send sent', 'move checks the balance']);
  });

  it('holds one move of an account at a time (a second window’s is refused)', async () => {
    const gate = createMoveGate();
    let release = () => {};
    const first = gate.hold(ACCOUNT, () => new Promise<void>((r) => (release = r)));
    await expect(gate.hold(ACCOUNT.toLowerCase(), async () => 'second')).rejects.toMatchObject({
      code: 'MOVE_REFUSED',
    });
    release();
    await first;
    await expect(gate.hold(ACCOUNT, async () => 'again')).resolves.toBe('again');
  });

  it('attack: a site cannot switch or add-and-switch the chain during a move', async () => {
    const gate = createMoveGate();
    const calls: string[] = [];
    const deps = guardRpcDeps(
      {
        chain: {
          set: async (id: number) => void calls.push(`set ${id}`),
          add: async () => void calls.push('add'),
        },
      } as unknown as RpcDeps,
      gate,
    );
    let release = () => {};
    const moving = gate.hold(ACCOUNT, () => new Promise<void>((r) => (release = r)));
    await expect(deps.chain.set(1)).rejects.toMatchObject({ code: 4001 });
    await expect(deps.chain.add({} as never)).rejects.toMatchObject({ code: 4001 });
    release();
    await moving;
    await deps.chain.set(1);
    expect(calls).toEqual(['set 1']);
  });
});
