import Testing
import ZoetropePipeline

@Suite struct ContinuousIntegrationTests {
    @Test(arguments: [(nil, false), ("", false), ("0", false), ("false", false), ("FALSE", false), ("1", true), ("true", true), ("yes", true)] as [(String?, Bool)])
    func ciIsAnyValueButEmptyZeroOrFalse(value: String?, expected: Bool) {
        let environment = value.map { ["CI": $0] } ?? [:]
        #expect(ContinuousIntegration.isActive(environment: environment) == expected)
    }
}
