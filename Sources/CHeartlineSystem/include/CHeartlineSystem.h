#ifndef HEARTLINE_SYSTEM_H
#define HEARTLINE_SYSTEM_H

#include <stdint.h>
#include <sys/types.h>

/// Creates a non-blocking, close-on-exec eventfd; returns -1 and sets errno on failure.
int heartline_eventfd(void);

/// Blocks SIGINT, SIGTERM, SIGHUP and SIGWINCH and returns a signalfd that reports them.
int heartline_signalfd(void);

/// Reads one signal number from a signalfd; returns 0 when none is pending.
int heartline_signalfd_read(int fd);

/// Unblocks the signals heartline_signalfd blocked (for child processes and tests).
void heartline_signals_unblock(void);

/// Opens a pseudo-terminal master (read-write, not the controlling terminal), unlocks it and
/// writes its slave's path into `name`; returns the master descriptor or -1.
int heartline_openpt(char *name, size_t size);

#endif
