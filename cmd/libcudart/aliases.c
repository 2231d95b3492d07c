// The per-thread default stream variants (_ptds, _ptsz) that programs built
// with nvcc --default-stream per-thread call. Work runs in order on every
// stream here, so each is its plain counterpart.
#include "cudart.h"
#include "_cgo_export.h"

cudaError_t cudaMemcpy_ptds(void *dst, void *src, size_t n, int kind) { return cudaMemcpy(dst, src, n, kind); }
cudaError_t cudaMemcpyAsync_ptsz(void *dst, void *src, size_t n, int kind, cudaStream_t s) { return cudaMemcpyAsync(dst, src, n, kind, s); }
cudaError_t cudaMemcpy2D_ptds(void *dst, size_t dp, void *src, size_t sp, size_t w, size_t h, int kind)
{
	return cudaMemcpy2D(dst, dp, src, sp, w, h, kind);
}
cudaError_t cudaMemcpy2DAsync_ptsz(void *dst, size_t dp, void *src, size_t sp, size_t w, size_t h, int kind, cudaStream_t s)
{
	return cudaMemcpy2DAsync(dst, dp, src, sp, w, h, kind, s);
}
cudaError_t cudaMemset_ptds(void *p, int v, size_t n) { return cudaMemset(p, v, n); }
cudaError_t cudaMemsetAsync_ptsz(void *p, int v, size_t n, cudaStream_t s) { return cudaMemsetAsync(p, v, n, s); }
cudaError_t cudaMemset2D_ptds(void *p, size_t pitch, int v, size_t w, size_t h) { return cudaMemset2D(p, pitch, v, w, h); }
cudaError_t cudaMemset2DAsync_ptsz(void *p, size_t pitch, int v, size_t w, size_t h, cudaStream_t s)
{
	return cudaMemset2DAsync(p, pitch, v, w, h, s);
}
cudaError_t cudaMemcpyToSymbol_ptds(void *sym, void *src, size_t n, size_t off, int kind) { return cudaMemcpyToSymbol(sym, src, n, off, kind); }
cudaError_t cudaMemcpyToSymbolAsync_ptsz(void *sym, void *src, size_t n, size_t off, int kind, cudaStream_t s)
{
	return cudaMemcpyToSymbolAsync(sym, src, n, off, kind, s);
}
cudaError_t cudaMemcpyFromSymbol_ptds(void *dst, void *sym, size_t n, size_t off, int kind) { return cudaMemcpyFromSymbol(dst, sym, n, off, kind); }
cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void *dst, void *sym, size_t n, size_t off, int kind, cudaStream_t s)
{
	return cudaMemcpyFromSymbolAsync(dst, sym, n, off, kind, s);
}
cudaError_t cudaLaunchKernel_ptsz(void *fn, gpusim_dim3 g, gpusim_dim3 b, void *args, size_t sh, cudaStream_t s)
{
	return cudaLaunchKernel(fn, g, b, args, sh, s);
}
cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t s) { return cudaStreamSynchronize(s); }
cudaError_t cudaStreamQuery_ptsz(cudaStream_t s) { return cudaStreamQuery(s); }
cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t s, cudaEvent_t e, unsigned int f) { return cudaStreamWaitEvent(s, e, f); }
cudaError_t cudaStreamGetFlags_ptsz(cudaStream_t s, unsigned int *f) { return cudaStreamGetFlags(s, f); }
cudaError_t cudaStreamGetPriority_ptsz(cudaStream_t s, int *p) { return cudaStreamGetPriority(s, p); }
cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t s, gpusim_streamCallback fn, void *u, unsigned int f)
{
	return cudaStreamAddCallback(s, fn, u, f);
}
cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t s, gpusim_hostFn fn, void *u) { return cudaLaunchHostFunc(s, fn, u); }
cudaError_t cudaEventRecord_ptsz(cudaEvent_t e, cudaStream_t s) { return cudaEventRecord(e, s); }
cudaError_t cudaEventRecordWithFlags_ptsz(cudaEvent_t e, cudaStream_t s, unsigned int f) { return cudaEventRecordWithFlags(e, s, f); }
cudaError_t cudaMemcpy2DToArray_ptds(gpusim_array_t dst, size_t wo, size_t ho, void *src, size_t sp, size_t w, size_t h, int kind)
{
	return cudaMemcpy2DToArray(dst, wo, ho, src, sp, w, h, kind);
}
cudaError_t cudaMemcpy2DToArrayAsync_ptsz(gpusim_array_t dst, size_t wo, size_t ho, void *src, size_t sp, size_t w, size_t h, int kind, cudaStream_t s)
{
	return cudaMemcpy2DToArrayAsync(dst, wo, ho, src, sp, w, h, kind, s);
}
cudaError_t cudaMemcpy2DFromArray_ptds(void *dst, size_t dp, gpusim_array_t src, size_t wo, size_t ho, size_t w, size_t h, int kind)
{
	return cudaMemcpy2DFromArray(dst, dp, src, wo, ho, w, h, kind);
}
cudaError_t cudaMemcpy2DFromArrayAsync_ptsz(void *dst, size_t dp, gpusim_array_t src, size_t wo, size_t ho, size_t w, size_t h, int kind, cudaStream_t s)
{
	return cudaMemcpy2DFromArrayAsync(dst, dp, src, wo, ho, w, h, kind, s);
}
cudaError_t cudaMemcpyToArray_ptds(gpusim_array_t dst, size_t wo, size_t ho, void *src, size_t n, int kind) { return cudaMemcpyToArray(dst, wo, ho, src, n, kind); }
cudaError_t cudaMemcpyToArrayAsync_ptsz(gpusim_array_t dst, size_t wo, size_t ho, void *src, size_t n, int kind, cudaStream_t s)
{
	return cudaMemcpyToArrayAsync(dst, wo, ho, src, n, kind, s);
}
cudaError_t cudaMemcpyFromArray_ptds(void *dst, gpusim_array_t src, size_t wo, size_t ho, size_t n, int kind) { return cudaMemcpyFromArray(dst, src, wo, ho, n, kind); }
cudaError_t cudaMemcpyFromArrayAsync_ptsz(void *dst, gpusim_array_t src, size_t wo, size_t ho, size_t n, int kind, cudaStream_t s)
{
	return cudaMemcpyFromArrayAsync(dst, src, wo, ho, n, kind, s);
}
cudaError_t cudaMemcpy3D_ptds(gpusim_memcpy3DParms *p) { return cudaMemcpy3D(p); }
cudaError_t cudaMemcpy3DAsync_ptsz(gpusim_memcpy3DParms *p, cudaStream_t s) { return cudaMemcpy3DAsync(p, s); }
