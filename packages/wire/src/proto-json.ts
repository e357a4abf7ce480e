import { descriptorJson } from './generated/descriptor.js';

/*
 * Canonical proto3 JSON (lowerCamelCase names, int64 as strings, defaults omitted) of the messages
 * the proto declares, driven by the same descriptor the processes load. The web UI's frames are
 * this JSON; the engine and the browser share this module. It walks the descriptor as plain data:
 * no code generation at run time (the page's CSP forbids eval) and nothing Node-only.
 */

/** A message in the shape the generated `__Output` types describe (snake_case, every field present). */
export type WireMessage = Record<string, unknown>;

export class ProtoJsonError extends Error {
  override readonly name = 'ProtoJsonError';
}

interface FieldDescriptor {
  readonly type: string;
  readonly id: number;
  readonly rule?: string;
}

interface MessageDescriptor {
  readonly fields: Readonly<Record<string, FieldDescriptor>>;
  readonly oneofs?: Readonly<Record<string, { readonly oneof: readonly string[] }>>;
}

const INTEGER_TYPES = new Set(['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32']);
const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const FLOAT_TYPES = new Set(['double', 'float']);

function messages(): Readonly<Record<string, unknown>> {
  const root = descriptorJson as { nested: { parapet: { nested: { v1: { nested: Record<string, unknown> } } } } };
  return root.nested.parapet.nested.v1.nested;
}

function messageType(name: string): MessageDescriptor {
  const found = Object.hasOwn(messages(), name) ? (messages()[name] as Partial<MessageDescriptor>) : undefined;
  if (!found || typeof found.fields !== 'object') throw new ProtoJsonError(`no message type ${name}`);
  return found as MessageDescriptor;
}

function isMessageType(type: string): boolean {
  return Object.hasOwn(messages(), type) && typeof (messages()[type] as Partial<MessageDescriptor>).fields === 'object';
}

function lowerCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function isDefaultScalar(value: unknown): boolean {
  return value === '' || value === 0 || value === false;
}

function scalarToJson(type: string, value: unknown): unknown {
  return LONG_TYPES.has(type) ? String(value) : value;
}

/** Canonical proto3 JSON of `message` (a generated-type object), typed as message `typeName`. */
export function toProtoJson(typeName: string, message: object): Record<string, unknown> {
  const type = messageType(typeName);
  const source = message as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const inOneof = new Set(Object.values(type.oneofs ?? {}).flatMap((group) => group.oneof));
  for (const [name, field] of Object.entries(type.fields)) {
    const value = source[name];
    if (value === undefined || value === null) continue;
    const nested = isMessageType(field.type);
    const convert = (item: unknown): unknown => (nested ? toProtoJson(field.type, item as object) : scalarToJson(field.type, item));
    if (field.rule === 'repeated') {
      if (Array.isArray(value) && value.length > 0) out[lowerCamel(name)] = value.map(convert);
      continue;
    }
    // A set oneof member is written even when it holds its type's default.
    if (!nested && !inOneof.has(name) && isDefaultScalar(value)) continue;
    out[lowerCamel(name)] = convert(value);
  }
  return out;
}

function readScalar(type: string, value: unknown, where: string): unknown {
  if (type === 'string') {
    if (typeof value !== 'string') throw new ProtoJsonError(`${where}: expected a string`);
    return value;
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') throw new ProtoJsonError(`${where}: expected true or false`);
    return value;
  }
  if (INTEGER_TYPES.has(type) || LONG_TYPES.has(type)) {
    const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw new ProtoJsonError(`${where}: expected an integer`);
    if (INTEGER_TYPES.has(type) && (number > 2_147_483_647 || number < -2_147_483_648)) throw new ProtoJsonError(`${where}: out of range`);
    return number;
  }
  if (FLOAT_TYPES.has(type)) {
    if (typeof value !== 'number') throw new ProtoJsonError(`${where}: expected a number`);
    return value;
  }
  throw new ProtoJsonError(`${where}: unsupported field type ${type}`);
}

function defaultOf(field: FieldDescriptor): unknown {
  if (field.rule === 'repeated') return [];
  if (isMessageType(field.type)) return null;
  if (field.type === 'string') return '';
  if (field.type === 'bool') return false;
  return 0;
}

function readMessage(typeName: string, json: unknown, path: string): WireMessage {
  const type = messageType(typeName);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ProtoJsonError(`${path || typeName}: expected an object`);
  const byName = new Map<string, string>();
  for (const name of Object.keys(type.fields)) {
    byName.set(name, name);
    byName.set(lowerCamel(name), name);
  }
  const out: WireMessage = {};
  for (const [name, field] of Object.entries(type.fields)) out[name] = defaultOf(field);
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(json)) {
    const name = byName.get(key);
    const where = path ? `${path}.${key}` : key;
    if (name === undefined) throw new ProtoJsonError(`${where}: unknown field of ${typeName}`);
    const field = type.fields[name] as FieldDescriptor;
    seen.add(name);
    if (value === null) continue;
    const read = (item: unknown, at: string): unknown => (isMessageType(field.type) ? readMessage(field.type, item, at) : readScalar(field.type, item, at));
    if (field.rule === 'repeated') {
      if (!Array.isArray(value)) throw new ProtoJsonError(`${where}: expected a list`);
      out[name] = value.map((item, index) => read(item, `${where}[${index}]`));
    } else {
      out[name] = read(value, where);
    }
  }
  for (const [group, { oneof }] of Object.entries(type.oneofs ?? {})) {
    const set = oneof.filter((member) => seen.has(member) && out[member] !== null);
    if (set.length > 1) throw new ProtoJsonError(`${path || typeName}: only one of ${oneof.join(', ')} may be set`);
    const member = set[0];
    if (member !== undefined) out[group] = member;
  }
  return out;
}

/**
 * Reads proto3 JSON into the generated `__Output` shape (snake_case, defaults filled, numbers for
 * int64, the set oneof member's name under the oneof's name). Unknown fields and wrong types are
 * errors that name the field.
 */
export function fromProtoJson(typeName: string, json: unknown): WireMessage {
  return readMessage(typeName, json, '');
}
