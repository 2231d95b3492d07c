// capture_host.h: the host side shared by capture.cu's parts: the framed
// stream writer (stream.go documents the format), error handling, JSON
// text helpers and the device description.
#pragma once

#include <cuda_runtime.h>

#include <errno.h>
#include <unistd.h>

#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

enum FrameKind : uint16_t { kInfo = 1, kData = 2, kBench = 3, kEnd = 4, kError = 5 };

// Stream writes frames to a file descriptor; any write failure ends the
// program (the reader has gone away).
class Stream {
 public:
  explicit Stream(int fd) : fd_(fd) {}

  void frame(uint16_t kind, uint16_t form, uint64_t start, uint32_t count, const void* payload, uint32_t size) {
    uint8_t h[32];
    put16(h + 4, kind);
    put16(h + 6, form);
    put64(h + 8, start);
    put32(h + 16, count);
    put32(h + 20, size);
    put32(h + 24, seq_);
    std::memcpy(h, "GSF1", 4);
    uint32_t check = 0x5a5a5a5au;
    for (int i = 0; i < 28; i += 4) {
      check ^= static_cast<uint32_t>(h[i]) | static_cast<uint32_t>(h[i + 1]) << 8 |
               static_cast<uint32_t>(h[i + 2]) << 16 | static_cast<uint32_t>(h[i + 3]) << 24;
    }
    put32(h + 28, check);
    write_all(h, sizeof h);
    if (size > 0) write_all(payload, size);
    ++seq_;
    if (kind == kData) {
      ++data_frames_;
      elements_ += count;
    }
  }

  void text(uint16_t kind, const std::string& s) {
    frame(kind, 0, 0, 0, s.data(), static_cast<uint32_t>(s.size()));
  }

  void end() { frame(kEnd, 0, elements_, data_frames_, nullptr, 0); }

 private:
  static void put16(uint8_t* p, uint16_t v) {
    p[0] = static_cast<uint8_t>(v);
    p[1] = static_cast<uint8_t>(v >> 8);
  }
  static void put32(uint8_t* p, uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
  }
  static void put64(uint8_t* p, uint64_t v) {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
  }
  void write_all(const void* p, size_t n) {
    const char* c = static_cast<const char*>(p);
    while (n > 0) {
      const ssize_t w = ::write(fd_, c, n);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) {
        std::fprintf(stderr, "capture: writing the stream: %s\n", std::strerror(errno));
        std::exit(4);
      }
      c += w;
      n -= static_cast<size_t>(w);
    }
  }

  int fd_;
  uint32_t seq_ = 0;
  uint32_t data_frames_ = 0;
  uint64_t elements_ = 0;
};

// Fail reports a CUDA error on stderr and in an error frame, ends the stream
// cleanly (so the reader keeps what arrived) and exits.
[[noreturn]] void fail(Stream& out, const char* what, cudaError_t e, int line) {
  char msg[512];
  std::snprintf(msg, sizeof msg, "capture.cu:%d: %s: %s (%s)", line, what, cudaGetErrorString(e), cudaGetErrorName(e));
  std::fprintf(stderr, "capture: %s\n", msg);
  out.text(kError, msg);
  out.end();
  std::exit(3);
}

#define CK(out, call)                                      \
  do {                                                     \
    const cudaError_t e_ = (call);                         \
    if (e_ != cudaSuccess) fail(out, #call, e_, __LINE__); \
  } while (0)

std::string json_escape(const char* s) {
  std::string r;
  for (; *s; ++s) {
    const unsigned char c = static_cast<unsigned char>(*s);
    if (c == '"' || c == '\\') {
      r += '\\';
      r += static_cast<char>(c);
    } else if (c < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      r += b;
    } else {
      r += static_cast<char>(c);
    }
  }
  return r;
}

std::string fmt(const char* f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char* f, ...) {
  char buf[4096];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return buf;
}

// num formats a measurement for JSON: null when it is not finite.
std::string num(double v, int digits = 3) {
  if (!std::isfinite(v)) return "null";
  return fmt("%.*f", digits, v);
}

struct Device {
  int id = 0;
  int cc = 0;  // 10*major + minor
  int sms = 0;
  int clock_khz = 0;
  std::string info;  // the info frame's JSON
};

int attr(Stream& out, cudaDeviceAttr a, int dev) {
  int v = 0;
  CK(out, cudaDeviceGetAttribute(&v, a, dev));
  return v;
}

}  // namespace
