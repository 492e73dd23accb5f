/**
 * Writes a reply through its route's schema with fast-json-stringify: only the fields the schema
 * declares go on the wire (an unknown field is dropped in every mode), at the cost of one compiled
 * function call rather than JSON.stringify's walk.
 *
 * The JSON schema given to fast-json-stringify is shaped so that writing never validates:
 * - a stage reply (`status` true with its data, or false with the screen data) compiles one writer
 *   per branch, chosen by `reply.status`: a boolean test, not a schema check per reply;
 * - a nested union of objects becomes one object holding every branch's fields, a union of plain
 *   types a list of types (fast-json-stringify would otherwise check each branch with Ajv);
 * - a tuple's items (the user-details record) are shaped place by place like any other schema;
 * - `required` is left out: a missing field is left out as JSON.stringify would, not thrown on
 *   (the reply check of tests and development names it).
 * Whether the reply keeps its schema is the reply check's job (reply-serializer.ts), not this one's.
 */
import build from 'fast-json-stringify';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

type Json = Record<string, unknown>;
type Writer = (data: unknown) => string;

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const BRANCHES = ['anyOf', 'oneOf'] as const;

/** A union of objects as one object: every branch's fields, each with its schema when they agree. */
function mergeObjects(branches: Json[]): Json {
  const properties: Json = {};
  for (const branch of branches)
    for (const [key, schema] of Object.entries(isJson(branch.properties) ? branch.properties : {}))
      properties[key] = key in properties && JSON.stringify(properties[key]) !== JSON.stringify(schema) ? {} : schema;
  const closed = branches.every((b) => b.additionalProperties === false);
  return { type: 'object', properties, ...(closed ? { additionalProperties: false } : {}) };
}

/** A union fast-json-stringify can write without checking each branch. */
function flattenUnion(branches: Json[], rest: Json): Json {
  const nonNull = branches.filter((b) => b.type !== 'null');
  const nullable = nonNull.length < branches.length;
  if (nonNull.length === 1) return { ...rest, ...shape(nonNull[0]!), ...(nullable && { nullable: true }) };
  const shaped = nonNull.map(shape);
  if (shaped.every((b) => b.type === 'object' || isJson(b.properties)))
    return { ...rest, ...mergeObjects(shaped), ...(nullable && { nullable: true }) };
  const plain = shaped.every((b) => typeof b.type === 'string' && b.type !== 'object' && b.type !== 'array');
  if (plain) return { ...rest, type: [...new Set(shaped.map((b) => b.type as string)), ...(nullable ? ['null'] : [])] };
  // anything else is written as it is, unchecked and unstripped
  return {};
}

/** The schema, shaped as above (a copy: the route's own schema is never changed). */
export function shape(schema: unknown): Json {
  if (!isJson(schema)) return {};
  const { required: _required, if: _if, then: _then, else: _else, ...rest } = schema;
  for (const key of BRANCHES) {
    const branches = rest[key];
    if (Array.isArray(branches)) {
      delete rest[key];
      return flattenUnion(branches.filter(isJson), rest);
    }
  }
  const out: Json = { ...rest };
  if (isJson(rest.properties))
    out.properties = Object.fromEntries(Object.entries(rest.properties).map(([k, v]) => [k, shape(v)]));
  if (isJson(rest.items)) out.items = shape(rest.items);
  // a tuple (draft-7 writes it as a list of items): each place written through its own schema
  if (Array.isArray(rest.items)) out.items = rest.items.map(shape);
  if (Array.isArray(rest.prefixItems)) out.prefixItems = rest.prefixItems.map(shape);
  if (isJson(rest.additionalProperties)) out.additionalProperties = shape(rest.additionalProperties);
  if (isJson(rest.definitions))
    out.definitions = Object.fromEntries(Object.entries(rest.definitions).map(([k, v]) => [k, shape(v)]));
  delete out.propertyNames;
  return out;
}

function jsonSchemaOf(schema: $ZodType): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    reused: 'inline',
  }) as Json;
  return json;
}

/** The two branches of a reply whose `status` tells them apart (true: its data; false: the screen). */
function statusBranches(json: Json): { yes: Json; no: Json } | undefined {
  for (const key of BRANCHES) {
    const branches = json[key];
    if (!Array.isArray(branches) || branches.length !== 2) continue;
    const statusOf = (b: unknown) =>
      isJson(b) && isJson(b.properties) && isJson(b.properties.status) ? b.properties.status.const : undefined;
    const yes = branches.find((b) => statusOf(b) === true) as Json | undefined;
    const no = branches.find((b) => statusOf(b) === false) as Json | undefined;
    if (yes && no) return { yes, no };
  }
  return undefined;
}

const CHECKED = new Set(['anyOf', 'oneOf', 'if', 'then', 'else']);

/** Where a shaped schema still holds a keyword fast-json-stringify would check with Ajv at each write. */
function checkedAt(schema: unknown, at: string): string[] {
  if (!isJson(schema)) return [];
  const found = Object.keys(schema)
    .filter((key) => CHECKED.has(key))
    .map((key) => `${at}/${key}`);
  for (const key of ['properties', 'definitions'])
    for (const [name, value] of Object.entries(isJson(schema[key]) ? schema[key] : {}))
      found.push(...checkedAt(value, `${at}/${key}/${name}`));
  for (const key of ['items', 'prefixItems', 'additionalItems', 'additionalProperties']) {
    const value = schema[key];
    if (Array.isArray(value)) value.forEach((item, i) => found.push(...checkedAt(item, `${at}/${key}/${i}`)));
    else found.push(...checkedAt(value, `${at}/${key}`));
  }
  return found;
}

/** The places of a reply schema its writer would check at each write (none: it only writes). */
export function checkedAtWrite(schema: $ZodType): string[] {
  const json = jsonSchemaOf(schema);
  const branches = statusBranches(json);
  const shaped = branches ? [shape(branches.yes), shape(branches.no)] : [shape(json)];
  return shaped.flatMap((s) => checkedAt(s, '#'));
}

const compile = (json: Json): Writer => build(shape(json) as unknown as Parameters<typeof build>[0]) as Writer;

/**
 * Writers already compiled, by their Zod schema: a writer depends on its schema alone, and the
 * schemas are the contracts' constants, so an app built again in the same process (the tests build
 * hundreds) compiles none of them twice.
 */
const compiled = new WeakMap<$ZodType, Writer>();

/** The writer of a route's reply schema (a Zod schema): one compiled function, or one per status. */
export function replyWriter(schema: $ZodType): Writer {
  let writer = compiled.get(schema);
  if (!writer) compiled.set(schema, (writer = compileWriter(schema)));
  return writer;
}

function compileWriter(schema: $ZodType): Writer {
  const json = jsonSchemaOf(schema);
  const branches = statusBranches(json);
  if (!branches) return compile(json);
  // the branches' shared definitions, if any, go with each
  const defs = { ...(json.definitions !== undefined && { definitions: json.definitions }) };
  const yes = compile({ ...branches.yes, ...defs });
  const no = compile({ ...branches.no, ...defs });
  return (data) => ((data as { status?: unknown } | null)?.status === true ? yes(data) : no(data));
}
