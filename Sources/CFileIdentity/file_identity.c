// What a save needs to keep a file's identity and that Swift cannot call: ioctl and fcntl
// are variadic, and the xattr calls are easier to loop over in C.
#define _GNU_SOURCE
#include "file_identity.h"

#if defined(__linux__)
#include <errno.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

int motionlab_rename_noreplace(const char *from, const char *to) {
#if defined(SYS_renameat2) && defined(RENAME_NOREPLACE)
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int motionlab_hold_lock(int fd) {
#if defined(F_OFD_SETLK)
    struct flock lock = {0};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    return fcntl(fd, F_OFD_SETLK, &lock);
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}

int motionlab_is_held(const char *path) {
#if defined(F_OFD_GETLK)
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return 0;
    struct flock lock = {0};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    int held = fcntl(fd, F_OFD_GETLK, &lock) == 0 && lock.l_type != F_UNLCK;
    close(fd);
    return held;
#else
    (void)path;
    return 0;
#endif
}

int motionlab_file_flags(int fd) {
    long flags = 0;
    if (ioctl(fd, FS_IOC_GETFLAGS, &flags) != 0) return 0;
    return ((flags & FS_APPEND_FL) ? MOTIONLAB_FLAG_APPEND : 0) | ((flags & FS_IMMUTABLE_FL) ? MOTIONLAB_FLAG_IMMUTABLE : 0);
}

// The NUL-separated list of names on `fd`, malloc'd (NULL with *count 0 when there are none);
// -1 on error with errno set.
static int list_names(int fd, char **names, ssize_t *count) {
    *names = NULL;
    *count = 0;
    for (int tries = 0; tries < 8; tries++) {
        ssize_t size = flistxattr(fd, NULL, 0);
        if (size < 0) return (errno == ENOTSUP) ? 0 : -1;
        if (size == 0) return 0;
        char *buffer = malloc((size_t)size);
        if (!buffer) { errno = ENOMEM; return -1; }
        ssize_t got = flistxattr(fd, buffer, (size_t)size);
        if (got >= 0) { *names = buffer; *count = got; return 0; }
        free(buffer);
        if (errno != ERANGE) return -1;
    }
    errno = ERANGE;
    return -1;
}

// The value of `name` on `fd`, malloc'd; -1 on error.
static int get_value(int fd, const char *name, char **value, ssize_t *size) {
    for (int tries = 0; tries < 8; tries++) {
        ssize_t want = fgetxattr(fd, name, NULL, 0);
        if (want < 0) return -1;
        char *buffer = malloc(want > 0 ? (size_t)want : 1);
        if (!buffer) { errno = ENOMEM; return -1; }
        ssize_t got = fgetxattr(fd, name, buffer, (size_t)want);
        if (got >= 0) { *value = buffer; *size = got; return 0; }
        free(buffer);
        if (errno != ERANGE) return -1;
    }
    errno = ERANGE;
    return -1;
}

// Whether `name` is among the NUL-separated `names` (`count` bytes).
static int listed(const char *name, const char *names, ssize_t count) {
    for (const char *n = names; n && n < names + count; n += strlen(n) + 1) {
        if (strcmp(n, name) == 0) return 1;
    }
    return 0;
}

int motionlab_copy_xattrs(int from, int to) {
    char *names;
    ssize_t count;
    if (list_names(from, &names, &count) != 0) return errno;
    int failure = 0;
    for (char *name = names; name && name < names + count && !failure; name += strlen(name) + 1) {
        char *value;
        ssize_t size;
        if (get_value(from, name, &value, &size) != 0) { failure = errno; break; }
        if (fsetxattr(to, name, value, (size_t)size, 0) != 0) failure = errno ? errno : EPERM;
        free(value);
    }
    // What `to` was born with and `from` lacks goes, whatever failed above: a folder's
    // default ACL gives a new file an access ACL, which would let someone read a file they
    // could not before. (Under SELinux a label the original lacks cannot go: a failure, and
    // the caller writes in place instead.)
    char *extra;
    ssize_t extraCount;
    if (list_names(to, &extra, &extraCount) != 0) {
        if (!failure) failure = errno ? errno : EPERM;
    } else {
        for (char *name = extra; name && name < extra + extraCount; name += strlen(name) + 1) {
            if (!listed(name, names, count) && fremovexattr(to, name) != 0 && !failure) failure = errno ? errno : EPERM;
        }
        free(extra);
    }
    free(names);
    return failure;
}

#else
int motionlab_hold_lock(int fd) { (void)fd; return 0; }
int motionlab_is_held(const char *path) { (void)path; return 0; }
int motionlab_file_flags(int fd) { (void)fd; return 0; }
int motionlab_copy_xattrs(int from, int to) { (void)from; (void)to; return 0; }
#include <errno.h>
int motionlab_rename_noreplace(const char *from, const char *to) { (void)from; (void)to; errno = ENOSYS; return -1; }
#endif
