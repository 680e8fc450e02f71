// The benchmark's bare DevTools pipe fails fast when Chromium is gone, instead of leaving the
// bench (and the servers it started) waiting for an answer that cannot come.
import { describe, expect, it } from 'vitest';
import { launchWithPipe } from '../../../bench/internal/cdp-pipe.ts';

describe('launchWithPipe', () => {
  it('rejects commands and closes at once when Chromium cannot start', async () => {
    const pipe = launchWithPipe('/nonexistent/chromium', []);
    await expect(pipe.send('Target.getTargets')).rejects.toThrow(/Target.getTargets: .*ENOENT/);
    await pipe.close();
    await expect(pipe.send('Target.getTargets')).rejects.toThrow(/Target.getTargets/);
  });
});
