import { NotLoggedInError } from '@encore-wallet/core';
import { z } from 'zod';
import type { MoveService } from '../../move/index.ts';
import type { WalletSession } from '../../session/index.ts';
import { defineMessage } from '../define.ts';
import { revealPhraseSchema } from '../schemas.ts';

export interface MoveMessageDeps {
  session: WalletSession;
  move: MoveService;
}

const hexAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Not a token address');
// The destination as typed: its rules (checksum, re-typed end) are the move service's, which
// answers MOVE_REFUSED with the sentence to show.
const prepareSchema = z.lazy(() =>
  z.strictObject({
    destination: z.string().max(100, 'An address is 42 characters'),
    retyped: z.string().max(100).nullable(),
    tokens: z.array(hexAddress).max(50).optional(),
  }),
);
const sendSchema = z.lazy(() =>
  z.strictObject({
    id: z.uuid(),
    password: z
      .string({ error: 'Enter your password' })
      .min(1, 'Enter your password')
      .max(1024, 'Passwords are at most 1024 characters'),
  }),
);
const outcomeSchema = z.lazy(() => z.strictObject({ moveId: z.uuid() }));

/**
 * Moving everything to another wallet, and the account's private key: both to the popup only.
 * The key is the second message that answers a secret, after the password, in this reply only.
 */
export function moveMessages({ session, move }: MoveMessageDeps) {
  return [
    defineMessage({
      type: 'move.prepare',
      input: prepareSchema,
      access: 'popup',
      handle: (input) => move.prepare({ ...input, tokens: input.tokens ?? [] }),
    }),
    defineMessage({
      type: 'move.send',
      input: sendSchema,
      access: 'popup',
      handle: (input) => move.send(input),
    }),
    defineMessage({
      type: 'move.outcome',
      input: outcomeSchema,
      access: 'popup',
      handle: (input) => move.outcome(input),
    }),
    defineMessage({
      type: 'revealPrivateKey',
      input: revealPhraseSchema,
      access: 'popup',
      handle: async ({ password }) => {
        await session.ready();
        const address = session.getAddress();
        if (!address) throw new NotLoggedInError();
        // The backend's record opens with the password (each wrong guess spends its budget).
        await session.confirmPassword(password);
        const wallet = await session.getWallet();
        if (!wallet || wallet.address !== address) throw new NotLoggedInError();
        return { address, privateKey: wallet.privateKey };
      },
    }),
  ];
}
