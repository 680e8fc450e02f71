import type { JSX } from 'preact';
import type { ApprovalDetails } from '../../../lib/extension/approvals/types.ts';
import { Warning } from './Warning.tsx';

type Details = Extract<ApprovalDetails, { kind: 'typed_data' }>;

/** chainId may arrive as a number, a decimal string or a hex string. */
function chainIdOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) return Number(value);
  return null;
}

export function TypedDataRequest({
  details,
  chainId,
}: {
  details: Details;
  chainId: number;
}): JSX.Element {
  const { domain, message, primaryType } = details.typedData;
  const requested = domain.chainId === undefined ? null : chainIdOf(domain.chainId);
  const mismatch = domain.chainId !== undefined && requested !== chainId;
  return (
    <section class="card">
      {mismatch && (
        <Warning testId="chain-warning">
          This data is for chain {String(domain.chainId)}, but Encore is on chain {chainId}. A
          signature for another chain may be used there.
        </Warning>
      )}
      <h2 class="card-title">Domain</h2>
      <Tree value={domain} testId="typed-domain" />
      <h2 class="card-title typed-primary">{primaryType}</h2>
      <Tree value={message} testId="typed-message" />
    </section>
  );
}

function Tree({ value, testId }: { value: unknown; testId?: string }): JSX.Element {
  if (value === null || typeof value !== 'object') {
    return <span class="tree-leaf">{String(value)}</span>;
  }
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value as Record<string, unknown>);
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
