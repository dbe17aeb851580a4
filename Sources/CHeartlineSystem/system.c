#define _GNU_SOURCE
#include "CHeartlineSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

int heartline_eventfd(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

void heartline_name_thread(const char *name) {
    char shortened[16];
    strncpy(shortened, name, sizeof shortened - 1);
    shortened[sizeof shortened - 1] = 0;
    prctl(PR_SET_NAME, shortened, 0, 0, 0);
}

static void heartline_signal_set(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGWINCH);
}

int heartline_signalfd(void) {
    sigset_t set;
    heartline_signal_set(&set);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) {
        return -1;
    }
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int heartline_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t count = read(fd, &info, sizeof info);
    if (count != (ssize_t)sizeof info) {
        return 0;
    }
    return (int)info.ssi_signo;
}

void heartline_signals_unblock(void) {
    sigset_t set;
    heartline_signal_set(&set);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int heartline_openpt(char *name, size_t size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) {
        return -1;
    }
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, size) != 0) {
        int saved = errno;
        close(master);
        errno = saved;
        return -1;
    }
    return master;
}

#include <linux/netlink.h>
#include <sys/mount.h>
#include <sys/socket.h>

int heartline_uevent_socket(void) {
    int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_KOBJECT_UEVENT);
    if (fd < 0) return -1;
    struct sockaddr_nl address;
    memset(&address, 0, sizeof address);
    address.nl_family = AF_NETLINK;
    address.nl_groups = 1;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int heartline_mount_stick(const char *device, const char *target, const char *type, const char *options) {
    return mount(device, target, type, MS_NOSUID | MS_NODEV | MS_NOEXEC, options);
}

int heartline_unmount(const char *target, int detach) {
    return umount2(target, detach ? MNT_DETACH : 0);
}
