// The packages from CommonJS: Node 20.19 and later load ES modules through require() (they have
// no top-level await). Prints what each package gives and a lookup key computed through it.
const { createBackendFns } = require('@encore-wallet/backend-client');
const { createCatalogClient } = require('@encore-wallet/catalog');
const { BackendError } = require('@encore-wallet/contract');
const core = require('@encore-wallet/core');
const { Authentication } = require('@encore-wallet/core/authentication');
const { createBackend, startServer } = require('@encore-wallet/server');

const [username = '', password = ''] = process.argv.slice(2);
Authentication.createAuthLookupKey(username, password).then((lookupKey) => {
  console.log(
    JSON.stringify({
      functions: [
        createBackendFns,
        createCatalogClient,
        core.Hedgehog,
        createBackend,
        startServer,
      ].map((f) => typeof f),
      sameBackendError: core.BackendError === BackendError,
      lookupKey,
    }),
  );
});
