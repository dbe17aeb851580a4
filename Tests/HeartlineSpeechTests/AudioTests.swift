import HeartlineCore
import HeartlineIO
import HeartlineSpeech
import HeartlineTestSupport
import Testing

/// Every test that speaks aloud. speech-dispatcher's priorities are server-wide and the tests
/// share one server and one null sink per run, so these suites run one test at a time.
@Suite(.timed, .serialized, .usesSoundServer, .enabled(if: AudioEnvironment.enabled))
struct AudioTests {}
