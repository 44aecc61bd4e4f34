/** One call of the admin API, as the command-line tool makes it. */
export interface AdminApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below `/api/v1/admin`, with path parameters already in place (see `path`). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
}

/** The admin API's envelope: `data` (and `pagination` on pages), or the error's code and message. */
export interface AdminApiResponse {
  status: number;
  body: {
    success: boolean;
    data?: unknown;
    pagination?: { total: number; page: number; limit: number };
    code?: string;
    message?: string;
  };
}

/** The admin API, wherever it runs: the command-line tool is its client and nothing more. */
export interface AdminApi {
  send(request: AdminApiRequest): Promise<AdminApiResponse>;
}

/** `path\`/tenants/${id}/branches\``: each parameter URL-encoded, so a value never changes the route. */
export function path(strings: TemplateStringsArray, ...params: string[]): string {
  return strings.reduce((out, s, i) => out + s + (i < params.length ? encodeURIComponent(params[i]!) : ''), '');
}

/** The admin API over HTTP at `baseUrl` (e.g. `http://127.0.0.1:3000`), with the admin token. */
export function httpAdminApi(baseUrl: string, adminToken: string): AdminApi {
  return {
    async send({ method, path: route, query, body }) {
      const url = new URL(`/api/v1/admin${route}`, baseUrl);
      for (const [name, value] of Object.entries(query ?? {})) {
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
      const headers: Record<string, string> = { authorization: `Bearer ${adminToken}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as AdminApiResponse['body']) : { success: res.ok } };
    },
  };
}
