// Previous releases, checked out and installed once per commit, for the update tests.
export { buildReleaseExtension } from './build-release-extension.ts';
export { ReleaseError, type ReleaseErrorCode } from './errors.ts';
export { type PreparedRelease, prepareRelease, releaseCacheRoot } from './prepare-release.ts';
export { latestRelease, type Release, resolveRelease } from './resolve-release.ts';
export { type ReleaseServer, startReleaseServer } from './start-release-server.ts';
