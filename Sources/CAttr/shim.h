#include <attr/libattr.h>
