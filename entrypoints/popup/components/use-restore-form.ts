// The restore form carries the BIP-39 word list and SHA-256 (~33 KB of the popup's script): it
// is loaded when the person asks for it, so opening the popup and logging in never parse it.
import { useEffect, useState } from 'preact/hooks';
import type { RestoreForm } from './RestoreForm.tsx';

export function useRestoreForm(wanted: boolean): typeof RestoreForm | null {
  const [form, setForm] = useState<typeof RestoreForm | null>(null);
  useEffect(() => {
    if (!wanted || form) return;
    let live = true;
    void import('./RestoreForm.tsx').then((module) => {
      if (live) setForm(() => module.RestoreForm);
    });
    return () => {
      live = false;
    };
  }, [wanted, form]);
  return form;
}
