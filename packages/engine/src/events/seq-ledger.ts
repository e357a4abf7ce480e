/**
 * Where the broadcaster keeps each session's event numbering across engine restarts, so `seq`
 * stays monotonic per session for as long as the session exists (clients resume by it).
 */
export interface SeqLedger {
  /** The highest seq the session may already have used; 0 for none (or an unknown session). */
  reserved(sessionId: string): number;
  /** Durably records that seqs up to `upTo` may be used. */
  reserve(sessionId: string, upTo: number): void;
}

/** Seqs reserved per ledger write: one row update per this many events; a crash skips at most this many. */
export const SEQ_RESERVATION_BLOCK = 1000;
