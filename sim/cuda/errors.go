package cuda

import "sort"

// Error is a cudaError_t value. Its names and texts are the CUDA 11.8
// runtime's (errors_table.go).
type Error int32

// The values the runtime returns (CUDA 11.8 driver_types.h, enum cudaError).
const (
	Success                       Error = 0
	ErrorInvalidValue             Error = 1
	ErrorMemoryAllocation         Error = 2
	ErrorInitializationError      Error = 3
	ErrorInvalidConfiguration     Error = 9
	ErrorInvalidPitchValue        Error = 12
	ErrorInvalidSymbol            Error = 13
	ErrorInvalidHostPointer       Error = 16
	ErrorInvalidDevicePointer     Error = 17
	ErrorInvalidTexture           Error = 18
	ErrorInvalidTextureBinding    Error = 19
	ErrorInvalidChannelDescriptor Error = 20
	ErrorInvalidMemcpyDir         Error = 21
	ErrorMissingConfiguration     Error = 52
	ErrorInvalidDeviceFunction    Error = 98
	ErrorNoDevice                 Error = 100
	ErrorInvalidDevice            Error = 101
	ErrorInvalidKernelImage       Error = 200
	ErrorNoKernelImage            Error = 209
	ErrorUnsupportedLimit         Error = 215
	ErrorInvalidPtx               Error = 218
	ErrorInvalidResourceHandle    Error = 400
	ErrorSymbolNotFound           Error = 500
	ErrorNotReady                 Error = 600
	ErrorIllegalAddress           Error = 700
	ErrorLaunchOutOfResources     Error = 701
	ErrorLaunchTimeout            Error = 702
	ErrorAssert                   Error = 710
	ErrorHardwareStackError       Error = 714
	ErrorMisalignedAddress        Error = 716
	ErrorLaunchFailure            Error = 719
	ErrorNotSupported             Error = 801
	ErrorUnknown                  Error = 999
)

// Sticky reports whether the error is one of those that, on hardware,
// leave the context unusable: every later call returns it (the CUDA
// Runtime API's enum cudaError documentation: "any further CUDA work will
// return the same error"). Here they last until cudaDeviceReset.
func (e Error) Sticky() bool {
	switch e {
	case ErrorIllegalAddress, ErrorLaunchTimeout, ErrorAssert, ErrorMisalignedAddress, ErrorLaunchFailure,
		ErrorHardwareStackError, 715, 717, 718: // illegal instruction, invalid address space, invalid PC
		return true
	}
	return false
}

// Name is what cudaGetErrorName returns ("cudaErrorIllegalAddress").
func (e Error) Name() string {
	if r, ok := lookupError(e); ok {
		return r.name
	}
	return unknownErrorName
}

// String is what cudaGetErrorString returns ("an illegal memory access was
// encountered").
func (e Error) String() string {
	if r, ok := lookupError(e); ok {
		return r.text
	}
	return unknownErrorText
}

func lookupError(e Error) (struct {
	code       Error
	name, text string
}, bool) {
	i := sort.Search(len(errorTable), func(i int) bool { return errorTable[i].code >= e })
	if i < len(errorTable) && errorTable[i].code == e {
		return errorTable[i], true
	}
	return errorTable[0], false
}
