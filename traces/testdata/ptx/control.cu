// Control flow: divergent if/else, nested ifs, loops with break and continue,
// early returns, a switch, a loop with a data-dependent trip count.
__global__ void ifelse(int *o, const int *a) {
  int i = tid_x();
  int x = a[i];
  if (x & 1) x = x * 3 + 1; else x = x / 2;
  if (x > 10) { if (x > 100) x -= 100; else x += 7; }
  o[i] = x;
}

__global__ void loops(int *o, const int *a, int n) {
  int i = tid_x();
  int s = 0;
  for (int k = 0; k < n; k++) {
    int v = a[(i + k) % n];
    if (v < 0) break;
    if (v == 0) continue;
    for (int j = 0; j < (v & 7); j++) s += j ^ v;
  }
  int c = 0;
  while (s > 1) { s = (s & 1) ? 3 * s + 1 : s >> 1; c++; }
  o[i] = c;
}

__global__ void early(float *o, const float *a, int n) {
  int i = gid_x();
  if (i >= n) return;
  float x = a[i];
  if (x < 0.0f) { o[i] = 0.0f; return; }
  if (x > 1e6f) return;
  o[i] = x * x;
}

__global__ void sw(int *o, const int *a) {
  int i = tid_x();
  int r;
  switch (a[i]) {
  case 0: r = 11; break;
  case 1: r = a[i + 1] * 3; break;
  case 2: r = a[i + 2] + 7; break;
  case 3: r = a[i + 3] ^ 5; break;
  case 5: r = a[i + 5] - 1; break;
  case 8: r = -a[i]; break;
  default: r = -1;
  }
  o[i] = r;
}

__global__ void __launch_bounds__(256, 2) bounded(int *o) { o[gid_x()] = gid_x(); }
