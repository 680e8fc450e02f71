import type { z } from 'zod';
import type { CatalogProfile, WalletCatalogProfile } from '../catalog/index.ts';
import type { ConnectedSite } from '../permissions/index.ts';
import type { SessionState } from '../session/index.ts';
import type { Settings, SettingsPatch } from '../settings/index.ts';
import type {
  changePasswordSchema,
  credentialsSchema,
  searchSchema,
  siteSchema,
} from './schemas.ts';

export interface WalletState extends SessionState {
  /** Requests waiting in the approval window. */
  pendingApprovals: number;
}

type Empty = Record<never, never>;

/**
 * Every request the background answers: `input` is the payload without `type`. Other areas add
 * theirs by augmenting this interface (`declare module '…/messages/types.ts'`).
 */
export interface MessageMap {
  getState: { input: Empty; result: WalletState };
  signUp: { input: z.input<typeof credentialsSchema>; result: WalletState };
  login: { input: z.input<typeof credentialsSchema>; result: WalletState };
  logout: { input: Empty; result: WalletState };
  changePassword: { input: z.input<typeof changePasswordSchema>; result: { changed: true } };
  getCatalogProfile: { input: Empty; result: WalletCatalogProfile | null };
  searchCatalogUsers: { input: z.input<typeof searchSchema>; result: CatalogProfile[] };
  'settings.get': { input: Empty; result: Settings };
  'settings.set': { input: SettingsPatch; result: Settings };
  'sites.list': { input: Empty; result: ConnectedSite[] };
  'sites.revoke': { input: z.input<typeof siteSchema>; result: { revoked: boolean } };
}
