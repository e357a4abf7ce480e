/*
 * The command server of the confined executor (`confine-command --serve`): started once by the
 * executor, it starts each command under the one-shot launcher's confinement by cloning itself
 * straight into a new pid namespace (and a new mount namespace when files must be read-only), so a
 * command costs neither a spawn from the executor's large Node process nor a second exec.
 *
 * Frames, both ways: a 4-byte little-endian length, then that many bytes.
 *   in  'R' id(u32) then NUL-terminated strings: cwd, COUNT, FILE..., COUNT, ENV..., COUNT, ARGV...
 *   in  'K' id(u32): kill the command and everything in its pid namespace
 *   out 'O' id(u32) bytes: output (stdout and stderr share one pipe, so they interleave as written)
 *   out 'X' id(u32) code(i32): the command ended; code >= 0 is its exit code, < 0 the killing signal
 *   out 'F' id(u32) message: the command could not be started
 * Each command is the first process of its own pid namespace (when it ends, the kernel kills all it
 * left), leads its own session and process group, reads /dev/null, has only the environment sent,
 * no capability and no_new_privs, and is killed when the server dies. A failure before the program
 * starts exits 125 with a message in its output, as the launcher does. When stdin closes, every
 * running command is killed and the server exits.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "confine.h"

#define MAX_RUNNING 64
#define MAX_FRAME (8u << 20)
#define OUTPUT_CHUNK 65536

extern char **environ;

struct command {
  int used;
  uint32_t id;
  pid_t pid;
  int output; /* read end of the output pipe; -1 once it reached end of file */
};

static struct command running[MAX_RUNNING];
static sigset_t original_mask;
static unsigned char frame[9 + OUTPUT_CHUNK];

static void put_u32(unsigned char *at, uint32_t value) {
  at[0] = value & 0xff;
  at[1] = (value >> 8) & 0xff;
  at[2] = (value >> 16) & 0xff;
  at[3] = (value >> 24) & 0xff;
}

static uint32_t get_u32(const unsigned char *at) {
  return (uint32_t)at[0] | (uint32_t)at[1] << 8 | (uint32_t)at[2] << 16 | (uint32_t)at[3] << 24;
}

static void kill_all(void) {
  read_only_view_close();
  for (int i = 0; i < MAX_RUNNING; i++) {
    if (running[i].used) kill(running[i].pid, SIGKILL);
  }
}

/* The executor is gone or broke the protocol: nothing may keep running without it. */
static void stop_serving(int status, const char *why) {
  if (why) fprintf(stderr, "parapet command server: %s\n", why);
  kill_all();
  _exit(status);
}

static void send_frame(char type, uint32_t id, const void *data, size_t size) {
  put_u32(frame, (uint32_t)(5 + size));
  frame[4] = (unsigned char)type;
  put_u32(frame + 5, id);
  if (size > 0 && (const unsigned char *)data != frame + 9) memcpy(frame + 9, data, size);
  size_t left = 9 + size;
  const unsigned char *at = frame;
  while (left > 0) {
    ssize_t written = write(STDOUT_FILENO, at, left);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) stop_serving(1, NULL);
    at += written;
    left -= (size_t)written;
  }
}

static void send_failure(uint32_t id, const char *what) {
  char message[512];
  int size = snprintf(message, sizeof message, "%s: %s", what, strerror(errno));
  send_frame('F', id, message, size < 0 ? 0 : (size_t)size >= sizeof message ? sizeof message - 1 : (size_t)size);
}

/* Forwards what the pipe holds now; returns 0 at end of file, 1 when more may come. */
static int forward_output(struct command *command, int until_empty) {
  for (;;) {
    ssize_t got = read(command->output, frame + 9, OUTPUT_CHUNK);
    if (got > 0) {
      send_frame('O', command->id, frame + 9, (size_t)got);
      if (until_empty) continue;
      return 1;
    }
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 && errno == EAGAIN) return 1;
    close(command->output);
    command->output = -1;
    return 0;
  }
}

/* `what` holds one %s for `subject` (or none when subject is NULL). */
static void child_fails(const char *what, const char *subject) {
  int failed = errno;
  char message[4096];
  snprintf(message, sizeof message, what, subject);
  dprintf(STDERR_FILENO, "parapet: %s: %s; the command was not run\n", message, strerror(failed));
  _exit(NOT_RUN);
}

/* In the clone: pid 1 of the new namespace. Never returns. */
static void become_command(int output, const char *cwd, int view, char **files, long file_count, char **env, char **argv) {
  signal(SIGPIPE, SIG_DFL);
  sigprocmask(SIG_SETMASK, &original_mask, NULL);
  int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(output, STDOUT_FILENO) < 0 || dup2(output, STDERR_FILENO) < 0) _exit(NOT_RUN);
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) child_fails("cannot tie the command to the executor", NULL);
  if (setsid() < 0) child_fails("cannot give the command its own session", NULL);
  /* Joining the shared view also moves root and cwd to its root, which is the executor's. */
  if (view >= 0 && setns(view, CLONE_NEWNS) != 0) {
    if (unshare(CLONE_NEWNS) != 0) child_fails("cannot create the mount namespace", NULL);
    view = -1;
  }
  if (view < 0 && file_count > 0) {
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) child_fails("cannot make the mounts private", NULL);
    for (long i = 0; i < file_count; i++) {
      if (make_read_only(files[i]) != 0) child_fails("cannot make %s read-only", files[i]);
    }
  }
  if (chdir(cwd) != 0) child_fails("cannot enter %s", cwd);
  if (syscall(SYS_close_range, 3, ~0U, 0) != 0) {
    for (int fd = 3; fd < 1024; fd++) close(fd);
  }
  if (drop_capabilities() != 0) child_fails("cannot drop capabilities", NULL);
  environ = env;
  execvp(argv[0], argv);
  int failed = errno;
  dprintf(STDERR_FILENO, "parapet: cannot run %s: %s\n", argv[0], strerror(failed));
  _exit(failed == ENOENT ? 127 : 126);
}

struct cursor {
  const unsigned char *at;
  const unsigned char *end;
};

static char *next_string(struct cursor *cursor) {
  const unsigned char *nul = memchr(cursor->at, 0, (size_t)(cursor->end - cursor->at));
  if (!nul) stop_serving(2, "malformed request");
  char *text = (char *)cursor->at;
  cursor->at = nul + 1;
  return text;
}

/* COUNT strings as a NULL-terminated array (COUNT is bounded by the bytes left, so by the frame). */
static char **next_list(struct cursor *cursor, long *count) {
  char *end = NULL;
  const char *text = next_string(cursor);
  long n = strtol(text, &end, 10);
  if (end == text || *end != '\0' || n < 0 || n > cursor->end - cursor->at) stop_serving(2, "malformed request");
  char **list = calloc((size_t)n + 1, sizeof *list);
  if (!list) stop_serving(1, "out of memory");
  for (long i = 0; i < n; i++) list[i] = next_string(cursor);
  *count = n;
  return list;
}

static void start_command(uint32_t id, struct cursor *cursor) {
  const char *cwd = next_string(cursor);
  long file_count, env_count, argv_count;
  char **files = next_list(cursor, &file_count);
  char **env = next_list(cursor, &env_count);
  char **argv = next_list(cursor, &argv_count);
  if (argv_count == 0) stop_serving(2, "malformed request");
  struct command *slot = NULL;
  for (int i = 0; i < MAX_RUNNING && !slot; i++) {
    if (!running[i].used) slot = &running[i];
  }
  int pipe_ends[2];
  if (!slot) {
    errno = EAGAIN;
    send_failure(id, "too many commands at once");
  } else if (pipe2(pipe_ends, O_CLOEXEC) != 0) {
    send_failure(id, "cannot create the output pipe");
  } else {
    int view = read_only_view(files, file_count);
    unsigned long flags = CLONE_NEWPID | (file_count > 0 && view < 0 ? CLONE_NEWNS : 0) | SIGCHLD;
    /* With no new stack the clone continues here like fork; the argument order differs between
       architectures only in the pointers passed as NULL. */
    pid_t pid = (pid_t)syscall(SYS_clone, flags, NULL, NULL, NULL, NULL);
    if (pid == 0) {
      close(pipe_ends[0]);
      become_command(pipe_ends[1], cwd, view, files, file_count, env, argv);
    }
    close(pipe_ends[1]);
    if (pid < 0) {
      close(pipe_ends[0]);
      send_failure(id, "cannot create the command's namespaces");
    } else {
      fcntl(pipe_ends[0], F_SETFL, O_NONBLOCK);
      *slot = (struct command){.used = 1, .id = id, .pid = pid, .output = pipe_ends[0]};
    }
  }
  free(files);
  free(env);
  free(argv);
}

static void kill_command(uint32_t id) {
  for (int i = 0; i < MAX_RUNNING; i++) {
    if (!running[i].used || running[i].id != id) continue;
    /* pid 1 of its namespace: the kernel kills everything else in it. */
    kill(-running[i].pid, SIGKILL);
    kill(running[i].pid, SIGKILL);
  }
}

static void handle_request(const unsigned char *body, uint32_t size) {
  if (size < 5) stop_serving(2, "malformed request");
  struct cursor cursor = {body + 5, body + size};
  uint32_t id = get_u32(body + 1);
  if (body[0] == 'R') start_command(id, &cursor);
  else if (body[0] == 'K') kill_command(id);
  else stop_serving(2, "unknown request");
}

/* Once the first process of a pid namespace has been reaped, every other one is gone, so its
   pipe holds all the output there will be. */
static void reap(void) {
  int status;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    read_only_view_ended(pid);
    for (int i = 0; i < MAX_RUNNING; i++) {
      struct command *command = &running[i];
      if (!command->used || command->pid != pid) continue;
      if (command->output >= 0) forward_output(command, 1);
      if (command->output >= 0) close(command->output);
      unsigned char code[4];
      put_u32(code, (uint32_t)(WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status)));
      send_frame('X', command->id, code, sizeof code);
      *command = (struct command){0};
    }
  }
}

int serve_commands(void) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return NOT_RUN;
  signal(SIGPIPE, SIG_IGN);
  sigset_t child_ended;
  sigemptyset(&child_ended);
  sigaddset(&child_ended, SIGCHLD);
  if (sigprocmask(SIG_BLOCK, &child_ended, &original_mask) != 0) return NOT_RUN;
  int signals = signalfd(-1, &child_ended, SFD_CLOEXEC | SFD_NONBLOCK);
  if (signals < 0) return NOT_RUN;
  size_t capacity = 1 << 16, held = 0;
  unsigned char *input = malloc(capacity);
  if (!input) return NOT_RUN;
  struct pollfd watched[MAX_RUNNING + 2];
  int slot_of[MAX_RUNNING + 2];
  for (;;) {
    int count = 0;
    watched[count++] = (struct pollfd){.fd = STDIN_FILENO, .events = POLLIN};
    watched[count++] = (struct pollfd){.fd = signals, .events = POLLIN};
    for (int i = 0; i < MAX_RUNNING; i++) {
      if (!running[i].used || running[i].output < 0) continue;
      slot_of[count] = i;
      watched[count++] = (struct pollfd){.fd = running[i].output, .events = POLLIN};
    }
    if (poll(watched, (nfds_t)count, -1) < 0) {
      if (errno == EINTR) continue;
      stop_serving(1, "poll failed");
    }
    for (int w = 2; w < count; w++) {
      struct command *command = &running[slot_of[w]];
      if (watched[w].revents && command->used && command->output == watched[w].fd) forward_output(command, 0);
    }
    if (watched[1].revents) {
      struct signalfd_siginfo info;
      while (read(signals, &info, sizeof info) == sizeof info) {
      }
      reap();
    }
    if (watched[0].revents) {
      if (held == capacity) {
        if (capacity >= MAX_FRAME + 4) stop_serving(2, "request too large");
        capacity *= 2;
        unsigned char *grown = realloc(input, capacity);
        if (!grown) stop_serving(1, "out of memory");
        input = grown;
      }
      ssize_t got = read(STDIN_FILENO, input + held, capacity - held);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) stop_serving(0, NULL);
      held += (size_t)got;
      size_t used = 0;
      while (held - used >= 4) {
        uint32_t size = get_u32(input + used);
        if (size == 0 || size > MAX_FRAME) stop_serving(2, "malformed request");
        if (held - used - 4 < size) break;
        handle_request(input + used + 4, size);
        used += 4 + size;
      }
      memmove(input, input + used, held - used);
      held -= used;
    }
  }
}
