import protobuf from 'protobufjs';
import { descriptorJson } from './generated/descriptor.js';

/*
 * Canonical proto3 JSON (lowerCamelCase names, int64 as strings, defaults omitted) for the messages
 * the proto declares. The web UI's frames are this JSON; this module is shared by the engine and the
 * browser so both read and write it from the same descriptor. It imports nothing Node-only.
 */

/** A message in the shape the generated `__Output` types describe (snake_case, every field present). */
export type WireMessage = Record<string, unknown>;

export class ProtoJsonError extends Error {
  override readonly name = 'ProtoJsonError';
}

let root: protobuf.Root | undefined;

function typeOf(name: string): protobuf.Type {
  root ??= protobuf.Root.fromJSON(descriptorJson as protobuf.INamespace);
  return root.lookupType(`parapet.v1.${name}`);
}

function lowerCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Only set fields survive (proto3 JSON omits defaults), renamed to lowerCamelCase, recursively. */
function renameToJson(type: protobuf.Type, plain: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of type.fieldsArray) {
    const value = plain[field.name];
    if (value === undefined || value === null) continue;
    const nested = field.resolvedType instanceof protobuf.Type ? field.resolvedType : undefined;
    const convert = (item: unknown): unknown => (nested ? renameToJson(nested, item as Record<string, unknown>) : item);
    out[lowerCamel(field.name)] = Array.isArray(value) ? value.map(convert) : convert(value);
  }
  return out;
}

/** Accepts both the JSON name and the proto name, as proto3 JSON parsers must; unknown keys are errors. */
function renameFromJson(type: protobuf.Type, json: unknown, path: string): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ProtoJsonError(`${path || type.name}: expected an object`);
  }
  const byName = new Map<string, protobuf.Field>();
  for (const field of type.fieldsArray) {
    byName.set(field.name, field);
    byName.set(lowerCamel(field.name), field);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const field = byName.get(key);
    if (!field) throw new ProtoJsonError(`${path ? `${path}.` : ''}${key}: unknown field of ${type.name}`);
    if (value === null) continue;
    const nested = field.resolvedType instanceof protobuf.Type ? field.resolvedType : undefined;
    const where = `${path ? `${path}.` : ''}${key}`;
    if (field.repeated && !Array.isArray(value)) throw new ProtoJsonError(`${where}: expected a list`);
    const convert = (item: unknown): unknown =>
      nested ? renameFromJson(nested, item, where) : field.long && typeof item === 'string' && /^-?\d+$/.test(item) ? Number(item) : item;
    out[field.name] = Array.isArray(value) ? value.map(convert) : convert(value);
  }
  return out;
}

/** Canonical proto3 JSON of `message` (a generated-type object), typed as message `typeName`. */
export function toProtoJson(typeName: string, message: object): Record<string, unknown> {
  const type = typeOf(typeName);
  const plain = type.toObject(type.fromObject(message), { longs: String, enums: String, bytes: String });
  return renameToJson(type, plain);
}

/**
 * Reads proto3 JSON into the generated `__Output` shape (snake_case, defaults filled, numbers for
 * int64, the oneof's name in its own key). Throws ProtoJsonError naming the bad field.
 */
export function fromProtoJson(typeName: string, json: unknown): WireMessage {
  const type = typeOf(typeName);
  const renamed = renameFromJson(type, json, '');
  const problem = type.verify(renamed);
  if (problem) throw new ProtoJsonError(`${typeName}: ${problem}`);
  return type.toObject(type.fromObject(renamed), { longs: Number, enums: String, defaults: true, oneofs: true, arrays: true });
}
