enum SpeechBenchmark {
    static func run(_ arguments: [String]) throws {
        print("speech benchmark: not written yet")
    }
}
