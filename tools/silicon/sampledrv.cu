// sampledrv.cu: runs the bundled sample kernels on the GPU, for Nsight
// Compute and for event timings. Each sample is a launch manifest (written
// by `silicon samples` from the sample's launch file, so the buffers hold the
// bytes gpusim's launch gives the kernel) and a module: the cubin nvcc made
// from the sample's CUDA source, or the committed PTX that gpusim simulates
// (the driver JIT-compiles it).
//
//   sampledrv [--reps N] MANIFEST MODULE [MANIFEST MODULE ...]
//
// For every pair it loads the module, allocates and fills the buffers, lays
// out the parameter buffer exactly as the manifest says, launches the kernel
// N times (default 1) and prints one JSON line: the sample, the module, the
// variant (nvcc-sm_NN or ptx-jit), the shape and the event time of every
// launch. A failing sample prints a line with "error" and the next one runs.
// Manifest lines (text):
//   sample NAME | kernel NAME | grid X Y Z | block X Y Z | shared BYTES | params BYTES
//   buffer NAME BYTES FILE|-        (- : zero-filled)
//   param OFFSET buffer NAME        (the buffer's device address, 8 bytes)
//   bytes OFFSET HEX                (literal parameter bytes)

#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Buffer {
  std::string name, file;
  size_t bytes = 0;
  void* dev = nullptr;
};

struct Manifest {
  std::string sample, kernel;
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  unsigned shared = 0;
  std::vector<uint8_t> params;
  std::vector<Buffer> buffers;
  std::vector<std::pair<size_t, std::string>> pointers;  // offset, buffer name
};

std::string json(const std::string& s) {
  std::string r = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\';
    if (static_cast<unsigned char>(c) >= 0x20) r += c;
  }
  return r + "\"";
}

bool read_manifest(const std::string& path, Manifest& m, std::string& err) {
  std::ifstream in(path);
  if (!in) {
    err = path + ": cannot open";
    return false;
  }
  const std::string dir = path.substr(0, path.find_last_of('/') + 1);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::istringstream s(line);
    std::string key;
    if (!(s >> key) || key[0] == '#') continue;
    bool ok = true;
    if (key == "sample") {
      ok = static_cast<bool>(s >> m.sample);
    } else if (key == "kernel") {
      ok = static_cast<bool>(s >> m.kernel);
    } else if (key == "grid") {
      ok = static_cast<bool>(s >> m.grid[0] >> m.grid[1] >> m.grid[2]);
    } else if (key == "block") {
      ok = static_cast<bool>(s >> m.block[0] >> m.block[1] >> m.block[2]);
    } else if (key == "shared") {
      ok = static_cast<bool>(s >> m.shared);
    } else if (key == "params") {
      size_t n_bytes = 0;
      ok = static_cast<bool>(s >> n_bytes) && n_bytes <= 4096;
      m.params.assign(n_bytes, 0);
    } else if (key == "buffer") {
      Buffer b;
      ok = static_cast<bool>(s >> b.name >> b.bytes >> b.file);
      if (b.file != "-") b.file = dir + b.file;
      m.buffers.push_back(b);
    } else if (key == "param") {
      size_t off = 0;
      std::string what, name;
      ok = static_cast<bool>(s >> off >> what >> name) && what == "buffer" && off + 8 <= m.params.size();
      m.pointers.push_back({off, name});
    } else if (key == "bytes") {
      size_t off = 0;
      std::string hex;
      ok = static_cast<bool>(s >> off >> hex) && hex.size() % 2 == 0 && off + hex.size() / 2 <= m.params.size();
      for (size_t i = 0; ok && i < hex.size(); i += 2) {
        m.params[off + i / 2] = static_cast<uint8_t>(std::strtoul(hex.substr(i, 2).c_str(), nullptr, 16));
      }
    } else {
      ok = false;
    }
    if (!ok) {
      err = path + ":" + std::to_string(n) + ": cannot read " + json(line);
      return false;
    }
  }
  if (m.kernel.empty()) {
    err = path + ": no kernel line";
    return false;
  }
  return true;
}

// run loads module and launches the manifest's kernel reps times; it returns
// the JSON line.
std::string run(const std::string& manifest, const std::string& module, int reps) {
  Manifest m;
  std::string err;
  const bool ptx = module.size() > 4 && module.compare(module.size() - 4, 4, ".ptx") == 0;
  int major = 0, minor = 0, dev = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  const std::string variant = ptx ? "ptx-jit" : "nvcc-sm_" + std::to_string(10 * major + minor);
  const std::string head = "{\"manifest\":" + json(manifest) + ",\"module\":" + json(module) + ",\"variant\":" + json(variant);
  if (!read_manifest(manifest, m, err)) return head + ",\"error\":" + json(err) + "}";
  auto fail = [&](const std::string& what, int code) {
    return head + ",\"sample\":" + json(m.sample) + ",\"kernel\":" + json(m.kernel) + ",\"error\":" +
           json(what + " (error " + std::to_string(code) + ")") + "}";
  };
  CUmodule mod;
  CUresult r = cuModuleLoad(&mod, module.c_str());
  if (r != CUDA_SUCCESS) return fail("cuModuleLoad " + module, r);
  CUfunction fn;
  r = cuModuleGetFunction(&fn, mod, m.kernel.c_str());
  if (r != CUDA_SUCCESS) {
    cuModuleUnload(mod);
    return fail("cuModuleGetFunction " + m.kernel, r);
  }
  // Buffer addresses by name (a plain search: the std::map of libstdc++ 12
  // trips CUDA 11.8's front end, and a manifest has a handful of buffers).
  auto addr_of = [&](const std::string& name) -> void* {
    for (const Buffer& b : m.buffers) {
      if (b.name == name) return b.dev;
    }
    return nullptr;
  };
  std::string bad;
  for (Buffer& b : m.buffers) {
    if (cudaMalloc(&b.dev, std::max<size_t>(b.bytes, 1)) != cudaSuccess) {
      bad = "cudaMalloc " + b.name;
      break;
    }
    std::vector<char> data(b.bytes, 0);
    if (b.file != "-") {
      std::ifstream f(b.file, std::ios::binary);
      if (!f.read(data.data(), static_cast<std::streamsize>(b.bytes))) {
        bad = b.file + ": cannot read " + std::to_string(b.bytes) + " bytes";
        break;
      }
    }
    cudaMemcpy(b.dev, data.data(), b.bytes, cudaMemcpyHostToDevice);
  }
  for (const auto& p : m.pointers) {
    void* dev_ptr = bad.empty() ? addr_of(p.second) : nullptr;
    if (dev_ptr == nullptr) {
      if (bad.empty()) bad = "parameter at " + std::to_string(p.first) + " names no buffer " + p.second;
      break;
    }
    const uint64_t a = reinterpret_cast<uint64_t>(dev_ptr);
    std::memcpy(&m.params[p.first], &a, 8);
  }
  std::string times;
  if (bad.empty()) {
    size_t size = m.params.size();
    void* extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, m.params.data(), CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                     CU_LAUNCH_PARAM_END};
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    for (int i = 0; i < reps && bad.empty(); ++i) {
      cudaEventRecord(e0);
      r = cuLaunchKernel(fn, m.grid[0], m.grid[1], m.grid[2], m.block[0], m.block[1], m.block[2], m.shared, nullptr,
                         nullptr, extra);
      cudaEventRecord(e1);
      const cudaError_t e = cudaEventSynchronize(e1);
      float ms = 0;
      cudaEventElapsedTime(&ms, e0, e1);
      if (r != CUDA_SUCCESS || e != cudaSuccess) {
        bad = "launch: " + std::to_string(r) + " / " + cudaGetErrorString(e);
      } else {
        char b[32];
        std::snprintf(b, sizeof b, "%.6f", ms);
        times += (times.empty() ? "" : ",") + std::string(b);
      }
    }
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
  }
  for (Buffer& b : m.buffers) {
    if (b.dev != nullptr) cudaFree(b.dev);
  }
  cuModuleUnload(mod);
  if (!bad.empty()) return fail(bad, 0);
  char shape[160];
  std::snprintf(shape, sizeof shape, ",\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],\"shared\":%u", m.grid[0], m.grid[1],
                m.grid[2], m.block[0], m.block[1], m.block[2], m.shared);
  return head + ",\"sample\":" + json(m.sample) + ",\"kernel\":" + json(m.kernel) + shape + ",\"reps\":" +
         std::to_string(reps) + ",\"event_ms\":[" + times + "]}";
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 1, i = 1;
  if (argc > 2 && std::strcmp(argv[1], "--reps") == 0) {
    reps = std::max(1, std::atoi(argv[2]));
    i = 3;
  }
  if ((argc - i) % 2 != 0 || argc - i == 0) {
    std::fprintf(stderr, "usage: sampledrv [--reps N] MANIFEST MODULE [MANIFEST MODULE ...]\n");
    return 2;
  }
  if (cudaFree(nullptr) != cudaSuccess || cuInit(0) != CUDA_SUCCESS) {  // the primary context, current for both APIs
    std::fprintf(stderr, "sampledrv: no CUDA device\n");
    return 1;
  }
  int failed = 0;
  for (; i + 1 < argc; i += 2) {
    const std::string line = run(argv[i], argv[i + 1], reps);
    failed += line.find("\"error\"") != std::string::npos;
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
  }
  return failed ? 1 : 0;
}
