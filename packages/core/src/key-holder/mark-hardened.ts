// Tells the key holder that an account's hardened record now stands under one of its keys, once
// the record backend has stored it: from then on every login, from any browser, learns from the
// key holder's answer that the account is hardened and never looks for a weaker record.
import {
  type MarkHardenedRequest,
  MarkHardenedResponseSchema,
} from '@encore-wallet/contract/key-holder';
import { bytesToHex } from '@encore-wallet/utils/encoding';
import type { FetchText } from '@encore-wallet/utils/http';
import { keyHolderAccountId } from './account-id.ts';
import { KeyHolderAnswerRefusedError } from './errors.ts';
import { keyHolderExchange } from './evaluate.ts';

export interface MarkHardened {
  /** The key holder's URL, as pinned (no trailing slash). */
  url: string;
  username: string;
  /** The id of the key the hardened record was made under. */
  keyId: string;
  fetch?: FetchText;
  timeoutMs?: number;
}

export async function markHardened(request: MarkHardened): Promise<void> {
  const body: MarkHardenedRequest = {
    keyId: request.keyId,
    account: bytesToHex(await keyHolderAccountId(request.username)),
  };
  const json = await keyHolderExchange(`${request.url}/hardened`, body, request);
  const parsed = MarkHardenedResponseSchema.safeParse(json);
  if (!parsed.success || parsed.data.hardenedUnder !== request.keyId) {
    throw new KeyHolderAnswerRefusedError('malformed');
  }
}
