// "Move everything to another wallet", the worker's side. prepare: the destination confirmed
// (checksum, or the re-typed end of an unchecked address), the chain read (balance, tokens, the
// destination's code and use), the transactions built and simulated, the plan shown. send: the
// password checked always (whatever the daily limit says), then, with every other send from the
// account and every site chain switch held off, the state checked unchanged since the plan and
// exactly the prepared transactions signed and sent. The move is recorded in the daily ledger
// like any send. outcome: what arrived at the destination, read from the chain.

import type { Address, CallsSigner, DelegateTable } from '@encore-wallet/calls';
import { NotLoggedInError } from '@encore-wallet/core';
import {
  type ChainRpc,
  quantityAnswer,
  readAnswer,
  readBalance,
} from '@encore-wallet/utils/chain-rpc';
import { confirmedDestination } from '../../move/index.ts';
import {
  type CanonicalTransaction,
  type Simulation,
  shortAddress,
} from '../../transactions/index.ts';
import { type OwnBatch, sendOwnBatch } from '../calls/index.ts';
import { type OriginRequests, originReads } from '../node/index.ts';
import { disableDelegationData, type StoredGrant } from '../spend-permissions/index.ts';
import {
  type CurrentChain,
  type TransactionService,
  type TransactionSigner,
  WALLET_ORIGIN,
} from '../transactions/index.ts';
import { readDestinationFacts } from './destination-facts.ts';
import { MoveRefusedError } from './errors.ts';
import { prepareMoveBatch } from './move-batch.ts';
import type { MoveGate } from './move-gate.ts';
import type { MoveOutcome, MovePlan, MoveSent } from './move-plan.ts';
import { type MoveStep, prepareMoveSequence } from './move-sequence.ts';
import { readTokenBalance, readTokenHoldings, type TokenHolding } from './token-balances.ts';

/** A plan not sent within this long is dropped: balances and fees go stale. */
export const PLAN_LIFETIME_MS = 10 * 60_000;
/** How long outcome waits for the move's transactions to be mined. */
const OUTCOME_WAIT_MS = 60_000;
const OUTCOME_POLL_MS = 500;
/** Plans kept at once (another window's, an abandoned one): the oldest goes first. */
const MAX_PLANS = 4;

export interface MoveServiceDeps {
  table: DelegateTable;
  /** The current chain's node. */
  node: OriginRequests;
  currentChain(): Promise<CurrentChain>;
  /** The send path, unguarded: the move holds the gate itself. */
  transactions: TransactionService;
  gate: MoveGate;
  /** The logged-in address (NotLoggedInError otherwise). */
  account(): Promise<string>;
  /** Resolves when `password` is the logged-in account's (each guess spends backend budget). */
  confirmPassword(password: string): Promise<void>;
  /** The logged-in wallet, if it is `account`'s. */
  wallet(account: string): Promise<CallsSigner & TransactionSigner>;
  /** The account's spend permissions on the current chain that can still take: revoked first. */
  grantsToRevoke(account: string): Promise<readonly StoredGrant[]>;
  /** The token contracts the wallet knows for the account on the chain. */
  tokens(account: string, chainId: number): Promise<readonly string[]>;
  now?: () => number;
}

export interface MoveService {
  prepare(input: {
    destination: string;
    retyped: string | null;
    tokens?: readonly string[];
  }): Promise<MovePlan>;
  send(input: { id: string; password: string }): Promise<MoveSent>;
  outcome(input: { moveId: string }): Promise<MoveOutcome>;
}

type Prepared = { plan: MovePlan; at: number; sending: boolean } & (
  | { path: 'batch'; batch: OwnBatch }
  | { path: 'sequence'; steps: readonly MoveStep[] }
);

interface Sent {
  plan: MovePlan;
  hashes: string[];
  destinationBefore: { nativeWei: bigint; tokens: Map<string, bigint> };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function createMoveService(deps: MoveServiceDeps): MoveService {
  const now = deps.now ?? Date.now;
  const prepared = new Map<string, Prepared>();
  const sent = new Map<string, Sent>();
  const reads = (): ChainRpc => originReads(deps.node, WALLET_ORIGIN);

  function keep(entry: Prepared): void {
    for (const [id, old] of prepared) {
      if (now() - old.at > PLAN_LIFETIME_MS) prepared.delete(id);
    }
    while (prepared.size >= MAX_PLANS) {
      const oldest = prepared.keys().next().value;
      if (oldest === undefined) break;
      prepared.delete(oldest);
    }
    prepared.set(entry.plan.id, entry);
  }

  /** Refuses unless the account holds what the plan was made from, with nothing pending. */
  async function checkUnchanged(chain: ChainRpc, plan: MovePlan): Promise<void> {
    const [balance, latest, pending, tokens] = await Promise.all([
      readBalance(chain, plan.from),
      readAnswer(chain, 'eth_getTransactionCount', [plan.from, 'latest'], quantityAnswer),
      readAnswer(chain, 'eth_getTransactionCount', [plan.from, 'pending'], quantityAnswer),
      Promise.all(plan.tokens.map((token) => readTokenBalance(chain, token.address, plan.from))),
    ]);
    if (pending !== latest) {
      throw new MoveRefusedError(
        'A transaction from this account is still pending: wait for it to be mined, then review the move again.',
      );
    }
    const tokensChanged = plan.tokens.some((token, i) => tokens[i] !== BigInt(token.amount));
    if (balance !== BigInt(plan.native.balanceWei) || tokensChanged) {
      throw new MoveRefusedError(
        'The balance changed since the move was shown (something was sent or received meanwhile): nothing was sent. Review the move again.',
      );
    }
  }

  async function destinationHoldings(chain: ChainRpc, plan: MovePlan) {
    const [nativeWei, tokens] = await Promise.all([
      readBalance(chain, plan.destination),
      Promise.all(
        plan.tokens.map(
          async (token) =>
            [
              token.address,
              await readTokenBalance(chain, token.address, plan.destination),
            ] as const,
        ),
      ),
    ]);
    return { nativeWei, tokens: new Map(tokens) };
  }

  async function receipts(chain: ChainRpc, hashes: readonly string[]) {
    const deadline = now() + OUTCOME_WAIT_MS;
    for (;;) {
      const found = await Promise.all(
        hashes.map((hash) => chain.request('eth_getTransactionReceipt', [hash])),
      );
      const statuses = found.map((receipt) =>
        receipt && typeof receipt === 'object' ? (receipt as { status?: unknown }).status : null,
      );
      if (statuses.some((status) => status === '0x0')) return 'failed' as const;
      if (statuses.every((status) => status === '0x1')) return 'confirmed' as const;
      if (now() >= deadline) return 'pending' as const;
      await new Promise((resolve) => setTimeout(resolve, OUTCOME_POLL_MS));
    }
  }

  const service: MoveService = {
    async prepare(input) {
      const account = await deps.account();
      const destination = confirmedDestination(input.destination, input.retyped, account);
      if (!destination) {
        throw new MoveRefusedError(
          'Confirm the destination first: a checksummed address, or the last characters of an all-lowercase one re-typed as the other wallet shows them.',
        );
      }
      const chain = await deps.currentChain();
      const rpc = reads();
      const known = [...(await deps.tokens(account, chain.id)), ...(input.tokens ?? [])];
      const tokenList = [...new Map(known.map((token) => [token.toLowerCase(), token])).values()];
      const [balanceWei, facts, holdings, grants] = await Promise.all([
        readBalance(rpc, account),
        readDestinationFacts(rpc, destination),
        readTokenHoldings(rpc, tokenList, account),
        deps.grantsToRevoke(account),
      ]);
      const revokes = grants.map((grant) => ({ id: grant.id, origin: grant.origin }));
      const tokens: TokenHolding[] = holdings.holdings;
      const base = {
        id: crypto.randomUUID(),
        from: account,
        destination,
        chain: { id: chain.id, name: chain.name },
        currency: chain.currency,
        facts,
        tokens,
        unreadableTokens: holdings.unreadable,
        revokes,
      };
      const typed = { account: account as Address, destination: destination as Address };
      if (deps.table.get(chain.id)) {
        const { batch, native } = await prepareMoveBatch({
          table: deps.table,
          chain,
          ...typed,
          tokens,
          balanceWei,
          rpc,
          transactions: deps.transactions,
          first: grants.map((grant) => ({
            to: grant.delegationManager as Address,
            value: 0n,
            data: disableDelegationData(grant.delegation),
          })),
        });
        refuseRevert(batch.approval.review.simulation, revokes.length);
        const plan: MovePlan = {
          ...base,
          native: {
            balanceWei: balanceWei.toString(),
            valueWei: native.valueWei.toString(),
            feeCapWei: native.feeCapWei.toString(),
            feeEstimateWei: batch.approval.review.feeEstimateWei,
          },
          path: 'batch',
          transactions: 1,
          fees: [feeOf(batch.approval.review.transaction)],
          upgrade: batch.upgrade !== null,
          spending: batch.approval.spending,
        };
        keep({ plan, at: now(), sending: false, path: 'batch', batch });
        return plan;
      }
      if (revokes.length > 0) {
        // Without Encore's delegate here the revokes cannot run in the move's one transaction.
        throw new MoveRefusedError(
          `This account has ${revokes.length === 1 ? 'a spend permission' : `${revokes.length} spend permissions`} a site could still take from: revoke ${revokes.length === 1 ? 'it' : 'them'} under Permissions first, then move. Nothing was prepared.`,
        );
      }
      const { steps, native } = await prepareMoveSequence({
        chain,
        account,
        destination,
        destinationHasCode: facts.code !== null,
        tokens,
        balanceWei,
        rpc,
      });
      for (const step of steps) refuseRevert(step.review.simulation, 0);
      const cost = steps.reduce(
        (sum, step) => ({
          wei: sum.wei + step.cost.wei,
          unlimited: sum.unlimited || step.cost.unlimited,
          tokens: sum.tokens || step.cost.tokens,
        }),
        { wei: 0n, unlimited: false, tokens: false },
      );
      const plan: MovePlan = {
        ...base,
        native: {
          balanceWei: balanceWei.toString(),
          valueWei: native.valueWei.toString(),
          feeCapWei: native.feeCapWei.toString(),
          feeEstimateWei: steps
            .reduce((sum, step) => sum + BigInt(step.review.feeEstimateWei), 0n)
            .toString(),
        },
        path: 'sequence',
        transactions: steps.length,
        fees: steps.map((step) => feeOf(step.review.transaction)),
        upgrade: false,
        spending: await deps.transactions.spending(account, cost),
      };
      keep({ plan, at: now(), sending: false, path: 'sequence', steps });
      return plan;
    },

    async send({ id, password }) {
      const entry = prepared.get(id);
      if (!entry || now() - entry.at > PLAN_LIFETIME_MS) {
        prepared.delete(id);
        throw new MoveRefusedError('This move is no longer ready to send: review it again.');
      }
      if (entry.sending) throw new MoveRefusedError('This move is already being sent.');
      entry.sending = true;
      try {
        await deps.confirmPassword(password);
      } catch (error) {
        entry.sending = false;
        throw error;
      }
      prepared.delete(id);
      const { plan } = entry;
      const account = await deps.account();
      if (!same(account, plan.from)) throw new NotLoggedInError();
      return deps.gate.hold(account, async () => {
        const chain = await deps.currentChain();
        if (chain.id !== plan.chain.id) {
          throw new MoveRefusedError(
            `Encore is on ${chain.name} now, not ${plan.chain.name}: nothing was sent. Review the move again.`,
          );
        }
        const rpc = reads();
        await checkUnchanged(rpc, plan);
        const destinationBefore = await destinationHoldings(rpc, plan);
        const wallet = await deps.wallet(account);
        const summary = `Move everything to ${shortAddress(plan.destination)}`;
        const hashes: string[] = [];
        let stopped: string | null = null;
        if (entry.path === 'batch') {
          hashes.push(
            await sendOwnBatch(entry.batch, {
              origin: WALLET_ORIGIN,
              table: deps.table,
              wallet,
              transactions: deps.transactions,
              passwordConfirmed: true,
              summary,
            }),
          );
        } else {
          for (const step of entry.steps) {
            try {
              hashes.push(
                await deps.transactions.sendReviewed(
                  WALLET_ORIGIN,
                  {
                    review: step.review,
                    cost: step.cost,
                    summary,
                    valueWei: BigInt(step.review.transaction.value),
                  },
                  wallet,
                  true,
                ),
              );
            } catch (error) {
              if (hashes.length === 0) throw error;
              stopped = error instanceof Error ? error.message : String(error);
              break;
            }
          }
        }
        const moveId = crypto.randomUUID();
        sent.set(moveId, { plan, hashes, destinationBefore });
        return { moveId, hashes, stopped };
      });
    },

    async outcome({ moveId }) {
      const move = sent.get(moveId);
      if (!move) {
        throw new MoveRefusedError(
          'Encore no longer has this move in mind (it restarted): Activity lists its transactions.',
        );
      }
      const { plan } = move;
      const chain = await deps.currentChain();
      if (chain.id !== plan.chain.id) {
        throw new MoveRefusedError(
          `Switch back to ${plan.chain.name} to read what arrived: the move ran there.`,
        );
      }
      const rpc = reads();
      const status = await receipts(rpc, move.hashes);
      const [after, leftWei] = await Promise.all([
        destinationHoldings(rpc, plan),
        readBalance(rpc, plan.from),
      ]);
      return {
        status,
        destination: plan.destination,
        chain: plan.chain,
        currency: plan.currency,
        hashes: move.hashes,
        arrived: {
          nativeWei: (after.nativeWei - move.destinationBefore.nativeWei).toString(),
          tokens: plan.tokens.map((token) => {
            const balance = after.tokens.get(token.address) ?? 0n;
            const before = move.destinationBefore.tokens.get(token.address) ?? 0n;
            return { ...token, amount: (balance - before).toString(), balance: balance.toString() };
          }),
        },
        destinationBalanceWei: after.nativeWei.toString(),
        leftWei: leftWei.toString(),
      };
    },
  };
  // A chain or node failure reaches the popup as a sentence, never as an unexplained INTERNAL.
  return {
    prepare: (input) => explained(service.prepare(input), 'nothing was prepared. Try again.'),
    send: (input) => explained(service.send(input), 'nothing was sent. Review the move again.'),
    outcome: (input) =>
      explained(service.outcome(input), 'the move was sent: Activity lists its transactions.'),
  };
}

async function explained<T>(work: Promise<T>, then: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof Error && typeof (error as { code?: unknown }).code === 'string') {
      throw error;
    }
    const why = error instanceof Error ? error.message : String(error);
    throw new MoveRefusedError(
      `Encore could not read or reach the chain (${why.slice(0, 200)}): ${then}`,
    );
  }
}

function feeOf(tx: CanonicalTransaction): MovePlan['fees'][number] {
  return {
    gasLimit: tx.gasLimit,
    maxPricePerGas: tx.fee.type === 2 ? tx.fee.maxFeePerGas : tx.fee.gasPrice,
  };
}

function refuseRevert(simulation: Simulation, revokes: number): void {
  if (simulation.outcome === 'revert') {
    throw new MoveRefusedError(
      revokes > 0
        ? `The chain says the move would fail (${simulation.reason.text}): it revokes your spend permissions first, and a revoke the chain refuses stops the whole move. Nothing was prepared; check Permissions, then try again.`
        : `The chain says the move would fail (${simulation.reason.text}): nothing was prepared.`,
    );
  }
}
