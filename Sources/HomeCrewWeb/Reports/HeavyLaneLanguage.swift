extension HeavyLane {
    /// `run` for a page: the lane's threads have no task, so the request's language is carried
    /// over by hand, as `run` carries the audit trail's actor.
    func runPage<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let text = WebText.current
        return try await run { try WebText.$current.withValue(text) { try work() } }
    }
}
