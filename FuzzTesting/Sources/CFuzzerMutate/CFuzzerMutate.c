// FuzzTesting/Sources/CFuzzerMutate/CFuzzerMutate.c - Nothing to compile: the header declares libFuzzer's symbol.
#include "CFuzzerMutate.h"
