// The f32 division kernel whose compiled macro alu's tests run
// (amd_divmacro_test.go). The lane index comes from the workitem-id builtin
// rather than get_global_id so that the kernel is self-contained under
// -nogpulib (no call into a device library).
__kernel void fdiv(__global const float *a, __global const float *b, __global float *c) {
  uint i = __builtin_amdgcn_workitem_id_x();
  c[i] = a[i] / b[i];
}
