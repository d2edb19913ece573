// FuzzTesting/Sources/CFuzzerMutate/include/CFuzzerMutate.h - libFuzzer's byte mutator, for custom mutators
#ifndef CFUZZERMUTATE_H
#define CFUZZERMUTATE_H
#include <stddef.h>
#include <stdint.h>

// Provided by libFuzzer: mutates Data[0..<Size] in place into at most MaxSize bytes, returns the new size.
size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

#endif
