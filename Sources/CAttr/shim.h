#include <sys/xattr.h>
#include <attr/libattr.h>
