import { describe, expect, it } from 'vitest';
import {
  answerableRequestId,
  readPortAnswer,
  readPortRequest,
  readToInpage,
  readToRelay,
} from '../../../lib/extension/protocol/index.ts';
import { createFakeWindow } from './support/fake-window.ts';

function eventFrom(source: unknown, data: unknown): MessageEvent {
  const event = new Event('message');
  Object.defineProperties(event, { data: { value: data }, source: { value: source } });
  return event as MessageEvent;
}

describe('page <-> relay envelope filter', () => {
  const win = createFakeWindow();
  const request = { target: 'encore-relay', kind: 'request', id: 'a-1', method: 'eth_accounts' };

  it('accepts a well-formed request from the same window', () => {
    expect(readToRelay(eventFrom(win, request), win)).toMatchObject({
      id: 'a-1',
      method: 'eth_accounts',
    });
  });

  it('ignores the same message posted by another window (an iframe or opener)', () => {
    expect(readToRelay(eventFrom({}, request), win)).toBeNull();
    expect(readToRelay(eventFrom(null, request), win)).toBeNull();
  });

  it('ignores other targets, kinds and malformed fields', () => {
    expect(
      readToRelay(eventFrom(win, { ...request, target: 'metamask-contentscript' }), win),
    ).toBeNull();
    expect(readToRelay(eventFrom(win, { ...request, kind: 'steal' }), win)).toBeNull();
    expect(readToRelay(eventFrom(win, { ...request, id: 7 }), win)).toBeNull();
    expect(readToRelay(eventFrom(win, { ...request, method: null }), win)).toBeNull();
    expect(readToRelay(eventFrom(win, 'encore-relay'), win)).toBeNull();
  });

  it('drops extra fields a page might add (only id, method and params travel on)', () => {
    const read = readToRelay(eventFrom(win, { ...request, origin: 'https://bank.example' }), win);
    expect(read).not.toHaveProperty('origin');
  });

  it('reads responses and events for the inpage side only from the same window', () => {
    const response = { target: 'encore-inpage', kind: 'response', id: 'a-1', result: ['0x1'] };
    expect(readToInpage(eventFrom(win, response), win)).toMatchObject({ id: 'a-1' });
    expect(readToInpage(eventFrom({}, response), win)).toBeNull();
    expect(readToInpage(eventFrom(win, { ...response, error: { code: 'x' } }), win)).toBeNull();
    expect(readToInpage(eventFrom(win, request), win)).toBeNull();
  });
});

describe('relay <-> worker port messages', () => {
  const request = { kind: 'request', id: 'a-1', method: 'eth_accounts', params: [] };

  it('the worker reads only a request with a bounded id and method, and only its own fields', () => {
    expect(readPortRequest({ ...request, origin: 'https://bank.example' })).toEqual(request);
    expect(readPortRequest({ ...request, id: 'i'.repeat(100), method: 'm'.repeat(200) })).not.toBe(
      null,
    );
    for (const bad of [
      { ...request, id: 'i'.repeat(101) },
      { ...request, id: '' },
      { ...request, id: 7 },
      { ...request, method: 'm'.repeat(201) },
      { ...request, method: '' },
      { ...request, kind: 'response' },
      [request],
      'eth_accounts',
      null,
    ]) {
      expect(readPortRequest(bad)).toBeNull();
    }
  });

  it('a request whose method is unusable still has an id to answer', () => {
    expect(answerableRequestId({ ...request, method: '' })).toBe('a-1');
    expect(answerableRequestId({ ...request, id: 'i'.repeat(101) })).toBeNull();
  });

  it('the relay reads responses and events, and drops an error of the wrong shape', () => {
    expect(readPortAnswer({ kind: 'response', id: 'a-1', result: ['0x1'] })).toMatchObject({
      id: 'a-1',
      result: ['0x1'],
    });
    expect(readPortAnswer({ kind: 'response', id: 'a-1', error: { code: 'x' } })).toEqual({
      kind: 'response',
      id: 'a-1',
      result: undefined,
      error: undefined,
    });
    expect(readPortAnswer({ kind: 'event', event: 'chainChanged', data: '0x1' })).toEqual({
      kind: 'event',
      event: 'chainChanged',
      data: '0x1',
    });
    expect(readPortAnswer({ kind: 'response', id: 1 })).toBeNull();
    expect(readPortAnswer({ kind: 'request', id: 'a-1' })).toBeNull();
  });
});
