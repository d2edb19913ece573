// Sources/Adapters/gnustep/replay_direct.m - One direct call of GNUstep's parser, for the replay check
//
// Reads a plist on stdin, calls +propertyListWithData:options:format:error:, prints "accepted" or "rejected" (exit 0
// for both), or "threw <exception name>" when GNUstep raises instead; a stack overflow ends the process. The bytes
// end at a guard page, as the adapter's do (guarded_bytes.h): a read past their end is a SIGSEGV.
#import <Foundation/Foundation.h>
#include "guarded_bytes.h"

int main(void) {
    NSAutoreleasePool *pool = [NSAutoreleasePool new];
    NSData *input = [[NSFileHandle fileHandleWithStandardInput] readDataToEndOfFile];
    GuardedBytes guarded = guardedBytesCopy([input bytes], [input length]);
    NSData *bytes = guarded.data;
    if (bytes == nil) return 71;
    NSError *error = nil;
    NS_DURING
        id value = [NSPropertyListSerialization propertyListWithData:bytes options:NSPropertyListImmutable format:NULL
                                                               error:&error];
        printf(value != nil ? "accepted\n" : "rejected\n");
    NS_HANDLER
        printf("threw %s\n", [[localException name] UTF8String]);
    NS_ENDHANDLER
    [pool release];
    return 0;
}
