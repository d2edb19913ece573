// Sources/Adapters/gnustep/guarded_bytes.h - Bytes whose last one ends a readable page, an unreadable page after it
//
// GNUstep's binary parser reads past the end of its data on some inputs (a string or array count that runs past
// the object table). From an ordinary heap buffer, what that read meets is whatever the heap holds after it: the
// same input was accepted in one process and raised an NSException in another, so the verdict changed from run to
// run and between the per-call and the served mode. Given bytes from here, every read past the end is a SIGSEGV at
// the guard page, in every run and in both modes: the verdict is the library's own (it reads memory it was not
// given), the way AddressSanitizer or a guard-page allocator would report it. Reads before the start are not caught.
#ifndef XDS_GUARDED_BYTES_H
#define XDS_GUARDED_BYTES_H

#import <Foundation/Foundation.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// A mapping that holds `length` bytes ending exactly at a PROT_NONE page.
typedef struct {
    void *mapping;
    size_t mappingLength;
    NSData *data;  // the bytes, not owning the memory; nil when the mapping failed
} GuardedBytes;

static inline GuardedBytes guardedBytesCopy(const void *bytes, size_t length) {
    GuardedBytes guarded = {NULL, 0, nil};
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t dataPages = (length + page - 1) / page;
    if (dataPages == 0) dataPages = 1;
    size_t total = (dataPages + 1) * page;
    void *mapping = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED) return guarded;
    unsigned char *guard = (unsigned char *)mapping + dataPages * page;
    if (mprotect(guard, page, PROT_NONE) != 0) {
        munmap(mapping, total);
        return guarded;
    }
    unsigned char *start = guard - length;
    if (length > 0) memcpy(start, bytes, length);
    guarded.mapping = mapping;
    guarded.mappingLength = total;
    guarded.data = [[NSData alloc] initWithBytesNoCopy:start length:length freeWhenDone:NO];
    return guarded;
}

static inline void guardedBytesFree(GuardedBytes guarded) {
    [guarded.data release];
    if (guarded.mapping != NULL) munmap(guarded.mapping, guarded.mappingLength);
}

#endif
