import type { JSX } from 'preact';
import {
  type CallDescription,
  formatTokenAmount,
  type NativeCurrency,
  type TokenCall,
} from '../../../lib/transactions/index.ts';

/**
 * What one call does, read from its data (lib/transactions `describeCall`): a transfer of the
 * chain's currency, a contract creation, a token call with the token's own symbol and decimals,
 * a function the bundled list matches (said to be a match, not a proof), or only its selector.
 */
export function CallLines(props: {
  call: CallDescription;
  to: string | null;
  currency: NativeCurrency;
}): JSX.Element {
  const { call, to } = props;
  switch (call.kind) {
    case 'native':
      return (
        <>
          Sends {props.currency.symbol} to <span class="mono hex">{to}</span>
        </>
      );
    case 'create':
      return <>Deploys a new contract ({call.codeBytes} bytes of code)</>;
    case 'token':
      return <TokenLines call={call} />;
    case 'known':
      return (
        <>
          Calls <span class="mono hex">{to}</span>: the data matches{' '}
          <span class="mono verbatim">{call.signature}</span> in Encore's list of common functions
          (a match, not a proof):
          <ul class="tx-args" data-testid="tx-args">
            {call.args.map((arg, index) => (
              <li key={index}>
                <span class="muted">{arg.name || `#${index + 1}`}</span> ({arg.type}){' '}
                <span class="mono verbatim">{arg.value}</span>
              </li>
            ))}
          </ul>
        </>
      );
    case 'unknown':
      return (
        <>
          Calls <span class="mono hex">{to}</span> with function{' '}
          <span class="mono hex">{call.selector}</span>, which Encore cannot read
        </>
      );
  }
}

function TokenLines({ call }: { call: TokenCall }): JSX.Element {
  const token = call.token;
  const standard = token.standard ? token.standard.toUpperCase().replace('ERC', 'ERC-') : 'token';
  const name = token.symbol ?? 'an unnamed token';
  const amounts = call.amounts.map((raw) => formatTokenAmount(BigInt(raw), token));
  const ids = call.tokenIds.map((id) => `#${id}`).join(', ');
  const what = ids
    ? `${name} ${ids}${amounts.length ? ` (${amounts.join(', ')})` : ''}`
    : amounts.join(', ');
  let line: string;
  switch (call.fn) {
    case 'transfer':
      line = `Sends ${what} to`;
      break;
    case 'transferFrom':
    case 'safeTransferFrom':
    case 'safeBatchTransferFrom':
      line = `Moves ${what}${call.owner ? ` from ${call.owner}` : ''} to`;
      break;
    case 'approve':
    case 'increaseAllowance':
      line = ids ? `Lets this address move ${what}:` : `Lets this address spend ${what}:`;
      break;
    case 'setApprovalForAll':
      line = call.approved
        ? `Lets this operator move all your ${name}:`
        : `Stops this operator moving your ${name}:`;
      break;
  }
  return (
    <>
      <span data-testid="tx-token-line">{line}</span>{' '}
      <span class="mono hex">{call.counterparty}</span>
      <br />
      <span class="muted">
        {standard} contract <span class="mono hex">{token.address}</span>
        {token.symbol ? ` (calls itself ${token.symbol})` : ''}
      </span>
    </>
  );
}
