enum StorageBenchmark {
    static func run(_ arguments: [String]) throws {
        print("storage benchmark: not written yet")
    }
}
