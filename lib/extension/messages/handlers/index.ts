import { type ActivityMessageDeps, activityMessages } from './activity.ts';
import { type ApprovalMessageDeps, approvalMessages } from './approvals.ts';
import { type CatalogMessageDeps, catalogMessages } from './catalog.ts';
import { type ClipboardMessageDeps, clipboardMessages } from './clipboard.ts';
import { type GrantOverviewMessageDeps, grantOverviewMessages } from './grant-overview.ts';
import { type MoveMessageDeps, moveMessages } from './move.ts';
import { type RecoveryMessageDeps, recoveryMessages } from './recovery.ts';
import { type SettingsMessageDeps, settingsMessages } from './settings.ts';
import { type SiteMessageDeps, siteMessages } from './sites.ts';
import { type SpendPermissionMessageDeps, spendPermissionMessages } from './spend-permissions.ts';
import { type StrengthenMessageDeps, strengthenMessages } from './strengthen.ts';
import { type ValueMessageDeps, valueMessages } from './value.ts';
import { type WalletMessageDeps, walletMessages } from './wallet.ts';

export type MessageDeps = WalletMessageDeps &
  SettingsMessageDeps &
  SiteMessageDeps &
  CatalogMessageDeps &
  ApprovalMessageDeps &
  ClipboardMessageDeps &
  RecoveryMessageDeps &
  ActivityMessageDeps &
  ValueMessageDeps &
  MoveMessageDeps &
  StrengthenMessageDeps &
  SpendPermissionMessageDeps &
  GrantOverviewMessageDeps;

/**
 * Every message the worker answers, for the popup, the options page and the approval window.
 * The message map (types.ts) is read from these definitions.
 */
export function messageHandlers(deps: MessageDeps) {
  return [
    ...walletMessages(deps),
    ...settingsMessages(deps),
    ...siteMessages(deps),
    ...catalogMessages(deps),
    ...approvalMessages(deps),
    ...clipboardMessages(deps),
    ...recoveryMessages(deps),
    ...activityMessages(deps),
    ...valueMessages(deps),
    ...moveMessages(deps),
    ...strengthenMessages(deps),
    ...spendPermissionMessages(deps),
    ...grantOverviewMessages(deps),
  ];
}

export type { ActivityList, Balance, ChainSummary } from './activity.ts';
export type { GrantList } from './spend-permissions.ts';
export type { StrengthenStatus } from './strengthen.ts';
export type { ValueWatch } from './value.ts';
export type { WalletState } from './wallet.ts';
