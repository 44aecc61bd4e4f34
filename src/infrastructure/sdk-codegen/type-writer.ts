import type { TSchema } from '@sinclair/typebox';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import type { SchemaName, SchemaNames, TypeFile } from './schema-names.js';

/** One named type of the SDK: its TypeScript declaration and the named types it uses. */
export interface TypeDeclaration {
  name: string;
  file: TypeFile;
  source: string;
  uses: Set<string>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface JsonObjectSchema {
  [key: string]: Json | undefined;
  properties?: { [key: string]: Json };
  required?: string[];
}

/**
 * The JSON Schema of a TypeBox schema (its symbol keys dropped), with every named schema below
 * the root replaced by a reference to its type (`tsType`), which `uses` collects.
 */
function plainSchema(schema: unknown, names: SchemaNames, uses: Map<string, object>, root = true): Json {
  if (Array.isArray(schema)) return schema.map((item) => plainSchema(item, names, uses, false));
  if (typeof schema !== 'object' || schema === null) return schema as Json;
  const named = root ? undefined : names.get(schema);
  if (named !== undefined) {
    uses.set(named.name, schema);
    return { tsType: named.name };
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, plainSchema(value, names, uses, false)]),
  ) as Json;
}

/** A query field with a default may be left out: the service fills it in. */
function defaultsOptional(schema: JsonObjectSchema): JsonObjectSchema {
  const properties = schema.properties ?? {};
  const required = (schema.required ?? []).filter((key) => {
    const property = properties[key];
    return !(typeof property === 'object' && property !== null && 'default' in property);
  });
  const { required: _required, ...rest } = schema;
  return required.length > 0 ? { ...rest, required } : rest;
}

/**
 * Writes the SDK's named types: each one the routes use, and each named type those use in turn,
 * converted from its JSON Schema by json-schema-to-typescript.
 */
export class TypeWriter {
  private readonly declarations = new Map<string, TypeDeclaration>();
  private readonly schemas = new Map<string, object>();

  constructor(private readonly names: SchemaNames) {}

  /**
   * The name of the type of `schema` (its export's, else `fallback`), declared with every named
   * type it uses. `query`: a query's fields with defaults are optional.
   */
  async declare(schema: TSchema, fallback: SchemaName, options: { query?: boolean } = {}): Promise<string> {
    const { name, file } = this.names.get(schema) ?? fallback;
    await this.write(name, file, schema, options.query ?? false);
    return name;
  }

  /** Whether a query type can be left out altogether (none of its fields is required). */
  static allOptional(schema: TSchema): boolean {
    return (defaultsOptional(schema as unknown as JsonObjectSchema).required ?? []).length === 0;
  }

  /** The file a declared type is written in. */
  fileOf(name: string): TypeFile | undefined {
    return this.declarations.get(name)?.file;
  }

  /** The files the declared types are written in, in name order. */
  files(): TypeFile[] {
    return [...new Set([...this.declarations.values()].map((d) => d.file))].sort();
  }

  /** Every declaration, by file, in name order. */
  byFile(file: TypeFile): TypeDeclaration[] {
    return [...this.declarations.values()].filter((d) => d.file === file).sort((a, b) => a.name.localeCompare(b.name));
  }

  private async write(name: string, file: TypeFile, schema: object, query: boolean): Promise<void> {
    const held = this.schemas.get(name);
    if (held !== undefined) {
      if (held !== schema) throw new Error(`Two different schemas would both be the SDK type ${name}`);
      return;
    }
    this.schemas.set(name, schema);
    const uses = new Map<string, object>();
    let json = plainSchema(schema, this.names, uses) as JsonObjectSchema;
    if (query) json = defaultsOptional(json);
    const source = await compile({ ...json, title: name } as JSONSchema, name, {
      bannerComment: '',
      format: false,
      additionalProperties: false,
      ignoreMinAndMaxItems: true,
      declareExternallyReferenced: true,
    });
    this.declarations.set(name, { name, file, source: source.trim(), uses: new Set(uses.keys()) });
    for (const [used, usedSchema] of uses) {
      const { file: usedFile } = this.names.get(usedSchema)!;
      await this.write(used, usedFile, usedSchema, false);
    }
  }
}
