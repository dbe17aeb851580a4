#ifndef HEARTLINE_SYSTEM_H
#define HEARTLINE_SYSTEM_H

#include <stdint.h>
#include <sys/types.h>

/// Creates a non-blocking, close-on-exec eventfd; returns -1 and sets errno on failure.
int heartline_eventfd(void);

/// Blocks SIGINT, SIGTERM, SIGHUP and SIGWINCH and returns a signalfd that reports them.
int heartline_signalfd(void);

/// Names the calling thread as ps, top and the kernel's logs show it (its first 15 bytes): a
/// new thread starts with its creator's name otherwise.
void heartline_name_thread(const char *name);

/// Reads one signal number from a signalfd; returns 0 when none is pending.
int heartline_signalfd_read(int fd);

/// Unblocks the signals heartline_signalfd blocked (for child processes and tests).
void heartline_signals_unblock(void);

/// Opens a pseudo-terminal master (read-write, not the controlling terminal), unlocks it and
/// writes its slave's path into `name`; returns the master descriptor or -1.
int heartline_openpt(char *name, size_t size);

/// A socket on the kernel's own device events (NETLINK_KOBJECT_UEVENT, its broadcast group),
/// non-blocking; -1 with errno when it cannot be had.
int heartline_uevent_socket(void);

/// Mounts a stick's file system (nosuid, nodev, noexec) with `options`; -1 with errno.
int heartline_mount_stick(const char *device, const char *target, const char *type, const char *options);

/// Unmounts `target`, lazily when `detach`; -1 with errno.
int heartline_unmount(const char *target, int detach);

#endif
