@testable import MotionSDL
import Testing

@Suite struct UsableProcessorsCgroupTests {
    typealias Cgroup = UsableProcessors.Cgroup

    @Test(arguments: [
        ("150000 100000\n", 2), ("100000 100000", 1), ("50000 100000", 1), ("200000 100000", 2), ("100001 100000", 2),
        ("1 1000000", 1), ("999999999999999999 1", 999_999_999_999_999_999), ("300000\t100000\n", 3),
    ] as [(String, Int)])
    func aQuotaIsRoundedUpToWholeProcessors(text: String, processors: Int) {
        #expect(Cgroup.processors(cpuMax: text) == processors)
    }

    @Test(arguments: [
        "max 100000\n", "max", "", "\n", "garbage", "100000", "100000 0", "100000 -100000", "-5 100000", "0 100000",
        "0 0", "1 2 3", "99999999999999999999 100000", "100000 99999999999999999999", "1e5 100000", "+5 1",
        "１ 1", "5\u{0} 1", "max max",
    ])
    func cpuMaxThatIsNotAQuotaIsNoLimit(text: String) {
        #expect(Cgroup.processors(cpuMax: text) == nil)
    }

    @Test(arguments: [
        ("250000\n", "100000\n", 3), ("100000", "100000", 1), ("1", "100000", 1),
    ] as [(String, String, Int)])
    func aVersion1QuotaIsRoundedUpToo(quota: String, period: String, processors: Int) {
        #expect(Cgroup.processors(cfsQuota: quota, cfsPeriod: period) == processors)
    }

    @Test(arguments: [
        ("-1\n", "100000\n"), ("100000", "0"), ("100000", "-1"), ("", ""), ("", "100000"), ("abc", "100000"),
        ("100000 5", "100000"), ("99999999999999999999", "100000"), ("0", "100000"),
    ] as [(String, String)])
    func aVersion1QuotaOfMinusOneOrMalformedIsNoLimit(quota: String, period: String) {
        #expect(Cgroup.processors(cfsQuota: quota, cfsPeriod: period) == nil)
    }

    @Test func theUnifiedPathIsTheLineOfHierarchyZero() {
        #expect(Cgroup.unifiedPath(in: "0::/user.slice/user-1000.slice/session-3.scope\n") == "/user.slice/user-1000.slice/session-3.scope")
        #expect(Cgroup.unifiedPath(in: "0::/\n") == "")
        #expect(Cgroup.unifiedPath(in: "0::/a:b/\n") == "/a:b")
        // A hybrid machine: v1 controllers first, the unified line last.
        let hybrid = "9:name=systemd:/\n4:memory:/job/36cb\n2:cpuacct:/\n1:cpu:/bench\n0::/job\n"
        #expect(Cgroup.unifiedPath(in: hybrid) == "/job")
        #expect(Cgroup.controllerPath(in: hybrid, controller: "cpu") == "/bench")
        #expect(Cgroup.controllerPath(in: "3:cpu,cpuacct:/docker/abc\n0::/\n", controller: "cpu") == "/docker/abc")
        #expect(Cgroup.controllerPath(in: "2:cpuacct:/x\n3:cpuset:/y\n", controller: "cpu") == nil)
        #expect(Cgroup.unifiedPath(in: "1:cpu:/x\n") == nil)
    }

    @Test(arguments: [
        "", "\n", "0::", "0::relative", "0::/../../etc", "0::/a/../b", "0::/a/./b", "0::/a//b", "0::/a\u{0}b", "1::/a", "0:cpu:/a", "junk",
        "0::" + String(repeating: "/a", count: 65), "0::/" + String(repeating: "a", count: 5000),
    ])
    func aPathThatIsNotPlainIsNotFollowed(memberships: String) {
        #expect(Cgroup.unifiedPath(in: memberships) == nil)
    }

    @Test func ancestorsRunFromTheCgroupToTheRoot() {
        #expect(Cgroup.ancestors(of: "/a/b/c") == ["/a/b/c", "/a/b", "/a", ""])
        #expect(Cgroup.ancestors(of: "") == [""])
        #expect(Cgroup.unifiedPath(in: "0::" + String(repeating: "/a", count: 64)).map(Cgroup.ancestors)?.count == 65)
    }
}
