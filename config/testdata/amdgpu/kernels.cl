// Kernels whose AMDGPU assembly gives the instruction mix config tests route:
// scalar and vector ALU, the full f32 division macro, transcendentals,
// LDS, barriers, global loads and stores, f64 arithmetic and divergence.
// Regenerate the fixtures with ./gen.sh (needs clang-19 and llc-19).

__kernel void divk(__global float *a, __global const float *b, int n) {
	int i = get_global_id(0);
	if (i < n)
		a[i] = a[i] / b[i];
}

__kernel void transk(__global float *a, __global double *d) {
	int i = get_global_id(0);
	a[i] = native_exp2(a[i]) + native_recip(a[i + 1]) + native_rsqrt(a[i + 2]) + native_log2(a[i + 3]);
	d[i] = d[i] * d[i + 1] + d[i + 2] / d[i + 3];
}

__kernel void ldsk(__global int *a, __local int *tmp) {
	int l = get_local_id(0);
	tmp[l] = a[get_global_id(0)];
	barrier(CLK_LOCAL_MEM_FENCE);
	int s = 0;
	for (int k = 0; k < 8; k++)
		s += tmp[(l + k) % get_local_size(0)] * k;
	a[get_global_id(0)] = s > 100 ? s - 100 : s << 2;
}
