#include <sys/xattr.h>
#include <attr/libattr.h>
#include <sys/vfs.h>
