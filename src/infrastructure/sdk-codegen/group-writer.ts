import type { TObject, TSchema } from '@sinclair/typebox';
import { TypeWriter } from './type-writer.js';

/**
 * What the generator reads of a route declaration (the elements of `EXTERNAL_API.routes`):
 * nothing else, so the declarations may grow other fields.
 */
export interface SdkRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express style, relative to the API's prefix: `/products/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  query?: TObject;
  body?: TSchema;
  success: { status: number; data: TSchema; paginated?: boolean };
}

/**
 * The SDK's group of methods for each tag of the external API. A route with a tag not listed
 * here stops the generator: decide its group first.
 */
export const GROUP_OF_TAG: Readonly<Record<string, string>> = {
  Catalogue: 'inventory',
  Inventory: 'inventory',
  Logistics: 'logistics',
  Billing: 'billing',
  Usage: 'usage',
  Organization: 'organization',
};

export function groupOf(route: SdkRoute): string {
  const group = GROUP_OF_TAG[route.tag];
  if (group === undefined) {
    throw new Error(
      `The external route ${route.operationId} has the tag '${route.tag}', which has no SDK group: ` +
        'add it to GROUP_OF_TAG in src/infrastructure/sdk-codegen/group-writer.ts',
    );
  }
  return group;
}

export const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const camel = (words: string) => words.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** `InventoryApi` for the group `inventory`. */
export const className = (group: string) => `${pascal(camel(group))}Api`;

/** A path parameter's variable: `:id` after `invoices` is `invoiceId`; any other `:name` is `name`. */
function parameterName(segments: string[], index: number): string {
  const name = segments[index]!.slice(1);
  const before = segments[index - 1];
  if (name !== 'id' || before === undefined || before.startsWith(':')) return camel(name);
  return `${camel(before.replace(/s$/, ''))}Id`;
}

/** A JSDoc block of the route's method, lines kept under the width the formatter uses. */
function docComment(route: SdkRoute): string {
  const words = (text: string) => text.replace(/\*\//g, '*\\/').split(/\s+/).filter(Boolean);
  const wrap = (text: string) => {
    const lines: string[] = [];
    for (const word of words(text)) {
      const last = lines.length - 1;
      if (last >= 0 && lines[last]!.length + word.length + 1 <= 100) lines[last] += ` ${word}`;
      else lines.push(word);
    }
    return lines;
  };
  const summary = `\`${route.method.toUpperCase()} ${route.path}\`: ${route.summary}${/[.!?]$/.test(route.summary) ? '' : '.'}`;
  const paragraphs = [wrap(summary), ...(route.description ? [wrap(route.description)] : [])];
  const body = paragraphs.map((lines) => lines.map((line) => `   * ${line}`).join('\n')).join('\n   *\n');
  return `  /**\n${body}\n   */`;
}

export interface MethodSource {
  source: string;
  /** Named types the method's signature uses. */
  types: string[];
  paginated: boolean;
}

/** One typed method: path parameters, then the body, then the query, then the request options. */
export async function methodSource(route: SdkRoute, types: TypeWriter): Promise<MethodSource> {
  const fallbackName = pascal(route.operationId);
  const segments = route.path.split('/');
  const params: string[] = [];
  const path = segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const variable = parameterName(segments, i);
      params.push(`${variable}: string`);
      return `\${encodeURIComponent(${variable})}`;
    })
    .join('/');
  const pathSource = params.length > 0 ? `\`${path}\`` : `'${path}'`;
  const used: string[] = [];
  const args = [...params];
  const input: string[] = [];
  if (route.body) {
    const bodyType = await types.declare(route.body, { name: `${fallbackName}Body`, file: 'requests' });
    used.push(bodyType);
    args.push(`body: ${bodyType}`);
    input.push('body');
  } else if (route.method !== 'get' && route.method !== 'delete') {
    input.push('body: {}');
  }
  if (route.query) {
    const queryType = await types.declare(
      route.query,
      { name: `${fallbackName}Query`, file: 'requests' },
      { query: true },
    );
    used.push(queryType);
    args.push(TypeWriter.allOptional(route.query) ? `query: ${queryType} = {}` : `query: ${queryType}`);
    // A copy: an interface has no index signature, the copy's object type does.
    input.push('query: { ...query }');
  }
  args.push('options?: RequestOptions');
  const dataType = await types.declare(route.success.data, {
    name: `${fallbackName}Result`,
    file: `responses/${groupOf(route)}`,
  });
  used.push(dataType);
  const paginated = route.success.paginated === true;
  let call: string;
  if (paginated) {
    if (route.method !== 'get') throw new Error(`${route.operationId}: only a GET answers a page`);
    call = `this.transport.sendPage<${dataType}>(${pathSource}, ${route.query ? '{ ...query }' : 'undefined'}, options)`;
  } else {
    const sent = input.length > 0 ? `{ ${input.join(', ')} }` : 'undefined';
    call = `this.transport.send<${dataType}>('${route.method.toUpperCase()}', ${pathSource}, ${sent}, options)`;
  }
  const returns = paginated ? `PageOf<${dataType}>` : dataType;
  const source = `${docComment(route)}\n  ${route.operationId}(${args.join(', ')}): Promise<${returns}> {\n    return ${call};\n  }`;
  return { source, types: used, paginated };
}
