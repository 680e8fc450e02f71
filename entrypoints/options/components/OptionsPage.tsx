import type { JSX } from 'preact';
import { sendMessage } from '../../../lib/extension/client/index.ts';
import type { Settings } from '../../../lib/extension/settings/index.ts';
import { describeError, Spinner, useAsync } from '../../../lib/extension/ui/index.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { ValueThresholds } from './ValueThresholds.tsx';

export function OptionsPage(): JSX.Element {
  const [settings, reload] = useAsync<Settings>(() => sendMessage('settings.get'), []);
  return (
    <div class="options">
      <header class="options-header">
        <img src="/icon/48.png" width={32} height={32} alt="" />
        <div>
          <h1>Encore settings</h1>
          <p class="muted">
            Where your wallet and music profile come from, and how long you stay logged in.
          </p>
        </div>
      </header>
      {settings.status === 'loading' ? (
        <p class="center muted" role="status">
          <Spinner /> Loading settings…
        </p>
      ) : settings.status === 'error' ? (
        <div class="stack">
          <p class="alert alert-error" role="alert">
            {describeError(settings.error)}
          </p>
          <button type="button" class="btn btn-secondary" onClick={reload}>
            Try again
          </button>
        </div>
      ) : (
        <div class="stack-lg">
          <SettingsForm initial={settings.value} />
          <ValueThresholds initial={settings.value} />
        </div>
      )}
    </div>
  );
}
