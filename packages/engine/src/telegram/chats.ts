/** Each chat's current session and its running turns; in memory (a restart starts chats afresh). */
export class Chats {
  private readonly current = new Map<number, string>();
  private readonly running = new Map<number, Set<AbortController>>();
  /** A turn that is creating the chat's session: the chat's next message waits for it, so one session results. */
  private readonly creating = new Map<number, Promise<void>>();

  sessionOf(chatId: number): string | undefined {
    return this.current.get(chatId);
  }

  use(chatId: number, sessionId: string): void {
    this.current.set(chatId, sessionId);
  }

  startNew(chatId: number): void {
    this.current.delete(chatId);
  }

  /** Waits until no turn of this chat is still creating its session. */
  async settled(chatId: number): Promise<void> {
    for (let pending = this.creating.get(chatId); pending; pending = this.creating.get(chatId)) await pending;
  }

  /** Marks the chat's session as being created; call the returned function once it exists (or failed). */
  creatingSession(chatId: number): () => void {
    let done!: () => void;
    const pending = new Promise<void>((resolve) => (done = resolve));
    this.creating.set(chatId, pending);
    return () => {
      if (this.creating.get(chatId) === pending) this.creating.delete(chatId);
      done();
    };
  }

  track(chatId: number, controller: AbortController): () => void {
    const set = this.running.get(chatId) ?? new Set<AbortController>();
    set.add(controller);
    this.running.set(chatId, set);
    return () => {
      set.delete(controller);
      if (set.size === 0) this.running.delete(chatId);
    };
  }

  /** Cancels every running turn of the chat; resolves to how many there were. */
  stopAll(chatId: number): number {
    const set = this.running.get(chatId);
    if (!set) return 0;
    for (const controller of set) controller.abort();
    return set.size;
  }

  stopEverything(): void {
    for (const set of this.running.values()) for (const controller of set) controller.abort();
  }
}
