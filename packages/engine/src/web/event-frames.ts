import { toProtoJson } from '@parapet/wire/proto-json';
import { type EngineEvent, eventToProto } from '@parapet/wire/client';

/**
 * The broadcaster hands the same event object to every watcher of a session, so its frame is
 * encoded once and the same bytes go to every socket that follows it under the same call id (the
 * usual case: each page numbers its calls the same way). Encoding per socket was most of the cost
 * of a 1 000-watcher fan-out. Entries live as long as the event does.
 */
interface EncodedEvent {
  readonly json: string;
  readonly frames: Map<number, Buffer>;
}

const encoded = new WeakMap<EngineEvent, EncodedEvent>();

/** `{"id":N,"event":{…canonical proto3 JSON of Event}}` as UTF-8 bytes. */
export function eventFrame(id: number, event: EngineEvent): Buffer {
  let entry = encoded.get(event);
  if (entry === undefined) {
    entry = { json: JSON.stringify(toProtoJson('Event', eventToProto(event))), frames: new Map() };
    encoded.set(event, entry);
  }
  let frame = entry.frames.get(id);
  if (frame === undefined) {
    frame = Buffer.from(`{"id":${id},"event":${entry.json}}`, 'utf8');
    entry.frames.set(id, frame);
  }
  return frame;
}
