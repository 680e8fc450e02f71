import type { MessageSender } from '../../../../lib/extension/messages/index.ts';

// WXT's fake browser has runtime.id "test-extension-id".
const EXTENSION = 'chrome-extension://test-extension-id';

/** The popup opened as a tab: it has `tab`, and is still an extension page. */
export const popupTab: MessageSender = {
  id: 'test-extension-id',
  url: `${EXTENSION}/popup.html`,
  origin: EXTENSION,
  tab: { id: 7 } as MessageSender['tab'],
};

/** The toolbar popup: no tab. */
export const popup: MessageSender = {
  id: 'test-extension-id',
  url: `${EXTENSION}/popup.html`,
  origin: EXTENSION,
};

/** Our own content script on a web page: same extension id, page URL, a tab. */
export const contentScript: MessageSender = {
  id: 'test-extension-id',
  url: 'https://music.example/track/1',
  origin: 'https://music.example',
  tab: { id: 3 } as MessageSender['tab'],
  frameId: 0,
};

/** A content script with no tab (e.g. a frame the browser does not attribute): still a page. */
export const tablessPage: MessageSender = {
  id: 'test-extension-id',
  url: 'https://evil.example/',
  origin: 'https://evil.example',
};

/** Another extension pretending to be a page of ours. */
export const otherExtension: MessageSender = {
  id: 'someone-else',
  url: `${EXTENSION}/popup.html`,
};

/** A page whose URL merely starts like ours: the prefix check includes the trailing slash. */
export const lookalike: MessageSender = {
  id: 'test-extension-id',
  url: 'chrome-extension://test-extension-id.evil.example/popup.html',
};
