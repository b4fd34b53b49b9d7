import Engine
import Entities
import Geometry

// The balls' physics each step: held balls follow their hands, free ones fall and bounce off
// the arena's walls and off one another.
extension BounceScene {
    func followGrabs(_ dt: Double) {
        forEach(&bodies.store, &grabs.store) { _, body, grab in
            body.position.current = grab.target
            body.velocity = grab.velocity
        }
    }

    /// Balls bounce off one another, elastically (mass as area); a held ball is not moved.
    func collide(iterations: Int = 32) {
        let held = grabs.store
        collisions.removeAll()
        bodies.store.withDense { dense, owners in
            for i in dense.indices {
                let b = dense[i]
                collisions.append(position: b.position.current, velocity: b.velocity, radius: b.radius,
                                  inverseMass: held.contains(owners[i]) ? 0 : 1 / (b.radius * b.radius))
            }
        }
        collisions.resolve(in: arena, iterations: iterations)
        bodies.store.withDense { dense, owners in
            for i in dense.indices where !held.contains(owners[i]) {
                dense[i].position.current = collisions.positions[i]
                dense[i].velocity = collisions.velocities[i]
            }
        }
    }

    func integrate(_ dt: Double) {
        let b = arena
        let held = grabs.store
        bodies.store.withDense { dense, owners in
            for i in dense.indices where !held.contains(owners[i]) {
                var body = dense[i]
                body.velocity.y += Self.gravity * dt
                var p = body.position.current + body.velocity * dt
                let r = body.radius
                if p.x < b.minX + r { p.x = b.minX + r; body.velocity.x = abs(body.velocity.x) * 0.9 }
                if p.x > b.maxX - r { p.x = b.maxX - r; body.velocity.x = -abs(body.velocity.x) * 0.9 }
                if p.y < b.minY + r { p.y = b.minY + r; body.velocity.y = abs(body.velocity.y) * 0.9 }
                if p.y > b.maxY - r {
                    p.y = b.maxY - r
                    // Keep balls lively: a floor bounce returns at least enough speed to rise.
                    body.velocity.y = -max(abs(body.velocity.y) * 0.9, 520)
                    body.velocity.x *= 0.995
                }
                body.position.current = p
                dense[i] = body
            }
        }
    }

    /// A random place in the arena's upper half where a ball of radius `r` touches no other
    /// (the best of a few tries when it is crowded).
    func freeSpot(radius r: Double) -> Vec2 {
        var best = Vec2.zero, bestGap = -Double.infinity
        for _ in 0..<24 {
            let p = Vec2(rng.uniform(arena.minX + r, arena.maxX - r), rng.uniform(arena.minY + r, arena.midY))
            var gap = Double.infinity
            bodies.store.withDense { dense, _ in
                for b in dense { gap = min(gap, b.position.current.distance(to: p) - b.radius - r) }
            }
            bodies.store.forEachPendingInsert { b in gap = min(gap, b.position.current.distance(to: p) - b.radius - r) }
            if gap > bestGap { (best, bestGap) = (p, gap) }
            if gap >= 0 { break }
        }
        return best
    }
}
