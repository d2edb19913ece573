#include <turbojpeg.h>
