import type { Caller } from '../../src/application/access/caller.js';
import { ExternalApiClient } from '@inventory-billing/sdk';
import { createIntegration } from './mothers.js';
import { checkResponse } from './openapi-check.js';
import { call, startTestService, type JsonResponse, type TestService } from './service.js';

/**
 * Calls the external API of the running test service AS a caller, through the real gate:
 * for each (tenant, branch, fiscal year) a real ADMIN integration is created once through the
 * admin API, and every request is signed by the SDK (fresh nonce and timestamp). A null caller
 * sends no credentials at all. The caller's `integrationId` is not used: the gate decides who
 * calls, from the signed credentials.
 */
export interface ExternalHarness {
  baseUrl: string;
  call<T = any>(caller: Caller | null, method: string, path: string, body?: unknown): Promise<JsonResponse<T>>;
  /** The SDK client acting for this caller. */
  clientFor(caller: Caller): Promise<ExternalApiClient>;
  /** The id of the real integration that acts for this caller. */
  integrationIdOf(caller: Caller): Promise<string>;
  stop(): Promise<void>;
}

export async function startExternalHarness(svc: TestService): Promise<ExternalHarness> {
  const integrations = new Map<string, ReturnType<typeof createIntegration>>();
  const credentialsOf = (caller: Caller) => {
    const key = `${caller.tenantId}/${caller.branchId}/${caller.fiscalYearId}`;
    let creds = integrations.get(key);
    if (!creds) {
      creds = createIntegration(svc.baseUrl, caller);
      integrations.set(key, creds);
    }
    return creds;
  };
  const clientFor = async (caller: Caller) => {
    const creds = await credentialsOf(caller);
    return new ExternalApiClient({ baseUrl: svc.baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret });
  };
  return {
    baseUrl: svc.baseUrl,
    clientFor,
    integrationIdOf: async (caller) => (await credentialsOf(caller)).id,
    async call(caller, method, path, body) {
      const res = await send(caller, method, path, body);
      checkResponse(method, `/api/v1/external${path}`, res.status, res.body);
      return res;
    },
    stop: async () => {},
  };

  async function send(caller: Caller | null, method: string, path: string, body: unknown) {
    if (caller === null) {
      const res = await fetch(`${svc.baseUrl}/api/v1/external${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
    }
    const client = await clientFor(caller);
    // Bodies that are not objects cannot carry a signature; send them as the JSON they are.
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      const prepared = client.prepare(method, path, {});
      return ExternalApiClient.send({ ...prepared, body: JSON.stringify(body) });
    }
    return client.request(method, path, body as object | undefined);
  }
}

/**
 * The billing tests' view of the same thing: the real service (emptied first), `external` calls
 * through the real gate as a caller, `admin` calls with the admin token.
 */
export interface ServiceHarness {
  svc: TestService;
  external<T = any>(caller: Caller | null, method: string, path: string, body?: unknown): Promise<JsonResponse<T>>;
  admin<T = any>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>>;
  stop(): Promise<void>;
}

export async function startServiceHarness(): Promise<ServiceHarness> {
  const svc = await startTestService();
  const h = await startExternalHarness(svc);
  return {
    svc,
    external: (caller, method, path, body) => h.call(caller, method, path, body),
    admin: (method, path, body) => call(svc.baseUrl, method, `/api/v1/admin${path}`, { body }),
    stop: () => svc.stop(),
  };
}
