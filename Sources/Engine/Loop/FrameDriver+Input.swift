#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Geometry

// A frame's input: the platform's events and the script's due ones, stamped and handed over.
extension FrameDriver {
    /// The platform's and the script's events for this frame, handed to the content.
    func takeInput() {
        events.removeAll(keepingCapacity: true)
        eventTimes.removeAll(keepingCapacity: true)
        // A scripted or virtual run's events happen at the frame's simulated time; real
        // input at its own, as the platform tells it.
        let now = virtualFrameTime == nil ? MonotonicClock.seconds() : elapsed
        platform.poll(into: &events, times: &eventTimes, now: now)
        if virtualFrameTime != nil { for i in eventTimes.indices { eventTimes[i] = now } }
        while scriptIndex < script.count, script[scriptIndex].frame <= frame {
            let e = script[scriptIndex].event.clamped
            if case .resize(let w, let h) = e { platform.setWindowSize(w: w, h: h) }
            events.append(e)
            eventTimes.append(now)
            scriptIndex += 1
        }
        var kept = 0
        for i in events.indices {
            let e = events[i].clamped
            // A window the system made larger than the limits allow (the script's resizes
            // are clamped already) is brought back within them: its pixels are memory.
            if case .resize(let w, let h) = e, e != events[i] { platform.setWindowSize(w: w, h: h) }
            if case .hitch(let seconds) = e {
                // A stall before this frame: its time is added to the frame's, as if it had
                // really passed; no one else sees it.
                hitch += seconds
                record?(ScriptedEvent(frame: frame, event: e))
                continue
            }
            // A scripted resize comes back from the window as an event: count it once.
            if case .resize(let w, let h) = e, Vec2(w, h) == content.size { continue }
            record?(ScriptedEvent(frame: frame, event: e))
            content.enqueue(e, at: eventTimes[i])
            if virtualFrameTime == nil { latency?.handed(eventTimes[i]) }
            events[kept] = e
            eventTimes[kept] = eventTimes[i]
            kept += 1
        }
        events.removeLast(events.count - kept)
        eventTimes.removeLast(eventTimes.count - kept)
    }
}
