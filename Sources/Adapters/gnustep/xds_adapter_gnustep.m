// Sources/Adapters/gnustep/xds_adapter_gnustep.m - GNUstep Foundation's NSPropertyListSerialization behind the adapter protocol
//
// decode = +propertyListWithData:options:NSPropertyListImmutable format:error: (any plist format, as the original
// reader calls it), printed from GNUstep's own objects; encode = +dataWithPropertyList:format:
// NSPropertyListBinaryFormat_v1_0 options:error:. Rejection: a nil result with an NSError, the API's documented way.
// An NSException escaping GNUstep (its binary parser raises NSGenericException and NSInvalidArgumentException on
// some inputs, which the API does not document) is a crash: the uncaught-exception handler exits 70, since
// GNUstep's default handler would exit 1, which reads as a rejection. A stack overflow is a crash too (signal).
// GNUstep parses bytes that end at a guard page (guarded_bytes.h), so a read past the end of its input is a SIGSEGV
// in every run and both modes, instead of a verdict that depends on what the heap holds after the buffer.
// read-attribute / write-attribute do what the original XDSDocumentSourceAttribute does, on Linux's
// user.x-document-source: getxattr (following symlinks), parse, keep the four keys whose values are NSStrings;
// write the fields (a field object by the protocol's rule) as a binary plist with setxattr. Printing stops after 1,000,000 nodes with
// {"type":"too-large","value":"N"}, exit 0; a value tagged JSON cannot carry (a dictionary key that is not a
// string, an object of a class with no tagged form) is {"type":"unrepresentable","value":"REASON"}, exit 0.
// CMD serve answers framed calls in one process (Docs/conformance.md, "The persistent mode").
#import <Foundation/Foundation.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>
#include "guarded_bytes.h"

#define NODE_BOUND 1000000L
static const char *attributeName = "user.x-document-source";

// One call's standard output and error, and its standard input under CMD serve (the frame's payload; nil: the
// process's own). Per call they are the process's own streams; under serve, memory streams.
static FILE *out, *err;
static NSData *input;
static char *errorText;
static size_t errorSize;

static NSData *readStandardInput(void) {
    return input ?: [[NSFileHandle fileHandleWithStandardInput] readDataToEndOfFile];
}

// The bytes GNUstep parses this call, copied to end at a guard page (guarded_bytes.h); released when the call ends,
// after everything parsed from them is printed.
static GuardedBytes parsed;

static NSData *guarded(NSData *bytes) {
    guardedBytesFree(parsed);
    parsed = guardedBytesCopy([bytes bytes], [bytes length]);
    return parsed.data;
}

static void writeText(NSString *text) {
    NSData *bytes = [text dataUsingEncoding:NSUTF8StringEncoding];
    fwrite([bytes bytes], 1, [bytes length], out);
}

static NSString *jsonString(NSString *text) {
    NSMutableString *out = [NSMutableString stringWithString:@"\""];
    NSUInteger length = [text length];
    for (NSUInteger index = 0; index < length; index++) {
        unichar c = [text characterAtIndex:index];
        if (c == '"' || c == '\\') {
            [out appendFormat:@"\\%C", c];
        } else if (c < 0x20) {
            [out appendFormat:@"\\u%04x", c];
        } else if (c >= 0xD800 && c <= 0xDBFF && index + 1 < length && [text characterAtIndex:index + 1] >= 0xDC00
                   && [text characterAtIndex:index + 1] <= 0xDFFF) {
            [out appendFormat:@"%C%C", c, [text characterAtIndex:index + 1]];
            index++;
        } else if (c >= 0xD800 && c <= 0xDFFF) {
            [out appendFormat:@"\\u%04x", c];
        } else {
            [out appendFormat:@"%C", c];
        }
    }
    [out appendString:@"\""];
    return out;
}

static NSString *leaf(NSString *type, NSString *value) {
    return [NSString stringWithFormat:@"{\"type\":\"%@\",\"value\":%@}", type, jsonString(value)];
}

static NSString *realText(double number) {
    if (isnan(number)) return @"nan";
    if (isinf(number)) return number > 0 ? @"inf" : @"-inf";
    if (number == 0) return signbit(number) ? @"-0.0" : @"0.0";
    char buffer[64];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(buffer, sizeof buffer, "%.*g", digits, number);
        if (strtod(buffer, NULL) == number) break;
    }
    return [NSString stringWithUTF8String:buffer];
}

// The proleptic Gregorian date of a day count since 1970-01-01.
static void civil(long long days, long long *year, int *month, int *day) {
    long long z = days + 719468;
    long long era = (z >= 0 ? z : z - 146096) / 146097;
    long long dayOfEra = z - era * 146097;
    long long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
    long long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    long long mp = (5 * dayOfYear + 2) / 153;
    *day = (int)(dayOfYear - (153 * mp + 2) / 5 + 1);
    *month = (int)(mp < 10 ? mp + 3 : mp - 9);
    *year = yearOfEra + era * 400 + (*month <= 2 ? 1 : 0);
}

// Seconds since 2001-01-01 (what NSDate holds) as ISO 8601 UTC with the exact fraction.
static NSString *dateText(double seconds) {
    if (!isfinite(seconds) || fabs(seconds) > 4e11) return realText(seconds);
    double whole = floor(seconds);
    double fraction = seconds - whole;  // exact
    long long unixSeconds = (long long)whole + 978307200LL;
    long long days = (unixSeconds >= 0 ? unixSeconds : unixSeconds - 86399) / 86400;
    long long secondOfDay = unixSeconds - days * 86400;
    long long year;
    int month, day;
    civil(days, &year, &month, &day);
    if (year < 1 || year > 9999) return realText(seconds);
    NSMutableString *text = [NSMutableString stringWithFormat:@"%04lld-%02d-%02dT%02lld:%02lld:%02lldZ", year, month,
        day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60];
    if (fraction > 0) {
        char buffer[64];
        snprintf(buffer, sizeof buffer, "%.20f", fraction);  // "0.xxxx"
        size_t end = strlen(buffer);
        while (end > 2 && buffer[end - 1] == '0') buffer[--end] = 0;
        [text insertString:[NSString stringWithUTF8String:buffer + 1] atIndex:[text length] - 1];
    }
    return text;
}

// The whole output for an accepted value tagged JSON cannot carry; `reason` says which, in words.
static NSString *unrepresentable(NSString *reason) {
    fprintf(err, "accepted, with %s (tagged JSON cannot express it)\n", [reason UTF8String]);
    return leaf(@"unrepresentable", reason);
}

// Tagged JSON of GNUstep's objects, iteratively; nil past the bound (*nodes says how many were counted); the
// `unrepresentable` marker alone at a value tagged JSON cannot carry.
static NSString *tagged(id root, long *nodes) {
    NSMutableString *out = [NSMutableString string];
    NSMutableArray *stack = [NSMutableArray arrayWithObject:[NSArray arrayWithObject:root]];
    while ([stack count] > 0) {
        id item = [[[stack lastObject] retain] autorelease];
        [stack removeLastObject];
        if ([item isKindOfClass:[NSString class]]) {
            [out appendString:item];
            continue;
        }
        id value = [item objectAtIndex:0];
        if (++*nodes > NODE_BOUND) return nil;
        NSMutableArray *pending = [NSMutableArray array];
        if ([value isKindOfClass:[NSArray class]] || [value isKindOfClass:[NSSet class]]) {
            BOOL set = [value isKindOfClass:[NSSet class]];
            NSArray *items = set ? [value allObjects] : value;
            [out appendString:set ? @"{\"type\":\"set\",\"value\":[" : @"["];
            for (NSUInteger index = 0; index < [items count]; index++) {
                if (index > 0) [pending addObject:@","];
                [pending addObject:[NSArray arrayWithObject:[items objectAtIndex:index]]];
            }
            [pending addObject:set ? @"]}" : @"]"];
        } else if ([value isKindOfClass:[NSDictionary class]]) {
            [out appendString:@"{"];
            NSUInteger index = 0;
            for (id key in value) {
                if (![key isKindOfClass:[NSString class]]) {
                    return unrepresentable([NSString stringWithFormat:
                        @"GNUstep returned a dictionary key of class %@", [key class]]);
                }
                [pending addObject:[NSString stringWithFormat:@"%@%@:", index++ > 0 ? @"," : @"", jsonString(key)]];
                [pending addObject:[NSArray arrayWithObject:[value objectForKey:key]]];
            }
            [pending addObject:@"}"];
        } else if ([value isKindOfClass:[NSString class]]) {
            [out appendString:leaf(@"string", value)];
        } else if ([value isKindOfClass:[NSData class]]) {
            [out appendString:leaf(@"data", [value base64EncodedStringWithOptions:0])];
        } else if ([value isKindOfClass:[NSDate class]]) {
            [out appendString:leaf(@"date", dateText([value timeIntervalSinceReferenceDate]))];
        } else if ([value isKindOfClass:[NSNull class]]) {
            [out appendString:leaf(@"null", @"")];
        } else if ([value isKindOfClass:[NSNumber class]]) {
            const char *type = [value objCType];
            if ([NSStringFromClass([value class]) rangeOfString:@"Bool"].location != NSNotFound) {
                [out appendString:leaf(@"bool", [value boolValue] ? @"true" : @"false")];
            } else if (strcmp(type, "d") == 0 || strcmp(type, "f") == 0) {
                [out appendString:leaf(@"real", realText([value doubleValue]))];
            } else if (strcmp(type, "Q") == 0 || strcmp(type, "L") == 0 || strcmp(type, "I") == 0) {
                [out appendString:leaf(@"integer", [NSString stringWithFormat:@"%llu", [value unsignedLongLongValue]])];
            } else {
                [out appendString:leaf(@"integer", [NSString stringWithFormat:@"%lld", [value longLongValue]])];
            }
        } else {
            return unrepresentable([NSString stringWithFormat:
                @"GNUstep returned an object of class %@", [value class]]);
        }
        for (NSInteger index = (NSInteger)[pending count] - 1; index >= 0; index--) {
            [stack addObject:[pending objectAtIndex:(NSUInteger)index]];
        }
    }
    return out;
}

static int decode(void) {
    NSError *error = nil;
    NSData *bytes = guarded(readStandardInput());
    if (bytes == nil) {
        fprintf(err, "adapter: cannot map the input next to a guard page: %s\n", strerror(errno));
        return 71;
    }
    id value = [NSPropertyListSerialization propertyListWithData:bytes
                                                         options:NSPropertyListImmutable
                                                          format:NULL
                                                           error:&error];
    if (value == nil) {
        fprintf(err, "rejected: %s\n", [[error description] UTF8String] ?: "nil result");
        return 1;
    }
    long nodes = 0;
    NSString *text = tagged(value, &nodes);
    if (text == nil) {
        fprintf(err, "accepted; the value has more than %ld nodes\n", NODE_BOUND);
        text = [NSString stringWithFormat:@"{\"type\":\"too-large\",\"value\":\"%ld\"}", nodes];
    }
    writeText(text);
    return 0;
}

static long long daysFromCivil(long long year, int month, int day) {
    long long y = month <= 2 ? year - 1 : year;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yearOfEra = y - era * 400;
    long long mp = month > 2 ? month - 3 : month + 9;
    long long dayOfYear = (153 * mp + 2) / 5 + day - 1;
    return era * 146097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719468;
}

// "YYYY-MM-DDTHH:MM:SS[.fraction]Z" -> NSDate, the seconds parsed from one decimal text (correctly rounded).
static NSDate *dateValue(NSString *text) {
    long long year;
    int month, day, hour, minute, second, consumed = 0;
    const char *bytes = [text UTF8String];
    if (sscanf(bytes, "%4lld-%2d-%2dT%2d:%2d:%2d%n", &year, &month, &day, &hour, &minute, &second, &consumed) != 6) {
        return nil;
    }
    const char *fraction = bytes + consumed;
    long long whole = (daysFromCivil(year, month, day) - 11323) * 86400LL + hour * 3600 + minute * 60 + second;
    char decimal[128];
    if (*fraction == '.') {
        size_t digits = strlen(fraction + 1) - 1;  // without the Z
        if (whole >= 0) {
            snprintf(decimal, sizeof decimal, "%lld.%.*s", whole, (int)digits, fraction + 1);
        } else {
            // whole + 0.f == -((-whole - 1) + (1 - 0.f)); compute 1 - 0.f exactly in decimal digits.
            char complement[100];
            int carry = 1;
            for (int index = (int)digits - 1; index >= 0; index--) {
                int digit = 9 - (fraction[1 + index] - '0') + carry;
                carry = digit / 10;
                complement[index] = (char)('0' + digit % 10);
            }
            complement[digits] = 0;
            snprintf(decimal, sizeof decimal, "-%lld.%s", -whole - 1 + carry, complement);
        }
    } else {
        snprintf(decimal, sizeof decimal, "%lld", whole);
    }
    return [NSDate dateWithTimeIntervalSinceReferenceDate:strtod(decimal, NULL)];
}

// Tagged JSON (already parsed by NSJSONSerialization) -> GNUstep objects; nil when there is no such value.
static id untagged(id node) {
    if ([node isKindOfClass:[NSArray class]]) {
        NSMutableArray *items = [NSMutableArray array];
        for (id item in node) {
            id value = untagged(item);
            if (value == nil) return nil;
            [items addObject:value];
        }
        return items;
    }
    if (![node isKindOfClass:[NSDictionary class]]) return nil;
    id type = [node objectForKey:@"type"];
    if ([node count] == 2 && [type isKindOfClass:[NSString class]] && [node objectForKey:@"value"] != nil) {
        id text = [node objectForKey:@"value"];
        if ([type isEqual:@"set"]) {
            NSArray *items = untagged(text);
            return items == nil ? nil : [NSSet setWithArray:items];
        }
        if (![text isKindOfClass:[NSString class]]) return nil;
        if ([type isEqual:@"string"]) return text;
        if ([type isEqual:@"integer"]) {
            if ([text hasPrefix:@"-"]) return [NSNumber numberWithLongLong:strtoll([text UTF8String], NULL, 10)];
            return [NSNumber numberWithUnsignedLongLong:strtoull([text UTF8String], NULL, 10)];
        }
        if ([type isEqual:@"real"]) {
            double number = [text isEqual:@"nan"] ? NAN : [text isEqual:@"inf"] ? INFINITY
                : [text isEqual:@"-inf"] ? -INFINITY : strtod([text UTF8String], NULL);
            return [NSNumber numberWithDouble:number];
        }
        if ([type isEqual:@"bool"]) return [NSNumber numberWithBool:[text isEqual:@"true"]];
        if ([type isEqual:@"data"]) return [[[NSData alloc] initWithBase64EncodedString:text options:0] autorelease];
        if ([type isEqual:@"date"]) return dateValue(text);
        if ([type isEqual:@"null"]) return [NSNull null];
        return nil;  // uid: Foundation has no public UID class to write
    }
    NSMutableDictionary *dictionary = [NSMutableDictionary dictionary];
    for (id key in node) {
        id value = untagged([node objectForKey:key]);
        if (value == nil) return nil;
        [dictionary setObject:value forKey:key];
    }
    return dictionary;
}

static int encode(void) {
    id json = [NSJSONSerialization JSONObjectWithData:readStandardInput() options:0 error:NULL];
    id value = json == nil ? nil : untagged(json);
    if (value == nil) {
        fprintf(err, "rejected: the adapter has no GNUstep value for this input\n");
        return 1;
    }
    NSError *error = nil;
    NSData *bytes = [NSPropertyListSerialization dataWithPropertyList:value
                                                               format:NSPropertyListBinaryFormat_v1_0
                                                              options:0
                                                                error:&error];
    if (bytes == nil) {
        fprintf(err, "rejected: %s\n", [[error description] UTF8String] ?: "nil result");
        return 1;
    }
    fwrite([bytes bytes], 1, [bytes length], out);
    return 0;
}

static NSArray *fieldNames(void) {
    return [NSArray arrayWithObjects:@"identifier", @"name", @"path", @"appInfoURL", nil];
}

static int readAttribute(const char *path) {
    ssize_t size = getxattr(path, attributeName, NULL, 0);
    if (size < 0) {
        fprintf(err, "rejected: getxattr: %s\n", strerror(errno));
        return 1;
    }
    NSMutableData *bytes = [NSMutableData dataWithLength:(NSUInteger)size];
    if (getxattr(path, attributeName, [bytes mutableBytes], (size_t)size) != size) {
        fprintf(err, "rejected: the attribute changed size\n");
        return 1;
    }
    NSData *attribute = guarded(bytes);
    if (attribute == nil) {
        fprintf(err, "adapter: cannot map the attribute next to a guard page: %s\n", strerror(errno));
        return 71;
    }
    id value = [NSPropertyListSerialization propertyListWithData:attribute options:NSPropertyListImmutable
                                                          format:NULL
                                                           error:NULL];
    if (![value isKindOfClass:[NSDictionary class]]) {
        fprintf(err, "rejected: not a dictionary property list\n");
        return 1;
    }
    NSMutableString *out = [NSMutableString stringWithString:@"{"];
    for (NSString *key in fieldNames()) {
        id field = [value objectForKey:key];
        if (![field isKindOfClass:[NSString class]]) continue;
        if ([out length] > 1) [out appendString:@","];
        [out appendFormat:@"%@:%@", jsonString(key), jsonString(field)];
    }
    [out appendString:@"}"];
    writeText(out);
    return 0;
}

static int writeAttribute(const char *path) {
    id fields = [NSJSONSerialization JSONObjectWithData:readStandardInput() options:0 error:NULL];
    if (![fields isKindOfClass:[NSDictionary class]]) {
        fprintf(err, "rejected: fields are not a JSON object\n");
        return 1;
    }
    // The field object by the protocol's rule (Docs/conformance.md, "The field object"): the four keys, each a
    // string, no other key. A repeated key is not seen: NSJSONSerialization keeps one of the two.
    for (NSString *key in fields) {
        if (![fieldNames() containsObject:key]) {
            fprintf(err, "rejected: '%s' is not a field\n", [key UTF8String]);
            return 1;
        }
    }
    NSMutableDictionary *dictionary = [NSMutableDictionary dictionary];
    for (NSString *key in fieldNames()) {
        id field = [fields objectForKey:key];
        if (![field isKindOfClass:[NSString class]]) {
            fprintf(err, "rejected: the key '%s' is %s\n", [key UTF8String], field == nil ? "missing" : "not a string");
            return 1;
        }
        [dictionary setObject:field forKey:key];
    }
    NSData *bytes = [NSPropertyListSerialization dataWithPropertyList:dictionary
                                                               format:NSPropertyListBinaryFormat_v1_0
                                                              options:0
                                                                error:NULL];
    if (bytes == nil || setxattr(path, attributeName, [bytes bytes], [bytes length], 0) != 0) {
        fprintf(err, "rejected: cannot write the attribute\n");
        return 1;
    }
    return 0;
}

static void uncaught(NSException *exception) {
    fprintf(err, "policy: undocumented-exception %s\n", [[exception name] UTF8String]);
    fprintf(err, "crash: uncaught %s: %s\n", [[exception name] UTF8String], [[exception reason] UTF8String]);
    if (err != stderr) {  // under serve: the call's standard error, as a process of its own would have left it
        fflush(err);
        fwrite(errorText, 1, errorSize, stderr);
    } else {
        fflush(stdout);
    }
    _exit(70);
}

// One call (the words after the program name): the exit status of a process of its own.
static int call(int count, char **words) {
    NSAutoreleasePool *pool = [NSAutoreleasePool new];
    int code = 64;
    const char *name = count >= 1 ? words[0] : "";
    if (count == 1 && strcmp(name, "capabilities") == 0) {
        fprintf(out, "[\"decode\", \"encode\", \"read-attribute\", \"write-attribute\", \"serve\"]\n");
        code = 0;
    } else if (count == 1 && strcmp(name, "version") == 0) {
        fprintf(out, "GNUstep Base %d.%d.%d NSPropertyListSerialization\n", GNUSTEP_BASE_MAJOR_VERSION,
                GNUSTEP_BASE_MINOR_VERSION, GNUSTEP_BASE_SUBMINOR_VERSION);
        code = 0;
    } else if (count == 1 && strcmp(name, "decode") == 0) {
        code = decode();
    } else if (count == 1 && strcmp(name, "encode") == 0) {
        code = encode();
    } else if (count == 2 && strcmp(name, "read-attribute") == 0) {
        code = readAttribute(words[1]);
    } else if (count == 2 && strcmp(name, "write-attribute") == 0) {
        code = writeAttribute(words[1]);
    } else {
        fprintf(err, "usage error: unknown call or arguments\n");
    }
    [pool release];
    guardedBytesFree(parsed);
    parsed = (GuardedBytes){NULL, 0, nil};
    return code;
}

// Reads exactly `count` bytes of standard input; 0 at its end before the first byte, -1 in the middle.
static int readExactly(void *buffer, size_t count) {
    size_t got = fread(buffer, 1, count, stdin);
    return got == count ? 1 : got == 0 && feof(stdin) ? 0 : -1;
}

static void writeLength(uint32_t length) {
    unsigned char bytes[4] = {length >> 24, length >> 16 & 0xff, length >> 8 & 0xff, length & 0xff};
    fwrite(bytes, 1, 4, stdout);
}

static uint32_t lengthOf(const unsigned char *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

// CMD serve (Docs/conformance.md, "The persistent mode"): framed calls on standard input until its end. Each call
// writes to memory streams and reads the frame's payload; exit 0 and 1 are answered accepted and rejected, any
// other status ends the server with that status (its standard error written out first), and an uncaught
// NSException or a signal ends it as it ends a process of its own.
static int serve(void) {
    for (;;) {
        unsigned char length[4];
        int state = readExactly(length, 4);
        if (state == 0) return 0;
        if (state < 0) return 74;
        uint32_t headerLength = lengthOf(length);
        char *header = malloc((size_t)headerLength + 1);
        if (header == NULL || readExactly(header, headerLength) != 1 || readExactly(length, 4) != 1) return 74;
        header[headerLength] = 0;
        uint32_t payloadLength = lengthOf(length);
        NSMutableData *payload = [[NSMutableData alloc] initWithLength:payloadLength];
        if (payloadLength > 0 && readExactly([payload mutableBytes], payloadLength) != 1) return 74;
        // The words, separated by NUL bytes.
        char *words[64];
        int count = 0;
        for (char *word = header; count < 64; count++) {
            words[count] = word;
            char *end = memchr(word, 0, (size_t)(header + headerLength - word) + 1);
            if (end == header + headerLength) {
                count++;
                break;
            }
            word = end + 1;
        }
        char *outputText = NULL;
        size_t outputSize = 0;
        out = open_memstream(&outputText, &outputSize);
        err = open_memstream(&errorText, &errorSize);
        if (out == NULL || err == NULL) return 71;
        input = payload;
        int code = call(count, words);
        input = nil;
        [payload release];
        free(header);
        fclose(out);
        fclose(err);
        out = stdout;
        err = stderr;
        if (code != 0 && code != 1) {
            fwrite(errorText, 1, errorSize, stderr);
            return code;
        }
        const char *status = code == 0 ? "accepted" : "rejected";
        writeLength((uint32_t)(8 + (errorSize > 0 ? 1 + errorSize : 0)));
        fwrite(status, 1, 8, stdout);
        if (errorSize > 0) {
            fputc(0, stdout);
            fwrite(errorText, 1, errorSize, stdout);
        }
        writeLength((uint32_t)outputSize);
        fwrite(outputText, 1, outputSize, stdout);
        free(outputText);
        free(errorText);
        errorText = NULL;
        if (fflush(stdout) != 0) return 74;
    }
}

int main(int argc, char **argv) {
    NSAutoreleasePool *pool = [NSAutoreleasePool new];
    NSSetUncaughtExceptionHandler(uncaught);
    out = stdout;
    err = stderr;
    int code = argc == 2 && strcmp(argv[1], "serve") == 0 ? serve() : call(argc - 1, argv + 1);
    fflush(stdout);
    [pool release];
    return code;
}
