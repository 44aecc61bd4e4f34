/**
 * The layer rules of ARCHITECTURE.md, checked on every `npm test`:
 * - domain imports only domain and the pure value libraries xstate, decimal.js and ipaddr.js;
 * - application imports only domain, application and TypeBox (its commands' schemas);
 * - one adapter folder never imports another adapter folder (but every adapter may use
 *   src/adapters/shared: the ajv compiler of the application's schemas);
 * - nothing but infrastructure imports infrastructure;
 * - a standalone worker (worker-service.ts) loads none of the API's or the back office's code;
 * - the integrators' SDK (packages/sdk, which the adapters import as `@inventory-billing/sdk`)
 *   imports only itself and Node's built-in modules: it installs with no dependencies.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain may import only src/domain and the pure value libraries xstate, decimal.js and ipaddr.js',
      from: { path: '^src/domain/' },
      to: { pathNot: ['^src/domain/', '^node_modules/(xstate|decimal\\.js|ipaddr\\.js)/'] },
    },
    {
      name: 'application-depends-on-ports',
      severity: 'error',
      comment: 'src/application may import only src/domain, src/application and TypeBox (schemas of its commands)',
      from: { path: '^src/application/' },
      to: { pathNot: ['^src/domain/', '^src/application/', '^node_modules/(xstate|decimal\\.js|@sinclair/typebox)/'] },
    },
    {
      name: 'adapters-are-separate',
      severity: 'error',
      comment: 'an adapter folder must not reach into another adapter folder',
      from: { path: '^src/adapters/([^/]+)/' },
      to: { path: '^src/adapters/([^/]+)/', pathNot: ['^src/adapters/$1/', '^src/adapters/shared/'] },
    },
    {
      name: 'only-infrastructure-composes',
      severity: 'error',
      comment: 'domain, application and adapters never import infrastructure (the composition root)',
      from: { path: '^src/(domain|application|adapters)/' },
      to: { path: '^src/infrastructure/' },
    },
    {
      name: 'worker-loads-no-api',
      severity: 'error',
      comment:
        "a standalone worker (src/infrastructure/worker-service.ts) never loads the API's or the back office's code: the HTTP server, the http and staff modules (service.ts brings them)",
      from: { path: '^src/infrastructure/worker-service\\.ts$' },
      to: {
        path: [
          '^src/infrastructure/modules/(http|staff)\\.module\\.ts$',
          '^src/adapters/http/server\\.ts$',
          '^src/infrastructure/service\\.ts$',
        ],
        reachable: true,
      },
    },
    {
      name: 'sdk-stands-alone',
      severity: 'error',
      comment: 'packages/sdk may import only packages/sdk and node: built-ins (it is published with no dependencies)',
      from: { path: '^packages/sdk/' },
      to: { pathNot: '^packages/sdk/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    exclude: { path: '^(dist|test)/' },
  },
};
