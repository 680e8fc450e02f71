import type { JSX } from 'preact';
import type { TypedDataValue } from '../../../lib/eip/index.ts';
import { containsInvisible } from '../../../lib/eip/index.ts';
import type { ApprovalDetails } from '../../../lib/extension/approvals/index.ts';
import { PermitGrantNotice } from './PermitGrantNotice.tsx';
import { InvisibleWarning, Revealed } from './Revealed.tsx';
import { Warning } from './Warning.tsx';

type Details = Extract<ApprovalDetails, { kind: 'typed_data' }>;

/** The typed data arrives checked and canonical: chainId is a decimal string when present. */
export function TypedDataRequest({
  details,
  chainId,
  password,
  onPassword,
  disabled,
}: {
  details: Details;
  chainId: number;
  password: string;
  onPassword(value: string): void;
  disabled: boolean;
}): JSX.Element {
  const { domain, message, primaryType } = details.typedData;
  const requested = domain.chainId;
  return (
    <section class="card">
      {details.permit !== null && (
        <PermitGrantNotice
          permit={details.permit}
          password={password}
          onPassword={onPassword}
          disabled={disabled}
        />
      )}
      {requested === undefined && (
        <Warning testId="no-chain-warning">
          This data names no chain (its domain has no chainId). A signature for it can be used on
          any chain.
        </Warning>
      )}
      {requested !== undefined && String(requested) !== String(chainId) && (
        <Warning testId="chain-warning">
          This data is for chain {String(requested)}, but Encore is on chain {chainId}. A signature
          for another chain may be used there.
        </Warning>
      )}
      {(containsInvisible(domain) || containsInvisible(message)) && <InvisibleWarning />}
      <h2 class="card-title">Domain</h2>
      <Tree value={domain} testId="typed-domain" />
      <h2 class="card-title typed-primary">{primaryType}</h2>
      <Tree value={message} testId="typed-message" />
    </section>
  );
}

function Tree({ value, testId }: { value: TypedDataValue; testId?: string }): JSX.Element {
  if (typeof value !== 'object') {
    return (
      <span class="tree-leaf verbatim">
        {typeof value === 'string' ? <Revealed text={value} /> : String(value)}
      </span>
    );
  }
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  return (
    <ul class="tree" data-testid={testId}>
      {entries.map(([key, item]) => (
        <li key={key}>
          <span class="tree-key">{key}</span>
          <Tree value={item} />
        </li>
      ))}
    </ul>
  );
}
