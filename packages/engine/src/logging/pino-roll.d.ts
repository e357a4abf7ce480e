// pino-roll ships no type declarations; this is the part of its API the engine uses.
declare module 'pino-roll' {
  interface RollingFile {
    write(data: string): boolean;
    flushSync(): void;
    end(): void;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  interface PinoRollOptions {
    /** Base path; files are `file.N` + extension. */
    readonly file: string;
    readonly extension?: string;
    /** `'10k'`, `'5m'`; a bare number means MB. */
    readonly size?: string | number;
    /** Rotated files kept besides the current one. */
    readonly limit?: { readonly count: number };
    readonly mkdir?: boolean;
    readonly sync?: boolean;
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<RollingFile>;
}
