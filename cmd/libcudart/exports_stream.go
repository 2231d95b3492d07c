package main

/*
#include "cudart.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gpusim/gpusim/sim/cuda"
)

// Streams, events and host callbacks. Work runs in order when issued, so a
// host function enqueued on a stream runs at once, after the work issued
// before it.

//export cudaStreamCreate
func cudaStreamCreate(pStream *C.cudaStream_t) C.cudaError_t {
	return guard("cudaStreamCreate", func(t cuda.Thread) cuda.Error { return streamCreate(t, pStream, 0, 0) })
}

//export cudaStreamCreateWithFlags
func cudaStreamCreateWithFlags(pStream *C.cudaStream_t, flags C.uint) C.cudaError_t {
	return guard("cudaStreamCreateWithFlags", func(t cuda.Thread) cuda.Error { return streamCreate(t, pStream, flags, 0) })
}

//export cudaStreamCreateWithPriority
func cudaStreamCreateWithPriority(pStream *C.cudaStream_t, flags C.uint, priority C.int) C.cudaError_t {
	return guard("cudaStreamCreateWithPriority", func(t cuda.Thread) cuda.Error { return streamCreate(t, pStream, flags, priority) })
}

func streamCreate(t cuda.Thread, pStream *C.cudaStream_t, flags C.uint, priority C.int) cuda.Error {
	if pStream == nil {
		return cuda.ErrorInvalidValue
	}
	h, e := rt().StreamCreate(t, uint32(flags), int(priority))
	if e == cuda.Success {
		*pStream = C.cudaStream_t(h)
	}
	return e
}

//export cudaStreamDestroy
func cudaStreamDestroy(stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaStreamDestroy", func(t cuda.Thread) cuda.Error { return rt().StreamDestroy(t, uint64(stream)) })
}

//export cudaStreamSynchronize
func cudaStreamSynchronize(stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaStreamSynchronize", func(t cuda.Thread) cuda.Error { return rt().StreamSynchronize(t, uint64(stream)) })
}

//export cudaStreamQuery
func cudaStreamQuery(stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaStreamQuery", func(t cuda.Thread) cuda.Error { return rt().StreamQuery(t, uint64(stream)) })
}

//export cudaStreamWaitEvent
func cudaStreamWaitEvent(stream C.cudaStream_t, event C.cudaEvent_t, flags C.uint) C.cudaError_t {
	return guard("cudaStreamWaitEvent", func(t cuda.Thread) cuda.Error {
		return rt().StreamWaitEvent(t, uint64(stream), uint64(event), uint32(flags))
	})
}

//export cudaStreamGetFlags
func cudaStreamGetFlags(stream C.cudaStream_t, flags *C.uint) C.cudaError_t {
	return guard("cudaStreamGetFlags", func(t cuda.Thread) cuda.Error {
		if flags == nil {
			return cuda.ErrorInvalidValue
		}
		f, e := rt().StreamGetFlags(t, uint64(stream))
		*flags = C.uint(f)
		return e
	})
}

//export cudaStreamGetPriority
func cudaStreamGetPriority(stream C.cudaStream_t, priority *C.int) C.cudaError_t {
	return guard("cudaStreamGetPriority", func(t cuda.Thread) cuda.Error {
		if priority == nil {
			return cuda.ErrorInvalidValue
		}
		p, e := rt().StreamGetPriority(t, uint64(stream))
		*priority = C.int(p)
		return e
	})
}

//export cudaLaunchHostFunc
func cudaLaunchHostFunc(stream C.cudaStream_t, fn C.gpusim_hostFn, userData unsafe.Pointer) C.cudaError_t {
	e := guard("cudaLaunchHostFunc", func(t cuda.Thread) cuda.Error {
		if fn == nil {
			return cuda.ErrorInvalidValue
		}
		return rt().StreamSynchronize(t, uint64(stream))
	})
	if e == 0 {
		C.gpusim_call_host_fn(fn, userData) // outside the runtime: it may not call CUDA, but must not deadlock if it does
	}
	return e
}

//export cudaStreamAddCallback
func cudaStreamAddCallback(stream C.cudaStream_t, fn C.gpusim_streamCallback, userData unsafe.Pointer, flags C.uint) C.cudaError_t {
	e := guard("cudaStreamAddCallback", func(t cuda.Thread) cuda.Error {
		if fn == nil || flags != 0 {
			return cuda.ErrorInvalidValue
		}
		return rt().CheckStream(t, uint64(stream))
	})
	if e == 0 {
		C.gpusim_call_stream_callback(fn, stream, 0, userData)
	}
	return e
}

//export cudaEventCreate
func cudaEventCreate(event *C.cudaEvent_t) C.cudaError_t {
	return guard("cudaEventCreate", func(t cuda.Thread) cuda.Error { return eventCreate(t, event, 0) })
}

//export cudaEventCreateWithFlags
func cudaEventCreateWithFlags(event *C.cudaEvent_t, flags C.uint) C.cudaError_t {
	return guard("cudaEventCreateWithFlags", func(t cuda.Thread) cuda.Error { return eventCreate(t, event, flags) })
}

func eventCreate(t cuda.Thread, event *C.cudaEvent_t, flags C.uint) cuda.Error {
	if event == nil {
		return cuda.ErrorInvalidValue
	}
	h, e := rt().EventCreate(t, uint32(flags))
	if e == cuda.Success {
		*event = C.cudaEvent_t(h)
	}
	return e
}

//export cudaEventDestroy
func cudaEventDestroy(event C.cudaEvent_t) C.cudaError_t {
	return guard("cudaEventDestroy", func(t cuda.Thread) cuda.Error { return rt().EventDestroy(t, uint64(event)) })
}

//export cudaEventRecord
func cudaEventRecord(event C.cudaEvent_t, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaEventRecord", func(t cuda.Thread) cuda.Error { return rt().EventRecord(t, uint64(event), uint64(stream)) })
}

//export cudaEventRecordWithFlags
func cudaEventRecordWithFlags(event C.cudaEvent_t, stream C.cudaStream_t, flags C.uint) C.cudaError_t {
	return guard("cudaEventRecordWithFlags", func(t cuda.Thread) cuda.Error { return rt().EventRecord(t, uint64(event), uint64(stream)) })
}

//export cudaEventSynchronize
func cudaEventSynchronize(event C.cudaEvent_t) C.cudaError_t {
	return guard("cudaEventSynchronize", func(t cuda.Thread) cuda.Error { return rt().EventSynchronize(t, uint64(event)) })
}

//export cudaEventQuery
func cudaEventQuery(event C.cudaEvent_t) C.cudaError_t {
	return guard("cudaEventQuery", func(t cuda.Thread) cuda.Error { return rt().EventQuery(t, uint64(event)) })
}

//export cudaEventElapsedTime
func cudaEventElapsedTime(ms *C.float, start, end C.cudaEvent_t) C.cudaError_t {
	return guard("cudaEventElapsedTime", func(t cuda.Thread) cuda.Error {
		if ms == nil {
			return cuda.ErrorInvalidValue
		}
		v, e := rt().EventElapsedTime(t, uint64(start), uint64(end))
		if e == cuda.Success {
			*ms = C.float(v)
		}
		return e
	})
}
