package cuda

// Streams and events. All work runs in order the moment it is issued (see
// Runtime), so a stream is only a handle, every query finds its work done,
// and an event records the simulated time at which the device finished
// the work issued before it: the sum of the cycles of the kernels
// launched so far (timing mode; the functional mode has no time, and its
// events are all at 0).

// Special stream handles (driver_types.h): cudaStreamLegacy and
// cudaStreamPerThread; 0 is the default stream.
const (
	streamLegacy    = 1
	streamPerThread = 2
)

type stream struct {
	handle   uint64
	flags    uint32
	priority int
}

type event struct {
	handle   uint64
	flags    uint32
	recorded bool
	at       uint64 // simulated cycle of the record
}

// cudaEventDisableTiming (driver_types.h).
const eventDisableTiming = 0x2

func (r *Runtime) lookupStream(h uint64) (*stream, Error) {
	if h == 0 || h == streamLegacy || h == streamPerThread {
		return nil, Success
	}
	s := r.streams[h]
	if s == nil {
		return nil, ErrorInvalidResourceHandle
	}
	return s, Success
}

// StreamCreate is cudaStreamCreate, cudaStreamCreateWithFlags and
// cudaStreamCreateWithPriority.
func (r *Runtime) StreamCreate(t Thread, flags uint32, priority int) (h uint64, e Error) {
	e = r.call(t, plain, func() Error {
		if flags&^1 != 0 { // cudaStreamNonBlocking is the only flag
			return ErrorInvalidValue
		}
		s := &stream{handle: r.newHandle(), flags: flags, priority: priority}
		r.streams[s.handle] = s
		h = s.handle
		return Success
	})
	return h, e
}

// StreamDestroy is cudaStreamDestroy.
func (r *Runtime) StreamDestroy(t Thread, h uint64) Error {
	return r.call(t, plain, func() Error {
		if r.streams[h] == nil {
			return ErrorInvalidResourceHandle
		}
		delete(r.streams, h)
		return Success
	})
}

// StreamSynchronize is cudaStreamSynchronize.
func (r *Runtime) StreamSynchronize(t Thread, h uint64) Error {
	return r.call(t, syncs, func() Error {
		_, e := r.lookupStream(h)
		return e
	})
}

// StreamQuery is cudaStreamQuery: the stream's work is always done.
func (r *Runtime) StreamQuery(t Thread, h uint64) Error { return r.StreamSynchronize(t, h) }

// StreamWaitEvent is cudaStreamWaitEvent: in-order execution has already
// satisfied it.
func (r *Runtime) StreamWaitEvent(t Thread, h, ev uint64, flags uint32) Error {
	return r.call(t, plain, func() Error {
		if _, e := r.lookupStream(h); e != Success {
			return e
		}
		if r.events[ev] == nil {
			return ErrorInvalidResourceHandle
		}
		return Success
	})
}

// StreamGetFlags and StreamGetPriority report what the stream was made with.
func (r *Runtime) StreamGetFlags(t Thread, h uint64) (flags uint32, e Error) {
	e = r.call(t, plain, func() Error {
		s, e := r.lookupStream(h)
		if s != nil {
			flags = s.flags
		}
		return e
	})
	return flags, e
}

func (r *Runtime) StreamGetPriority(t Thread, h uint64) (prio int, e Error) {
	e = r.call(t, plain, func() Error {
		s, e := r.lookupStream(h)
		if s != nil {
			prio = s.priority
		}
		return e
	})
	return prio, e
}

// EventCreate is cudaEventCreate and cudaEventCreateWithFlags.
func (r *Runtime) EventCreate(t Thread, flags uint32) (h uint64, e Error) {
	e = r.call(t, plain, func() Error {
		if flags&^0xf != 0 { // blocking sync, disable timing, interprocess, ...
			return ErrorInvalidValue
		}
		ev := &event{handle: r.newHandle(), flags: flags}
		r.events[ev.handle] = ev
		h = ev.handle
		return Success
	})
	return h, e
}

// EventDestroy is cudaEventDestroy.
func (r *Runtime) EventDestroy(t Thread, h uint64) Error {
	return r.call(t, plain, func() Error {
		if r.events[h] == nil {
			return ErrorInvalidResourceHandle
		}
		delete(r.events, h)
		return Success
	})
}

// EventRecord is cudaEventRecord: the event takes the current simulated
// time.
func (r *Runtime) EventRecord(t Thread, h, streamHandle uint64) Error {
	return r.call(t, plain, func() Error {
		ev := r.events[h]
		if ev == nil {
			return ErrorInvalidResourceHandle
		}
		if _, e := r.lookupStream(streamHandle); e != Success {
			return e
		}
		ev.recorded, ev.at = true, r.clock
		return Success
	})
}

// EventSynchronize is cudaEventSynchronize; EventQuery is cudaEventQuery
// (the work before the event is always done).
func (r *Runtime) EventSynchronize(t Thread, h uint64) Error {
	return r.call(t, syncs, func() Error {
		if r.events[h] == nil {
			return ErrorInvalidResourceHandle
		}
		return Success
	})
}

func (r *Runtime) EventQuery(t Thread, h uint64) Error { return r.EventSynchronize(t, h) }

// EventElapsedTime is cudaEventElapsedTime: the simulated time from start
// to end in milliseconds, cycles over the machine's clock.
func (r *Runtime) EventElapsedTime(t Thread, start, end uint64) (ms float32, e Error) {
	e = r.call(t, plain, func() Error {
		s, en := r.events[start], r.events[end]
		if s == nil || en == nil {
			return ErrorInvalidResourceHandle
		}
		if !s.recorded || !en.recorded || s.flags&eventDisableTiming != 0 || en.flags&eventDisableTiming != 0 {
			return ErrorInvalidResourceHandle
		}
		cycles := float64(en.at) - float64(s.at)
		ms = float32(cycles / (r.machine.GPU.ClockMHz * 1000))
		return Success
	})
	return ms, e
}

// DeviceSynchronize is cudaDeviceSynchronize (and cudaThreadSynchronize).
func (r *Runtime) DeviceSynchronize(t Thread) Error {
	return r.call(t, syncs, func() Error { return Success })
}

// CheckStream validates a stream handle for the calls that take one.
func (r *Runtime) CheckStream(t Thread, h uint64) Error {
	return r.call(t, plain, func() Error {
		_, e := r.lookupStream(h)
		return e
	})
}
