import type { JSX } from 'preact';
import {
  decodeSignPayload,
  hasInvisible,
  parseSiweMessage,
  type SiweMessage,
  siweMatchesOrigin,
} from '../../../lib/eip/index.ts';
import type { ApprovalDetails } from '../../../lib/extension/approvals/index.ts';
import { InvisibleWarning, Revealed } from './Revealed.tsx';
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
        <pre class="message-body mono hex" data-testid="message-hex">
          {decoded.hex}
        </pre>
      </section>
    );
  }
  const hidden = hasInvisible(decoded.text);
  const siwe = parseSiweMessage(decoded.text);
  if (siwe.ok) {
    return (
      <SignIn message={siwe.message} origin={origin} address={details.address} hidden={hidden} />
    );
  }
  return (
    <section class="card">
      <h2 class="card-title">Message</h2>
      {siwe.reason === 'malformed' && (
        <Warning testId="siwe-malformed">
          This looks like a sign-in message but its {siwe.detail} is not valid. Do not sign it to
          log in anywhere.
        </Warning>
      )}
      {hidden && <InvisibleWarning />}
      <pre class="message-body verbatim" data-testid="message-text">
        <Revealed text={decoded.text} />
      </pre>
    </section>
  );
}

function SignIn(props: {
  message: SiweMessage;
  origin: string;
  address: string;
  hidden: boolean;
}): JSX.Element {
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
          This sign-in message is for <Revealed text={message.domain} />, but the request comes from{' '}
          {new URL(origin).host}. Signing it could log this site into your account elsewhere.
        </Warning>
      )}
      {message.address.toLowerCase() !== props.address.toLowerCase() && (
        <Warning testId="siwe-address-warning">
          The message names a different account ({message.address}).
        </Warning>
      )}
      {props.hidden && <InvisibleWarning />}
      <p class="siwe-lead">
        Sign in to{' '}
        <strong data-testid="siwe-domain">
          <Revealed text={message.domain} />
        </strong>
      </p>
      {message.statement && (
        <p class="siwe-statement">
          <Revealed text={message.statement} />
        </p>
      )}
      <dl class="kv">
        {rows
          .filter((row): row is [string, string] => row[1] !== undefined)
          .map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd class="verbatim">
                <Revealed text={value} />
              </dd>
            </div>
          ))}
      </dl>
      {message.resources.length > 0 && (
        <ul class="resources">
          {message.resources.map((resource) => (
            <li key={resource} class="url">
              <Revealed text={resource} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
