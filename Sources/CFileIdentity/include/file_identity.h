#ifndef MOTIONLAB_FILE_IDENTITY_H
#define MOTIONLAB_FILE_IDENTITY_H

// Swift's Glibc module leaves out the xattr calls; this module brings them.
#include <sys/xattr.h>

/// The inode flags that forbid a save: `chattr +a` (append only) and `chattr +i` (immutable).
#define MOTIONLAB_FLAG_APPEND 1
#define MOTIONLAB_FLAG_IMMUTABLE 2

/// Which of the flags above the file or folder open at `fd` has (`FS_IOC_GETFLAGS`); 0 when
/// it has none or the file system keeps no such flags.
int motionlab_file_flags(int fd);

/// Gives the file open at `to` the extended attributes of the file open at `from`, and only
/// those (`user.*`, and as root `trusted.*`, `security.*`, POSIX ACLs): each of `from`'s set
/// on `to`, each `to` has and `from` lacks (an access ACL from the folder's default ACL)
/// removed. Returns 0, or the errno of the first attribute that could not be read, set or
/// removed (a file system without extended attributes, where `from` has none, is 0).
int motionlab_copy_xattrs(int from, int to);

/// Takes an open file description lock (`F_OFD_SETLK`, writing, the whole file) on the file
/// open at `fd`, held until its last descriptor closes: our temporaries carry one while they
/// are written, so a run that cannot see the writer's process (another PID namespace, another
/// machine on a shared folder) still knows the file is live. 0, or -1 with errno.
int motionlab_hold_lock(int fd);
/// Whether another open file description holds a lock on the file at `path` (not followed
/// through a link): 1 if so, 0 if not or if it cannot be asked.
int motionlab_is_held(const char *path);
/// Renames `from` to `to` in one step, never over an existing `to` (`renameat2` with
/// `RENAME_NOREPLACE`): 0, or -1 with errno (EEXIST: `to` is taken; EINVAL or ENOSYS: this
/// file system or kernel cannot, and nothing was done).
int motionlab_rename_noreplace(const char *from, const char *to);

#endif
