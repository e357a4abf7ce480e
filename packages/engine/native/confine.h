/* What the one-shot launcher and the command server share: how a command is confined. */
#ifndef PARAPET_CONFINE_H
#define PARAPET_CONFINE_H

#define NOT_RUN 125

/* Bind-mounts FILE read-only over itself (nosuid, nodev); -1 with errno on failure. */
int make_read_only(const char *file);

/* Empty bounding and inheritable sets (so exec grants nothing, even to uid 0), no ambient set, no_new_privs. */
int drop_capabilities(void);

/* The command server: reads requests on stdin, answers on stdout, until stdin closes (command-server.c). */
int serve_commands(void);

#endif
