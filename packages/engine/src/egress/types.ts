/** The Shield's answer about one destination a command's connection asks for. */
export type EgressJudgement = { readonly allowed: true } | { readonly allowed: false; readonly rule: string; readonly reason: string };

/** Judges a destination as the Shield judges an `http_request` to it (port declared here, wired by the app). */
export type EgressJudge = (url: URL, method: string) => Promise<EgressJudgement>;

/** One proxied connection's outcome, for the audit trail. */
export interface EgressRecord {
  readonly method: string;
  /** `https://host:port` for a tunnel, the request URL (redacted) otherwise. */
  readonly target: string;
  readonly allowed: boolean;
  /** The address connected to, when allowed. */
  readonly address?: string;
  /** The rule that refused it, when refused. */
  readonly rule?: string;
  readonly reason?: string;
}

export type EgressAudit = (record: EgressRecord) => void;
