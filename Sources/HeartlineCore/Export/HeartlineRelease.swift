/// The program's name and version, as the command line and the exported files give them.
public enum HeartlineRelease {
    public static let name = "Heartline"
    public static let version = "0.1.0"
}
