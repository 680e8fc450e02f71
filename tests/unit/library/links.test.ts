// Catalog answers decide where the library's links and pictures point: a hostile host must not
// turn them into another site or a script.

import { pickImage, trackSchema, userSchema } from '@encore-wallet/catalog';
import { describe, expect, it } from 'vitest';
import { publicLinkOf, trackItem } from '../../../lib/library/index.ts';

const owner = userSchema.parse({ id: 'u1', handle: 'ada', name: 'Ada' });

describe('links to the public site', () => {
  it('a permalink becomes a link on the public site', () => {
    expect(publicLinkOf({ kind: 'track', permalink: '/ada/song-1', handle: 'ada' })).toBe(
      'https://audius.co/ada/song-1',
    );
    expect(publicLinkOf({ kind: 'user', handle: 'ada' })).toBe('https://audius.co/ada');
  });

  it.each([
    'javascript:alert(1)',
    '//evil.example/x',
    'https://evil.example/x',
    '/ada/<script>',
    'ada/relative',
  ])('a hostile permalink %s falls back to the owner profile', (permalink) => {
    const track = trackSchema.parse({
      id: 't1',
      title: 'Song',
      user: owner,
      duration: 1,
      permalink,
    });
    expect(trackItem(track).link).toBe('https://audius.co/ada');
  });

  it('a handle cannot leave the public site either', () => {
    expect(publicLinkOf({ kind: 'user', handle: '../../evil.example' })).toBe(
      'https://audius.co/..%2F..%2Fevil.example',
    );
  });
});

describe('pictures', () => {
  it('takes the smallest square, skips script URLs and mirrors, or gives a placeholder (null)', () => {
    expect(
      pickImage({ '150x150': 'https://cdn.example/a.jpg', '480x480': 'https://cdn.example/b.jpg' }),
    ).toBe('https://cdn.example/a.jpg');
    expect(pickImage({ '150x150': 'javascript:alert(1)', '480x480': 'data:image/png,x' })).toBe(
      null,
    );
    expect(pickImage({ mirrors: ['https://m.example'] })).toBe(null);
    expect(pickImage(null)).toBe(null);
  });
});
