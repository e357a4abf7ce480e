import { z } from 'zod';

/** A path argument: non-empty, no NUL byte (which the OS would cut the path at). */
export function pathArgument(description: string): z.ZodString {
  return z
    .string()
    .min(1, { error: 'expected a non-empty path' })
    .max(4096, { error: 'path is too long' })
    .refine((value) => !value.includes('\0'), { error: 'path contains a NUL byte' })
    .describe(description);
}
