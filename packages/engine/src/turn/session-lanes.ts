/** A turn's place in its session's line. */
export interface LaneTicket {
  /** Turns of the session that were ahead of this one when it joined. */
  readonly ahead: number;
  /** Resolves once every earlier turn of the session has left. */
  readonly ready: Promise<void>;
  /** Leaves the line (idempotent); the next turn of the session may start. */
  leave(): void;
}

/** One line per session: its turns run one after another; sessions do not wait for each other. */
export interface SessionLanes {
  join(sessionId: string): LaneTicket;
}

interface Waiter {
  admit(): void;
}

export function createSessionLanes(): SessionLanes {
  const lanes = new Map<string, Waiter[]>();
  return {
    join(sessionId) {
      const lane = lanes.get(sessionId) ?? [];
      lanes.set(sessionId, lane);
      let admit!: () => void;
      const ready = new Promise<void>((resolve) => (admit = resolve));
      const waiter: Waiter = { admit };
      const ahead = lane.length;
      lane.push(waiter);
      if (ahead === 0) admit();
      let left = false;
      return {
        ahead,
        ready,
        leave() {
          if (left) return;
          left = true;
          const index = lane.indexOf(waiter);
          if (index >= 0) lane.splice(index, 1);
          if (lane.length === 0) lanes.delete(sessionId);
          else if (index === 0) lane[0]?.admit();
        },
      };
    },
  };
}
