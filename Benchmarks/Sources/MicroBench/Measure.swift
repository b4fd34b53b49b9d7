import BenchSupport
import Foundation
import Engine
import Entities
import Geometry
import Motion
import Paths
import Scenes

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }


