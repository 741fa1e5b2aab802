// CRC-32C with the processor's instructions: 8 bytes a step, then the tail a byte at a time. The
// polynomial and bit order are those of the Swift table implementation (reflected 0x82F63B78), so both
// give the same checksums; the Swift side inverts before and after, as for the table version.
//
// On x86-64 with carry-less multiplication, long inputs run as three independent streams over three
// consecutive lanes of a block (the instruction's latency is three times its throughput, so one stream
// leaves two thirds of it idle), joined at the end of each block: the CRC register is linear, so the
// register after lanes A B C is shift(a, 2L) ^ shift(b, L) ^ c, where a continues the running value over
// A, b and c start from zero over B and C, and shift(v, n) multiplies v by x^(8n) modulo the polynomial.
// A carry-less product v * x^(8n-33) reduced by the CRC instruction over its 8 bytes is that shift (the
// reduction multiplies by x^33 more); the two constants below are x^(8L-33) and x^(16L-33) mod P, in
// the reflected bit order, for L = 1024 (computed by square-and-multiply; the tests compare long inputs
// with the bytewise definition, so a wrong constant fails them).
#include "InstantSearchChecksum.h"

#include <string.h>

#if defined(__x86_64__)
#include <nmmintrin.h>

int instantsearch_crc32c_hardware_available(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2");
}

#include <wmmintrin.h>

enum { lane = 1024 };
static const uint64_t shiftOneLane = 0x170076fa;
static const uint64_t shiftTwoLanes = 0xa51b6135;

static int carrylessAvailable = -1;

__attribute__((target("sse4.2,pclmul")))
static uint64_t shifted(uint64_t value, uint64_t constant) {
  __m128i product = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)value), _mm_cvtsi64_si128((long long)constant), 0);
  return _mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(product));
}

__attribute__((target("sse4.2,pclmul")))
static uint64_t threeLanes(uint64_t value, const uint8_t **bytes, size_t *length) {
  const uint8_t *at = *bytes;
  size_t left = *length;
  while (left >= 3 * lane) {
    uint64_t first = value, second = 0, third = 0;
    for (size_t offset = 0; offset < lane; offset += 8) {
      uint64_t a, b, c;
      memcpy(&a, at + offset, 8);
      memcpy(&b, at + lane + offset, 8);
      memcpy(&c, at + 2 * lane + offset, 8);
      first = _mm_crc32_u64(first, a);
      second = _mm_crc32_u64(second, b);
      third = _mm_crc32_u64(third, c);
    }
    value = shifted(first, shiftTwoLanes) ^ shifted(second, shiftOneLane) ^ third;
    at += 3 * lane;
    left -= 3 * lane;
  }
  *bytes = at;
  *length = left;
  return value;
}

__attribute__((target("sse4.2")))
uint32_t instantsearch_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t length) {
  uint64_t value = crc;
  if (length >= 3 * lane) {
    // Read once; two threads may both compute it (the same answer), which a relaxed atomic makes defined.
    int available = __atomic_load_n(&carrylessAvailable, __ATOMIC_RELAXED);
    if (available < 0) {
      __builtin_cpu_init();
      available = __builtin_cpu_supports("pclmul") ? 1 : 0;
      __atomic_store_n(&carrylessAvailable, available, __ATOMIC_RELAXED);
    }
    if (available) value = threeLanes(value, &bytes, &length);
  }
  while (length >= 8) {
    uint64_t word;
    memcpy(&word, bytes, 8);
    value = _mm_crc32_u64(value, word);
    bytes += 8;
    length -= 8;
  }
  uint32_t small = (uint32_t)value;
  while (length > 0) {
    small = _mm_crc32_u8(small, *bytes);
    bytes += 1;
    length -= 1;
  }
  return small;
}

#elif defined(__aarch64__)
#include <arm_acle.h>
#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif
#endif

int instantsearch_crc32c_hardware_available(void) {
#if defined(__APPLE__)
  return 1;
#elif defined(__linux__)
  return (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0;
#else
  return 0;
#endif
}

__attribute__((target("crc")))
uint32_t instantsearch_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t length) {
  while (length >= 8) {
    uint64_t word;
    memcpy(&word, bytes, 8);
    crc = __crc32cd(crc, word);
    bytes += 8;
    length -= 8;
  }
  while (length > 0) {
    crc = __crc32cb(crc, *bytes);
    bytes += 1;
    length -= 1;
  }
  return crc;
}

#else

int instantsearch_crc32c_hardware_available(void) { return 0; }

uint32_t instantsearch_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t length) {
  (void)bytes;
  (void)length;
  return crc;
}

#endif
