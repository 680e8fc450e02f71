// @encore-wallet/catalog: the music catalog v1 client, for pages, service workers and Node.
export * from '../../../lib/catalog/index.ts';
