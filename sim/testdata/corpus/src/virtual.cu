// Virtual functions: objects of three classes built in device memory by
// one kernel (their vtables are module-scope initialisers holding function
// addresses) and used through base pointers by another, each lane calling
// its object's override.
#include "corpus.h"
#include <new>

struct Shape {
	float s;
	__device__ Shape(float x) : s(x) {}
	__device__ virtual float area() const = 0;
	__device__ virtual int sides() const { return 0; }
};
struct Square : Shape {
	__device__ Square(float x) : Shape(x) {}
	__device__ float area() const override { return s * s; }
	__device__ int sides() const override { return 4; }
};
struct Triangle : Shape {
	__device__ Triangle(float x) : Shape(x) {}
	__device__ float area() const override { return 0.5f * s * s; }
	__device__ int sides() const override { return 3; }
};
struct Circle : Shape {
	__device__ Circle(float x) : Shape(x) {}
	__device__ float area() const override { return 3.0f * s * s; }
};

struct Slot {
	alignas(16) unsigned char bytes[32];
};

__global__ void build(Slot *slots, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float x = (float)(i % 7 + 1);
	switch (i % 3) {
	case 0: new (slots[i].bytes) Square(x); break;
	case 1: new (slots[i].bytes) Triangle(x); break;
	default: new (slots[i].bytes) Circle(x); break;
	}
}

__global__ void use(const Slot *slots, float *area, int *sides, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	const Shape *s = reinterpret_cast<const Shape *>(slots[i].bytes);
	area[i] = s->area();
	sides[i] = s->sides();
}

int main()
{
	const int n = 96;
	Slot *slots;
	CHECK(cudaMalloc(&slots, n * sizeof(Slot)));
	Buf<float> area(n);
	Buf<int> sides(n);
	build<<<3, 32>>>(slots, n);
	use<<<3, 32>>>(slots, area.d, sides.d, n);
	CHECK(cudaDeviceSynchronize());
	area.down();
	sides.down();
	for (int i = 0; i < n; i++) {
		float x = (float)(i % 7 + 1);
		float a = i % 3 == 0 ? x * x : i % 3 == 1 ? 0.5f * x * x : 3.0f * x * x;
		int s = i % 3 == 0 ? 4 : i % 3 == 1 ? 3 : 0;
		EXPECT(area.h[i] == a && sides.h[i] == s, "object %d: area %g sides %d, want %g %d", i, area.h[i], sides.h[i], a, s);
	}
	printf("PASS\n");
	return 0;
}
