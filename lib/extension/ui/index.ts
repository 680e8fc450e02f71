export { AppHeader } from './AppHeader.tsx';
export { Avatar } from './Avatar.tsx';
export { describeError } from './describe-error.ts';
export { Field, type FieldProps } from './Field.tsx';
export { displayOrigin, formatCount } from './format.ts';
export { originsNeedingPermission, requestHostPermission } from './host-permission.ts';
export { type Identicon, identicon } from './identicon.ts';
export { Spinner } from './Spinner.tsx';
export { type AsyncState, useAsync } from './use-async.ts';
