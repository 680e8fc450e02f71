// @encore-wallet/server: the reference persistence backend, to start on a port (startServer) or
// to mount in an integrator's Node server (createBackend).
export * from '../../../server/index.ts';
