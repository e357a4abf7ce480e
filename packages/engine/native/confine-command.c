/*
 * confine-command: starts one command of the confined executor in a single exec, where the
 * util-linux chain it replaces (unshare, sh, one mount per prompt file, setpriv) took four or more.
 *
 *   confine-command COUNT FILE... PROGRAM [ARG...]
 *
 * In a new pid namespace, and a new mount namespace when there are FILEs (mounts private, so
 * nothing propagates back to the executor), each FILE is bind-mounted read-only over itself; then
 * a child, the first process of the pid namespace, drops every capability from its bounding and
 * inheritable sets, sets no_new_privs and execs PROGRAM (searched in PATH). When the child ends, the kernel kills everything left in its
 * namespace; when this process dies, the child is killed. This process exits as the child did.
 * Any failure before PROGRAM starts exits 125 with a message on stderr: the command never ran.
 *
 *   confine-command --serve
 *
 * The same confinement for many commands from one long-lived process (command-server.c), so the
 * executor pays for neither a spawn from Node nor this launcher's own exec per command.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/capability.h>
#include "confine.h"

static int refuse(const char *what) {
  fprintf(stderr, "parapet: %s: %s; the command was not run\n", what, strerror(errno));
  return NOT_RUN;
}

int make_read_only(const char *file) {
  if (mount(file, file, NULL, MS_BIND, NULL) != 0) return -1;
  return mount(NULL, file, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL);
}

int drop_capabilities(void) {
  for (int cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++) {
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0) return -1;
  }
  struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
  if (syscall(SYS_capget, &header, data) != 0) return -1;
  for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++) data[i].inheritable = 0;
  if (syscall(SYS_capset, &header, data) != 0) return -1;
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL) return -1;
  return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--serve") == 0) return serve_commands();
  char *end = NULL;
  errno = EINVAL;
  long count = argc > 1 ? strtol(argv[1], &end, 10) : -1;
  if (end == NULL || end == argv[1] || *end != '\0' || count < 0 || count > argc - 3) return refuse("usage: confine-command COUNT FILE... PROGRAM [ARG...]");
  char **files = argv + 2;
  char **program = files + count;

  /* The mount namespace only holds the read-only files: without any, the command (holding no
     capability) could not change the executor's mounts anyway, and the copy would be pure cost. */
  if (unshare(CLONE_NEWPID | (count > 0 ? CLONE_NEWNS : 0)) != 0) return refuse("cannot create the namespaces");
  if (count > 0 && mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return refuse("cannot make the mounts private");
  for (long i = 0; i < count; i++) {
    if (make_read_only(files[i]) != 0) {
      fprintf(stderr, "parapet: cannot make %s read-only: %s; the command was not run\n", files[i], strerror(errno));
      return NOT_RUN;
    }
  }

  pid_t child = fork();
  if (child < 0) return refuse("cannot fork");
  if (child == 0) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) _exit(refuse("cannot tie the command to its launcher"));
    if (drop_capabilities() != 0) _exit(refuse("cannot drop capabilities"));
    execvp(program[0], program);
    int failed = errno;
    fprintf(stderr, "parapet: cannot run %s: %s\n", program[0], strerror(failed));
    _exit(failed == ENOENT ? 127 : 126);
  }

  int status;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) return refuse("lost the command");
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  int signal_number = WTERMSIG(status);
  signal(signal_number, SIG_DFL);
  kill(getpid(), signal_number);
  return 128 + signal_number;
}
