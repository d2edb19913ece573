// Sources/Adapters/dd-plist/ReplayDirect.java - One direct call of dd-plist, for the replay check
//
// Reads a bplist on stdin, calls BinaryPropertyListParser.parse(byte[]), prints "accepted" or the class of what
// it threw (exit 0 for both); a StackOverflowError or OutOfMemoryError is printed as such.
import com.dd.plist.BinaryPropertyListParser;

public final class ReplayDirect {
    public static void main(String[] args) throws Exception {
        byte[] bytes = System.in.readAllBytes();
        try {
            BinaryPropertyListParser.parse(bytes);
            System.out.println("accepted");
        } catch (Throwable error) {
            System.out.println("threw " + error.getClass().getName());
        }
    }
}
