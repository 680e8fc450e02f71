// Taking the copied recovery phrase back off the clipboard: the decision (guard.ts), the
// permissions it needs, and the guards that outlive the popup (offscreen document, event page).
export { execCommandClipboard, navigatorClipboard } from './exec-command.ts';
export {
  CLIPBOARD_CLEAR_MS,
  type ClearOptions,
  type ClipboardAccess,
  clearIfDigest,
  type GuardOutcome,
} from './guard.ts';
export {
  type ClipboardGuardService,
  createClipboardGuard,
  type GuardPlatform,
  listenForGrant,
  listenForGuardAlarm,
  OFFSCREEN_PATH,
} from './hand-off.ts';
export {
  acceptWatch,
  type OrderSender,
  WATCH_ACCEPTED,
  watchAccepted,
} from './offscreen-orders.ts';
export {
  CLIPBOARD_PERMISSIONS,
  hasClipboardPermissions,
  requestClipboardPermissions,
} from './permissions.ts';
export { digestSchema, type OffscreenWatch, offscreenWatchSchema } from './schemas.ts';
