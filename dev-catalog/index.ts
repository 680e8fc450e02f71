// The local dev catalog: the v1 catalog API over a generated dataset, on 127.0.0.1.
export type { HostFlavor } from './api/context.ts';
export { generateDataset } from './dataset/generate.ts';
export type { Dataset, DevPlaylist, DevTrack, DevUser } from './dataset/types.ts';
export { devUserAddress, devUserPrivateKey } from './dataset/wallets.ts';
export { type DevCatalog, type DevCatalogOptions, startDevCatalog } from './start.ts';
