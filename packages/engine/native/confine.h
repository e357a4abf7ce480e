/* What the one-shot launcher and the command server share: how a command is confined. */
#ifndef PARAPET_CONFINE_H
#define PARAPET_CONFINE_H

#include <sys/types.h>

#define NOT_RUN 125

/* Bind-mounts FILE read-only over itself (nosuid, nodev); -1 with errno on failure. */
int make_read_only(const char *file);

/* Empty bounding and inheritable sets (so exec grants nothing, even to uid 0), no ambient set, no_new_privs. */
int drop_capabilities(void);

/*
 * A pidfd whose mount namespace shows FILES read-only (read-only-view.c), shared by commands while
 * the files stay the same; -1 when there is none (each command then makes its own).
 */
int read_only_view(char **files, long count);

/* A child of the server ended: if it held the view, the view is gone. */
void read_only_view_ended(pid_t pid);

/* Ends the view's helper. */
void read_only_view_close(void);

/* The command server: reads requests on stdin, answers on stdout, until stdin closes (command-server.c). */
int serve_commands(void);

#endif
