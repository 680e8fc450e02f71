import type { JSX } from 'preact';
import { decodeSignPayload } from '../../../lib/extension/approvals/decode-message.ts';
import {
  parseSiweMessage,
  type SiweMessage,
  siweMatchesOrigin,
} from '../../../lib/extension/approvals/eip4361.ts';
import type { ApprovalDetails } from '../../../lib/extension/approvals/types.ts';
import { Warning } from './Warning.tsx';

type Details = Extract<ApprovalDetails, { kind: 'personal_sign' }>;

export function SignMessageRequest({
  details,
  origin,
}: {
  details: Details;
  origin: string;
}): JSX.Element {
  const decoded = decodeSignPayload(details.message);
  if (decoded.kind === 'binary') {
    return (
      <section class="card">
        <Warning testId="binary-warning">
          This message is not readable text. Signing unreadable data can authorise something you
          cannot see; only sign it if you trust this site completely.
        </Warning>
        <pre class="message-body mono" data-testid="message-hex">
          {decoded.hex}
        </pre>
      </section>
    );
  }
  const siwe = parseSiweMessage(decoded.text);
  if (siwe.ok) return <SignIn message={siwe.message} origin={origin} address={details.address} />;
  return (
    <section class="card">
      <h2 class="card-title">Message</h2>
      {siwe.reason === 'malformed' && (
        <Warning testId="siwe-malformed">
          This looks like a sign-in message but its {siwe.detail} is not valid. Do not sign it to
          log in anywhere.
        </Warning>
      )}
      <pre class="message-body" data-testid="message-text">
        {decoded.text}
      </pre>
    </section>
  );
}

function SignIn(props: { message: SiweMessage; origin: string; address: string }): JSX.Element {
  const { message, origin } = props;
  const matches = siweMatchesOrigin(message, origin);
  const rows: [string, string | undefined][] = [
    ['Account', message.address],
    ['URI', message.uri],
    ['Chain ID', String(message.chainId)],
    ['Nonce', message.nonce],
    ['Issued', message.issuedAt],
    ['Expires', message.expirationTime],
    ['Not before', message.notBefore],
    ['Request ID', message.requestId],
  ];
  return (
    <section class="card" data-testid="siwe">
      <h2 class="card-title">Sign in with Ethereum</h2>
      {!matches && (
        <Warning testId="siwe-domain-warning">
          This sign-in message is for {message.domain}, but the request comes from{' '}
          {new URL(origin).host}. Signing it could log this site into your account elsewhere.
        </Warning>
      )}
      {message.address.toLowerCase() !== props.address.toLowerCase() && (
        <Warning testId="siwe-address-warning">
          The message names a different account ({message.address}).
        </Warning>
      )}
      <p class="siwe-lead">
        Sign in to <strong data-testid="siwe-domain">{message.domain}</strong>
      </p>
      {message.statement && <p class="siwe-statement">{message.statement}</p>}
      <dl class="kv">
        {rows
          .filter((row): row is [string, string] => row[1] !== undefined)
          .map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {message.resources.length > 0 && (
        <ul class="resources">
          {message.resources.map((resource) => (
            <li key={resource}>{resource}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
