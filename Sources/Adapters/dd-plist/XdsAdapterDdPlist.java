// Sources/Adapters/dd-plist/XdsAdapterDdPlist.java - dd-plist (Debian libdd-plist-java) behind the adapter protocol
//
// decode = BinaryPropertyListParser.parse(byte[]), printed from dd-plist's own NSObject tree; encode = an NSObject
// tree, BinaryPropertyListWriter.writeToArray. Rejections: PropertyListFormatException and
// UnsupportedEncodingException (the checked exceptions parse declares) and, for encode, IOException. Any other
// Throwable escaping the library (ArrayIndexOutOfBoundsException, NullPointerException, ...) is a crash (exit 70),
// and so are StackOverflowError and OutOfMemoryError. Printing stops after 1,000,000 nodes:
// {"type":"too-large","value":"N"}, exit 0; an object of a class tagged JSON has no form for is
// {"type":"unrepresentable","value":"REASON"}, exit 0. CMD serve answers framed calls in one JVM
// (Docs/conformance.md, "The persistent mode").
import com.dd.plist.BinaryPropertyListParser;
import com.dd.plist.BinaryPropertyListWriter;
import com.dd.plist.NSArray;
import com.dd.plist.NSData;
import com.dd.plist.NSDate;
import com.dd.plist.NSDictionary;
import com.dd.plist.NSNumber;
import com.dd.plist.NSObject;
import com.dd.plist.NSSet;
import com.dd.plist.NSString;
import com.dd.plist.PropertyListFormatException;
import com.dd.plist.UID;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UnsupportedEncodingException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class XdsAdapterDdPlist {
    static final long NODE_BOUND = 1_000_000;
    static final long PLIST_EPOCH_MILLIS = 978_307_200_000L;

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals("serve")) {
            serve();
            return;
        }
        int code = call(args);
        System.out.flush();
        System.exit(code);
    }

    /** One call, on System.in, System.out and System.err: the exit status of a process of its own. */
    static int call(String[] args) {
        try {
            return run(args);
        } catch (StackOverflowError error) {
            System.err.println("policy: recursion-limit");
            System.err.println("crash: stack exhausted (StackOverflowError)");
            return 70;
        } catch (OutOfMemoryError error) {
            System.err.println("crash: out of memory (OutOfMemoryError)");
            return 70;
        } catch (Throwable error) {
            System.err.println("policy: undocumented-exception " + error.getClass().getName());
            System.err.println("crash: undocumented exception " + error);
            return 70;
        }
    }

    static int run(String[] args) throws Throwable {
        String call = args.length == 1 ? args[0] : "";
        switch (call) {
            case "capabilities":
                System.out.print("[\"decode\", \"encode\", \"serve\"]\n");
                return 0;
            case "version":
                System.out.print("dd-plist " + libraryVersion() + " (Java " + System.getProperty("java.version") + ")\n");
                return 0;
            case "decode":
                return decode(readAll(System.in));
            case "encode":
                return encode(readAll(System.in));
            default:
                System.err.println("usage error: unknown call or arguments");
                return 64;
        }
    }

    /**
     * CMD serve (Docs/conformance.md, "The persistent mode"): framed calls on standard input until its end. Each
     * call runs with System.in the frame's payload and System.out and System.err captured; exit 0 and 1 are
     * answered accepted and rejected, any other status ends the server with that status (its standard error
     * written out first), as a process of its own would end.
     */
    static void serve() {
        java.io.DataInputStream requests = new java.io.DataInputStream(new java.io.BufferedInputStream(System.in));
        java.io.PrintStream responses = System.out;
        java.io.PrintStream errors = System.err;
        while (true) {
            byte[] header;
            byte[] payload;
            try {
                int first = requests.read();
                if (first < 0) {
                    System.exit(0);
                }
                int length = first << 24 | requests.readUnsignedByte() << 16 | requests.readUnsignedByte() << 8
                        | requests.readUnsignedByte();
                header = new byte[length];
                requests.readFully(header);
                payload = new byte[requests.readInt()];
                requests.readFully(payload);
            } catch (IOException error) {
                System.exit(74);
                return;
            }
            List<String> words = new ArrayList<>();
            int start = 0;
            for (int index = 0; index <= header.length; index++) {
                if (index == header.length || header[index] == 0) {
                    words.add(new String(header, start, index - start, StandardCharsets.UTF_8));
                    start = index + 1;
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            System.setIn(new java.io.ByteArrayInputStream(payload));
            System.setOut(new java.io.PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
            int code;
            try {
                code = call(words.toArray(new String[0]));
            } finally {
                System.out.flush();
                System.err.flush();
                System.setOut(responses);
                System.setErr(errors);
            }
            byte[] output = out.toByteArray();
            byte[] diagnostic = err.toByteArray();
            if (code != 0 && code != 1) {
                errors.write(diagnostic, 0, diagnostic.length);
                errors.flush();
                System.exit(code);
            }
            byte[] status = (code == 0 ? "accepted" : "rejected").getBytes(StandardCharsets.US_ASCII);
            int headerLength = status.length + (diagnostic.length > 0 ? 1 + diagnostic.length : 0);
            java.nio.ByteBuffer response = java.nio.ByteBuffer.allocate(8 + headerLength + output.length);
            response.putInt(headerLength).put(status);
            if (diagnostic.length > 0) {
                response.put((byte) 0).put(diagnostic);
            }
            response.putInt(output.length).put(output);
            responses.write(response.array(), 0, response.capacity());
            responses.flush();
            if (responses.checkError()) {
                System.exit(74);
            }
        }
    }

    /** The Bundle-Version in dd-plist's jar manifest. */
    static String libraryVersion() {
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(
                new java.io.File(NSObject.class.getProtectionDomain().getCodeSource().getLocation().toURI()))) {
            String version = jar.getManifest().getMainAttributes().getValue("Bundle-Version");
            return version == null ? "unknown" : version;
        } catch (Exception error) {
            return "unknown";
        }
    }

    static byte[] readAll(InputStream input) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        input.transferTo(out);
        return out.toByteArray();
    }

    static int decode(byte[] bytes) {
        NSObject root;
        try {
            root = BinaryPropertyListParser.parse(bytes);
        } catch (PropertyListFormatException | UnsupportedEncodingException error) {
            System.err.println("rejected: " + error);
            return 1;
        }
        String text;
        try {
            text = tagged(root);
        } catch (TooLarge error) {
            System.err.println("accepted; the value has more than " + NODE_BOUND + " nodes");
            text = "{\"type\":\"too-large\",\"value\":\"" + error.nodes + "\"}";
        } catch (Unrepresentable error) {
            System.err.println("accepted, with " + error.getMessage() + " (tagged JSON cannot express it)");
            text = leaf("unrepresentable", error.getMessage());
        }
        System.out.write(text.getBytes(StandardCharsets.UTF_8), 0, text.getBytes(StandardCharsets.UTF_8).length);
        return 0;
    }

    /** An accepted value tagged JSON cannot carry; the message says which, in words. */
    static final class Unrepresentable extends Exception {
        Unrepresentable(String reason) {
            super(reason);
        }
    }

    static final class TooLarge extends Exception {
        final long nodes;

        TooLarge(long nodes) {
            this.nodes = nodes;
        }
    }

    /** Tagged JSON of dd-plist's tree, iteratively (a String item is literal text). */
    static String tagged(NSObject root) throws TooLarge, Unrepresentable {
        StringBuilder out = new StringBuilder();
        Deque<Object> stack = new ArrayDeque<>();
        stack.push(new Object[] {root});
        long nodes = 0;
        while (!stack.isEmpty()) {
            Object item = stack.pop();
            if (item instanceof String) {
                out.append((String) item);
                continue;
            }
            NSObject value = (NSObject) ((Object[]) item)[0];
            if (++nodes > NODE_BOUND) throw new TooLarge(nodes);
            List<Object> pending = new ArrayList<>();
            if (value == null) {
                out.append(leaf("null", "")); // dd-plist's value for a bplist null
            } else if (value instanceof NSArray || value instanceof NSSet) {
                boolean set = value instanceof NSSet;
                NSObject[] items = set ? ((NSSet) value).allObjects() : ((NSArray) value).getArray();
                out.append(set ? "{\"type\":\"set\",\"value\":[" : "[");
                for (int index = 0; index < items.length; index++) {
                    if (index > 0) pending.add(",");
                    pending.add(new Object[] {items[index]});
                }
                pending.add(set ? "]}" : "]");
            } else if (value instanceof NSDictionary) {
                out.append('{');
                int index = 0;
                for (Map.Entry<String, NSObject> entry : ((NSDictionary) value).entrySet()) {
                    pending.add((index++ > 0 ? "," : "") + json(entry.getKey()) + ":");
                    pending.add(new Object[] {entry.getValue()});
                }
                pending.add("}");
            } else if (value instanceof NSNumber) {
                NSNumber number = (NSNumber) value;
                if (number.isBoolean()) out.append(leaf("bool", number.boolValue() ? "true" : "false"));
                else if (number.isInteger()) out.append(leaf("integer", Long.toString(number.longValue())));
                else out.append(leaf("real", real(number.doubleValue())));
            } else if (value instanceof NSString) {
                out.append(leaf("string", ((NSString) value).getContent()));
            } else if (value instanceof NSData) {
                out.append(leaf("data", Base64.getEncoder().encodeToString(((NSData) value).bytes())));
            } else if (value instanceof NSDate) {
                out.append(leaf("date", date(((NSDate) value).getDate())));
            } else if (value instanceof UID) {
                out.append(leaf("uid", new BigInteger(1, ((UID) value).getBytes()).toString()));
            } else {
                throw new Unrepresentable("dd-plist returned an object of class " + value.getClass().getSimpleName());
            }
            for (int index = pending.size() - 1; index >= 0; index--) stack.push(pending.get(index));
        }
        return out.toString();
    }

    static String leaf(String type, String value) {
        return "{\"type\":\"" + type + "\",\"value\":" + json(value) + "}";
    }

    static String json(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int index = 0; index < text.length(); index++) {
            char c = text.charAt(index);
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20 || Character.isSurrogate(c)) {
                boolean pair = Character.isHighSurrogate(c) && index + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(index + 1));
                if (pair) {
                    out.append(c).append(text.charAt(++index));
                } else {
                    out.append(String.format("\\u%04x", (int) c));
                }
            } else out.append(c);
        }
        return out.append('"').toString();
    }

    static String real(double number) {
        if (Double.isNaN(number)) return "nan";
        if (Double.isInfinite(number)) return number > 0 ? "inf" : "-inf";
        return Double.toString(number).replace("E", "e");
    }

    /** What dd-plist holds (a java.util.Date, milliseconds) as ISO 8601 UTC. */
    static String date(Date date) {
        long millis = date.getTime();
        ZonedDateTime moment = Instant.ofEpochMilli(millis).atZone(ZoneOffset.UTC);
        if (moment.getYear() < 1 || moment.getYear() > 9999) {
            return real((millis - PLIST_EPOCH_MILLIS) / 1000.0);
        }
        String text = String.format("%04d-%02d-%02dT%02d:%02d:%02d", moment.getYear(), moment.getMonthValue(),
                moment.getDayOfMonth(), moment.getHour(), moment.getMinute(), moment.getSecond());
        int milli = moment.getNano() / 1_000_000;
        if (milli != 0) text += String.format(".%03d", milli).replaceAll("0+$", "");
        return text + "Z";
    }

    static int encode(byte[] input) throws IOException {
        NSObject root;
        try {
            root = untagged(new Json(new String(input, StandardCharsets.UTF_8)).value());
        } catch (IllegalArgumentException error) {
            System.err.println("rejected: the library has no value for this input: " + error.getMessage());
            return 1;
        }
        byte[] bytes;
        try {
            bytes = BinaryPropertyListWriter.writeToArray(root);
        } catch (IOException error) {
            System.err.println("rejected: " + error);
            return 1;
        }
        System.out.write(bytes, 0, bytes.length);
        return 0;
    }

    @SuppressWarnings("unchecked")
    static NSObject untagged(Object node) {
        if (node instanceof List) {
            List<Object> items = (List<Object>) node;
            NSObject[] objects = new NSObject[items.size()];
            for (int index = 0; index < objects.length; index++) objects[index] = untagged(items.get(index));
            return new NSArray(objects);
        }
        if (!(node instanceof Map)) throw new IllegalArgumentException("not tagged JSON");
        Map<String, Object> members = (Map<String, Object>) node;
        if (members.size() == 2 && members.get("type") instanceof String && members.containsKey("value")) {
            String type = (String) members.get("type");
            Object value = members.get("value");
            if (type.equals("set")) {
                List<Object> items = (List<Object>) value;
                NSObject[] objects = new NSObject[items.size()];
                for (int index = 0; index < objects.length; index++) objects[index] = untagged(items.get(index));
                return new NSSet(true, objects);
            }
            String text = (String) value;
            switch (type) {
                case "string": return new NSString(text);
                case "integer": return new NSNumber(new BigInteger(text).longValueExact());
                case "real":
                    return new NSNumber(text.equals("nan") ? Double.NaN : text.equals("inf") ? Double.POSITIVE_INFINITY
                            : text.equals("-inf") ? Double.NEGATIVE_INFINITY : Double.parseDouble(text));
                case "bool": return new NSNumber(text.equals("true"));
                case "data": return new NSData(Base64.getDecoder().decode(text));
                case "date": return new NSDate(new Date(parseDateMillis(text)));
                case "uid": return new UID("uid", uidBytes(new BigInteger(text)));
                default: throw new IllegalArgumentException("dd-plist has no value for " + type);
            }
        }
        NSDictionary dictionary = new NSDictionary();
        for (Map.Entry<String, Object> entry : members.entrySet()) dictionary.put(entry.getKey(), untagged(entry.getValue()));
        return dictionary;
    }

    static byte[] uidBytes(BigInteger value) {
        byte[] raw = value.toByteArray();
        int start = raw.length > 1 && raw[0] == 0 ? 1 : 0;
        byte[] bytes = new byte[raw.length - start];
        System.arraycopy(raw, start, bytes, 0, bytes.length);
        return bytes;
    }

    static long parseDateMillis(String text) {
        if (!text.endsWith("Z")) throw new IllegalArgumentException("date without Z");
        String body = text.substring(0, text.length() - 1);
        String fraction = "";
        int dot = body.indexOf('.');
        if (dot >= 0) {
            fraction = body.substring(dot + 1);
            body = body.substring(0, dot);
        }
        try {
            long seconds = java.time.LocalDateTime.parse(body).toEpochSecond(ZoneOffset.UTC);
            long millis = fraction.isEmpty() ? 0 : new BigDecimal("0." + fraction).movePointRight(3).longValue();
            return seconds * 1000 + millis;
        } catch (java.time.format.DateTimeParseException error) {
            throw new IllegalArgumentException(error.getMessage());
        }
    }

    /** Just enough JSON for tagged JSON input; objects keep their member order. */
    static final class Json {
        final String text;
        int position;

        Json(String text) {
            this.text = text;
        }

        Object value() {
            Object result = parse();
            space();
            if (position != text.length()) throw new IllegalArgumentException("trailing text");
            return result;
        }

        void space() {
            while (position < text.length() && Character.isWhitespace(text.charAt(position))) position++;
        }

        char next() {
            if (position >= text.length()) throw new IllegalArgumentException("truncated JSON");
            return text.charAt(position++);
        }

        Object parse() {
            space();
            char c = next();
            if (c == '[') {
                List<Object> items = new ArrayList<>();
                space();
                if (text.startsWith("]", position)) {
                    position++;
                    return items;
                }
                while (true) {
                    items.add(parse());
                    space();
                    char separator = next();
                    if (separator == ']') return items;
                    if (separator != ',') throw new IllegalArgumentException("bad array");
                }
            }
            if (c == '{') {
                Map<String, Object> members = new LinkedHashMap<>();
                space();
                if (text.startsWith("}", position)) {
                    position++;
                    return members;
                }
                while (true) {
                    space();
                    Object key = parse();
                    if (!(key instanceof String)) throw new IllegalArgumentException("bad key");
                    space();
                    if (next() != ':') throw new IllegalArgumentException("bad object");
                    members.put((String) key, parse());
                    space();
                    char separator = next();
                    if (separator == '}') return members;
                    if (separator != ',') throw new IllegalArgumentException("bad object");
                }
            }
            if (c != '"') throw new IllegalArgumentException("unexpected JSON");
            StringBuilder out = new StringBuilder();
            while (true) {
                char d = next();
                if (d == '"') return out.toString();
                if (d != '\\') {
                    out.append(d);
                    continue;
                }
                char e = next();
                switch (e) {
                    case 'b': out.append('\b'); break;
                    case 'f': out.append('\f'); break;
                    case 'n': out.append('\n'); break;
                    case 'r': out.append('\r'); break;
                    case 't': out.append('\t'); break;
                    case 'u':
                        out.append((char) Integer.parseInt(text.substring(position, position + 4), 16));
                        position += 4;
                        break;
                    default: out.append(e);
                }
            }
        }
    }
}
