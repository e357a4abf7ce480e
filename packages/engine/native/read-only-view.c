/*
 * The command server's shared read-only view: a mount namespace where the files a command must not
 * change are bind-mounted read-only, held by a helper process that only waits, and reused by every
 * command while the files are the same (same paths, same device and inode). Creating and tearing
 * down a mount namespace per command costs a kernel RCU grace period at each exit, milliseconds on
 * a busy machine; joining one that exists costs a system call. A command joins it through a pidfd
 * of the helper, so no /proc is needed. Where the kernel lacks pidfds, or the view cannot be made,
 * there is none and each command makes its own namespace, as the one-shot launcher does.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "confine.h"

struct identity {
  dev_t dev;
  ino_t ino;
};

static pid_t helper = -1;
static int helper_pidfd = -1;
static long view_count;
static char **view_paths;
static struct identity *view_identities;
static int pidfds_unsupported;

static void forget_view(void) {
  if (helper_pidfd >= 0) close(helper_pidfd);
  /* Commands already inside the old view keep it alive; the helper is reaped with the commands. */
  if (helper > 0) kill(helper, SIGKILL);
  for (long i = 0; i < view_count; i++) free(view_paths[i]);
  free(view_paths);
  free(view_identities);
  helper = -1;
  helper_pidfd = -1;
  view_count = 0;
  view_paths = NULL;
  view_identities = NULL;
}

static int is_current(char **files, long count, const struct identity *identities) {
  if (helper_pidfd < 0 || count != view_count) return 0;
  for (long i = 0; i < count; i++) {
    if (strcmp(files[i], view_paths[i]) != 0) return 0;
    if (identities[i].dev != view_identities[i].dev || identities[i].ino != view_identities[i].ino) return 0;
  }
  return 1;
}

/* In the helper: make the view, say whether it worked, then hold it until killed. */
static void hold_view(int ready, char **files, long count) {
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  char made = unshare(CLONE_NEWNS) == 0 && mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0;
  for (long i = 0; i < count && made; i++) made = make_read_only(files[i]) == 0;
  if (write(ready, &made, 1) != 1 || !made) _exit(1);
  close(ready);
  for (;;) pause();
}

int read_only_view(char **files, long count) {
  if (pidfds_unsupported || count <= 0) return -1;
  struct identity *identities = calloc((size_t)count, sizeof *identities);
  if (!identities) return -1;
  for (long i = 0; i < count; i++) {
    struct stat stats;
    if (stat(files[i], &stats) != 0) {
      free(identities);
      return -1;
    }
    identities[i] = (struct identity){stats.st_dev, stats.st_ino};
  }
  if (is_current(files, count, identities)) {
    free(identities);
    return helper_pidfd;
  }
  forget_view();
  int ready[2];
  if (pipe2(ready, O_CLOEXEC) != 0) {
    free(identities);
    return -1;
  }
  pid_t pid = fork();
  if (pid == 0) {
    close(ready[0]);
    hold_view(ready[1], files, count);
  }
  close(ready[1]);
  char made = 0;
  int answered = pid > 0 && read(ready[0], &made, 1) == 1;
  close(ready[0]);
  int pidfd = answered && made ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
  if (pidfd < 0) {
    if (answered && made) pidfds_unsupported = 1;
    if (pid > 0) kill(pid, SIGKILL);
    free(identities);
    return -1;
  }
  view_paths = calloc((size_t)count, sizeof *view_paths);
  for (long i = 0; view_paths && i < count; i++) view_paths[i] = strdup(files[i]);
  helper = pid;
  helper_pidfd = pidfd;
  view_count = count;
  view_identities = identities;
  for (long i = 0; i < count; i++) {
    if (!view_paths || !view_paths[i]) {
      forget_view();
      return -1;
    }
  }
  return pidfd;
}

void read_only_view_ended(pid_t pid) {
  if (pid == helper) {
    helper = -1;
    forget_view();
  }
}

void read_only_view_close(void) {
  forget_view();
}
